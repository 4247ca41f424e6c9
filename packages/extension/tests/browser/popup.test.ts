// The popup as the person uses it, in headless Chromium against the protocol peer: the code typed
// and Pair pressed, the shared tab listed with its Revoke button, and Revoke pressed. Its three
// states are the screenshots of docs/extension.md, written with UPDATE_SCREENSHOTS=1 (every run
// would change them: the page's port shows) and taken on every run.
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Page } from 'puppeteer-core'
import { hooks, launchChromium, openShared } from './launch'
import type { Launched } from './launch'
import { startPages } from './pages'
import { startPeer } from './peer'
import type { Peer } from './peer'

const SCREENSHOTS = fileURLToPath(new URL('../../../../docs/screenshots/', import.meta.url))

let pages: Awaited<ReturnType<typeof startPages>>
let launched: Launched
let peer: Peer
beforeAll(async () => {
  pages = await startPages()
  peer = await startPeer({ code: 'K7QM-4XWD' })
  launched = await launchChromium(false)
  // Installed, the worker opens its page in a tab: that tab is up before the test opens its own.
  await launched.browser.waitForTarget(
    (t) => t.type() === 'page' && t.url().endsWith('/popup.html'),
  )
})
afterAll(async () => {
  await launched?.browser.close()
  await peer?.close()
  pages?.server.close()
})

/** The popup's body as a PNG, written to docs/screenshots/`name` with UPDATE_SCREENSHOTS=1. */
async function shot(popup: Page, name: string) {
  const path = process.env.UPDATE_SCREENSHOTS ? `${SCREENSHOTS}${name}` : undefined
  const body = await popup.$('body')
  const png = await body!.screenshot({ path })
  expect(png.subarray(1, 4).toString()).toBe('PNG')
}

/**
 * The popup in a tab of its own, in front: a page behind another is hidden and renders no frame,
 * and a click or a screenshot, which wait for one, would wait for ever.
 */
async function openPopup(hash = '') {
  const popup = await launched.browser.newPage()
  await popup.bringToFront()
  await popup.setViewport({ width: 364, height: 400, deviceScaleFactor: 1 })
  await popup.goto(`chrome-extension://${launched.extension.id}/popup.html${hash}`)
  return popup
}

const status = (popup: Page) => popup.$eval('#status', (e) => e.textContent)
const shared = (popup: Page) =>
  popup.$$eval('#shared li', (items) => items.map((li) => li.textContent))

it('pairs with the typed code, lists the shared tab and revokes it in one click', async () => {
  let popup = await openPopup()
  await popup.waitForFunction(
    () => document.getElementById('status')?.textContent === 'Not paired.',
  )
  expect(await popup.$eval('#pairing', (e) => (e as HTMLElement).hidden)).toBe(false)

  // 1. The code the bridge printed, typed in; the screenshot shows the default port, which the
  // person keeps, and the test then gives the port its peer listens on.
  await popup.type('#code', 'K7QM-4XWD')
  expect(await popup.$eval('#port', (e) => (e as HTMLInputElement).value)).toBe('47615')
  await shot(popup, 'extension-pair.png')
  await popup.$eval('#port', (e, port) => ((e as HTMLInputElement).value = String(port)), peer.port)
  await popup.click('#pair-form button[type=submit]')
  await popup.waitForFunction(() =>
    document.getElementById('status')?.textContent?.startsWith('Connected to the bridge'),
  )
  expect(await popup.$eval('#pairing', (e) => (e as HTMLElement).hidden)).toBe(true)
  expect(peer.origin).toBe(`chrome-extension://${launched.extension.id}`)
  expect(peer.secret?.length).toBe(32)
  expect((await hooks.state(launched.worker)).paired).toBe(true)

  // 2. A tab shared (the toolbar button's activeTab, then Share this tab), as the popup lists it
  // when opened again (a person's popup closes as the focus moves to the tab).
  await popup.close()
  const notes = `${pages.server.origin}/notes?body=${encodeURIComponent(
    '<title>Team notes</title><script src="/tools.js"></script>',
  )}`
  const { tab } = await openShared(launched, notes)
  popup = await openPopup(`#site=${encodeURIComponent(pages.server.origin)}`)
  await popup.waitForSelector('#shared li button')
  expect(await status(popup)).toMatch(/^Connected to the bridge/)
  expect(await shared(popup)).toEqual(['RevokeTeam notes (tab)'])
  expect(await popup.$eval('#here', (e) => e.textContent)).toBe(pages.server.origin)
  await shot(popup, 'extension-shared.png')

  // 3. Revoke: the list empties, the worker no longer shares the tab.
  await popup.click('#shared li button')
  await popup.waitForFunction(
    () => document.getElementById('shared')?.textContent === 'Nothing is shared.',
  )
  expect((await hooks.state(launched.worker)).tabs.map((t) => t.tab)).not.toContain(tab)
  await shot(popup, 'extension-revoked.png')
})
