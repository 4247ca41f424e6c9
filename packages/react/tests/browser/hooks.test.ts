import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { connect } from '@webmcp-kit/test-infra/engines'
import { TOOL } from './app'
import type { ModelContext } from '@webmcp-kit/core'
import type { Browser, Page } from '@webmcp-kit/test-infra/engines'
import type { App, AppProps } from './app'

// What the page's scripts see (evaluated there, typed here).
declare global {
  interface Document {
    readonly modelContext?: ModelContext
  }
  var app: App
}

/** The page: the polyfill classic script in the head (a no-op under native WebMCP), then the app. */
const PATH = `/?body=${encodeURIComponent('<div id="root"></div><script src="/react-page.js"></script>')}`

/** The registered tools named TOOL, as `getTools()` in the page lists them: their input schemas. */
const registrations = (page: Page) =>
  page.evaluate(
    async (name) =>
      (await document.modelContext!.getTools())
        .filter((tool) => tool.name === name)
        .map((tool) => tool.inputSchema),
    TOOL,
  )

const waitForStatus = (page: Page, status: string) =>
  page.waitForFunction((status) => app.state().status === status, status, { timeout: 10_000 })

/** Waits until `useWebMCPTools()` renders `names`. */
const waitForListed = (page: Page, names: string[]) =>
  page.waitForFunction((names) => JSON.stringify(app.listed()) === names, JSON.stringify(names), {
    timeout: 10_000,
  })

/**
 * Waits until the `toolchange` events the API queued so far have fired and the `getTools()` calls
 * they started (`useWebMCPTools`) have been answered: two `getTools()` round trips, each answered
 * after the tasks queued before it, in native WebMCP as in the polyfill. For checking that nothing
 * (more) happened.
 */
const drained = (page: Page) =>
  page.evaluate(async () => {
    await document.modelContext!.getTools()
    await document.modelContext!.getTools()
  })

// Every engine WEBMCP_ENGINES selects: native WebMCP in `chromium-native`, the polyfill elsewhere.
for (const [engine, endpoint] of Object.entries(inject('engineEndpoints'))) {
  describe(`the hooks [${engine}]`, () => {
    let browser: Browser
    beforeAll(async () => {
      browser = await connect(endpoint!)
    })
    afterAll(() => browser?.close())

    for (const strict of [false, true]) {
      const mode = strict ? 'StrictMode' : 'non-strict'
      it(`${mode}: exactly one registration through mount, renders, enable/disable, schema change, remount and unmount`, async () => {
        const page = await browser.newPage()
        try {
          await page.goto(new URL(PATH, inject('origin')).href)
          const native = await page.evaluate(() => app.native())
          expect(native).toBe(engine === 'chromium-native')

          let props: AppProps = {
            strict,
            enabled: true,
            schemaVersion: 1,
            value: 'v0',
            mountKey: 1,
          }
          const render = (next: Partial<AppProps>) =>
            page.evaluate((p) => app.render(p), (props = { ...props, ...next }))

          // Mount. StrictMode registers, unregisters (synchronously, on abort) and registers again.
          await render({})
          await waitForStatus(page, 'registered')
          expect(await registrations(page)).toHaveLength(1)
          expect(await page.evaluate(() => app.counts().registerTool)).toBe(strict ? 2 : 1)
          await waitForListed(page, [TOOL])
          await drained(page)
          expect(await page.evaluate(() => app.listed())).toEqual([TOOL])

          // 50 renders, each with a new inline execute: no registration, no toolchange.
          const before = await page.evaluate(() => app.counts())
          for (let i = 1; i <= 50; i++) await render({ value: `v${i}` })
          await drained(page)
          expect(await page.evaluate(() => app.counts())).toEqual(before)
          expect(await registrations(page)).toHaveLength(1)

          // An agent call reaches the execute of the last render and updates the rendered state.
          const answer = await page.evaluate(async (name) => {
            const mc = document.modelContext!
            const tool = (await mc.getTools()).find((t) => t.name === name)!
            return mc.executeTool(tool, { by: 2 })
          }, TOOL)
          expect(answer).toBe('v50:2')
          await page.waitForFunction(() => app.state().count === 2)
          expect(await page.evaluate(() => app.state())).toMatchObject({
            status: 'registered',
            count: 2,
            executionCount: 1,
            lastResult: 'v50:2',
            error: null,
          })
          // The next call sees the state that call produced, through the next render's execute.
          expect(
            await page.evaluate(async (name) => {
              const mc = document.modelContext!
              const tool = (await mc.getTools()).find((t) => t.name === name)!
              return mc.executeTool(tool, { by: 3 })
            }, TOOL),
          ).toBe('v50:5')

          // Disable: unregistered at once. Enable: exactly one again.
          await render({ enabled: false })
          expect(await page.evaluate(() => app.state().status)).toBe('idle')
          expect(await registrations(page)).toHaveLength(0)
          await waitForListed(page, [])
          await drained(page)
          expect(await page.evaluate(() => app.listed())).toEqual([])
          await render({ enabled: true })
          await waitForStatus(page, 'registered')
          expect(await registrations(page)).toHaveLength(1)

          // Schema change: re-registered once, with the new schema.
          const registered = (await page.evaluate(() => app.counts())).registerTool
          await render({ schemaVersion: 2 })
          await waitForStatus(page, 'registered')
          const schemas = await registrations(page)
          expect(schemas).toHaveLength(1)
          expect(schemas[0]).toMatchObject({ properties: { by: { description: 'schema 2' } } })
          expect((await page.evaluate(() => app.counts())).registerTool).toBe(registered + 1)

          // Remount (a new key; in StrictMode its effects replay too): exactly one.
          await render({ mountKey: 2 })
          await waitForStatus(page, 'registered')
          await drained(page)
          expect(await registrations(page)).toHaveLength(1)
          expect(await page.evaluate(() => app.listed())).toEqual([TOOL])

          // Unmount: gone at once.
          await page.evaluate(() => app.unmount())
          expect(await registrations(page)).toHaveLength(0)
          await drained(page)
          expect(await page.evaluate(() => app.errors)).toEqual([])
        } finally {
          await page.close()
        }
      })
    }
  })
}
