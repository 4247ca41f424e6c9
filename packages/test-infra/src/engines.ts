// One way to drive every browser engine the project tests in, for the browser suites and the
// benchmarks (issue 11).
//
//   const browser = await launch('firefox')      // 'chromium-native' | 'chromium' | 'firefox' | 'webkit'
//   const page = await browser.newPage()
//   await page.goto(`${server.origin}/`)
//   await page.evaluate((n) => n + 1, 41)         // 42; or page.evaluate('1 + 1')
//   await page.close(); await browser.close()
//
// Chromium: Debian's chromium through playwright-core (`chromium-native` has the WebMCP flag on).
// Firefox: Debian's firefox-esr through puppeteer-core (WebDriver BiDi, headless).
// WebKit: WebKitGTK's MiniBrowser through WebdriverIO and WebKitWebDriver (WebDriver classic) on an
// Xvfb display of its own (started here when DISPLAY is unset).
// Every page runs its scripts through @webmcp-kit/testing's driver adapters (`driverOf`), the ones
// that package's users get; `launchPlaywright`, `launchPuppeteer` and `launchWebdriverIO` hand out
// the drivers' own browsers, launched the same way (that package's suite drives them directly).
//
// `evaluate` behaves the same in every engine, and like playwright's `page.evaluate`: a function is
// called with `arg` (which must survive JSON); a string is evaluated, and called when it evaluates to a
// function; a promise is awaited; the value comes back through one serialiser (undefined, NaN, ±Infinity,
// -0, BigInt, Date, URL, RegExp, Error, cycles; windows and nodes as 'ref: <Window>' …; functions and
// symbols as undefined), so a value compares equal whichever engine produced it.
//
// A launched browser lives in one process. `serve(browser)` shares it with others (vitest workers)
// over a small HTTP endpoint on loopback; `connect(endpoint)` there gives the same interface.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { ChildProcess } from 'node:child_process'
import type { Server } from 'node:http'
import { chromium } from 'playwright-core'
import type { Browser as PlaywrightBrowser } from 'playwright-core'
import type { Browser as PuppeteerBrowser } from 'puppeteer-core'
import type { Browser as WebdriverIOBrowser } from 'webdriverio'
// @webmcp-kit/testing's driver adapters, from its source (internal to that package: not exported).
import { driverOf } from '../../testing/src/drivers'
import { CHROMIUM, chromiumOptions } from './browser'

/** What `WEBMCP_ENGINES` may name; `chromium` stands for the native/polyfill Chromium pair. */
export type EngineName = 'chromium' | 'firefox' | 'webkit'
/** What `launch` takes: `chromium-native` has the WebMCP flag on. */
export type LaunchName = EngineName | 'chromium-native'

/** A function run in the page: its source is sent, so it may use only its argument. */
type PageFunction<A, R> = (arg: A) => R | Promise<R>

export interface Page {
  /** Navigates and waits for the `load` event. */
  goto(url: string): Promise<void>
  /**
   * Runs `fn(arg)` (arg must survive JSON) or evaluates `expression` in the page, awaits a promise,
   * and returns the value through one serialiser shared by every engine (playwright's rules).
   */
  evaluate<A, R>(fn: PageFunction<A, R>, arg?: A): Promise<R>
  evaluate(expression: string): Promise<unknown>
  /** Polls `evaluate(fn, arg)` until it returns something truthy (default: 30 s timeout, every 20 ms). */
  waitForFunction<A, R>(fn: PageFunction<A, R> | string, arg?: A, options?: WaitOptions): Promise<R>
  close(): Promise<void>
}

export interface WaitOptions {
  timeout?: number
  polling?: number
}

export interface Browser {
  engine: string
  /** e.g. `Firefox 153.8.0`, `WebKitGTK 2.50.6`. */
  version: string
  newPage(): Promise<Page>
  close(): Promise<void>
}

/** What `script` resolves with in the page. */
interface Outcome {
  ok?: string
  error?: string
}

/** A tab of a driver: runs one script source and resolves with what it resolves to. */
interface RawPage {
  goto(url: string): Promise<void>
  run(source: string): Promise<unknown>
  close(): Promise<void>
}

type Evaluate = (
  expressionOrFn: string | PageFunction<never, unknown>,
  arg?: unknown,
) => Promise<unknown>

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
export const WEBKIT_BROWSER =
  process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

/** The engines `WEBMCP_ENGINES` may name. `chromium` stands for the native/polyfill Chromium pair. */
export const ENGINES: EngineName[] = ['chromium', 'firefox', 'webkit']

/** What each engine needs on disk, and how to get it (Debian packages). */
const REQUIREMENTS: Record<EngineName, { files: string[]; install: string }> = {
  chromium: { files: [CHROMIUM], install: 'apt-get install -y chromium' },
  firefox: { files: [FIREFOX], install: 'apt-get install -y firefox-esr' },
  webkit: {
    files: [WEBKIT_DRIVER, WEBKIT_BROWSER],
    install: 'apt-get install -y webkit2gtk-driver xvfb',
  },
}

const base = (engine: LaunchName): EngineName =>
  engine === 'chromium-native' ? 'chromium' : engine

/** Whether `engine` (`chromium-native`, `chromium`, `firefox`, `webkit`) is installed here. */
export function available(engine: LaunchName): boolean {
  const needs = REQUIREMENTS[base(engine)] as (typeof REQUIREMENTS)[EngineName] | undefined
  if (!needs) throw new Error(`Unknown engine "${engine}" (have: ${ENGINES.join(', ')}).`)
  const xvfb = base(engine) !== 'webkit' || process.env.DISPLAY || existsSync('/usr/bin/Xvfb')
  return needs.files.every((file) => existsSync(file)) && !!xvfb
}

/**
 * The engines to run, from `WEBMCP_ENGINES` (comma-separated, e.g. `chromium,firefox,webkit`).
 * Unset: every engine installed here. Named but missing: an error that says how to install it.
 */
export function selectEngines(value = process.env.WEBMCP_ENGINES): EngineName[] {
  if (!value?.trim()) return ENGINES.filter((engine) => available(engine))
  const engines = value
    .split(',')
    .map((engine) => engine.trim())
    .filter(Boolean) as EngineName[]
  for (const engine of engines) {
    if (!ENGINES.includes(engine)) {
      throw new Error(`WEBMCP_ENGINES: unknown engine "${engine}" (have: ${ENGINES.join(', ')}).`)
    }
    if (!available(engine)) {
      throw new Error(
        `WEBMCP_ENGINES names ${engine}, which is not installed: run \`${REQUIREMENTS[engine].install}\`.`,
      )
    }
  }
  return engines
}

// ---------------------------------------------------------------------------------------------
// Values out of the page: one serialiser for every engine (playwright's rules, see the header).

/** Runs in the page (sent as source text): `value` as JSON text that `decode` reads back. */
function encodeInPage(value: unknown): string {
  const visited = new Map<object, number>()
  let lastId = 0
  const inner = (v: unknown): unknown => {
    if (typeof v === 'symbol' || v === undefined) return { v: 'undefined' }
    if (v === null) return { v: 'null' }
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return { v: 'NaN' }
      if (v === Infinity) return { v: 'Infinity' }
      if (v === -Infinity) return { v: '-Infinity' }
      if (Object.is(v, -0)) return { v: '-0' }
      return v
    }
    if (typeof v === 'boolean' || typeof v === 'string') return v
    if (typeof v === 'bigint') return { bi: v.toString() }
    if (typeof v !== 'object') return undefined
    const tag = Object.prototype.toString.call(v)
    if (v instanceof Error || tag === '[object Error]') {
      const error = v as Error
      return { e: { n: error.name, m: error.message, s: String(error.stack) } }
    }
    if (tag === '[object Date]') return { d: (v as Date).toJSON() }
    if (tag === '[object URL]') return { u: (v as URL).toJSON() }
    if (tag === '[object RegExp]') return { r: { p: (v as RegExp).source, f: (v as RegExp).flags } }
    const seen = visited.get(v)
    if (seen) return { ref: seen }
    const id = ++lastId
    visited.set(v, id)
    if (Array.isArray(v)) return { a: Array.from(v, (item) => outer(item)), id }
    const o: Array<{ k: string; v: unknown }> = []
    const record = v as Record<string, unknown>
    for (const k of Object.keys(v)) {
      let item: unknown
      try {
        item = record[k]
      } catch {
        continue
      }
      o.push({
        k,
        v: k === 'toJSON' && typeof item === 'function' ? { o: [], id: 0 } : outer(item),
      })
    }
    if (!o.length && typeof record.toJSON === 'function') {
      try {
        return inner((record.toJSON as () => unknown)())
      } catch {
        // as an empty object
      }
    }
    return { o, id }
  }
  const outer = (v: unknown): unknown => {
    if (v && typeof v === 'object') {
      if (typeof Window === 'function' && v instanceof Window) return 'ref: <Window>'
      if (typeof Document === 'function' && v instanceof Document) return 'ref: <Document>'
      if (typeof Node === 'function' && v instanceof Node) return 'ref: <Node>'
    }
    return inner(v)
  }
  try {
    return JSON.stringify(value === undefined ? null : { value: outer(value) })
  } catch {
    return 'null'
  }
}

/** Reads back what `encodeInPage` wrote. */
export function decode(text: string): unknown {
  const outer = JSON.parse(text) as { value: unknown } | null
  if (outer === null) return undefined
  const refs = new Map<unknown, unknown>()
  // The encoded shapes are encodeInPage's: read as it wrote them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const parse = (value: any): unknown => {
    if (value === undefined || value === null || typeof value !== 'object') return value
    if ('ref' in value) return refs.get(value.ref)
    if ('v' in value) {
      const special: Record<string, unknown> = {
        null: null,
        NaN: NaN,
        Infinity: Infinity,
        '-Infinity': -Infinity,
        '-0': -0,
      }
      return value.v in special ? special[value.v] : undefined
    }
    if ('d' in value) return new Date(value.d)
    if ('u' in value) return new URL(value.u)
    if ('bi' in value) return BigInt(value.bi)
    if ('r' in value) return new RegExp(value.r.p, value.r.f)
    if ('e' in value) {
      const error = new Error(value.e.m)
      error.name = value.e.n
      error.stack = value.e.s
      return error
    }
    if ('a' in value) {
      const out: unknown[] = []
      refs.set(value.id, out)
      for (const item of value.a) out.push(parse(item))
      return out
    }
    if ('o' in value) {
      const out: Record<string, unknown> = {}
      refs.set(value.id, out)
      for (const { k, v } of value.o) if (k !== '__proto__') out[k] = parse(v)
      return out
    }
    return undefined
  }
  return parse(outer.value)
}

/**
 * The source of an expression that runs `expression` (or calls function `fn` with `arg`) in the
 * page and resolves with `{ ok: encoded }` or `{ error: message }`.
 */
function script(expressionOrFn: string | PageFunction<never, unknown>, arg?: unknown): string {
  const call =
    typeof expressionOrFn === 'function'
      ? `(${expressionOrFn})(${arg === undefined ? '' : JSON.stringify(arg)})`
      : `((value) => typeof value === 'function' ? value() : value)(${expressionOrFn}\n)`
  return `(async () => {
    try {
      return { ok: (${encodeInPage})(await (${call})) }
    } catch (error) {
      return { error: String(error && error.stack ? error.message + '\\n' + error.stack : error) }
    }
  })()`
}

/** Polls `evaluate(fn, arg)` until it is truthy, like playwright's `page.waitForFunction`. */
async function waitFor(
  evaluate: Evaluate,
  fn: string | PageFunction<never, unknown>,
  arg: unknown,
  { timeout = 30_000, polling = 20 }: WaitOptions = {},
): Promise<unknown> {
  const deadline = Date.now() + timeout
  for (;;) {
    const value = await evaluate(fn, arg)
    if (value) return value
    if (Date.now() > deadline) throw new Error(`waitForFunction: still falsy after ${timeout} ms`)
    await new Promise((resolve) => setTimeout(resolve, polling))
  }
}

function unwrap(result: unknown): unknown {
  const outcome = result as Outcome | null | undefined
  if (outcome && typeof outcome.ok === 'string') return decode(outcome.ok)
  throw new Error(`evaluate: ${outcome?.error ?? 'no result'}`)
}

/**
 * A `Browser` from a driver whose pages run one script source and return what it resolves to.
 * With `reuse`, a closed page's tab goes back to a pool at `about:blank` and serves the next
 * `newPage()`: a new tab costs about 0.6 s in Firefox and WebKitGTK here, a navigation 0.2 s.
 */
/** A served browser's page: a `Page` whose raw outcome `serve` can forward. */
interface ServedPage extends Page {
  /** @internal The raw outcome, for `serve`. */
  run(source: string): Promise<unknown>
}

/** A browser launched in this process, which `serve` can share. */
export interface ServableBrowser extends Browser {
  newPage(): Promise<ServedPage>
}

function browserOf(
  engine: string,
  version: string,
  {
    newPage,
    close,
    reuse = false,
  }: { newPage(): Promise<RawPage>; close(): Promise<void>; reuse?: boolean },
): ServableBrowser {
  const idle: RawPage[] = []
  return {
    engine,
    version,
    async newPage() {
      const page = idle.pop() ?? (await newPage())
      let closed = false
      const evaluate: Evaluate = async (expressionOrFn, arg) =>
        unwrap(await page.run(script(expressionOrFn, arg)))
      return {
        goto: (url) => page.goto(url),
        evaluate: evaluate as Page['evaluate'],
        waitForFunction: ((fn, arg, options) =>
          waitFor(evaluate, fn, arg, options)) as Page['waitForFunction'],
        run: (source) => page.run(source),
        async close() {
          if (closed) return
          closed = true
          if (reuse) {
            try {
              await page.goto('about:blank')
              idle.push(page)
              return
            } catch {
              // Not reusable: closed below.
            }
          }
          await page.close()
        },
      }
    },
    close,
  }
}

// ---------------------------------------------------------------------------------------------
// The engines.

/** Debian's Chromium through playwright-core, with this machine's flags (`native`: WebMCP on). */
export const launchPlaywright = (native: boolean): Promise<PlaywrightBrowser> =>
  chromium.launch(chromiumOptions(native))

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

/** Firefox preferences: nothing reaches for the network at start (there is none here). */
const FIREFOX_PREFS = {
  'app.normandy.enabled': false,
  'app.update.auto': false,
  'browser.region.network.url': '',
  'datareporting.policy.dataSubmissionEnabled': false,
  'messaging-system.rsexperimentloader.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'services.settings.server': 'data:,',
  // As Chromium's --host-resolver-rules (browser.mjs): an origin that is not potentially trustworthy.
  'network.dns.localDomains': 'insecure.test',
}

/** Debian's Firefox ESR through puppeteer-core (WebDriver BiDi, headless), with no network at start. */
export async function launchPuppeteer(): Promise<PuppeteerBrowser> {
  const { default: puppeteer } = await import('puppeteer-core')
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: FIREFOX_PREFS,
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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })

/** Starts Xvfb on a free display; resolves with the display name and the process. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    xvfb.once('error', reject)
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)))
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      out += chunk
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, process: xvfb })
    })
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

/** The hosts that resolve to loopback as they do in Chromium (browser.mjs) and Firefox (prefs). */
const LOOPBACK_ALIASES = ['insecure.test']

/**
 * WebKitGTK cannot map host names; it can use a proxy. This one forwards plain-HTTP requests for
 * `LOOPBACK_ALIASES` to 127.0.0.1 on the same port, and refuses everything else.
 */
async function aliasProxy(): Promise<Server> {
  const { request: forward } = await import('node:http')
  const server = createServer((request, response) => {
    let url: URL | undefined
    try {
      url = new URL(request.url ?? '')
    } catch {
      url = undefined
    }
    if (!url || url.protocol !== 'http:' || !LOOPBACK_ALIASES.includes(url.hostname)) {
      response.writeHead(502)
      response.end()
      return
    }
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: url.port || 80,
        method: request.method,
        path: url.pathname + url.search,
        headers: request.headers,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers)
        reply.pipe(response)
      },
    )
    upstream.on('error', () => {
      response.writeHead(502)
      response.end()
    })
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

/**
 * WebKitGTK's MiniBrowser through WebdriverIO and WebKitWebDriver (WebDriver classic), on an Xvfb
 * display of its own when DISPLAY is unset, through a proxy that maps `insecure.test` to loopback.
 * `close()` ends the session, the driver and the display.
 */
export async function launchWebdriverIO(): Promise<{
  browser: WebdriverIOBrowser
  close(): Promise<void>
}> {
  const started: ChildProcess[] = []
  // If this process ends without close(), its driver and display go with it.
  const orphans = () => started.forEach((child) => child.exitCode === null && child.kill())
  process.once('exit', orphans)
  let proxy: Server | undefined
  const stop = async () => {
    process.off('exit', orphans)
    for (const child of started) if (child.exitCode === null) child.kill()
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()))
  }
  try {
    proxy = await aliasProxy()
    let display = process.env.DISPLAY
    if (!display) {
      const xvfb = await startXvfb()
      started.push(xvfb.process)
      display = xvfb.display
    }
    const port = await freePort()
    const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      stdio: 'ignore',
      env: { ...process.env, DISPLAY: display },
    })
    started.push(driver)
    const { remote } = await import('webdriverio')
    const options = {
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error' as const,
      // The driver is still starting (connection refused): WebdriverIO retries.
      connectionRetryCount: 50,
      connectionRetryTimeout: 60_000,
      capabilities: {
        browserName: 'MiniBrowser',
        // WebKitWebDriver speaks WebDriver classic only.
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          binary: WEBKIT_BROWSER,
          args: [
            '--automation',
            `--proxy=http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
            // One host per flag.
            ...['localhost', '127.0.0.1', '::1'].map((host) => `--ignore-host=${host}`),
          ],
        },
      },
    }
    let browser: WebdriverIOBrowser | undefined
    for (let attempt = 0; !browser; attempt++) {
      try {
        browser = await remote(options)
      } catch (error) {
        if (attempt > 50 || !/ECONNREFUSED|fetch failed/.test(String(error))) throw error
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    // WebDriver classic runs one command at a time: a script that never settles holds the session
    // until its timeout, and every case queued behind it fails with it. 25 s ends it within its own
    // case's 30 s (the slowest script here, a fuzz batch of 100 cases, takes about 4 s).
    await browser.setTimeout({ script: 25_000, pageLoad: 60_000 })
    const session = browser
    return {
      browser: session,
      async close() {
        await session.deleteSession().catch(() => {})
        await stop()
      },
    }
  } catch (error) {
    await stop()
    throw error
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
    throw new Error(`${engine} is not installed: run \`${REQUIREMENTS[base(engine)].install}\`.`)
  }
  if (engine === 'chromium-native' || engine === 'chromium')
    return launchChromium(engine !== 'chromium')
  if (engine === 'firefox') return launchFirefox()
  return launchWebKit()
}

// ---------------------------------------------------------------------------------------------
// Sharing one launched browser with other processes.

/** One request to `serve`'s endpoint. */
interface Message {
  op: string
  page?: number
  url?: string
  source?: string
}

/** Serves `browser` to other processes on a loopback port; returns the endpoint for `connect`. */
export async function serve(
  browser: ServableBrowser,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const pages = new Map<number, ServedPage>()
  let next = 0
  // Each op runs only after the page it names was found (below).
  const page = (message: Message) => pages.get(message.page ?? -1) as ServedPage
  const ops: Record<string, (message: Message) => unknown> = {
    info: () => ({ engine: browser.engine, version: browser.version }),
    newPage: async () => {
      const id = ++next
      pages.set(id, await browser.newPage())
      return id
    },
    goto: (message) => page(message).goto(message.url ?? ''),
    run: (message) => page(message).run(message.source ?? ''),
    close: async (message) => {
      const p = pages.get(message.page ?? -1)
      pages.delete(message.page ?? -1)
      await p?.close()
    },
  }
  const server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    let reply
    try {
      const message = JSON.parse(body) as Message
      const op = ops[message.op]
      if (!op) throw new Error(`unknown op ${message.op}`)
      if (message.page !== undefined && !pages.has(message.page)) throw new Error('no such page')
      reply = { ok: (await op(message)) ?? null }
    } catch (error) {
      reply = { error: String(error instanceof Error ? error.message : error) }
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(reply))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A `Browser` served by `serve` in another process. Its `close()` closes only this connection's
 * pages; the browser belongs to the process that launched it.
 */
export async function connect(endpoint: string): Promise<Browser> {
  const call = async <T = unknown>(message: Message): Promise<T> => {
    const response = await fetch(endpoint, { method: 'POST', body: JSON.stringify(message) })
    const reply = (await response.json()) as { ok: T } | { error: string }
    if ('error' in reply) throw new Error(reply.error)
    return reply.ok
  }
  const { engine, version } = await call<{ engine: string; version: string }>({ op: 'info' })
  const open = new Set<number>()
  return {
    engine,
    version,
    async newPage() {
      const page = await call<number>({ op: 'newPage' })
      open.add(page)
      const evaluate: Evaluate = async (expressionOrFn, arg) =>
        unwrap(await call({ op: 'run', page, source: script(expressionOrFn, arg) }))
      return {
        goto: async (url) => void (await call({ op: 'goto', page, url })),
        evaluate: evaluate as Page['evaluate'],
        waitForFunction: ((fn, arg, options) =>
          waitFor(evaluate, fn, arg, options)) as Page['waitForFunction'],
        close: async () => {
          if (open.delete(page)) await call({ op: 'close', page })
        },
      }
    },
    async close() {
      await Promise.all([...open].map((page) => call({ op: 'close', page }).catch(() => {})))
      open.clear()
    },
  }
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
