import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { chromiumOptions } from '@webmcp-kit/test-config/browser'

// Security review D1: a page restored from the back/forward cache gets every frame's tools back, as
// natively. The differential harness cannot navigate the page it runs in, so this file drives
// Chromium itself (with the back/forward cache on: playwright turns it off by default), natively and
// with the polyfill, and checks the same outcome in both.

const register = (name: string, exposedTo: string) =>
  `<script>document.modelContext.registerTool({ name: '${name}', description: 'd', execute: () => '${name}' }, { exposedTo: ['${exposedTo}'] })</script>`

for (const mode of ['native', 'polyfill'] as const) {
  describe(`frames: back/forward cache [${mode}]`, () => {
    let browser: Browser
    beforeAll(async () => {
      browser = await chromium.launch({
        ...chromiumOptions(mode === 'native'),
        ignoreDefaultArgs: ['--disable-back-forward-cache'],
      })
    })
    afterAll(() => browser?.close())

    it('a page restored from the back/forward cache lists and runs its frames’ tools again', async () => {
      const origin = inject('origin')
      const otherOrigin = inject('otherOrigin')
      const same = `/?cacheable&body=${encodeURIComponent(register('sameTool', origin))}`
      const cross = `${otherOrigin}/?cacheable&body=${encodeURIComponent(register('crossTool', origin))}`
      const top = `<script>addEventListener('pageshow', (e) => (window.restored = e.persisted))</script>
        <iframe src="${same}"></iframe><iframe allow="tools" src="${cross}"></iframe>`
      const page = await browser.newPage()
      try {
        await page.goto(`${origin}/?cacheable&body=${encodeURIComponent(top)}`)
        const bothListed = async (o: string) =>
          (await document.modelContext!.getTools({ fromOrigins: [o] }))
            .map((t) => t.name)
            .join() === 'crossTool,sameTool'
        await page.waitForFunction(bothListed, otherOrigin, { timeout: 10_000 })
        await page.goto(`${otherOrigin}/?cacheable`)
        // A restored page fires no load event: wait for the commit, then for its pageshow.
        await page.goBack({ waitUntil: 'commit' })
        await page.waitForFunction(() => (window as { restored?: boolean }).restored !== undefined)
        expect(await page.evaluate(() => (window as { restored?: boolean }).restored)).toBe(true)
        await page.waitForFunction(bothListed, otherOrigin, { timeout: 10_000 })
        const results = await page.evaluate(async (o) => {
          const mc = document.modelContext!
          const tools = await mc.getTools({ fromOrigins: [o] })
          return Promise.all(tools.map((tool) => mc.executeTool(tool, {})))
        }, otherOrigin)
        expect(results).toEqual(['crossTool', 'sameTool'])
      } finally {
        await page.close()
      }
    })
  })
}
