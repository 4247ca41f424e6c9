// Contract equality with Playwright's own page.webmcp, on native Chromium (the only place it runs:
// it needs --enable-features=WebMCP, and never sees a polyfill): for the same page, tools() and
// callTool() give the same values and the same errors, through the attached reader.
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { selectEngines } from '@webmcp-kit/test-config/select'
import { chromiumOptions } from '@webmcp-kit/test-config/browser'
import { attach, webmcp } from '../../src'
import { until } from './sessions'
import type { Browser, Page } from 'playwright-core'

const origin = inject('origin')

/** What a call gives: its value, or its error's class name and message. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    (value) => ({ value }),
    (error: Error) => ({ error: error.name, message: error.message.split('\n')[0] }),
  )

const CALLS: [string, unknown?][] = [
  ['add', { a: 2, b: 40 }],
  ['echo'],
  ['echo', { list: [1, 'a', null], nested: { ok: true } }],
  ['nothing'],
  ['greet'],
  ['fails'],
  ['open_settings'],
  ['set_theme'],
  ['not_a_tool'],
  ['echo', 'not an object'],
]

if (selectEngines().includes('chromium')) {
  describe("contract: webmcp(page) equals Playwright's page.webmcp on native Chromium", () => {
    let browser: Browser
    let page: Page
    beforeAll(async () => {
      const options = chromiumOptions(true) as { args: string[] }
      browser = await chromium.launch({
        ...options,
        args: [...options.args, '--enable-features=WebMCP'],
      })
      page = await browser.newPage()
      await attach(page)
    })
    afterAll(() => browser?.close())

    it('tools(): the same list, tool for tool', async () => {
      for (const path of ['/imperative', '/form', '/frames']) {
        await page.goto(`${origin}${path}`)
        await until(page, 'window.ready')
        const theirs = await page.webmcp.tools()
        expect(theirs.length).toBeGreaterThan(0)
        expect(await webmcp(page).tools()).toEqual(theirs)
        expect(await webmcp(page.mainFrame()).tools()).toEqual(theirs)
      }
    })

    it('callTool(): the same results and the same errors', async () => {
      await page.goto(`${origin}/imperative`)
      await until(page, 'window.ready')
      for (const [name, input] of CALLS) {
        const theirs = await outcome(page.webmcp.callTool(name, input as object))
        const ours = await outcome(webmcp(page).callTool(name, input))
        expect({ name, ...ours }).toEqual({ name, ...theirs })
      }
    })

    it('callTool() on a form tool, and a timeout: the same outcome', async () => {
      await page.goto(`${origin}/form`)
      await until(page, 'window.ready')
      const input = { text: 'Water the plants', priority: 'high' }
      expect(await webmcp(page).callTool('quick_add', input)).toEqual(
        await page.webmcp.callTool('quick_add', input),
      )
      await page.goto(`${origin}/imperative`)
      await until(page, 'window.ready')
      const theirs = await outcome(page.webmcp.callTool('export_tasks', {}, { timeout: 200 }))
      const ours = await outcome(webmcp(page).callTool('export_tasks', {}, { timeout: 200 }))
      expect(ours).toEqual(theirs)
      expect(ours).toEqual({
        error: 'TimeoutError',
        message: 'webMCP.callTool: Timeout 200ms exceeded.',
      })
    })
  })
}
