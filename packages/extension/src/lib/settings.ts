// What the extension keeps: the pairing (local storage), the shared sites (local), the shared tabs
// (session storage: tab ids do not outlive the browser) and the confirmation setting.
import { browser } from 'wxt/browser'
import { fromBase64Url, toBase64Url } from './protocol'

/** Which tools ask the person before they run. */
export type ConfirmMode = 'consequential' | 'non-read-only'

export interface Pairing {
  port: number
  secret: Uint8Array<ArrayBuffer>
}

export async function loadPairing(): Promise<Pairing | undefined> {
  const { pairing } = (await browser.storage.local.get('pairing')) as {
    pairing?: { port: number; secret: string }
  }
  if (!pairing) return undefined
  return { port: pairing.port, secret: fromBase64Url(pairing.secret) }
}

export async function savePairing(pairing: Pairing | undefined): Promise<void> {
  if (!pairing) return browser.storage.local.remove('pairing')
  await browser.storage.local.set({
    pairing: { port: pairing.port, secret: toBase64Url(pairing.secret) },
  })
}

export async function loadSites(): Promise<string[]> {
  const { sites } = (await browser.storage.local.get('sites')) as { sites?: string[] }
  return sites ?? []
}

export const saveSites = (sites: string[]) => browser.storage.local.set({ sites })

export async function loadTabs(): Promise<number[]> {
  const { tabs } = (await browser.storage.session.get('tabs')) as { tabs?: number[] }
  return tabs ?? []
}

export const saveTabs = (tabs: number[]) => browser.storage.session.set({ tabs })

export async function loadConfirm(): Promise<ConfirmMode> {
  const { confirm } = (await browser.storage.local.get('confirm')) as { confirm?: ConfirmMode }
  return confirm === 'non-read-only' ? confirm : 'consequential'
}

export const saveConfirm = (confirm: ConfirmMode) => browser.storage.local.set({ confirm })

/** The origin of a URL when it is a web page (http or https), else undefined. */
export function webOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The match pattern of a shared site: its scheme and host. Firefox's match patterns take no port,
 * so the browser grants the host on every port; which origin is shared (port included) is the
 * worker's check.
 */
export function sitePattern(origin: string): string {
  const { protocol, hostname } = new URL(origin)
  return `${protocol}//${hostname.includes(':') ? `[${hostname}]` : hostname}/*`
}
