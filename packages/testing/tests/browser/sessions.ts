// One browser per engine, driven through the driver a user of that engine has: Playwright for
// Chromium (native WebMCP and the polyfill), Puppeteer for Firefox ESR (WebDriver BiDi), WebdriverIO
// for WebKitGTK (WebDriver classic). Launched as @webmcp-kit/test-config launches them. Pages
// are attached (the reader runs at document start) where the driver can: not on WebDriver classic.
import { launchPlaywright } from '@webmcp-kit/test-config/launch-chromium'
import { launchPuppeteer } from '@webmcp-kit/test-config/launch-firefox'
import { launchWebdriverIO } from '@webmcp-kit/test-config/launch-webkit'
import { selectEngines } from '@webmcp-kit/test-config/select'
import { driverOf } from '../../src/drivers'
import { attach } from '../../src/webmcp'
import type { WebMCPTarget } from '../../src/drivers'

/** One engine's page, for the suite. */
export interface Session {
  /** e.g. `Playwright + chromium-native`. */
  label: string
  /** Whether the page runs native WebMCP (else the polyfill). */
  native: boolean
  /** Loads `url`, waits for its page script (and its frames') to be ready: the main frame's target. */
  open(url: string): Promise<WebMCPTarget>
  /** The main frame's target again (WebdriverIO: switches back to the top page). */
  top(): Promise<WebMCPTarget>
  /** The target of the child frame whose URL starts with `prefix` (WebdriverIO: switches into it). */
  frame(prefix: string): Promise<WebMCPTarget>
  /** Evaluates `expression` in the main frame. */
  evaluate(expression: string): Promise<unknown>
  close(): Promise<void>
}

/** Polls `check` (a page expression) through `target` until it is truthy: a condition, not a clock. */
export async function until(target: WebMCPTarget, check: string, timeout = 20_000) {
  const driver = driverOf(target)
  const deadline = Date.now() + timeout
  while (!(await driver.evaluate(`!!(${check})`).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`still false after ${timeout} ms: ${check}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

interface FrameLike {
  url(): string
  evaluate(expression: string): Promise<unknown>
}
interface PageDriver {
  goto(url: string): Promise<unknown>
  frames(): FrameLike[]
  evaluate(expression: string): Promise<unknown>
}

/** Playwright and Puppeteer pages differ in nothing the suite uses. */
function pageSession(
  label: string,
  native: boolean,
  page: PageDriver,
  close: () => Promise<void>,
  /** The driver's own page (what `attach` prepared), when `page` wraps it. */
  target: WebMCPTarget = page,
): Session {
  const frame = async (prefix: string) => {
    await until(page, 'true')
    const deadline = Date.now() + 20_000
    for (;;) {
      const found = page.frames().find((candidate) => candidate.url().startsWith(prefix))
      if (found) {
        await until(found, 'window.ready')
        return found
      }
      if (Date.now() > deadline) throw new Error(`no frame at ${prefix}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  return {
    label,
    native,
    async open(url) {
      await page.goto(url)
      await until(page, 'window.ready')
      return target
    },
    top: async () => target,
    frame,
    evaluate: (expression) => page.evaluate(expression),
    close,
  }
}

/** Options of a session: `polyfill`, the polyfill's source, injected before the reader (not native). */
export interface SessionOptions {
  polyfill?: string
}

async function playwright(native: boolean, { polyfill }: SessionOptions): Promise<Session> {
  const browser = await launchPlaywright(native)
  const page = await browser.newPage()
  if (polyfill && !native) await page.addInitScript(polyfill)
  await attach(page)
  return pageSession(`Playwright + ${native ? 'chromium-native' : 'chromium'}`, native, page, () =>
    browser.close(),
  )
}

async function puppeteer({ polyfill }: SessionOptions): Promise<Session> {
  const browser = await launchPuppeteer()
  const page = await browser.newPage()
  if (polyfill) await page.evaluateOnNewDocument(polyfill)
  await attach(page)
  return pageSession(
    'Puppeteer + firefox',
    false,
    {
      goto: (url) => page.goto(url, { waitUntil: 'load' }),
      frames: () => page.frames(),
      evaluate: (expression) => page.evaluate(expression),
    },
    () => browser.close(),
    page,
  )
}

async function webdriverio(): Promise<Session> {
  const { browser, close } = await launchWebdriverIO()
  const top = () => browser.switchFrame(null)
  return {
    label: 'WebdriverIO + webkit',
    native: false,
    top: async () => (await top(), browser),
    async open(url) {
      await top()
      await browser.url(url)
      await until(browser, 'window.ready')
      return browser
    },
    async frame(prefix) {
      await top()
      const deadline = Date.now() + 20_000
      for (;;) {
        for (const element of await browser.$$('iframe')) {
          if (!String(await element.getProperty('src')).startsWith(prefix)) continue
          await browser.switchFrame(element)
          await until(browser, 'window.ready')
          return browser
        }
        if (Date.now() > deadline) throw new Error(`no frame at ${prefix}`)
      }
    },
    async evaluate(expression) {
      await top()
      return driverOf(browser).evaluate(expression)
    },
    close,
  }
}

/** Every session `WEBMCP_ENGINES` selects (default: every engine installed). */
export function sessions(
  options: SessionOptions = {},
): { label: string; start: () => Promise<Session> }[] {
  const engines = selectEngines()
  return [
    ...(engines.includes('chromium')
      ? [
          { label: 'Playwright + chromium-native', start: () => playwright(true, options) },
          { label: 'Playwright + chromium', start: () => playwright(false, options) },
        ]
      : []),
    ...(engines.includes('firefox')
      ? [{ label: 'Puppeteer + firefox', start: () => puppeteer(options) }]
      : []),
    ...(engines.includes('webkit') ? [{ label: 'WebdriverIO + webkit', start: webdriverio }] : []),
  ]
}
