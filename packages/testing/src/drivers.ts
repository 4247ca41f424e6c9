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
  /** Whether the session speaks WebDriver BiDi (what `attach` needs). */
  isBidi?: boolean
  /** WebDriver BiDi's `script.addPreloadScript`. */
  scriptAddPreloadScript?(params: { functionDeclaration: string }): Promise<unknown>
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
 * What {@link attach} takes: a {@link WebMCPTarget}, or a Playwright `BrowserContext` (every page
 * of it).
 *
 * @example
 * ```ts
 * const targets: AttachTarget[] = [page, context, wdioBrowser]
 * ```
 */
export type AttachTarget = WebMCPTarget | { addInitScript(script: string): Promise<unknown> }

/** @internal A reader's key and the name of its entry point, for the pages an init script prepares. */
export interface Attachment {
  key: Buffer
  name: string
}

const attachments = new WeakMap<object, Attachment>()

type Shape = {
  page?: () => unknown
  context?: () => unknown
  addInitScript?: (script: string) => Promise<unknown>
  evaluateOnNewDocument?: (script: string) => Promise<unknown>
}

/** @internal The attachment that covers `target`: its own, its page's or its browser context's. */
export function attachmentOf(target: WebMCPTarget): Attachment | undefined {
  const found = attachments.get(target)
  if (found || isWebdriverIO(target)) return found
  const shape = target as Shape
  const page = typeof shape.page === 'function' ? (shape.page() as Shape | null) : undefined
  for (const candidate of [page, shape]) {
    if (!candidate) continue
    const own = candidate !== shape ? attachments.get(candidate) : undefined
    if (own) return own
    const context: unknown =
      typeof candidate.context === 'function' ? candidate.context() : undefined
    const shared = context && typeof context === 'object' ? attachments.get(context) : undefined
    if (shared) return shared
  }
  return undefined
}

/**
 * @internal Where an init script for `target` goes, and how to add it: `null` when `target` is
 * attached already.
 */
export function preloaderOf(
  target: AttachTarget,
): { owner: object; add(script: string): Promise<unknown> } | null {
  if (target !== null && typeof target === 'object') {
    if (isWebdriverIO(target)) {
      if (!target.isBidi || typeof target.scriptAddPreloadScript !== 'function')
        throw new Error(
          "attach(browser): this WebdriverIO session speaks WebDriver classic, which has no way to run a script before the page's own. " +
            'Start it on WebDriver BiDi (WebdriverIO 9 does unless `wdio:enforceWebDriverClassic` is set), ' +
            'or use webmcp(browser) without attach(), which reads the page as its scripts left it.',
        )
      const browser = target
      return attachments.has(browser)
        ? null
        : {
            owner: browser,
            add: (script) =>
              browser.scriptAddPreloadScript!({ functionDeclaration: `() => { ${script} }` }),
          }
    }
    const shape = target as Shape
    if (
      typeof shape.addInitScript === 'function' ||
      typeof shape.evaluateOnNewDocument === 'function'
    ) {
      if (attachments.has(target)) return null
      return {
        owner: target,
        add: (script) =>
          typeof shape.addInitScript === 'function'
            ? shape.addInitScript(script)
            : shape.evaluateOnNewDocument!(script),
      }
    }
    const page = typeof shape.page === 'function' ? shape.page() : undefined
    if (page && typeof page === 'object') return preloaderOf(page as AttachTarget)
  }
  throw new TypeError(
    'attach(target): expected a Playwright Page, Frame or BrowserContext, a Puppeteer Page or ' +
      `Frame, or a WebdriverIO browser, got ${target === null ? 'null' : typeof target}.`,
  )
}

/** @internal Remembers that `owner`'s documents run the reader of `attachment`. */
export const remember = (owner: object, attachment: Attachment) =>
  void attachments.set(owner, attachment)

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
