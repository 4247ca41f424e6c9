import { chromium } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

declare module 'vitest' {
  interface TaskMeta {
    /** The native Chromium every case was compared with (for the summary reporter). */
    oracle?: string
  }
}

// Which Chromium the suite compared with: native WebMCP changes between builds (156.0.8078.114 lists
// a lone unnamed control as the parameter "", .108 did not), so the run says which one it was.
describe('the oracle', () => {
  // (Without the Chromium pair there is no oracle, and no case to compare.)
  if (!inject('engines').includes('chromium')) return
  it('native Chromium, with WebMCP: its version', async ({ task }) => {
    const browser = await chromium.connect(inject('nativeEndpoint'))
    try {
      const page = await browser.newPage()
      await page.goto(`${inject('origin')}/?nopolyfill`)
      const native = await page.evaluate(() => typeof document.modelContext?.registerTool)
      const version = browser.version()
      task.meta.oracle = version
      console.info(`conformance: compared with native Chromium ${version}`)
      expect([native, /^\d+\.\d+\.\d+\.\d+$/.test(version)]).toEqual(['function', true])
    } finally {
      await browser.close()
    }
  })
})
