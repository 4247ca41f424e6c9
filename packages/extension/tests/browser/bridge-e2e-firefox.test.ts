// The connector end to end in Firefox ESR, where every page is a polyfill page: the official MCP
// SDK client drives the real bridge (createExtensionBridge, in process) and the real extension
// (installed over WebDriver BiDi). The connector's own page pairs with the bridge's secret and
// shares a site by a click on its button (the profile grants the host permission without a
// prompt). Covered: list, call and cancel of a shared site's page-asserted tools; a tab of a site
// nobody shared is never listed, nor reachable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callFailsUnknown, connectFirefox, firstName, placeOf, ranIn, textOf } from './e2e'
import { shareSiteByClick } from './launch'
import { startPages } from './pages'

describe('the MCP SDK client through the bridge and the extension, Firefox ESR (the polyfill)', () => {
  let f: Awaited<ReturnType<typeof connectFirefox>>
  let pages: Awaited<ReturnType<typeof startPages>>
  beforeAll(async () => {
    pages = await startPages()
    f = await connectFirefox()
  })
  afterAll(async () => {
    await f?.close()
    await pages?.server.close()
  })

  it('lists a shared site’s page-asserted tools, calls one and cancels one; an unshared site is never listed', async () => {
    const unshared = await f.browser.newPage()
    await unshared.goto(pages.acts(false, 9, pages.server.otherOrigin))
    await unshared.waitForFunction(() => Array.isArray((window as { ran?: unknown }).ran))
    const page = await f.browser.newPage()
    await page.goto(pages.tools(false, 1))
    expect((await f.client.listTools()).tools).toEqual([])

    await shareSiteByClick(f.popup, pages.server.origin)
    const tools = await f.listed((now) => now.length === 2)
    expect(tools.map((t) => t.name).sort()).toEqual([
      firstName(pages.server.origin, 'echo', false),
      firstName(pages.server.origin, 'wait', false),
    ])
    const [echo, wait] = [...tools].sort((a, b) => a.name.localeCompare(b.name))
    expect(placeOf(echo!)).toMatchObject({
      frame: 0,
      origin: pages.server.origin,
      source: 'page-asserted',
    })
    expect(placeOf(wait!)?.tab).toBe(placeOf(echo!)?.tab)

    const result = await f.client.callTool({ name: echo!.name, arguments: { text: 'firefox' } })
    expect(result.isError).toBeFalsy()
    expect(JSON.parse(textOf(result))).toEqual({ echoed: 'firefox' })

    const controller = new AbortController()
    const settled = f.client
      .callTool({ name: wait!.name, arguments: {} }, undefined, { signal: controller.signal })
      .then(
        () => 'resolved',
        () => 'rejected',
      )
    await page.waitForFunction(() => (window as { waitStarted?: boolean }).waitStarted === true)
    controller.abort()
    expect(await settled).toBe('rejected')
    await page.waitForFunction(() => (window as { waitCancelled?: boolean }).waitCancelled === true)

    // The other origin's tab: nothing of it is listed, and the name its `look` would have is none.
    const listed = (await f.client.listTools()).tools
    expect(listed.map((t) => placeOf(t)?.origin)).not.toContain(pages.server.otherOrigin)
    await callFailsUnknown(f.client, firstName(pages.server.otherOrigin, 'look', false))
    expect(await ranIn(unshared)).toEqual([])
  })
})
