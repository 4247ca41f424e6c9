// `pnpm bench`: per-call times of the polyfill beside native Chromium WebMCP, in one Chromium pair
// (one browser launched with the native flag, one without). Every row is measured inside a fresh
// page with `performance.now()`, by the same function in both browsers: warm-up, then several
// samples of many calls each, alternating between the browsers; the median sample is reported.
//
//   node bench/bench.mjs [--json] [--only id,id] [--engine chromium|firefox|webkit] [--core DIR]
//                        [--samples N]
//
// `--core DIR`: the polyfill built from another copy of packages/core/src (an earlier commit's, from
// `git archive`), so that a change can be measured before and after in the same way.
//
// `--samples N`: N samples for every row (instead of each row's own count): a short run, to see a
// change's direction before a full one.
//
// `--engine firefox` / `--engine webkit`: the polyfill in that engine (no engine but Chromium has
// WebMCP), beside the polyfill in Chromium as the reference column; no targets are judged there,
// except the host page's DOM work and pages without a tool form (with the polyfill ÷ without it,
// measured in that engine).
//
// The host page's cost (host.mjs, rows/host.mjs, rows/pages.mjs): start-up beside the peer
// polyfill; the page's own DOM work in a tool form with and without the polyfill (two same-origin
// frames of one tab, samples interleaved), and in pages without a tool form (a fresh page per
// sample of each: no polyfill, ours, our imperative-only entry, the peer); memory per tool beside
// native (Chromium, through the DevTools protocol).
//
// The connector (rows/extension.mjs, `--only extension-call,extension-list-10`): a tool call and a
// `tools/list` of 10 shared tabs through `webmcp-kit-bridge --extension` and the extension (built from
// source), ÷ the same through the CDP bridge on the same tabs, in Chromiums of their own with the
// extension loaded (native, then the polyfill).
//
// The files: rows/*.mjs the row catalogue, by what a row measures (imperative calls, frames, forms,
// the bridge, the extension, the host page, pages without a tool form); measure.mjs how a row is measured (the
// `Row` type, page-side sampling, the verdict); report.mjs the table and the JSON; sides.mjs the
// browsers and the server; host.mjs start-up and memory.
//
// Adding a row: append an entry to `ROWS` in the file of rows/ it belongs with (the `Row` type in
// measure.mjs says what an entry may set; a new file of rows joins `ROWS` below). Its `setup` runs
// in the page: it is sent as source text, so it can use nothing from its file that is not spliced
// into that text (as rows/pages.mjs splices host.mjs's `idle`), and returns the function to time.
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { HOST_ROWS, MEMORY_SAMPLES, memoryRows, startupBuilds, startupRows } from './host.mjs'
import {
  PAGE_VARIANTS,
  TIMING,
  judge,
  polyfillSide,
  runPageRow,
  runRow,
  runToolForm,
} from './measure.mjs'
import { browsersOf, printReport, toJson } from './report.mjs'
import { ROWS as BRIDGE, runBridgeRow } from './rows/bridge.mjs'
import { ROWS as EXTENSION, runExtensionRow } from './rows/extension.mjs'
import { ROWS as FORMS } from './rows/forms.mjs'
import { ROWS as FRAMES } from './rows/frames.mjs'
import { ROWS as HOST } from './rows/host.mjs'
import { ROWS as IMPERATIVE } from './rows/imperative.mjs'
import { ROWS as PAGES } from './rows/pages.mjs'
import { ENGINES, serve } from './sides.mjs'

const ROWS = [...IMPERATIVE, ...FRAMES, ...BRIDGE, ...EXTENSION, ...FORMS, ...HOST, ...PAGES]

/** @param {string[]} argv */
function parseArgs(argv) {
  const args = {
    json: false,
    engine: 'chromium',
    only: /** @type {string[] | null} */ (null),
    samples: /** @type {number | undefined} */ (undefined),
    core: fileURLToPath(new URL('../packages/core/src/', import.meta.url)),
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => argv[++i] ?? fail(`${arg} needs a value`)
    if (arg === '--json') args.json = true
    else if (arg === '--engine') args.engine = value()
    else if (arg === '--only') args.only = value().split(',')
    else if (arg === '--core') args.core = value()
    else if (arg === '--samples') {
      args.samples = Number(value())
      if (!(Number.isInteger(args.samples) && args.samples > 0)) fail('--samples needs a count')
    } else fail(`unknown argument ${arg}`)
  }
  if (!ENGINES[args.engine]) fail(`unknown engine ${args.engine} (have: ${Object.keys(ENGINES)})`)
  const ids = [...ROWS.map((row) => row.id), ...HOST_ROWS]
  const unknown = args.only?.filter((id) => !ids.includes(id))
  if (unknown?.length) fail(`unknown row ${unknown} (have: ${ids})`)
  return args
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`bench: ${message}`)
  process.exit(2)
}

/**
 * The machine a run measured on: the CPU, the load average (1, 5 and 15 minutes) when the run began
 * and when it ended (a loaded machine's ratios scatter more), the OS and the browsers (the
 * engine's, and those the extension rows launched).
 * @param {import('./measure.mjs').Side[]} sides
 * @param {import('./measure.mjs').Result[]} results
 * @param {number[]} loadAtStart
 * @returns {import('./report.mjs').Machine}
 */
function machine(sides, results, loadAtStart) {
  const cpus = os.cpus()
  /** @param {number[]} load */
  const rounded = (load) => load.map((value) => Math.round(value * 100) / 100)
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: { start: rounded(loadAtStart), end: rounded(os.loadavg()) },
    browsers: browsersOf(sides, results),
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  const { only, engine, json, samples } = args
  const chosen = (/** @type {string} */ id) => !only || only.includes(id)
  if (samples) TIMING.samples = samples
  const rows = ROWS.filter(
    (row) =>
      chosen(row.id) &&
      !((row.bridge || row.extension || (row.inPage && !row.host)) && engine !== 'chromium'),
  ).map((row) => (samples ? { ...row, samples } : row))
  /** @param {string} id */
  const measured = (id) => json || process.stderr.write(`  measured ${id}\n`)
  const began = performance.now()
  const date = new Date().toISOString()
  const loadAtStart = os.loadavg()
  const builds = await startupBuilds(args.core)
  const server = await serve(args.core, builds)
  // The engine's browsers (native and polyfill) serve every row but the extension's, which launch
  // Chromiums of their own with the extension loaded: only the rows chosen start them.
  const needsSides = rows.some((row) => !row.extension) || HOST_ROWS.some(chosen)
  const sides = needsSides
    ? await /** @type {() => Promise<import('./measure.mjs').Side[]>} */ (ENGINES[engine])()
    : []
  /** @type {import('./measure.mjs').Result[]} */
  const results = []
  let startup
  let memory = /** @type {import('./host.mjs').Memory[]} */ ([])
  try {
    for (const row of rows) {
      if (row.extension) {
        results.push({ row, extension: await runExtensionRow(row, server) })
      } else if (row.bridge) {
        results.push({ row, bridge: await runBridgeRow(sides, row, server) })
      } else if (row.page) {
        const times = await runPageRow(sides, row, server)
        results.push({ row, times, verdict: judge(PAGE_VARIANTS, row, times) })
      } else {
        const times = await runRow(sides, row, server)
        const toolForm =
          row.host && engine === 'chromium' ? await runToolForm(sides, row, server) : undefined
        results.push({ row, times, verdict: judge(sides, row, times), toolForm })
      }
      measured(row.id)
    }
    if (chosen('startup')) {
      startup = await startupRows(sides, server, builds)
      measured('startup')
    }
    if (engine === 'chromium') {
      memory = await memoryRows(sides, server, only)
      if (memory.length) measured('memory')
    }
  } finally {
    await Promise.all(sides.map((side) => side.close()))
    await server.close()
  }
  const seconds = (performance.now() - began) / 1000
  const hostEngine = sides.length ? polyfillSide(sides).version : ''
  const report = {
    ...{ engine, sides, results, startup, memory, memoryPages: MEMORY_SAMPLES },
    ...{ pageVariants: PAGE_VARIANTS, peer: builds.peer, hostEngine, timing: TIMING, seconds },
    ...{ date, machine: machine(sides, results, loadAtStart) },
  }
  if (json) console.log(toJson(report))
  else printReport(report)
}

await main()
