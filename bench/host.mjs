// `pnpm bench`'s host-page machinery (issue 22): what the polyfill costs the page that loads it,
// rather than its own calls. Start-up (the classic script, the ESM entry and the imperative-only
// entry beside the most-used peer polyfill and beside an empty script, each a fresh load:
// `startupRows`), memory per tool (polyfill and native Chromium: `memoryRows`), and what the
// DOM-work rows (rows/host.mjs, rows/pages.mjs) splice into their pages: the tool form, `idle`,
// `nextTask`. The builds come from `core` (default packages/core/src), so that a run can measure an
// earlier tree the same way (`--core DIR`).
import { gzipSync } from 'node:zlib'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { median, polyfillSide } from './measure.mjs'

const PEER = '@mcp-b/webmcp-polyfill'

/**
 * @typedef {'ours-classic' | 'peer-classic' | 'ours-esm' | 'peer-esm' | 'ours-split' | 'ours-imperative'} Variant
 * @typedef {Variant | 'empty' | 'empty-esm'} PageVariant
 * @typedef {object} Builds
 * @property {Record<Variant, string>} scripts
 * @property {string} peer The peer polyfill and its version.
 * @property {Record<Variant, number>} bytes Gzipped, by variant.
 * @property {string} imperative Core's imperative-only entry, as a classic script (the page rows).
 */

/** @type {import('esbuild').Plugin} Leaves the frame protocol's `import()` to the page. */
const lazyProtocol = {
  name: 'lazy-protocol',
  setup(build) {
    build.onResolve({ filter: /\/protocol$/ }, ({ path, kind }) =>
      kind === 'dynamic-import' ? { path, external: true } : undefined,
    )
  },
}

/**
 * The builds a start-up row loads, by variant: minified as they ship, built the same way.
 * @param {string} core The directory of core's sources.
 * @returns {Promise<Builds>}
 */
export async function startupBuilds(core) {
  /** @type {(contents: string, resolveDir: string, format: 'iife' | 'esm') => Promise<string>} */
  const bundle = async (contents, resolveDir, format) => {
    const result = await build({
      stdin: { contents, resolveDir, loader: 'ts' },
      bundle: true,
      minify: true,
      format,
      target: 'es2022',
      platform: 'browser',
      write: false,
      // The frame protocol stays a chunk of its own, as an app's bundler makes it (a page without
      // frames never loads it).
      plugins: [lazyProtocol],
    })
    return /** @type {{ text: string }} */ (result.outputFiles[0]).text
  }
  const here = fileURLToPath(new URL('.', import.meta.url))
  // The classic script as it ships (an earlier tree has no classic.ts: its install is the script).
  const lazy = existsSync(`${core}/classic.ts`)
  const ours = `import { installModelContext } from './install'\ninstallModelContext()`
  const peer = `import { initializeWebMCPPolyfill } from '${PEER}'\ninitializeWebMCPPolyfill()`
  // The same classic script, installing from a later script: what its install() costs alone.
  const split = lazy
    ? `import { installPolyfill } from './install-polyfill'\nwindow.__install = () => installPolyfill(() => import('./frames/protocol'))`
    : `import { installModelContext } from './install'\nwindow.__install = installModelContext`
  const out = {
    'ours-classic': await bundle(lazy ? `import './classic'` : ours, core, 'iife'),
    'peer-classic': await bundle(peer, here, 'iife'),
    'ours-esm': await bundle(ours, core, 'esm'),
    'peer-esm': await bundle(peer, here, 'esm'),
    'ours-split': await bundle(split, core, 'iife'),
    // Core's imperative-only entry (no frames, no forms) as a classic script: the page rows load it too.
    'ours-imperative': await bundle(`import './polyfill-imperative'`, core, 'iife'),
  }
  const imperative = out['ours-imperative']
  const manifest = new URL('../package.json', import.meta.resolve(PEER))
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'))
  /** @param {string} text */
  const gz = (text) => gzipSync(text, { level: 9 }).length
  return {
    scripts: out,
    imperative,
    peer: `${PEER} ${version}`,
    bytes: /** @type {Record<Variant, number>} */ (
      Object.fromEntries(Object.entries(out).map(([k, v]) => [k, gz(v)]))
    ),
  }
}

/**
 * A start-up page: `t0` before the script, the script inline (with a comment unique to this load, so
 * that no code cache built by an earlier load serves it: every load is a first visit), `t1` after it.
 * `t0` is always a classic script: an inline module is compiled when the parser reaches it and run
 * after parsing, so a module's `t0` would leave its compilation out. `t1` is a module after a module
 * (run once it has), and the empty module's page is measured the same way.
 * @param {PageVariant} variant
 * @param {Record<Variant, string>} scripts
 * @param {string | null} nonce
 */
export function startupPage(variant, scripts, nonce) {
  const module = variant.endsWith('-esm')
  const type = module ? ' type="module"' : ''
  const code = variant === 'empty' || variant === 'empty-esm' ? '' : scripts[variant]
  const split =
    variant === 'ours-split'
      ? '<script>{const t = performance.now(); window.__install(); window.__installMs = performance.now() - t}</script>'
      : ''
  return `<!doctype html><html><head><meta charset="utf-8">
<script>window.__t0 = performance.now()</script>
<script${type}>/*${nonce}*/${code}</script>
<script${type}>window.__t1 = performance.now()</script>${split}
</head><body><form><input name=q></form><p>start-up</p></body></html>`
}

/**
 * The start-up variants, each with the empty script it is measured net of.
 * @type {[Variant, 'empty' | 'empty-esm'][]}
 */
export const STARTUP = [
  ['ours-classic', 'empty'],
  ['peer-classic', 'empty'],
  ['ours-esm', 'empty-esm'],
  ['peer-esm', 'empty-esm'],
  ['ours-split', 'empty'],
  ['ours-imperative', 'empty'],
]

/**
 * Runs the start-up rows in one browser: `samples` rounds, each loading every variant once in a
 * fresh page (the order turned round each time), medians per variant.
 * @param {(url: string) => Promise<{ evaluate(expression: string): Promise<any>, close(): Promise<void> }>} open
 * @param {string} origin
 * @param {number} samples
 * @returns {Promise<{ ms: Record<PageVariant, number>, installMs: number | undefined, samples: number }>}
 */
export async function runStartup(open, origin, samples) {
  /** @type {PageVariant[]} */
  const variants = ['empty', 'empty-esm', ...STARTUP.map(([v]) => v)]
  /** @type {Record<string, number[]>} */
  const times = Object.fromEntries(variants.map((v) => [v, []]))
  /** @type {number[]} */
  const install = []
  for (let s = 0; s < samples; s++) {
    const order = s % 2 ? [...variants].reverse() : variants
    for (const variant of order) {
      const runs = /** @type {number[]} */ (times[variant])
      const tab = await open(`${origin}/bench-startup/${variant}?n=${s}-${Math.random()}`)
      try {
        const [t0, t1, installMs, installed] = await tab.evaluate(
          `new Promise((resolve) => {
            const done = () => resolve([window.__t0, window.__t1, window.__installMs ?? null, 'modelContext' in document])
            if (window.__t1 !== undefined) done()
            else addEventListener('load', done)
          })`,
        )
        if (variant.startsWith('empty') === installed && variant !== 'ours-split') {
          throw new Error(
            `start-up ${variant}: document.modelContext ${installed ? 'present' : 'missing'}`,
          )
        }
        runs.push(t1 - t0)
        if (installMs !== null) install.push(installMs)
      } finally {
        await tab.close()
      }
    }
  }
  const ms = /** @type {Record<PageVariant, number>} */ (
    Object.fromEntries(variants.map((v) => [v, median(/** @type {number[]} */ (times[v]))]))
  )
  return { ms, installMs: install.length ? median(install) : undefined, samples }
}

/** The host-page rows' 200-control tool form: controls of every kind, labelled, in rows. */
export const FORM_SOURCE = `(() => {
  const kinds = [
    (i) => '<label for=c' + i + '>Field ' + i + '</label><input id=c' + i + ' name=c' + i + '>',
    (i) => '<input type=number name=c' + i + ' min=0 max=' + i + ' step=0.5 aria-description="n ' + i + '">',
    (i) => '<select name=c' + i + '><option>a</option><option value=b>B ' + i + '</option></select>',
    (i) => '<label><input type=checkbox name=c' + i + '> Box ' + i + '</label>',
    (i) => '<input type=date name=c' + i + ' toolparamdescription="Day ' + i + '">',
    (i) => '<input type=radio name=r' + (i - (i % 10)) + ' value=' + i + '>',
    (i) => '<textarea name=c' + i + ' required></textarea>',
    (i) => '<input type=email name=c' + i + ' pattern=".+@example[.]com">',
  ]
  const form = document.createElement('form')
  form.setAttribute('toolname', 'bench')
  form.setAttribute('tooldescription', 'A large form')
  form.innerHTML = Array.from({ length: 200 }, (_, i) => '<div class=row>' + kinds[i % kinds.length](i) + '</div>').join('')
  return form
})()`

/**
 * Runs in the page (serialised with `toString`): resolves once the tasks queued by now, and those
 * they queue in turn, have run (three message hops: the polyfill's form update runs in a task, and
 * queues its toolchange events in another). Not a timer: nested timers are clamped to 4 ms.
 * @returns {Promise<void>}
 */
export function idle() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel()
    let hops = 0
    port1.onmessage = () => (++hops < 3 ? port2.postMessage(0) : (port1.close(), resolve()))
    port2.postMessage(0)
  })
}

/**
 * Runs in the page (serialised): resolves in a task of its own, as the next user input would run.
 * @returns {Promise<void>}
 */
export function nextTask() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel()
    port1.onmessage = () => (port1.close(), resolve())
    port2.postMessage(0)
  })
}

/**
 * Memory per tool in one page (Chromium, through the DevTools protocol), after full garbage
 * collections before and after `setup` (source text run in the page, resolving once its tools are
 * registered): the V8 heap in use, and Blink's own C++ heap (Oilpan, V8's embedder heap), which
 * holds what native WebMCP keeps of a tool. Bytes per tool, each and together.
 * @param {import('playwright-core').Page} page
 * @param {string} setup
 * @param {number} count
 * @returns {Promise<{ jsPerTool: number, embedderPerTool: number, heapPerTool: number }>}
 */
export async function measureMemory(page, setup, count) {
  const cdp = await page.context().newCDPSession(page)
  const settle = async () => {
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize, embedderHeapUsedSize } = await cdp.send('Runtime.getHeapUsage')
    return { js: usedSize, embedder: embedderHeapUsedSize }
  }
  try {
    await cdp.send('HeapProfiler.enable')
    const before = await settle()
    await page.evaluate(setup)
    const after = await settle()
    const js = (after.js - before.js) / count
    const embedder = (after.embedder - before.embedder) / count
    return { jsPerTool: js, embedderPerTool: embedder, heapPerTool: js + embedder }
  } finally {
    await cdp.detach()
  }
}

/**
 * Page source: registers `count` tools of one shape, as a page's tools look.
 * @param {number} count
 */
export const registerTools = (count) => `(async () => {
  const mc = document.modelContext
  window.__keep = []
  const inputSchema = { type: 'object', properties: { q: { type: 'string', description: 'A query' } }, required: ['q'] }
  const registrations = []
  for (let i = 0; i < ${count}; i++) {
    const tool = { name: 'tool-' + i, description: 'Tool number ' + i + ' of the page', inputSchema, execute: (input) => input.q + i }
    registrations.push(mc.registerTool(tool))
  }
  await Promise.all(registrations)
  if ((await mc.getTools()).length !== ${count}) throw new Error('expected ${count} tools')
})()`

/**
 * Page source: adds `count` tool forms of 5 controls each and waits until they are all listed.
 * @param {number} count
 */
export const addForms = (count) => `(async () => {
  const mc = document.modelContext
  const html = Array.from({ length: ${count} }, (_, i) =>
    '<form toolname="form-' + i + '" tooldescription="Form number ' + i + '">' +
    '<label>Name <input name=name required></label><input type=number name=n min=0 max=9>' +
    '<select name=s><option>a</option><option>b</option></select>' +
    '<label><input type=checkbox name=c> Check</label><textarea name=t></textarea>' +
    '<button>Send</button></form>').join('')
  document.body.insertAdjacentHTML('beforeend', html)
  // Polled (a benchmark, not a test): native lists the forms some tasks after they are parsed.
  for (let i = 0; i < 1000; i++) {
    if ((await mc.getTools()).length === ${count}) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the forms were never all listed')
})()`

/** The host-page rows that are not in the row catalogue (each a run of its own): `--only` names them too. */
export const HOST_ROWS = ['startup', 'memory-tools', 'memory-forms']

/** Start-up samples per variant (fresh loads). */
const STARTUP_SAMPLES = 21

/** Fresh pages per memory row and browser. */
export const MEMORY_SAMPLES = 5

/**
 * @typedef {import('./measure.mjs').Side} Side
 * @typedef {import('./measure.mjs').Server} Server
 * @typedef {Awaited<ReturnType<typeof startupRows>>} Startup
 */

/**
 * The start-up rows of one engine: its polyfill browser, every variant a fresh load.
 * @param {Side[]} sides
 * @param {Server} server
 * @param {Builds} builds
 */
export async function startupRows(sides, server, builds) {
  const side = polyfillSide(sides)
  const { ms, installMs, samples } = await runStartup(side.open, server.origin, STARTUP_SAMPLES)
  const empty = Object.fromEntries(STARTUP)
  /** @param {Variant} variant */
  const net = (variant) => ms[variant] - ms[/** @type {'empty' | 'empty-esm'} */ (empty[variant])]
  return {
    label: side.label,
    version: side.version,
    ms,
    installMs,
    samples,
    net,
    netMs: Object.fromEntries(STARTUP.map(([variant]) => [variant, net(variant)])),
    bytes: builds.bytes,
  }
}

/**
 * @typedef {Awaited<ReturnType<typeof measureMemory>>} PerTool
 * @typedef {object} Memory
 * @property {string} id
 * @property {string} name
 * @property {Record<string, PerTool>} memory Heap per tool: the heap a page's `count` tools add ÷ `count`.
 * @property {Record<string, PerTool>} [marginal] Heap per tool beyond the first `count` (a fresh page of
 *   `2 × count` tools, less one of `count`, ÷ `count`): the one-time cost (compiled code, first
 *   allocations) left out.
 */

/**
 * Memory rows (Chromium only: the DevTools protocol), native and polyfill, a fresh page each.
 * @param {Side[]} sides
 * @param {Server} server
 * @param {string[] | null} only
 * @returns {Promise<Memory[]>}
 */
export async function memoryRows(sides, server, only) {
  /** @type {[string, string, (count: number) => string, number, boolean][]} */
  const rows = [
    ['memory-tools', 'per registered tool (1,000 tools)', registerTools, 1000, true],
    ['memory-forms', 'per form tool (100 forms of 5 controls)', addForms, 100, false],
  ]
  /** @type {(samples: PerTool[], scale?: number) => PerTool} */
  const medians = (samples, scale = 1) => ({
    jsPerTool: median(samples.map((m) => m.jsPerTool * scale)),
    embedderPerTool: median(samples.map((m) => m.embedderPerTool * scale)),
    heapPerTool: median(samples.map((m) => m.heapPerTool * scale)),
  })
  /** @type {Memory[]} */
  const out = []
  for (const [id, name, setup, count, marginal] of rows.filter(
    ([id]) => !only || only.includes(id),
  )) {
    /** @type {Memory['memory']} */
    const times = {}
    /** @type {Record<string, PerTool>} */
    const beyond = {}
    for (const side of sides) {
      /** @param {number} n */
      const measure = async (n) => {
        const tab = await side.open(`${server.origin}/bench/${id}`)
        try {
          if (!tab.page) throw new Error('bench: memory rows need Chromium')
          return await measureMemory(tab.page, setup(n), n)
        } finally {
          await tab.close()
        }
      }
      const samples = []
      const doubled = []
      for (let s = 0; s < MEMORY_SAMPLES; s++) {
        samples.push(await measure(count))
        if (marginal) doubled.push(await measure(2 * count))
      }
      times[side.label] = medians(samples)
      if (marginal) {
        // Medians of the whole heap each page added, at `count` and at `2 × count` tools.
        const once = medians(samples, count)
        const twice = medians(doubled, 2 * count)
        beyond[side.label] = {
          jsPerTool: (twice.jsPerTool - once.jsPerTool) / count,
          embedderPerTool: (twice.embedderPerTool - once.embedderPerTool) / count,
          heapPerTool: (twice.heapPerTool - once.heapPerTool) / count,
        }
      }
    }
    out.push({ id, name, memory: times, ...(marginal && { marginal: beyond }) })
  }
  return out
}
