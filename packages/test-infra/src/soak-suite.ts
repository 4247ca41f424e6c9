// The soak suites (issue 17): each binding's page and the frames page, in real Chromium with native
// WebMCP and with the polyfill, launched here with the flags of @webmcp-kit/test-config's browser.ts
// plus a forced GC (`--js-flags=--expose-gc`) and exact heap figures
// (`--enable-precise-memory-info`). A suite's vitest globalSetup is `soakSuiteSetup({ entry, route,
// esbuild })`; its test file drives each scenario with `soak(page, …)`, which prints the figures and
// returns them for the assertions.
//
// Counts: `WEBMCP_SOAK=full` (what `pnpm test:soak` sets) runs 10,000 cycles per scenario and
// 1,000 frames; otherwise (`npm test`) a twentieth: 500 cycles and 50 frames.
import { chromium } from 'playwright-core'
import type { BrowserServer, LaunchOptions, Page } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { startBindingSuite } from './binding-suite'
import type { BindingSuiteOptions } from './binding-suite'
import { chromiumOptions } from '@webmcp-kit/test-config/browser'
import type { SoakState } from './soak-page'

export interface SoakCounts {
  /** `WEBMCP_SOAK=full`. */
  full: boolean
  /** Cycles per binding scenario: 10,000 full, 500 otherwise. */
  cycles: number
  /** Frames added and removed: 1,000 full, 50 otherwise. */
  frames: number
}

/** The page's script (a path or a file URL), its route and esbuild options, as a binding suite's. */
export type SoakSuiteOptions = Omit<BindingSuiteOptions, 'engines'>

export interface SoakFigures {
  cycles: number
  baseline: number
  warm: number
  heapAtBaseline: number
  heapWarm: number
  heapAtEnd: number
  /** `heapAtEnd / heapWarm`: what the suites bound (HEAP_TOLERANCE). */
  ratio: number
  /** `heapAtEnd / heapAtBaseline`. */
  ratioToBaseline: number
  state: SoakState
  seconds: number
}

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    otherOrigin: string
    soakEndpoints: { native: string; polyfill: string }
    soakCounts: SoakCounts
  }
}

/** The flags added to browser.ts's: a page-callable gc(), and exact (unrounded) heap sizes. */
export const SOAK_FLAGS = ['--js-flags=--expose-gc', '--enable-precise-memory-info']

/** How far the heap may grow from its size after the baseline cycles (10%). */
export const HEAP_TOLERANCE = 1.1

/** The cycle counts for this run (see the header). */
export function soakCounts(env: Record<string, string | undefined> = process.env): SoakCounts {
  const full = env.WEBMCP_SOAK === 'full'
  return { full, cycles: full ? 10_000 : 500, frames: full ? 1_000 : 50 }
}

/** Launch options for one soak Chromium (`native`: with the WebMCP flag). */
export function soakChromiumOptions(native: boolean): LaunchOptions {
  const options = chromiumOptions(native)
  return { ...options, args: [...options.args, ...SOAK_FLAGS] }
}

/**
 * A soak suite's vitest globalSetup: bundles `entry` from source (IIFE, browser, ES2022, the
 * `@webmcp-kit/source` condition; `esbuild` adds or overrides options), serves it at `route` beside
 * the test server's pages, and launches the native and the polyfill Chromium. Provides `origin`,
 * `otherOrigin`, `soakEndpoints` (`{ native, polyfill }`) and `soakCounts` to the test files.
 */
export function soakSuiteSetup({
  entry,
  route,
  esbuild = {},
}: SoakSuiteOptions): (project: TestProject) => Promise<() => Promise<void>> {
  return async (project) => {
    // The page bundled and served as the binding suites do; no engines of theirs: ours have flags.
    const suite = await startBindingSuite({ entry, route, esbuild, engines: [] })
    const browsers: BrowserServer[] = []
    const close = async () => {
      for (const browser of browsers) await browser.close()
      await suite.close()
    }
    try {
      for (const native of [true, false]) {
        browsers.push(await chromium.launchServer(soakChromiumOptions(native)))
      }
    } catch (error) {
      await close()
      throw error
    }
    project.provide('origin', suite.origin)
    project.provide('otherOrigin', suite.origin.replace('//localhost:', '//127.0.0.1:'))
    const [native, polyfill] = browsers as [BrowserServer, BrowserServer]
    project.provide('soakEndpoints', {
      native: native.wsEndpoint(),
      polyfill: polyfill.wsEndpoint(),
    })
    project.provide('soakCounts', soakCounts())
    return close
  }
}

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`

/**
 * Runs `scenario` of the page's `window.soak` for `cycles` cycles, measuring the heap after a
 * forced GC after `baseline` cycles (default 100), after `warm` cycles (default: 1,000, or half
 * the cycles of a shorter run, at least `baseline`) and at the end, then reads the page's state. Prints one line of figures
 * (`label`) and returns them. The ratio to the heap after `warm` cycles is what the suites bound:
 * the first thousand cycles of any page also grow the heap by the code the engine optimises then
 * (React alone, mounting a `<p>` 10,000 times: ×1.13 over its size after 100).
 */
export async function soak(
  page: Page,
  {
    label,
    scenario,
    cycles,
    baseline = 100,
    warm,
    chunk = 500,
  }: {
    label: string
    scenario: string
    cycles: number
    baseline?: number
    warm?: number
    chunk?: number
  },
): Promise<SoakFigures> {
  warm ??= Math.max(baseline, Math.min(1000, Math.floor(cycles / 2)))
  const started = performance.now()
  const run = (from: number, to: number) =>
    page.evaluate(([name, a, b]) => window.soak.run(name, a, b), [scenario, from, to] as const)
  const heap = () => page.evaluate(() => window.soak.heap())
  await run(0, baseline)
  const heapAtBaseline = await heap()
  if (warm > baseline) await run(baseline, warm)
  const heapWarm = warm > baseline ? await heap() : heapAtBaseline
  for (let from = warm; from < cycles; from += chunk) {
    await run(from, Math.min(cycles, from + chunk))
  }
  let heapAtEnd = await heap()
  // The engine sometimes takes a step of about 1 MB that it undoes some cycles later (in native
  // WebMCP's page as in the polyfill's, 1 run in 5 or so). Where the end reads over the bound, the
  // scenario runs as many cycles again and the heap is read once more: a leak grows in both
  // readings, a step does not stay in both. The lesser reading is the one bounded.
  let again = 0
  if (heapAtEnd / heapWarm > HEAP_TOLERANCE) {
    again = cycles - warm
    for (let from = cycles; from < cycles + again; from += chunk) {
      await run(from, Math.min(cycles + again, from + chunk))
    }
    heapAtEnd = Math.min(heapAtEnd, await heap())
  }
  const state = await page.evaluate(() => window.soak.state())
  const ratio = heapAtEnd / heapWarm
  const ratioToBaseline = heapAtEnd / heapAtBaseline
  const seconds = (performance.now() - started) / 1000
  console.info(
    `soak: ${label}: ${cycles} cycles; heap ${megabytes(heapAtBaseline)} after ${baseline}, ` +
      `${megabytes(heapWarm)} after ${warm}, ${megabytes(heapAtEnd)} at the end ` +
      `(×${ratioToBaseline.toFixed(3)} of ${baseline}, ×${ratio.toFixed(3)} of ${warm}); ` +
      `${state.executions} agent calls; ${seconds.toFixed(1)} s` +
      (again ? ` (the end read again after ${again} more cycles)` : ''),
  )
  return {
    cycles,
    baseline,
    warm,
    heapAtBaseline,
    heapWarm,
    heapAtEnd,
    ratio,
    ratioToBaseline,
    state,
    seconds,
  }
}
