// The soak suites' test bodies (issue 17), shared by the bindings and the frames suite: for native
// WebMCP and the polyfill, each scenario of the page's `window.soak` (soak-page.ts) runs
// its cycles, and then no tool is left registered, no agent call pending, nothing reported as an
// error, and the heap after a forced GC is within 10% of its size once the page is warm (after
// 1,000 cycles, or half of a shorter run; the figures also give the ratio to its size after the
// first 100, see soak()). Each suite
// has a control scenario, its framework alone, which shows what the page's heap does without us
// (printed, not bounded).
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { HEAP_TOLERANCE, soak } from './soak-suite'
import type { SoakCounts } from './soak-suite'
import type { Browser, Page } from 'playwright-core'

export interface SoakScenario {
  /** The scenario's name in the page. */
  name: string
  /** What the figures line calls it, e.g. `mount and unmount a tool (StrictMode)`. */
  label: string
  /** How many cycles (default: `counts.cycles`). */
  cycles?: (counts: SoakCounts) => number
  /**
   * A control (the framework, or frames, without the binding's tools): its heap figures are
   * printed for comparison but not bounded, since they measure the browser and the framework (their
   * code caches grow in steps, at moments that vary from run to run).
   */
  control?: boolean
}

/**
 * Defines the soak tests of one page (`path`, relative to the test origin): every scenario, in
 * native Chromium and with the polyfill.
 */
export function describeSoak(suite: string, path: string, scenarios: SoakScenario[]) {
  const counts = inject('soakCounts')
  for (const mode of ['native', 'polyfill'] as const) {
    describe(`${suite} soak [${mode}]`, () => {
      let browser: Browser
      let page: Page
      beforeAll(async () => {
        browser = await chromium.connect(inject('soakEndpoints')[mode])
        page = await browser.newPage()
        await page.goto(new URL(path, inject('origin')).href)
        // The polyfill's interface object carries core's hook (docs/conformance.md); native's does not.
        const native = await page.evaluate(() => {
          const { ModelContext } = window as unknown as { ModelContext?: object }
          const hook = Symbol.for('webmcp-kit/polyfill')
          return !!ModelContext && !Object.getOwnPropertySymbols(ModelContext).includes(hook)
        })
        expect(native).toBe(mode === 'native')
      })
      afterAll(() => browser?.close())

      for (const scenario of scenarios) {
        const cycles = scenario.cycles?.(counts) ?? counts.cycles
        // The first 100 cycles (a fifth of a short run) warm the page up; the heap is measured then.
        const baseline = Math.min(100, Math.floor(cycles / 5))
        const heap = scenario.control ? '' : ', and the heap within 10% of its warm size'
        it(`${scenario.label}: ${cycles} cycles leave no tool, no call, no error${heap}`, async () => {
          const figures = await soak(page, {
            label: `${suite} ${scenario.label} [${mode}]`,
            scenario: scenario.name,
            cycles,
            baseline,
          })
          expect(figures.state).toMatchObject({ tools: [], pending: 0, problems: [] })
          if (!scenario.control) expect(figures.ratio).toBeLessThanOrEqual(HEAP_TOLERANCE)
        })
      }
    })
  }
}
