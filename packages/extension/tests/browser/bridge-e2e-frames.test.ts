// Cross-origin frames in a shared tab, end to end (the SDK client, the real bridge, the real
// extension): the page of one origin holds two frames of another, one whose tool is exposed to the
// top document (`exposedTo`), one whose tool is not. A frame's tools are listed only when the
// person shared the frame's site too and the frame exposed them to the top.
// - Chromium, native and polyfill: the tab alone is shared (activeTab; headless Chromium answers
//   no host-permission prompt, so a site cannot be shared there): neither frame's tool is listed.
// Firefox ESR, where both sites can be shared: bridge-e2e-frames-firefox.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'puppeteer-core'
import { callFailsUnknown, connectChromium, firstName, frameReader, placeOf, ranIn } from './e2e'
import type { Connected } from './e2e'
import { launchChromium, openShared } from './launch'
import { startPages } from './pages'

let pages: Awaited<ReturnType<typeof startPages>>
beforeAll(async () => {
  pages = await startPages()
})
afterAll(() => pages?.server.close())

for (const native of [true, false]) {
  describe(`cross-origin frames of a shared tab, Chromium ${native ? 'native' : 'polyfill'}`, () => {
    let c: Connected
    let close: () => Promise<void>
    let state: { page: Page; tab: number }
    beforeAll(async () => {
      const launched = await launchChromium(native)
      close = () => launched.browser.close()
      c = await connectChromium(launched)
      state = await openShared(launched, pages.framed(native, 1))
    })
    afterAll(async () => {
      await c?.client.close()
      await c?.bridge.close()
      await close?.()
    })

    it('lists neither frame’s tool when the tab alone is shared, exposed or not', async () => {
      const exposed = await frameReader(state.page, 'exposed')
      const hidden = await frameReader(state.page, 'hidden')
      const tools = await c.listed((now) => now.length >= 2)
      expect(tools.map((t) => placeOf(t))).toEqual([
        {
          tab: state.tab,
          frame: 0,
          origin: pages.server.origin,
          source: native ? 'native' : 'page-asserted',
        },
        {
          tab: state.tab,
          frame: 0,
          origin: pages.server.origin,
          source: native ? 'native' : 'page-asserted',
        },
      ])
      for (const name of ['exposed', 'hidden']) {
        await callFailsUnknown(c.client, firstName(pages.server.otherOrigin, name, native))
      }
      expect(await ranIn(exposed)).toEqual([])
      expect(await ranIn(hidden)).toEqual([])
    })
  })
}
