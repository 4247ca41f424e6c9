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
  const secret = fromBase64Url(pairing?.secret, 32)
  return pairing && secret && { port: pairing.port, secret }
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
