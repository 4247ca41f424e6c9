// What the person shared, and the content scripts that follow from it. A shared site is a host
// permission the person granted from the popup, plus the frame script registered for it (every
// frame, from document_start, also after navigation); a shared tab is the page in front of them,
// through activeTab, until it is revoked or closed. Revoking a site gives the permission back.
import { browser } from 'wxt/browser'
import { loadSites, loadTabs, saveSites, saveTabs } from './settings'
import { covers, sitePattern } from './sites'

const SCRIPT_ID = 'webmcp-kit-frame'
const SCRIPT_FILE = '/content-scripts/frame.js'

export class Sharing {
  sites: string[] = []
  tabs: number[] = []

  async load(): Promise<void> {
    ;[this.sites, this.tabs] = await Promise.all([loadSites(), loadTabs()])
  }

  /** Whether a tab (by its id and top-level URL) is shared. */
  covers(tab: number, url: string | undefined): boolean {
    return covers(this, tab, url)
  }

  /** Shares one tab: its documents get the frame script now (activeTab or a granted site). */
  async shareTab(tab: number): Promise<void> {
    if (!this.tabs.includes(tab)) this.tabs = [...this.tabs, tab]
    await saveTabs(this.tabs)
    await inject(tab)
  }

  /**
   * Shares a site whose host permission the person granted; its open tabs get the script now, and
   * so do its frames in the other shared tabs.
   */
  async shareSite(origin: string): Promise<void> {
    const granted = await browser.permissions.contains({ origins: [sitePattern(origin)] })
    if (!granted) {
      throw new Error(`No host permission for ${origin}: share it from the popup, which asks.`)
    }
    if (!this.sites.includes(origin)) this.sites = [...this.sites, origin]
    await saveSites(this.sites)
    await this.register()
    for (const tab of await browser.tabs.query({})) {
      if (tab.id !== undefined && this.covers(tab.id, tab.url)) await inject(tab.id).catch(() => {})
    }
  }

  async revokeTab(tab: number): Promise<void> {
    this.tabs = this.tabs.filter((t) => t !== tab)
    await saveTabs(this.tabs)
  }

  async revokeSite(origin: string): Promise<void> {
    this.sites = this.sites.filter((s) => s !== origin)
    await saveSites(this.sites)
    await this.register()
    // The permission covers the host on every port: given back once no origin of it is shared.
    const pattern = sitePattern(origin)
    if (!this.sites.some((site) => sitePattern(site) === pattern)) {
      await browser.permissions.remove({ origins: [pattern] }).catch(() => false)
    }
  }

  /** The frame script registered for exactly the shared sites (none when nothing is shared). */
  async register(): Promise<void> {
    const registered = await browser.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] })
    if (registered.length > 0)
      await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] })
    if (this.sites.length === 0) return
    await browser.scripting.registerContentScripts([
      {
        id: SCRIPT_ID,
        js: [SCRIPT_FILE],
        matches: [...new Set(this.sites.map(sitePattern))],
        allFrames: true,
        runAt: 'document_start',
        persistAcrossSessions: true,
      },
    ])
  }
}

async function inject(tab: number): Promise<void> {
  await browser.scripting.executeScript({
    target: { tabId: tab, allFrames: true },
    files: [SCRIPT_FILE],
    injectImmediately: true,
  })
}
