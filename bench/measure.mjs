// How the bench measures a row: the page side (`prepare`, `sample`, `pairedSample`, serialised
// into the page with `toString`), the Node side that drives the pages (`runRow`, `runToolForm`,
// `runPageRow`), and the verdict (`judge`). The rows themselves are in rows/, the printers in
// report.mjs.
import { format } from './report.mjs'

/**
 * What the rows use of a page's `document.modelContext` (native or the polyfill's).
 * @typedef {{ name: string, inputSchema: { required: string[] } }} PageTool
 * @typedef {object} PageModelContext
 * @property {(tool: object, options?: object) => Promise<void>} registerTool
 * @property {(options?: object) => Promise<PageTool[]>} getTools
 * @property {(tool: PageTool | undefined, input: object) => Promise<unknown>} executeTool
 * @property {(type: string, listener: () => void) => void} addEventListener
 * @property {(type: string, listener: () => void) => void} removeEventListener
 * @typedef {{ origin: string, otherOrigin: string, slot?: string, work?: string }} Env
 * @typedef {'none' | 'polyfill' | 'native'} Implementation
 */

/**
 * @typedef {object} Row
 * @property {string} id Short name, for `--only` and the JSON output.
 * @property {string} name What the table shows.
 * @property {(mc: PageModelContext, env: Env) => Promise<() => Promise<unknown>>} setup
 *   Runs in the page with its `document.modelContext`; resolves to one timed operation.
 * @property {number} [calls] Tool calls made by one operation (the time is divided by it). Default 1.
 * @property {number} [target] Acceptance: polyfill time at most `target` × native. Default 0.5.
 * @property {number} [maxMs] Acceptance, instead: polyfill time per call at most this many ms.
 * @property {boolean} [polyfillOnly] No native counterpart (e.g. a polyfill-internal cost).
 * @property {string} [query] Query string of the row's page (see `startServer`: `body=`, `oac=`…).
 * @property {number} [samples] Samples per browser, for a row whose single samples scatter widely.
 * @property {boolean} [bridge] Measured through `@webmcp-kit/bridge` instead (see `runBridgeRow`):
 *   `setup`'s operation is timed in the page, and the same tool call through the bridge.
 * @property {'call' | 'list'} [extension] Measured through `webmcp-kit-bridge --extension` and the
 *   connector, beside the CDP bridge on the same tabs (see `runExtensionRow`), in Chromiums of its
 *   own with the extension loaded: `call`, `setup`'s tool call through each; `list`, `tools/list`
 *   of `tabs` shared tabs. `target` is then the most the extension's time may be × the CDP bridge's.
 * @property {number} [tabs] Shared tabs of an extension row (default 1).
 * @property {boolean} [inPage] A cost the polyfill adds to the platform (its selector patch): both
 *   columns are measured in one page of the polyfill's Chromium, interleaved, `setup` being called
 *   with `env.slot` `'reference'` (the platform's own functions, saved by the page before the
 *   polyfill loaded: `query` must arrange it) or `'candidate'` (what the page has now). The native
 *   column holds the reference. Chromium only.
 * @property {boolean} [host] A cost to the host page, an in-page row of the engine's own polyfill
 *   browser (other engines too): the tab (without the polyfill) loads each slot's page in a
 *   same-origin frame, `reference` without the polyfill, `candidate` with it.
 * @property {string} [page] A page without a tool form (`runPageRow`), in the engine's own polyfill
 *   browser (every engine): `setup` runs with `env.work` set to this, in a fresh page of each of
 *   `PAGE_VARIANTS` per sample.
 */

/**
 * @typedef {object} Tab
 * @property {(expression: string) => Promise<any>} evaluate
 * @property {() => Promise<void>} close
 * @property {import('playwright-core').Page} [page] The page itself (Chromium only).
 * @typedef {object} Side One browser, one column of the table.
 * @property {string} label Column heading.
 * @property {'native' | 'polyfill'} impl What `document.modelContext` must be there.
 * @property {string} version The browser's version.
 * @property {(url: string) => Promise<Tab>} open A fresh page at `url`.
 * @property {() => Promise<void>} close
 * @typedef {{ origin: string, otherOrigin: string, close(): Promise<void> }} Server
 * @typedef {Record<string, { ms: number, iterations: number, samples: number[] }>} Times
 * @typedef {{ ratio: number | undefined, target?: number, maxMs?: number, meets: boolean, text: string }} Verdict
 * @typedef {Record<string, { direct: number, bridge: number, iterations: number }>} BridgeTimes
 * @typedef {object} ExtensionSide An extension row in one Chromium (ms per call, or per listing).
 * @property {string} version The browser's version.
 * @property {number} tabs Shared tabs.
 * @property {number} extension Median through the extension's bridge.
 * @property {number} cdp Median through the CDP bridge on the same tabs (a `list` row: each tab's
 *   bridge, listed together).
 * @property {number} ratio `extension` ÷ `cdp`.
 * @property {number} [direct] A `call` row: the same call direct in the page (`executeTool`).
 * @property {{ extension: number, cdp: number }} iterations Runs per sample.
 * @property {{ extension: number[], cdp: number[] }} samples
 * @typedef {Record<string, ExtensionSide>} ExtensionTimes By `native` / `polyfill`.
 * @typedef {{ toolMs: number, plainMs: number, ratio: number, iterations: number[], samples: [number, number][] }} FormCost
 * @typedef {Record<string, FormCost>} ToolForm A host row's work, the form a tool ÷ the same form
 *   without `toolname`, in each browser with its own modelContext (native, or the polyfill).
 * @typedef {{ row: Row, times?: Times, verdict?: Verdict | null, bridge?: BridgeTimes, extension?: ExtensionTimes, toolForm?: ToolForm }} Result
 */

/**
 * Per row and browser: `warmupMs` of calls (at least `minWarmup`), which also calibrates how many
 * calls make one sample of about `sampleMs` (at least `minIterations`); then `samples` samples,
 * taken alternately in the browsers so that a slow moment of the machine hits both columns alike.
 */
export const TIMING = { warmupMs: 150, sampleMs: 80, samples: 9, minWarmup: 5, minIterations: 3 }

/** @typedef {typeof TIMING} Timing */

/**
 * Times `run` in Node: `warmupMs` of runs calibrate how many make one sample of about `sampleMs`.
 * @param {() => Promise<unknown>} run
 */
export async function calibrate(run) {
  const start = performance.now()
  let warm = 0
  while (warm < TIMING.minWarmup || performance.now() - start < TIMING.warmupMs) {
    await run()
    warm++
  }
  const each = (performance.now() - start) / warm
  return Math.max(TIMING.minIterations, Math.ceil(TIMING.sampleMs / each))
}

/** @param {number[]} values */
export const median = (values) =>
  /** @type {number} */ ([...values].sort((a, b) => a - b)[values.length >> 1])

/**
 * Runs in the page (serialised with `toString`): which `document.modelContext` a window has. The
 * polyfill's ModelContext class carries core's hook (what core itself goes by); a modelContext
 * without it is native (or another polyfill's, where the browser has none).
 * @param {Window} win
 * @returns {Implementation}
 */
export function implementationOf(win) {
  const mc = /** @type {Document & { modelContext?: object }} */ (win.document).modelContext
  if (!mc) return 'none'
  const hook = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (mc.constructor))
  return hook[Symbol.for('webmcp-kit/polyfill')] ? 'polyfill' : 'native'
}

/**
 * What a page keeps between `prepare` and its samples, per slot.
 * @typedef {{ run: () => Promise<unknown>, iterations: number, calls: number }} Prepared
 * @typedef {typeof globalThis & { __bench?: Record<string, Prepared> }} BenchGlobal
 */

/**
 * Runs in the page (serialised with `toString`, like `setup`): sets the row up, warms it up and
 * keeps the calibrated operation for `sample`. Returns which implementation the page has.
 * @param {Row['setup']} setup
 * @param {typeof TIMING & { calls: number, env: Env }} options
 * @param {typeof implementationOf} implementation
 */
async function prepare(
  setup,
  { calls, warmupMs, sampleMs, minWarmup, minIterations, env },
  implementation,
) {
  const mc = /** @type {Document & { modelContext?: PageModelContext }} */ (document).modelContext
  const impl = implementation(window)
  const run = await setup(/** @type {PageModelContext} */ (mc), env)
  let warm = 0
  const start = performance.now()
  while (warm < minWarmup || performance.now() - start < warmupMs) {
    await run()
    warm++
  }
  const each = (performance.now() - start) / warm
  const iterations = Math.max(minIterations, Math.ceil(sampleMs / each))
  const page = /** @type {BenchGlobal} */ (globalThis)
  ;(page.__bench ??= {})[env.slot ?? 'main'] = { run, iterations, calls }
  return { impl, iterations }
}

/**
 * The expression that prepares `row` in a page, for `slot`; it resolves to
 * `{ impl, iterations }` (see `prepare`).
 * @param {Row} row
 * @param {Server} server
 * @param {Partial<Env>} [env]
 */
export function prepareIn(row, server, env = {}) {
  const options = {
    ...TIMING,
    calls: row.calls ?? 1,
    env: { origin: server.origin, otherOrigin: server.otherOrigin, ...env },
  }
  return `(${prepare})(${row.setup}, ${JSON.stringify(options)}, ${implementationOf})`
}

/** Runs in the page: one sample, in ms per tool call. */
async function sample(slot = 'main') {
  const bench = /** @type {Record<string, Prepared>} */ (
    /** @type {BenchGlobal} */ (globalThis).__bench
  )
  const { run, iterations, calls } = /** @type {Prepared} */ (bench[slot])
  const start = performance.now()
  for (let i = 0; i < iterations; i++) await run()
  return (performance.now() - start) / (iterations * calls)
}

/** The expression that takes one sample of `slot` in a prepared page (ms per call). */
export const sampleIn = (slot = 'main') => `(${sample})('${slot}')`

/**
 * Runs in the page, for an in-page row: one sample of both slots, interleaved in 16 slices so that
 * a slow moment of the machine falls on both alike. Returns ms per call, per slot.
 */
async function pairedSample(/** @type {string[]} */ slots) {
  const bench = /** @type {Record<string, Prepared>} */ (
    /** @type {BenchGlobal} */ (globalThis).__bench
  )
  const spent = slots.map(() => 0)
  const slices = 16
  for (let slice = 0; slice < slices; slice++) {
    for (let k = 0; k < slots.length; k++) {
      const i = slice % 2 ? slots.length - 1 - k : k
      const { run, iterations } = /** @type {Prepared} */ (bench[/** @type {string} */ (slots[i])])
      const start = performance.now()
      for (let n = 0; n < Math.ceil(iterations / slices); n++) await run()
      spent[i] = /** @type {number} */ (spent[i]) + performance.now() - start
    }
  }
  return slots.map((slot, i) => {
    const { iterations, calls } = /** @type {Prepared} */ (bench[slot])
    return /** @type {number} */ (spent[i]) / (Math.ceil(iterations / slices) * slices * calls)
  })
}

/**
 * The engine's own polyfill browser (the last polyfill column).
 * @param {Side[]} sides
 */
export function polyfillSide(sides) {
  const side = [...sides].reverse().find((s) => s.impl === 'polyfill')
  if (!side) throw new Error('bench: no polyfill browser')
  return side
}

/** @param {Row} row @param {Server} server */
const rowUrl = (row, server) =>
  `${server.origin}/bench/${row.id}${row.query ? `?${row.query}` : ''}`

/**
 * Runs one row in a fresh page of each browser (the pages stay open together, and samples alternate
 * between them, starting with a different browser each time).
 * @param {Side[]} sides
 * @param {Row} row
 * @param {Server} server
 * @returns {Promise<Times>}
 */
export async function runRow(sides, row, server) {
  const url = rowUrl(row, server)
  const active = sides.filter((side) => !(side.impl === 'native' && row.polyfillOnly))
  // An in-page row: one polyfill tab, shared by both columns, each with its slot (a host row: the
  // engine's own polyfill browser, whose tab loads each slot's page in a frame).
  const owner = (row.host ? [...sides].reverse() : sides).find((side) => side.impl === 'polyfill')
  const shared = row.inPage && owner && (await owner.open(url))
  /** @param {Side} side */
  const slot = (side) => (!row.inPage ? 'main' : side === active[0] ? 'reference' : 'candidate')
  /** @param {Side} side */
  const expected = (side) => (row.host ? 'none' : row.inPage ? 'polyfill' : side.impl)
  /** @type {Tab[]} */
  const tabs = []
  try {
    for (const side of active) tabs.push(shared || (await side.open(url)))
    const times = active.map(() => /** @type {number[]} */ ([]))
    /** @type {number[]} */
    const iterations = []
    for (const [i, side] of active.entries()) {
      const tab = /** @type {Tab} */ (tabs[i])
      const found = await tab.evaluate(prepareIn(row, server, { slot: slot(side) }))
      if (found.impl !== expected(side)) {
        throw new Error(
          `${side.label}: expected the ${expected(side)} modelContext, found ${found.impl}`,
        )
      }
      iterations.push(found.iterations)
    }
    for (let s = 0; s < (row.samples ?? TIMING.samples); s++) {
      if (shared) {
        const paired = await shared.evaluate(
          `(${pairedSample})(${JSON.stringify(active.map(slot))})`,
        )
        paired.forEach((/** @type {number} */ ms, /** @type {number} */ i) => times[i]?.push(ms))
        continue
      }
      const order = active.map((_, i) => i)
      if (s % 2) order.reverse()
      for (const i of order) {
        const tab = /** @type {Tab} */ (tabs[i])
        times[i]?.push(await tab.evaluate(sampleIn(slot(/** @type {Side} */ (active[i])))))
      }
    }
    return Object.fromEntries(
      active.map((side, i) => [
        side.label,
        {
          ms: median(/** @type {number[]} */ (times[i])),
          iterations: /** @type {number} */ (iterations[i]),
          samples: /** @type {number[]} */ (times[i]),
        },
      ]),
    )
  } finally {
    await Promise.all([...new Set(tabs)].map((tab) => tab.close()))
  }
}

/**
 * A host row in each Chromium with its own modelContext (native with the flag, else the polyfill):
 * the same work in a frame whose form is a tool (`tool`) and in one whose form has no `toolname`
 * (`plain`), two same-origin frames of one tab, interleaved like the row itself. What the tool form
 * costs the page in each implementation, native's being the floor the polyfill's is judged beside.
 * @param {Side[]} sides
 * @param {Row} row
 * @param {Server} server
 * @returns {Promise<ToolForm>}
 */
export async function runToolForm(sides, row, server) {
  const slots = ['tool', 'plain']
  /** @type {ToolForm} */
  const out = {}
  for (const side of sides) {
    const tab = await side.open(rowUrl(row, server))
    try {
      const iterations = []
      for (const slot of slots) {
        const found = await tab.evaluate(prepareIn(row, server, { slot }))
        const top = side.impl === 'native' ? 'native' : 'none'
        if (found.impl !== top) throw new Error(`${side.label} ${slot}: the tab has ${found.impl}`)
        iterations.push(found.iterations)
      }
      /** @type {[number, number][]} */
      const samples = []
      for (let s = 0; s < (row.samples ?? TIMING.samples); s++) {
        samples.push(await tab.evaluate(`(${pairedSample})(${JSON.stringify(slots)})`))
      }
      const toolMs = median(samples.map(([tool]) => tool))
      const plainMs = median(samples.map(([, plain]) => plain))
      out[side.label] = { toolMs, plainMs, ratio: toolMs / plainMs, iterations, samples }
    } finally {
      await tab.close()
    }
  }
  return out
}

/**
 * The pages of a page row (`runPageRow`), served at `/bench-page/<path>` (sides.mjs), each with one
 * classic script: none, the polyfill, the imperative-only entry, the peer polyfill. `impl` is what
 * `implementationOf` must find there (the peer's modelContext has no hook), `forms` whether
 * `SubmitEvent` has `agentInvoked` (the forms part of ours; not checked for the peer).
 * @typedef {{ label: string, path: string, impl: Implementation, forms?: boolean }} PageVariant
 * @type {PageVariant[]}
 */
export const PAGE_VARIANTS = [
  { label: 'no polyfill', path: 'none', impl: 'none', forms: false },
  { label: 'polyfill', path: 'polyfill', impl: 'polyfill', forms: true },
  { label: 'imperative-only', path: 'imperative', impl: 'polyfill', forms: false },
  { label: 'peer', path: 'peer', impl: 'native' },
]

/**
 * A page row in the engine's own polyfill browser: per sample, a fresh page of each of
 * `PAGE_VARIANTS` in turn (the order turned round every sample, so that a slow moment of the machine
 * falls on all alike), set up, warmed up and sampled once. Medians per variant.
 * @param {Side[]} sides
 * @param {Row} row
 * @param {Server} server
 * @returns {Promise<Times>}
 */
export async function runPageRow(sides, row, server) {
  const side = polyfillSide(sides)
  const times = PAGE_VARIANTS.map(() => /** @type {number[]} */ ([]))
  const iterations = PAGE_VARIANTS.map(() => /** @type {number[]} */ ([]))
  const forms = `'agentInvoked' in SubmitEvent.prototype`
  for (let s = 0; s < (row.samples ?? TIMING.samples); s++) {
    const order = PAGE_VARIANTS.map((_, i) => (i + s) % PAGE_VARIANTS.length)
    if (s % 2) order.reverse()
    for (const i of order) {
      const variant = /** @type {PageVariant} */ (PAGE_VARIANTS[i])
      const tab = await side.open(`${server.origin}/bench-page/${variant.path}`)
      try {
        const found = await tab.evaluate(prepareIn(row, server, { work: row.page }))
        const hasForms = await tab.evaluate(forms)
        if (found.impl !== variant.impl || (variant.forms ?? hasForms) !== hasForms) {
          throw new Error(`${variant.label}: found ${found.impl}, agentInvoked ${hasForms}`)
        }
        iterations[i]?.push(found.iterations)
        times[i]?.push(await tab.evaluate(sampleIn()))
      } finally {
        await tab.close()
      }
    }
  }
  return Object.fromEntries(
    PAGE_VARIANTS.map((variant, i) => [
      variant.label,
      {
        ms: median(/** @type {number[]} */ (times[i])),
        iterations: median(/** @type {number[]} */ (iterations[i])),
        samples: /** @type {number[]} */ (times[i]),
      },
    ]),
  )
}

/**
 * Whether the polyfill meets the row's target (a ratio to native, or `maxMs`).
 * @param {{ label: string, impl: string }[]} sides The reference, then the polyfill.
 * @param {Row} row
 * @param {Times} times
 * @returns {Verdict | null}
 */
export function judge(sides, row, times) {
  const [reference, candidate] = sides
  if (!reference) return null
  const ms = candidate && times[candidate.label]?.ms
  const ref =
    reference.impl === 'native' || row.host || row.page ? times[reference.label]?.ms : undefined
  const ratio = ms !== undefined && ref ? ms / ref : undefined
  if (ms === undefined) return null
  if (row.maxMs !== undefined) {
    const meets = ms <= row.maxMs
    const text = `${meets ? 'PASS' : 'FAIL'}  ${row.name}: polyfill ${format(ms)} ms (target ≤ ${row.maxMs} ms)`
    return { ratio, maxMs: row.maxMs, meets, text }
  }
  if (ratio === undefined) return null
  const target = row.target ?? 0.5
  const meets = ratio <= target
  const versus =
    row.host || row.page
      ? 'the same page without it'
      : row.inPage
        ? 'the unpatched function'
        : 'native'
  const text = `${meets ? 'PASS' : 'FAIL'}  ${row.name}: polyfill ${ratio.toFixed(2)}× ${versus} (target ≤ ${target}×)`
  return { ratio, target, meets, text }
}
