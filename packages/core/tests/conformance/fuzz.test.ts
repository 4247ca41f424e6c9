// Fuzzing against native WebMCP: property-based cases (fuzz-generators.ts, fast-check) run in the
// page (fuzz-page.ts) against native Chromium and the polyfill in the same run, many cases per
// evaluate; every case's log must be the same in both. Then the same cases with the polyfill in
// Firefox ESR and WebKitGTK, compared with the native logs of this run (except the cases whose
// outcome depends on the engine, see `engineDependent`).
//
// WEBMCP_FUZZ_RUNS sets the number of cases (default 2,000; `pnpm test:fuzz` runs 20,000),
// WEBMCP_FUZZ_SEED the seed (default: a new one each run, printed). A disagreement is shrunk to a
// minimal case and reported with the seed and path that replay it:
// WEBMCP_FUZZ_SEED=… WEBMCP_FUZZ_PATH=… pnpm test:all --project @webmcp-kit/core:browser fuzz
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import fc from 'fast-check'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { connect } from '@webmcp-kit/test-infra/engines'
import { engineDependent, fuzzCase } from './fuzz-generators'
import type { FuzzCase } from './fuzz-generators'
import type { Browser as EngineBrowser, Page as EnginePage } from '@webmcp-kit/test-infra/engines'
import type { Browser, Page } from 'playwright-core'

const RUNS = Number(process.env.WEBMCP_FUZZ_RUNS ?? 2000)
const SEED = Number(process.env.WEBMCP_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
/** Replays the cases from this path on (fast-check's `path`: the index of the case, then its shrinks). */
const PATH = process.env.WEBMCP_FUZZ_PATH
/** Cases per evaluate. */
const BATCH = 100
/** Disagreements shown in full (each is shrunk first). */
const SHOWN = 3

/** A case's outcome in one implementation (fuzz-page.ts). */
interface Outcome {
  log: unknown[][]
  /** What happened after the steps' synchronous parts, each entry as JSON, sorted. */
  later: string[]
  toolchanges: number
}

/**
 * Something that runs cases in one page: their outcomes, each also as JSON text (what is compared).
 * With `targets`, each case waits for that many `toolchange` events before it ends.
 */
interface Runner {
  name: string
  run(cases: FuzzCase[], targets?: number[]): Promise<Array<{ outcome: Outcome; text: string }>>
  close(): Promise<void>
}

let interpreter: Promise<string> | undefined
/** The interpreter as a classic script, bundled once. */
const script = () =>
  (interpreter ??= build({
    entryPoints: [fileURLToPath(new URL('fuzz-page.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  }).then((result) => result.outputFiles[0]!.text))

/**
 * Runs cases in a page. When the page fails (a renderer crash), a new page runs the batch's cases
 * one at a time, so that only the cases that fail it alone are reported as failing it.
 */
function pageRunner(
  name: string,
  open: () => Promise<{
    evaluate(arg: [cases: string, targets: string | undefined]): Promise<string>
    close(): Promise<void>
  }>,
): Runner {
  let page: ReturnType<typeof open> | undefined
  const attempt = async (cases: FuzzCase[], targets: number[] | undefined) => {
    page ??= open()
    const current = await page
    try {
      const arg = [JSON.stringify(cases), targets && JSON.stringify(targets)] as const
      return JSON.parse(await current.evaluate([...arg])) as Outcome[]
    } catch (error) {
      page = undefined
      await current.close().catch(() => {})
      return String((error as Error).message ?? error).split('\n')[0]!
    }
  }
  return {
    name,
    async run(cases, targets) {
      let outcomes = await attempt(cases, targets)
      if (typeof outcomes === 'string' && cases.length > 1) {
        outcomes = []
        for (const [i, c] of cases.entries()) {
          const alone = await attempt([c], targets && [targets[i]!])
          outcomes.push(typeof alone === 'string' ? failed(alone) : alone[0]!)
        }
      }
      const all = typeof outcomes === 'string' ? [failed(outcomes)] : outcomes
      return all.map((outcome) => ({ outcome, text: JSON.stringify(outcome) }))
    },
    async close() {
      const current = page
      page = undefined
      if (current) await (await current).close()
    },
  }
}

/** The outcome of a case whose page failed (`message`, e.g. a renderer crash). */
const failed = (message: string): Outcome => ({
  log: [['PAGE FAILED', message]],
  later: [],
  toolchanges: -1,
})

type Fuzz = { webmcpFuzz: { runCases(cases: string, targets?: string): Promise<string> } }
const runInPage = ([cases, targets]: [string, string | undefined]) =>
  (window as unknown as Fuzz).webmcpFuzz.runCases(cases, targets)

function chromiumRunner(name: string, browser: Browser, url: string): Runner {
  return pageRunner(name, async () => {
    const page: Page = await browser.newPage()
    await page.goto(url)
    await page.addScriptTag({ content: await script() })
    return { evaluate: (arg) => page.evaluate(runInPage, arg), close: () => page.close() }
  })
}

function engineRunner(name: string, browser: EngineBrowser, url: string): Runner {
  return pageRunner(name, async () => {
    const page: EnginePage = await browser.newPage()
    await page.goto(url)
    await page.evaluate(`(0, eval)(${JSON.stringify(await script())})`)
    return { evaluate: (arg) => page.evaluate(runInPage, arg), close: () => page.close() }
  })
}

/**
 * Whether an outcome shows a case that could not be judged, or a promise that never settled: a
 * failure even when both sides show it.
 */
const broken = (text: string) => /"(PAGE FAILED|INTERPRETER FAILED|HUNG)"/.test(text)

/**
 * Runs `cases` through the polyfill and native Chromium: the polyfill first, so that native, whose
 * `toolchange` events come late, can wait for as many as the polyfill counted.
 */
async function both(polyfill: Runner, native: Runner, cases: FuzzCase[]) {
  const subject = await polyfill.run(cases)
  const oracle = await native.run(
    cases,
    subject.map(({ outcome }) => Math.max(0, outcome.toolchanges)),
  )
  return { oracle, subject }
}

/** The indexes (from `offset`) of the cases whose outcomes differ, or are broken. */
function differences(
  oracle: Array<{ text: string }>,
  subject: Array<{ text: string }>,
  indexes: number[],
  offset: number,
): number[] {
  return indexes.flatMap((i, j) => {
    const expected = oracle[i]!.text
    const actual = subject[j]!.text
    return expected !== actual || broken(expected) || broken(actual) ? [offset + i] : []
  })
}

/**
 * Shrinks the case at `index` (of the run with SEED) with fast-check, checking each candidate with
 * `check` (native's outcome and the subject's), and describes the smallest case that disagrees.
 */
async function shrink(
  index: number,
  names: [string, string],
  check: (c: FuzzCase) => Promise<[string, string]>,
): Promise<string> {
  let smallest: { c: FuzzCase; expected: string; actual: string } | undefined
  const details = await fc.check(
    fc.asyncProperty(fuzzCase, async (c) => {
      const [expected, actual] = await check(c)
      if (expected === actual && !broken(expected)) return true
      smallest = { c, expected, actual }
      return false
    }),
    {
      seed: SEED,
      // A replay's case 0 is the case at PATH.
      path: PATH ?? String(index),
      interruptAfterTimeLimit: 120_000,
      markInterruptAsFailure: false,
    },
  )
  const replay = `WEBMCP_FUZZ_SEED=${SEED} WEBMCP_FUZZ_PATH=${details.counterexamplePath ?? PATH ?? index}`
  if (!smallest) {
    return `case ${index} disagreed in its batch but agrees alone (a case before it left state behind?); ${replay}`
  }
  return [
    `case ${index} (seed ${SEED}), shrunk to ${JSON.stringify(smallest.c)}`,
    `  ${names[0]}: ${smallest.expected}`,
    `  ${names[1]}: ${smallest.actual}`,
    `  replay: ${replay} pnpm test:all --project @webmcp-kit/core:browser fuzz`,
  ].join('\n')
}

/**
 * What the logs show the cases did, e.g. `register ok 812, register rejected TypeError 640, …`: the
 * measure of what a run exercised.
 */
function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>()
  const add = (key: string, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n)
  for (const { log, later, toolchanges } of outcomes) {
    add('toolchange', Math.max(0, toolchanges))
    for (const entry of [...log, ...later.map((text) => JSON.parse(text) as unknown[])]) {
      const [what, op, value] = entry as [string, string, unknown[]]
      const kind = typeof op === 'string' ? op.replace(/[\d#].*$/, '') : ''
      if (what === 'ok') add(`${kind} ok`)
      else if (what === 'rejected')
        add(
          `${kind} rejected ${value[0] === 'tag' ? 'with a thrown value' : (value[1] ?? value[0])}`,
        )
      else if (what === 'event') add(`event ${op}`)
      else if (what === 'PAGE FAILED') add(`${what} (${op})`)
      else if (what === 'HUNG' || what === 'threw' || what === 'INTERPRETER FAILED') add(what)
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key} ${count}`)
    .join(', ')
}

const engines = inject('engines')

describe.runIf(engines.includes('chromium'))('fuzz against native Chromium', () => {
  const url = `${inject('origin')}/`
  let nativeBrowser: Browser
  let polyfillBrowser: Browser
  let native: Runner
  let polyfill: Runner
  /** Native's outcomes of this run's cases, by batch offset, for the other engines. */
  const nativeOutcomes = new Map<number, Array<{ outcome: Outcome; text: string }>>()
  const cases = PATH
    ? (() => {
        let replayed: FuzzCase[] = []
        fc.assert(
          fc.property(fuzzCase, (c) => {
            replayed = [c]
          }),
          { seed: SEED, path: PATH, numRuns: 1 },
        )
        return replayed
      })()
    : fc.sample(fuzzCase, { seed: SEED, numRuns: RUNS })

  beforeAll(async () => {
    ;[nativeBrowser, polyfillBrowser] = await Promise.all([
      chromium.connect(inject('nativeEndpoint')),
      chromium.connect(inject('polyfillEndpoint')),
    ])
    native = chromiumRunner('native Chromium', nativeBrowser, url)
    polyfill = chromiumRunner('polyfill (Chromium)', polyfillBrowser, url)
    console.info(`fuzz: ${cases.length} cases, seed ${SEED}`)
  })
  afterAll(async () => {
    await nativeBrowser?.close()
    await polyfillBrowser?.close()
  })

  it(
    'the polyfill agrees with native on every generated case (chromium)',
    { timeout: 3_600_000 },
    async () => {
      const start = performance.now()
      const differ: number[] = []
      // The polyfill runs a batch ahead of native, which waits for its toolchange counts.
      const batches = Array.from({ length: Math.ceil(cases.length / BATCH) }, (_, k) =>
        cases.slice(k * BATCH, (k + 1) * BATCH),
      )
      let ahead = batches.length ? polyfill.run(batches[0]!) : undefined
      for (const [k, batch] of batches.entries()) {
        const offset = k * BATCH
        const subject = await ahead!
        ahead = k + 1 < batches.length ? polyfill.run(batches[k + 1]!) : undefined
        const targets = subject.map(({ outcome }) => Math.max(0, outcome.toolchanges))
        const oracle = await native.run(batch, targets)
        // A case on which native hung in its batch, and the polyfill did not, is asked of native
        // once more, alone, and that answer is the oracle's: native's round trips through the
        // browser process are the slowest part of a batch. A case that hangs again stays broken
        // and fails.
        for (const [i, { text }] of oracle.entries()) {
          if (!/"HUNG"/.test(text) || broken(subject[i]!.text)) continue
          const [again] = await native.run([batch[i]!], [targets[i]!])
          console.info(
            `fuzz: native Chromium hung on case ${offset + i} in its batch; alone: ${/"HUNG"/.test(again!.text) ? 'hung again' : 'settled'}`,
          )
          oracle[i] = again!
        }
        nativeOutcomes.set(offset, oracle)
        differ.push(
          ...differences(
            oracle,
            subject,
            batch.map((_, i) => i),
            offset,
          ),
        )
      }
      const seconds = ((performance.now() - start) / 1000).toFixed(1)
      console.info(
        `fuzz: chromium: ${cases.length - differ.length}/${cases.length} cases agree with native (seed ${SEED}, ${seconds} s)`,
      )
      const outcomes = [...nativeOutcomes.values()].flat().map(({ outcome }) => outcome)
      console.info(`fuzz: what the cases did in native Chromium: ${tally(outcomes)}`)
      const reports: string[] = []
      for (const index of differ.slice(0, SHOWN)) {
        reports.push(
          await shrink(index, [native.name, polyfill.name], async (c) => {
            const { oracle, subject } = await both(polyfill, native, [c])
            return [oracle[0]!.text, subject[0]!.text]
          }),
        )
      }
      expect(
        differ.length,
        `${differ.length} cases disagree (seed ${SEED}):\n${reports.join('\n\n')}`,
      ).toBe(0)
    },
  )

  for (const engine of engines.filter((e) => e !== 'chromium')) {
    it(
      `the polyfill in ${engine} agrees with native Chromium on every case that does not depend on the engine`,
      { timeout: 3_600_000 },
      async () => {
        const browser = await connect(inject('engineEndpoints')[engine]!)
        const subject = engineRunner(`polyfill (${engine})`, browser, url)
        try {
          const start = performance.now()
          const differ: number[] = []
          let compared = 0
          for (let offset = 0; offset < cases.length; offset += BATCH) {
            const batch = cases.slice(offset, offset + BATCH)
            const picked = batch.flatMap((c, i) => (engineDependent(c) ? [] : [i]))
            compared += picked.length
            const oracle =
              nativeOutcomes.get(offset) ?? (await both(polyfill, native, batch)).oracle
            const actual = await subject.run(picked.map((i) => batch[i]!))
            differ.push(...differences(oracle, actual, picked, offset))
          }
          const seconds = ((performance.now() - start) / 1000).toFixed(1)
          console.info(
            `fuzz: ${engine}: ${compared - differ.length}/${compared} cases agree with native Chromium (${cases.length - compared} engine-dependent cases not compared; seed ${SEED}, ${seconds} s)`,
          )
          const reports: string[] = []
          for (const index of differ.slice(0, SHOWN)) {
            reports.push(
              await shrink(index, [native.name, subject.name], async (c) => {
                // Shrinking keeps to the cases this engine is compared on.
                if (engineDependent(c)) return ['', '']
                const [actual] = await subject.run([c])
                const [expected] = await native.run([c], [Math.max(0, actual!.outcome.toolchanges)])
                return [expected!.text, actual!.text]
              }),
            )
          }
          expect(
            differ.length,
            `${differ.length} cases disagree (seed ${SEED}):\n${reports.join('\n\n')}`,
          ).toBe(0)
        } finally {
          await subject.close()
          await browser.close()
        }
      },
    )
  }
})
