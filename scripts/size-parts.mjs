#!/usr/bin/env node
// Prints what each part of the polyfill costs, minified and gzipped: the imperative-only entry
// (the engine), the engine with the frame protocol, with the declarative forms (and their selector
// patch and custom elements), and the whole; each built from a small entry that installs just
// those parts, the way src/install.ts puts them together. Beside them, built the same way in the
// same run, the most-used peer polyfill (@mcp-b/webmcp-polyfill: the imperative API and declarative
// forms, no frames: it rejects `exposedTo` and `fromOrigins`). size-limit checks the entries
// (`pnpm size`); this shows where the bytes are.
import { gzipSync } from 'node:zlib'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const core = fileURLToPath(new URL('../packages/core/src/', import.meta.url))

/** @satisfies {import('esbuild').BuildOptions} */
const options = { bundle: true, minify: true, format: 'iife', target: 'es2022', write: false }
/**
 * The gzipped size of a build's one output file.
 *
 * @param {import('esbuild').BuildResult<{ write: false }>} result
 */
function gzipped({ outputFiles: [file] }) {
  if (!file) throw new Error('esbuild wrote no output file')
  return gzipSync(file.contents, { level: 9 }).length
}

const FRAMES = `connectFrames(doc.modelContext, () => protocol)`
const FORMS = `startFormTools(doc), patchSelectors()`
/**
 * The polyfill with the given parts, installed as src/install.ts installs them.
 *
 * @param {...string} parts
 */
async function size(...parts) {
  const contents = `import { installEngine } from './webmcp/install-engine'
    import { connectFrames } from './frames/connect'
    import * as protocol from './frames/protocol'
    import { startFormTools } from './forms/tools'
    import { patchSelectors } from './forms/selectors'
    installEngine((doc) => { const undo = [${parts.join(', ')}]; return () => undo.forEach((f) => f()) })`
  return gzipped(await build({ ...options, stdin: { contents, resolveDir: core, loader: 'ts' } }))
}

/** @returns {Promise<[name: string, bytes: number]>} the peer's name and version, and its size */
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

const engine = gzipped(await build({ ...options, entryPoints: [`${core}polyfill-imperative.ts`] }))
const frames = await size(FRAMES)
const all = gzipped(await build({ ...options, entryPoints: [`${core}standalone.ts`] }))
// The classic script as it ships: the frame protocol is its second file, loaded when needed.
const classic = gzipped(await build({ ...options, entryPoints: [`${core}classic.ts`] }))
const chunk = gzipped(
  await build({ ...options, format: 'esm', entryPoints: [`${core}frames/protocol.ts`] }),
)
const withoutFrames = await size(FORMS)
/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`
console.log(`imperative-only entry   ${kb(engine)}`)
console.log(`+ frames                ${kb(frames - engine)}  (${kb(frames)})`)
console.log(`+ declarative forms     ${kb(all - frames)}  (${kb(all)})`)
console.log(`the classic script      ${kb(classic)}, and webmcp-frames.js ${kb(chunk)} when needed`)
const [peerName, peerSize] = await peer()
/** @param {number} bytes */
const ratio = (bytes) => `${(bytes / peerSize).toFixed(2)}× the peer`
console.log(`\npeer: ${peerName} (imperative and declarative, no frames): ${kb(peerSize)}`)
console.log(`this polyfill without frames            ${kb(withoutFrames)}  ${ratio(withoutFrames)}`)
console.log(`this polyfill, whole                    ${kb(all)}  ${ratio(all)}`)
