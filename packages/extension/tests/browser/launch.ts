// The browsers of the suites, each with the extension loaded the way a person's unpacked install
// is: headless Chromium through puppeteer-core (pipe + Extensions.loadUnpacked, which
// `enableExtensions` uses; Chromium keeps --load-extension for unpacked builds too), with or
// without native WebMCP. The test server gives pages the repo's polyfill.
import { fileURLToPath } from 'node:url'
import { CHROMIUM, CHROMIUM_ARGS } from '@webmcp-kit/test-config/browser'
import { FIREFOX } from '@webmcp-kit/test-config/launch-firefox'
import puppeteer from 'puppeteer-core'
import type { Browser, Extension, Page, WebWorker } from 'puppeteer-core'
import type { TestHooks } from '../../src/lib/worker'

export const CHROME_BUILD = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url))
const FIREFOX_BUILD = fileURLToPath(new URL('../../.output/firefox-mv3', import.meta.url))

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
  await hooksSet(worker)
  const [extension] = (await browser.extensions()).values()
  if (!extension) throw new Error('The extension did not load.')
  return { browser, extension, worker }
}

/**
 * Resolves once the worker's module has set `globalThis.webmcpKit`: the service worker target
 * appears before its module has run. In one evaluation (the worker runs one task at a time), either
 * the hooks are there, or a setter on `globalThis` catches the assignment that sets them.
 */
function hooksSet(worker: WebWorker): Promise<void> {
  return worker.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if ('webmcpKit' in globalThis) return resolve()
        Object.defineProperty(globalThis, 'webmcpKit', {
          configurable: true,
          set(value: unknown) {
            Object.defineProperty(globalThis, 'webmcpKit', {
              value,
              writable: true,
              configurable: true,
            })
            resolve()
          },
        })
      }),
  )
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
  setConfirm: (worker: WebWorker, mode: 'consequential' | 'non-read-only') =>
    worker.evaluate((m) => (globalThis as unknown as Scope).webmcpKit.setConfirm(m), mode),
  revoke: (worker: WebWorker, target: number | string) =>
    worker.evaluate((t) => (globalThis as unknown as Scope).webmcpKit.revoke(t), target),
  /** The id of the tab showing `url`, or -1 while the extension cannot read that tab's URL. */
  tabOf: (worker: WebWorker, url: string) =>
    worker.evaluate(async (u) => {
      const tabs = await (globalThis as unknown as Scope).chrome.tabs.query({})
      return tabs.find((t) => t.url === u)?.id ?? -1
    }, url),
}

/** What Chromium's `scripting` says of a page the extension may not (yet) reach. */
const NO_ACCESS = /Cannot access contents of the page/

/**
 * Opens `url` in a new tab and shares that tab as the popup's button does (activeTab). The toolbar
 * action grants the tab, and the worker then reads its URL and runs its script there. Now and then
 * (1 load in 55 here, none on an idle machine) the read still comes back without the URL, and on a
 * busy machine (load 10) the script is refused although the URL was read: the grant has not reached
 * every part of the browser yet, and there is no event to wait for. A person's click on "Share this
 * tab" comes long after the grant; as a person clicks the toolbar button again, the action is
 * triggered again, up to 5 times.
 */
export async function openShared({ browser, extension, worker }: Launched, url: string) {
  const page = await browser.newPage()
  await page.goto(url)
  for (let tries = 1; ; tries++) {
    await page.triggerExtensionAction(extension)
    const tab = await hooks.tabOf(worker, url)
    if (tab !== -1) {
      try {
        await hooks.share(worker, tab)
        return { page, tab }
      } catch (error) {
        if (tries === 5 || !NO_ACCESS.test(String(error))) throw error
      }
    }
    if (tries === 5) throw new Error(`The toolbar action gave no access to ${url} in 5 tries.`)
  }
}

/** The Firefox build's origin: its UUID fixed through the profile, so the test peer can pin it. */
export const FIREFOX_UUID = '6b1f6d1e-8a52-4b8e-9c1a-7e0e3d2c9f41'
export const FIREFOX_ORIGIN = `moz-extension://${FIREFOX_UUID}`
const FIREFOX_ID = 'connector@webmcp-kit.dev'

/**
 * Firefox ESR through puppeteer-core over WebDriver BiDi, the build installed with
 * `webExtension.install`. Optional permissions are granted without a prompt (the person's click
 * is still required: the test clicks the popup's button).
 */
export async function launchFirefox() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {
      'app.normandy.enabled': false,
      'app.update.auto': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'services.settings.server': 'data:,',
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      'extensions.webextOptionalPermissionPrompts': false,
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_ID]: FIREFOX_UUID }),
    },
  })
  await browser.installExtension(FIREFOX_BUILD)
  return browser
}

/** The connector's page, which it opens when installed (BiDi may not open extension pages). */
export async function connectorPage(browser: Browser): Promise<Page> {
  for (;;) {
    const created = new Promise<void>((resolve) => browser.once('targetcreated', () => resolve()))
    for (const page of await browser.pages()) {
      const href = await page.evaluate(() => location.href).catch(() => '')
      if (href.startsWith(FIREFOX_ORIGIN)) return page
    }
    await created
  }
}

/**
 * Shares `site` as the person does in Firefox: the connector's page offers that site, its button
 * is clicked (the profile grants the host permission without a prompt), and the page then shows
 * it shared.
 */
export async function shareSiteByClick(popup: Page, site: string): Promise<void> {
  await popup.bringToFront()
  await popup.evaluate((offered) => {
    location.hash = `site=${encodeURIComponent(offered)}`
  }, site)
  await popup.locator('#share-site:not([disabled])').click()
  await popup.waitForSelector('#share-site[disabled]')
}

/** Runs a popup action from an extension page, as the popup's own buttons do. */
export function popupAction(page: Page, action: string, ...args: unknown[]) {
  return page.evaluate(
    async (a, rest) => {
      const runtime = (
        globalThis as unknown as {
          browser: {
            runtime: {
              sendMessage(m: object): Promise<{ ok: boolean; value?: unknown; error?: string }>
            }
          }
        }
      ).browser.runtime
      const answer = await runtime.sendMessage({ type: 'popup', action: a, args: rest })
      if (!answer.ok) throw new Error(answer.error)
      return answer.value
    },
    action,
    args,
  )
}
