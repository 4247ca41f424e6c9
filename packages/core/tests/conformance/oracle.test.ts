import { chromium } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { connect } from '@webmcp-kit/test-infra/engines'

declare module 'vitest' {
  interface TaskMeta {
    /** The browser a test found: for the native Chromium, the build every case was compared with. */
    oracle?: string
  }
}

// Which browsers the suite ran, and above all which native Chromium it compared with: native
// WebMCP changes between builds (156.0.8078.114 lists a lone unnamed control as the parameter "",
// .108 did not), so the run says which one it was.
describe('the browsers compared', () => {
  for (const engine of inject('engines')) {
    it(`${engine === 'chromium' ? 'native Chromium (the oracle)' : engine}: its version`, async ({
      task,
    }) => {
      if (engine === 'chromium') {
        const browser = await chromium.connect(inject('nativeEndpoint'))
        try {
          const page = await browser.newPage()
          await page.goto(`${inject('origin')}/?nopolyfill`)
          const native = await page.evaluate(() => typeof document.modelContext?.registerTool)
          task.meta.oracle = browser.version()
          expect([native, /^\d+\.\d+\.\d+\.\d+$/.test(task.meta.oracle)]).toEqual([
            'function',
            true,
          ])
        } finally {
          await browser.close()
        }
      } else {
        const browser = await connect(inject('engineEndpoints')[engine]!)
        task.meta.oracle = browser.version
        await browser.close()
        expect(task.meta.oracle).toMatch(/\d+\.\d+/)
      }
      console.info(
        `conformance: ${engine === 'chromium' ? 'compared with native Chromium' : `${engine} is`} ${task.meta.oracle}`,
      )
    })
  }
})
