// The driver adapters: how each test driver runs source text in a frame's main world. Nothing here
// imports a driver; targets are told apart by their shape. The project's own browser suites
// (@webmcp-kit/test-infra/engines) drive every engine through these too.

/**
 * A Playwright `Page` or `Frame`, or a Puppeteer `Page` or `Frame`: anything that evaluates an
 * expression in the main world of a frame and resolves with its (awaited) value.
 *
 * @example
 * ```ts
 * const target: PageLike = await browser.newPage() // playwright-core or puppeteer-core
 * ```
 */
export interface PageLike {
  evaluate(expression: string): Promise<unknown>
}

/**
 * A WebdriverIO browser (`remote()`, `browser` in a WDIO test): scripts run in its current
 * browsing context, so `await browser.switchFrame(…)` first to reach a frame.
 *
 * @example
 * ```ts
 * const target: WebdriverIOBrowserLike = await remote({ capabilities: { browserName: 'chrome' } })
 * ```
 */
export interface WebdriverIOBrowserLike {
  sessionId: string
  execute(script: string): Promise<unknown>
}

/**
 * What {@link webmcp} and {@link driverOf} take: a Playwright `Page`/`Frame`, a Puppeteer
 * `Page`/`Frame` or a WebdriverIO browser.
 *
 * @example
 * ```ts
 * const targets: WebMCPTarget[] = [page, page.mainFrame(), wdioBrowser]
 * ```
 */
export type WebMCPTarget = PageLike | WebdriverIOBrowserLike

/**
 * One driver, reduced to what the package needs of it.
 *
 * @example
 * ```ts
 * const driver: Driver = driverOf(page)
 * await driver.evaluate('document.title') // the page's title
 * ```
 */
export interface Driver {
  /** `webdriverio`, or `page` for a Playwright or Puppeteer page or frame. */
  readonly kind: 'page' | 'webdriverio'
  /**
   * Whether two evaluations may be in flight at once. WebDriver classic runs one script at a time
   * per session, so long waits in the page are cut into slices there.
   */
  readonly concurrent: boolean
  /** Evaluates `expression` in the frame's main world and resolves with its awaited value. */
  evaluate(expression: string): Promise<unknown>
}

const isWebdriverIO = (target: object): target is WebdriverIOBrowserLike =>
  typeof (target as { execute?: unknown }).execute === 'function' &&
  typeof (target as { sessionId?: unknown }).sessionId === 'string'

/**
 * The {@link Driver} of a Playwright or Puppeteer page or frame, or of a WebdriverIO browser.
 *
 * @throws {TypeError} For anything else, saying what to pass.
 * @example
 * ```ts
 * const driver = driverOf(page)
 * const title = await driver.evaluate('document.title')
 * ```
 */
export function driverOf(target: WebMCPTarget): Driver {
  if (target !== null && typeof target === 'object') {
    if (isWebdriverIO(target)) {
      const browser = target
      return {
        kind: 'webdriverio',
        concurrent: false,
        // A script body (WebDriver's Execute Script); the returned promise is awaited.
        evaluate: (expression) => browser.execute(`return (${expression}\n)`),
      }
    }
    if (typeof (target as PageLike).evaluate === 'function') {
      const page = target as PageLike
      return { kind: 'page', concurrent: true, evaluate: (expression) => page.evaluate(expression) }
    }
  }
  throw new TypeError(
    'webmcp(target): expected a Playwright Page or Frame, a Puppeteer Page or Frame, or a ' +
      `WebdriverIO browser, got ${target === null ? 'null' : typeof target}. Pass \`page\`, ` +
      '`page.mainFrame()`, `page.frames()[i]` or the WebdriverIO `browser`.',
  )
}
