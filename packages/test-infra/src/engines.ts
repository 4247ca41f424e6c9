// One way to drive every browser engine the project tests in, for the browser suites and the
// benchmarks.
//
//   const browser = await launch('firefox')      // 'chromium-native' | 'chromium' | 'firefox' | 'webkit'
//   const page = await browser.newPage()
//   await page.goto(`${server.origin}/`)
//   await page.evaluate((n) => n + 1, 41)         // 42; or page.evaluate('1 + 1')
//   await page.close(); await browser.close()
//
// Each engine is launched as @webmcp-kit/test-config launches it (launch-chromium.ts,
// launch-firefox.ts, launch-webkit.ts), and every page runs its scripts through the driver adapters
// of @webmcp-kit/testing (`driverOf`), the ones that package's users get.
//
// `evaluate` behaves the same in every engine, and like playwright's `page.evaluate`: a function is
// called with `arg` (which must survive JSON); a string is evaluated, and called when it evaluates to a
// function; a promise is awaited; the value comes back through one serialiser (serialise.ts), so a
// value compares equal whichever engine produced it.
//
// A launched browser lives in one process. `serve(browser)` shares it with others (vitest workers)
// over a small HTTP endpoint on loopback; `connect(endpoint)` there gives the same interface
// (share.ts).
import { launchPlaywright } from '@webmcp-kit/test-config/launch-chromium'
import { launchPuppeteer } from '@webmcp-kit/test-config/launch-firefox'
import { launchWebdriverIO } from '@webmcp-kit/test-config/launch-webkit'
import { available, installCommand, selectEngines } from '@webmcp-kit/test-config/select'
import type { EngineName, LaunchName } from '@webmcp-kit/test-config/select'
import { driverOf } from '@webmcp-kit/testing'
import { browserOf } from './page'
import type { ServableBrowser } from './page'
import { serve } from './share'

export { selectEngines }
export type { EngineName, LaunchName, ServableBrowser }
export type { Browser, Page, WaitOptions } from './page'
export { connect, serve } from './share'

async function launchChromium(native: boolean): Promise<ServableBrowser> {
  const browser = await launchPlaywright(native)
  const context = await browser.newContext()
  return browserOf(native ? 'chromium-native' : 'chromium', `Chromium ${browser.version()}`, {
    async newPage() {
      const page = await context.newPage()
      const driver = driverOf(page)
      return {
        goto: async (url: string) => void (await page.goto(url)),
        run: (source: string) => driver.evaluate(source),
        close: () => page.close(),
      }
    },
    close: () => browser.close(),
  })
}

async function launchFirefox(): Promise<ServableBrowser> {
  const browser = await launchPuppeteer()
  const version = (await browser.version()).replace(/^firefox\//, 'Firefox ')
  return browserOf('firefox', version, {
    async newPage() {
      const page = await browser.newPage()
      const driver = driverOf(page)
      return {
        goto: async (url: string) => void (await page.goto(url, { waitUntil: 'load' })),
        run: (source: string) => driver.evaluate(source),
        close: () => page.close(),
      }
    },
    close: () => browser.close(),
    reuse: true,
  })
}

/** Runs `steps` of one WebDriver session with no other command in between (classic has one current window). */
function exclusive() {
  let queue: Promise<unknown> = Promise.resolve()
  return <T>(steps: () => Promise<T>): Promise<T> => {
    const run = queue.then(steps)
    queue = run.catch(() => {})
    return run
  }
}

async function launchWebKit(): Promise<ServableBrowser> {
  const { browser, close } = await launchWebdriverIO()
  const run = exclusive()
  const driver = driverOf(browser)
  // The first window stays open (closing the last window would end the session), and is the
  // current window between commands: WebDriver's New Window needs an open current window.
  const home = await browser.getWindowHandle()
  const { browserName, browserVersion } = browser.capabilities
  const name = browserName === 'MiniBrowser' ? 'WebKitGTK' : browserName
  return browserOf('webkit', `${name} ${browserVersion}`, {
    async newPage() {
      const { handle } = await run(() => browser.createWindow('window'))
      const on = <T>(steps: () => Promise<T>) =>
        run(async () => {
          await browser.switchToWindow(handle)
          try {
            return await steps()
          } finally {
            await browser.switchToWindow(home)
          }
        })
      return {
        goto: (url: string) => on(() => browser.url(url)).then(() => {}),
        run: (source: string) => on(() => driver.evaluate(source)),
        close: () => on(() => browser.closeWindow()).then(() => {}),
      }
    },
    close,
    reuse: true,
  })
}

/**
 * Launches `engine`: `chromium-native` (Chromium with native WebMCP), `chromium` (without: the
 * polyfill's Chromium), `firefox` or `webkit`.
 */
export async function launch(engine: LaunchName): Promise<ServableBrowser> {
  if (!available(engine)) {
    throw new Error(`${engine} is not installed: run \`${installCommand(engine)}\`.`)
  }
  if (engine === 'chromium-native' || engine === 'chromium')
    return launchChromium(engine !== 'chromium')
  if (engine === 'firefox') return launchFirefox()
  return launchWebKit()
}

/**
 * For a browser suite's vitest globalSetup: launches every engine `WEBMCP_ENGINES` selects, one
 * after another (`chromium` gives two: `chromium-native` with the WebMCP flag and `chromium`
 * without), and serves each for `connect`. `endpoints` maps each engine's name to its endpoint.
 * `engines` defaults to `selectEngines()`.
 */
export async function launchEngines(engines: EngineName[] = selectEngines()): Promise<{
  endpoints: Partial<Record<LaunchName, string>>
  versions: Partial<Record<LaunchName, string>>
  close(): Promise<void>
}> {
  const names = engines.flatMap((engine): LaunchName[] =>
    engine === 'chromium' ? ['chromium-native', 'chromium'] : [engine],
  )
  const open: Array<{ close(): Promise<void> }> = []
  const endpoints: Partial<Record<LaunchName, string>> = {}
  const versions: Partial<Record<LaunchName, string>> = {}
  const close = async () => {
    for (const item of open.reverse()) await item.close().catch(() => {})
  }
  try {
    for (const name of names) {
      const browser = await launch(name)
      open.push(browser)
      const served = await serve(browser)
      open.push(served)
      endpoints[name] = served.endpoint
      versions[name] = browser.version
    }
  } catch (error) {
    await close()
    throw error
  }
  return { endpoints, versions, close }
}
