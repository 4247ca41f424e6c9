#!/usr/bin/env node
// Prints what each part of the polyfill costs, minified and gzipped: the classic script built with
// the frame protocol and the declarative forms replaced by empty stubs, then with each added back.
// Beside it, built the same way in the same run, the most-used peer polyfill (@mcp-b/webmcp-polyfill:
// the imperative API and declarative forms, no frames: it rejects `exposedTo` and `fromOrigins`).
// size-limit checks the whole (`pnpm size`); this shows where the bytes are.
import { gzipSync } from 'node:zlib'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const core = fileURLToPath(new URL('../packages/core/src/', import.meta.url))
const stubs = {
  './frames': 'export class FrameLink {}\nexport const frameTree = () => []',
  './form-tools': 'export const startFormTools = () => () => {}',
}

const options = { bundle: true, minify: true, format: 'iife', target: 'es2022', write: false }
const gzipped = (result) => gzipSync(result.outputFiles[0].contents, { level: 9 }).length

async function size(stubbed) {
  const result = await build({
    ...options,
    entryPoints: [`${core}polyfill.ts`],
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
  return gzipped(result)
}

async function peer() {
  const name = '@mcp-b/webmcp-polyfill'
  const result = await build({
    ...options,
    stdin: {
      contents: `import { initializeWebMCPPolyfill } from '${name}'\ninitializeWebMCPPolyfill()`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
    },
    platform: 'browser',
  })
  // The package exports no ./package.json: read it beside its entry (dist/index.js).
  const manifest = new URL('../package.json', import.meta.resolve(name))
  const { version } = JSON.parse(await readFile(manifest, 'utf8'))
  return [`${name} ${version}`, gzipped(result)]
}

const engine = await size(['./frames', './form-tools'])
const frames = await size(['./form-tools'])
const all = await size([])
const withoutFrames = await size(['./frames'])
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`
console.log(`imperative engine       ${kb(engine)}`)
console.log(`+ frames                ${kb(frames - engine)}  (${kb(frames)})`)
console.log(`+ declarative forms     ${kb(all - frames)}  (${kb(all)})`)
const [peerName, peerSize] = await peer()
const ratio = (bytes) => `${(bytes / peerSize).toFixed(2)}× the peer`
console.log(`\npeer: ${peerName} (imperative and declarative, no frames): ${kb(peerSize)}`)
console.log(`this polyfill without frames            ${kb(withoutFrames)}  ${ratio(withoutFrames)}`)
console.log(`this polyfill, whole                    ${kb(all)}  ${ratio(all)}`)
