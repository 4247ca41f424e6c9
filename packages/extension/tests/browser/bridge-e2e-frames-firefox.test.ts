// Cross-origin frames of a shared tab in Firefox ESR, end to end (the SDK client, the real bridge,
// the real extension), where a site can be shared (the profile grants the host permission without
// a prompt; the test clicks the button). Every page is a polyfill page: the top document's relay
// lists, with the shared sites among the tab's documents as fromOrigins, what the frames exposed
// to it, and each frame's relay its own tools. A frame's tool is listed only when the frame's own
// document reported it and the top lists it as that frame's, page-asserted, named by the frame's
// origin. The page (pages.ts `framed`) holds two frames of the other origin, both `allow="tools"`:
// `exposed` is exposed to the top's origin, `hidden` is not.
// Chromium, where a site cannot be shared headless: bridge-e2e-frames.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Frame, Page } from 'puppeteer-core'
import type { WorkerState } from '../../src/lib/worker'
import { callFailsUnknown, connectFirefox, firstName, frameOf, placeOf, ranIn, textOf } from './e2e'
import { popupAction, shareSiteByClick } from './launch'
import { startPages } from './pages'

type Tools = { name: string; window: unknown; origin: string }[]
type Scope = { document: { modelContext: { getTools(o?: object): Promise<Tools> } } }

/** Resolves once `target`'s getTools (with `fromOrigins`) lists `name` (the polyfill's word). */
const lists = (target: Page | Frame, name: string, fromOrigins: string[] = []) =>
  target.waitForFunction(
    async (n, o) =>
      (await (globalThis as unknown as Scope).document.modelContext.getTools({ fromOrigins: o }))
        .map((t) => t.name)
        .includes(n),
    { polling: 50 },
    name,
    fromOrigins,
  )

describe('cross-origin frames of a shared tab, Firefox ESR (the polyfill)', () => {
  let f: Awaited<ReturnType<typeof connectFirefox>>
  let pages: Awaited<ReturnType<typeof startPages>>
  let page: Page
  let exposed: Frame
  let hidden: Frame
  const names = () => ({
    exposed: firstName(pages.server.otherOrigin, 'exposed', false),
    hidden: firstName(pages.server.otherOrigin, 'hidden', false),
  })
  const state = async () => (await popupAction(f.popup, 'state')) as WorkerState
  beforeAll(async () => {
    pages = await startPages()
    f = await connectFirefox()
    page = await f.browser.newPage()
    await page.goto(pages.framed(false, 1))
    exposed = await frameOf(page, 'exposed')
    hidden = await frameOf(page, 'hidden')
    // Registered in each frame, and exposed to the top as the polyfill says.
    await lists(exposed, 'exposed')
    await lists(hidden, 'hidden')
    await lists(page, 'exposed', [pages.server.otherOrigin])
  })
  afterAll(async () => {
    await f?.close()
    await pages?.server.close()
  })

  it('lists neither frame’s tool when only the top’s site is shared', async () => {
    await shareSiteByClick(f.popup, pages.server.origin)
    const tools = await f.listed((now) => now.length === 2)
    expect(tools.map((t) => t.name).sort()).toEqual([
      firstName(pages.server.origin, 'echo', false),
      firstName(pages.server.origin, 'wait', false),
    ])
    // The frames' site is not shared: no document of it has the connector's script.
    expect((await state()).frames.map((r) => r.origin)).toEqual([pages.server.origin])
    await callFailsUnknown(f.client, names().exposed)
    await callFailsUnknown(f.client, names().hidden)
    expect(await ranIn(exposed)).toEqual([])
    expect(await ranIn(hidden)).toEqual([])
  })

  it('lists the exposed frame’s tool, page-asserted by its origin, once both sites are shared; never the other', async () => {
    await shareSiteByClick(f.popup, pages.server.otherOrigin)
    const tools = await f.listed((now) => now.some((t) => t.name === names().exposed))
    const tool = tools.find((t) => t.name === names().exposed)!
    const top = placeOf(tools.find((t) => placeOf(t)?.frame === 0)!)!
    expect(placeOf(tool)).toEqual({
      tab: top.tab,
      frame: expect.any(Number) as number,
      origin: pages.server.otherOrigin,
      source: 'page-asserted',
    })
    expect(placeOf(tool)?.frame).not.toBe(0)
    expect(tool.description).toMatch(/^\[page-asserted/)

    // The hidden frame's own relay reported its tool; the top never listed it, so it stays out.
    await expect
      .poll(async () => (await state()).frames.filter((r) => r.origin === pages.server.otherOrigin))
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ reported: ['hidden'], tools: [] }),
          expect.objectContaining({ reported: ['exposed'], tools: ['exposed'] }),
        ]),
      )
    const listed = (await f.client.listTools()).tools
    expect(listed.map((t) => t.name).filter((n) => n.endsWith('__hidden'))).toEqual([])
    await callFailsUnknown(f.client, names().hidden)

    const result = await f.client.callTool({ name: tool.name, arguments: {} })
    expect(result.isError).toBeFalsy()
    expect(JSON.parse(textOf(result))).toEqual({ ran: 'exposed', in: pages.server.otherOrigin })
    expect(await ranIn(exposed)).toEqual([{ name: 'exposed', input: {} }])
    expect(await ranIn(hidden)).toEqual([])
  })

  it('drops the frame’s tool when its site is revoked, while the top’s stay', async () => {
    await popupAction(f.popup, 'revoke', pages.server.otherOrigin)
    const tools = await f.listed((now) => !now.some((t) => t.name === names().exposed))
    expect(tools.map((t) => t.name).sort()).toEqual([
      firstName(pages.server.origin, 'echo', false),
      firstName(pages.server.origin, 'wait', false),
    ])
    await callFailsUnknown(f.client, names().exposed)
    expect(await ranIn(exposed)).toHaveLength(1)
  })
})
