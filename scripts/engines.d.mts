// Types of engines.mjs, for the TypeScript browser suites.
import type { Browser as PlaywrightBrowser } from 'playwright-core'
import type { Browser as PuppeteerBrowser } from 'puppeteer-core'
import type { Browser as WebdriverIOBrowser } from 'webdriverio'

/** What `WEBMCP_ENGINES` may name; `chromium` stands for the native/polyfill Chromium pair. */
export type EngineName = 'chromium' | 'firefox' | 'webkit'
/** What `launch` takes: `chromium-native` has the WebMCP flag on. */
export type LaunchName = EngineName | 'chromium-native'

export interface Page {
  /** Navigates and waits for the `load` event. */
  goto(url: string): Promise<void>
  /**
   * Runs `fn(arg)` (arg must survive JSON) or evaluates `expression` in the page, awaits a promise,
   * and returns the value through one serialiser shared by every engine (playwright's rules).
   */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>
  evaluate(expression: string): Promise<unknown>
  /** Polls `evaluate(fn, arg)` until it returns something truthy (default: 30 s timeout, every 20 ms). */
  waitForFunction<A, R>(
    fn: ((arg: A) => R | Promise<R>) | string,
    arg?: A,
    options?: { timeout?: number; polling?: number },
  ): Promise<R>
  close(): Promise<void>
}

export interface Browser {
  engine: string
  /** e.g. `Firefox 153.8.0`, `WebKitGTK 2.50.6`. */
  version: string
  newPage(): Promise<Page>
  close(): Promise<void>
}

export const ENGINES: EngineName[]
export const FIREFOX: string
export const WEBKIT_DRIVER: string
export const WEBKIT_BROWSER: string
export function available(engine: LaunchName): boolean
export function selectEngines(value?: string): EngineName[]
export function launch(engine: LaunchName): Promise<Browser>
/** Debian's Chromium through playwright-core, with this machine's flags (`native`: WebMCP on). */
export function launchPlaywright(native: boolean): Promise<PlaywrightBrowser>
/** Debian's Firefox ESR through puppeteer-core (WebDriver BiDi, headless), no network at start. */
export function launchPuppeteer(): Promise<PuppeteerBrowser>
/**
 * WebKitGTK's MiniBrowser through WebdriverIO and WebKitWebDriver (WebDriver classic), on an Xvfb
 * display of its own when DISPLAY is unset. `close()` ends the session, the driver and the display.
 */
export function launchWebdriverIO(): Promise<{
  browser: WebdriverIOBrowser
  close(): Promise<void>
}>
export function serve(browser: Browser): Promise<{ endpoint: string; close(): Promise<void> }>
export function connect(endpoint: string): Promise<Browser>
export function launchEngines(engines?: EngineName[]): Promise<{
  endpoints: Partial<Record<LaunchName, string>>
  versions: Partial<Record<LaunchName, string>>
  close(): Promise<void>
}>
export function decode(text: string): unknown
