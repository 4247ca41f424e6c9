// The Firefox ESR build driven as a person would: its own page (which it opens when installed)
// pairs and shares, a site is shared by a click on the page's button (the profile grants the host
// permission without a prompt). WebDriver BiDi may not navigate a tab to an extension page, so the
// tests find that one (puppeteer still calls it about:blank).
import { vi } from 'vitest'
import type { Browser, Page } from 'puppeteer-core'
import type { WorkerState } from '../../src/lib/worker'
import type { Engine } from './attack-suite'
import { FIREFOX_ORIGIN, launchFirefox, popupAction } from './launch'

/** The connector's own page, once it is open. */
export async function connectorPage(browser: Browser): Promise<Page> {
  const find = async () => {
    for (const page of await browser.pages()) {
      const href = await page.evaluate(() => location.href).catch(() => '')
      if (href.startsWith(FIREFOX_ORIGIN)) return page
    }
    return undefined
  }
  return vi.waitFor(async () => {
    const page = await find()
    if (!page) throw new Error('The connector has not opened its page yet.')
    return page
  })
}

/** Shares `site` with a click on the connector page's "Share this site". */
export async function shareSite(popup: Page, site: string): Promise<void> {
  await popup.bringToFront()
  await popup.evaluate((s) => (location.hash = `site=${encodeURIComponent(s)}`), site)
  await popup.waitForSelector('#share-site:not([disabled])')
  await popup.click('#share-site')
  await vi.waitFor(async () => {
    const { sites } = (await popupAction(popup, 'state')) as WorkerState
    if (!sites.includes(site)) throw new Error(`${site} is not shared yet.`)
  })
}

/** Firefox ESR with the connector, as the attack suite drives an engine. */
export async function firefoxEngine(): Promise<Engine> {
  const browser = await launchFirefox()
  const popup = await connectorPage(browser)
  const state = async () => (await popupAction(popup, 'state')) as WorkerState
  const open = async (url: string) => {
    const page = await browser.newPage()
    await page.goto(url)
    return page
  }
  return {
    origin: FIREFOX_ORIGIN,
    async openShared(url) {
      const page = await open(url)
      const site = new URL(url).origin
      if (!(await state()).sites.includes(site)) await shareSite(popup, site)
      return page
    },
    openUnshared: open,
    async pairWithSecret(secret, port) {
      await popupAction(popup, 'pairWithSecret', secret, port)
    },
    state,
    close: () => browser.close(),
  }
}
