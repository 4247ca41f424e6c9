// The browsers of the suites, each with the extension loaded the way a person's unpacked install
// is: headless Chromium through puppeteer-core (pipe + Extensions.loadUnpacked, which
// `enableExtensions` uses; Chromium keeps --load-extension for unpacked builds too), with or
// without native WebMCP. The test server gives pages the repo's polyfill.
import { fileURLToPath } from 'node:url'
import { CHROMIUM, CHROMIUM_ARGS } from '@webmcp-kit/test-config/browser'
import puppeteer from 'puppeteer-core'
import type { Browser, Extension, WebWorker } from 'puppeteer-core'
import type { TestHooks } from '../../src/lib/worker'

export const CHROME_BUILD = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url))

export interface Launched {
  browser: Browser
  extension: Extension
  worker: WebWorker
}

export async function launchChromium(native: boolean): Promise<Launched> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    pipe: true,
    enableExtensions: [CHROME_BUILD],
    args: [...CHROMIUM_ARGS, ...(native ? ['--enable-features=WebMCP'] : [])],
  })
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().endsWith('/background.js'),
  )
  const worker = await target.worker()
  if (!worker) throw new Error('The extension worker did not start.')
  const [extension] = (await browser.extensions()).values()
  if (!extension) throw new Error('The extension did not load.')
  return { browser, extension, worker }
}

type Scope = {
  webmcpKit: TestHooks
  chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } }
}

/** The worker's test hooks, called from Node. */
export const hooks = {
  state: (worker: WebWorker) =>
    worker.evaluate(() => (globalThis as unknown as Scope).webmcpKit.state()),
  pair: (worker: WebWorker, code: string, port: number) =>
    worker.evaluate((c, p) => (globalThis as unknown as Scope).webmcpKit.pair(c, p), code, port),
  pairWithSecret: (worker: WebWorker, secret: string, port: number) =>
    worker.evaluate(
      (s, p) => (globalThis as unknown as Scope).webmcpKit.pairWithSecret(s, p),
      secret,
      port,
    ),
  share: (worker: WebWorker, tab: number) =>
    worker.evaluate((t) => (globalThis as unknown as Scope).webmcpKit.share(t), tab),
  revoke: (worker: WebWorker, target: number | string) =>
    worker.evaluate((t) => (globalThis as unknown as Scope).webmcpKit.revoke(t), target),
  /** The id of the tab showing `url` (readable once the extension has access to the tab). */
  tabOf: (worker: WebWorker, url: string) =>
    worker.evaluate(async (u) => {
      const tabs = await (globalThis as unknown as Scope).chrome.tabs.query({})
      return tabs.find((t) => t.url === u)?.id ?? -1
    }, url),
}

/** Opens `url` in a new tab and shares that tab as the popup's button does (activeTab). */
export async function openShared({ browser, extension, worker }: Launched, url: string) {
  const page = await browser.newPage()
  await page.goto(url)
  await page.triggerExtensionAction(extension)
  const tab = await hooks.tabOf(worker, url)
  await hooks.share(worker, tab)
  return { page, tab }
}
