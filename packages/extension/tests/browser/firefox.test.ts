// The Firefox build in Firefox ESR (installed over WebDriver BiDi), where every page is a polyfill
// page: pairing from an extension page, a site shared by a click on the popup's button (the
// host permission granted without a prompt by the profile), its tools listed page-asserted, run
// and cancelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'puppeteer-core'
import { toBase64Url } from '../../src/lib/protocol'
import type { ExtensionMessage, WireError } from '../../src/lib/protocol'
import { connectorPage, shareSite } from './firefox-engine'
import { FIREFOX_ORIGIN, launchFirefox, popupAction } from './launch'
import { startPages } from './pages'
import { startPeer } from './peer'
import type { Peer } from './peer'

type Tools = Extract<ExtensionMessage, { type: 'tools' }>

describe('Firefox ESR (the polyfill)', () => {
  let browser: Browser
  let peer: Peer
  let pages: Awaited<ReturnType<typeof startPages>>
  const secret = crypto.getRandomValues(new Uint8Array(32))
  beforeAll(async () => {
    pages = await startPages()
    peer = await startPeer({ secret })
    browser = await launchFirefox()
  })
  afterAll(async () => {
    await browser?.close()
    await peer?.close()
    await pages?.server.close()
  })

  it('pairs, shares a site from the popup and runs and cancels its page-asserted tools', async () => {
    const popup = await connectorPage(browser)
    await popupAction(popup, 'pairWithSecret', toBase64Url(secret), peer.port)
    await expect.poll(() => peer.handshake.map((m) => m.type)).toEqual(['hello', 'auth'])
    expect(peer.origin).toBe(FIREFOX_ORIGIN)

    const page = await browser.newPage()
    await page.goto(pages.tools(false, 3))
    await shareSite(popup, pages.server.origin)
    const listed = await peer.waitFor<Tools>(
      (m) => m.type === 'tools' && (m as Tools).tools.length === 2,
    )
    expect(listed.origin).toBe(pages.server.origin)
    expect(listed.tools.map((t) => [t.name, t.source]).sort()).toEqual([
      ['echo', 'page-asserted'],
      ['wait', 'page-asserted'],
    ])
    const target = { tab: listed.tab, frame: listed.frame, document: listed.document }
    peer.send({ type: 'call', id: 1, ...target, name: 'echo', input: { text: 'firefox' } })
    expect(await peer.waitFor((m) => m.type === 'result' && m.id === 1)).toMatchObject({
      ok: true,
      output: '{"echoed":"firefox"}',
    })
    peer.send({ type: 'call', id: 2, ...target, name: 'wait', input: {} })
    await page.waitForFunction(() => (window as { waitStarted?: boolean }).waitStarted === true)
    peer.send({ type: 'cancel', id: 2 })
    const cancelled = await peer.waitFor<{ type: 'result'; error: WireError }>(
      (m) => m.type === 'result' && m.id === 2,
    )
    expect(cancelled.error.name).toBe('AbortError')
    await page.waitForFunction(() => (window as { waitCancelled?: boolean }).waitCancelled === true)
  })
})
