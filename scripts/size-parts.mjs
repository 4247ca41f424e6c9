#!/usr/bin/env node
// Prints what each part of the polyfill costs, minified and gzipped: the classic script built with
// the frame protocol and the declarative forms replaced by empty stubs, then with each added back.
// size-limit checks the whole (`pnpm size`); this shows where the bytes are.
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const core = fileURLToPath(new URL('../packages/core/src/', import.meta.url))
const stubs = {
  './frames': 'export class FrameLink {}\nexport const frameTree = () => []',
  './form-tools': 'export const startFormTools = () => () => {}',
}

async function size(stubbed) {
  const result = await build({
    entryPoints: [`${core}polyfill.ts`],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    plugins: [
      {
        name: 'stub',
        setup(b) {
          b.onResolve({ filter: /^\.\/(frames|form-tools)$/ }, (args) =>
            stubbed.includes(args.path) ? { path: args.path, namespace: 'stub' } : undefined,
          )
          b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({
            contents: stubs[args.path],
            loader: 'ts',
          }))
        },
      },
    ],
  })
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length
}

const engine = await size(['./frames', './form-tools'])
const frames = await size(['./form-tools'])
const all = await size([])
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`
console.log(`imperative engine       ${kb(engine)}`)
console.log(`+ frames                ${kb(frames - engine)}  (${kb(frames)})`)
console.log(`+ declarative forms     ${kb(all - frames)}  (${kb(all)})`)
