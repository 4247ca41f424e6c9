// A tool call and a `tools/list` made by an MCP client through `webmcp-kit-bridge --extension` and
// the connector extension, beside the same through the CDP bridge serving the same tab (Chromium
// only). Each column is a Chromium with the extension loaded (one with native WebMCP, one without),
// paired and shared with no click, as docs/extension.md's "Automation (no clicks)" says: the bridge
// is given the secret and the extension's origin, the worker's `webmcpKit.pairWithSecret` the same
// secret; a tab is shared by the toolbar action (the DevTools `Extensions.triggerAction`, which
// grants activeTab as a click does and opens the popup) and, once the popup offers that tab,
// `webmcpKit.share(tabId)`.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { TIMING, calibrate, median, prepareIn, sampleIn } from '../measure.mjs'
import { ROWS as BRIDGE } from './bridge.mjs'

await import('@webmcp-kit/test-config/register')
const { chromiumOptions } = await import('@webmcp-kit/test-config/browser')

/**
 * @typedef {import('../measure.mjs').Row} Row
 * @typedef {import('../measure.mjs').Server} Server
 * @typedef {import('../measure.mjs').ExtensionTimes} ExtensionTimes
 * @typedef {import('../measure.mjs').ExtensionSide} ExtensionSide
 * @typedef {'extension' | 'cdp'} Path
 * @typedef {{ name: string, _meta?: Record<string, unknown> }} McpTool
 * @typedef {object} McpClient What the rows use of the MCP SDK's `Client`.
 * @property {(transport: unknown) => Promise<void>} connect
 * @property {() => Promise<{ tools: McpTool[] }>} listTools
 * @property {(params: { name: string, arguments: object }) => Promise<{ isError?: boolean, content: { text?: string }[] }>} callTool
 * @property {(schema: unknown, handler: () => void) => void} setNotificationHandler
 * @property {() => Promise<void>} close
 */

/** The bridge row's tool (`echo`), whose call both bridges make. */
const echo = /** @type {Row} */ (BRIDGE[0]).setup

/** @type {Row[]} */
export const ROWS = [
  {
    id: 'extension-call',
    name: 'tool call through the extension (MCP client → bridge --extension → extension → page), ÷ through the CDP bridge, same tab',
    extension: 'call',
    target: 1.5,
    samples: 15,
    setup: echo,
  },
  {
    id: 'extension-list-10',
    name: 'tools/list of 10 shared tabs through the extension, ÷ 10 CDP bridges (one a tab) listing together',
    extension: 'list',
    tabs: 10,
    samples: 15,
    setup: echo,
  },
]

const extensionDir = new URL('../../packages/extension/', import.meta.url)
const bridgeDir = new URL('../../packages/bridge/', import.meta.url)

/**
 * The extension's Chromium build, from source (`wxt build`, as its browser suites' global setup
 * does), so that the row never measures a stale `.output`. Its output is shown only if it fails.
 * @returns {Promise<string>} The unpacked build's folder.
 */
async function buildExtension() {
  const wxt = fileURLToPath(new URL('node_modules/.bin/wxt', extensionDir))
  await promisify(execFile)(wxt, ['build'], { cwd: fileURLToPath(extensionDir) }).catch(
    (/** @type {{ stdout?: string, stderr?: string }} */ error) => {
      throw new Error(`bench: the extension's build failed:\n${error.stdout}${error.stderr}`)
    },
  )
  return fileURLToPath(new URL('.output/chrome-mv3', extensionDir))
}

/** The bridge (both kinds) built from source, like the bridge row's, and the SDK's client. */
async function bridgeModules() {
  const { buildFromSource } = await import(new URL('scripts/from-source.mjs', bridgeDir).href)
  const bridge = await import(pathToFileURL((await buildFromSource()).index).href)
  const require = createRequire(new URL('package.json', bridgeDir))
  /** @param {string} path */
  const sdk = (path) =>
    import(pathToFileURL(require.resolve(`@modelcontextprotocol/sdk/${path}`)).href)
  const [{ Client }, { InMemoryTransport }, { ToolListChangedNotificationSchema }] =
    await Promise.all([sdk('client/index.js'), sdk('inMemory.js'), sdk('types.js')])
  /**
   * An SDK client connected in memory to `server` (an MCP `Server`); `listed(test)` resolves to
   * its tools once `test` passes them, checked now and at each `tools/list_changed`.
   * @param {{ connect(transport: unknown): Promise<void> }} server
   */
  const connect = async (server) => {
    const client = /** @type {McpClient} */ (new Client({ name: 'bench', version: '1.0.0' }))
    /** @type {Set<() => void>} */
    const waiters = new Set()
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      for (const wake of [...waiters]) wake()
    })
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
    await server.connect(serverEnd)
    await client.connect(clientEnd)
    /** @param {(tools: McpTool[]) => boolean} test */
    const listed = async (test) => {
      for (;;) {
        /** @type {() => void} */
        let wake = () => {}
        const changed = new Promise((resolve) => waiters.add((wake = () => resolve(undefined))))
        const { tools } = await client.listTools()
        waiters.delete(wake)
        if (test(tools)) return tools
        await changed
      }
    }
    return { client, listed }
  }
  return {
    createBridge: bridge.createBridge,
    createExtensionBridge: bridge.createExtensionBridge,
    connect,
  }
}

/**
 * Runs in the extension's worker: resolves once its module has set `globalThis.webmcpKit` (the
 * worker appears before its module has run; in one evaluation either the hooks are there, or a
 * setter on `globalThis` catches the assignment).
 */
function hooksSet() {
  return new Promise((resolve) => {
    if ('webmcpKit' in globalThis) return resolve(undefined)
    Object.defineProperty(globalThis, 'webmcpKit', {
      configurable: true,
      set(value) {
        Object.defineProperty(globalThis, 'webmcpKit', {
          value,
          writable: true,
          configurable: true,
        })
        resolve(undefined)
      },
    })
  })
}

/**
 * @typedef {{ webmcpKit: { pairWithSecret(secret: string, port: number): Promise<void>, share(tab: number): Promise<void> },
 *   chrome: { tabs: { query(q: object): Promise<{ id?: number, url?: string }[]> } } }} WorkerScope
 */

/**
 * One Chromium with the extension loaded (a persistent profile: extensions do not run in the
 * incognito-like contexts of `chromium.launch`), the bridge paired with it, and a way to share tabs.
 * @param {boolean} native
 * @param {string} build
 * @param {Awaited<ReturnType<typeof bridgeModules>>} modules
 */
async function launchPaired(native, build, modules) {
  const profile = await mkdtemp(`${os.tmpdir()}/webmcp-bench-extension-`)
  const { executablePath, args } = chromiumOptions(native)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...args,
      `--load-extension=${build}`,
      `--disable-extensions-except=${build}`,
      // Lets the DevTools protocol press the extension's toolbar button (Extensions.triggerAction).
      '--enable-unsafe-extension-debugging',
    ],
  })
  const close = async () => {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
  try {
    const browser = /** @type {import('playwright-core').Browser} */ (context.browser())
    const worker =
      context.serviceWorkers().find((w) => w.url().endsWith('/background.js')) ??
      (await context.waitForEvent('serviceworker', (w) => w.url().endsWith('/background.js')))
    await worker.evaluate(hooksSet)
    const id = new URL(worker.url()).host
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const bridge = await modules.createExtensionBridge({
      port: 0,
      pairing: { origin: `chrome-extension://${id}`, secret },
      log: () => {},
    })
    const up = new Promise((resolve) =>
      bridge.onConnectionChanged((/** @type {boolean} */ on) => on && resolve(undefined)),
    )
    await worker.evaluate(
      ([s, p]) =>
        /** @type {WorkerScope} */ (/** @type {unknown} */ (globalThis)).webmcpKit.pairWithSecret(
          s,
          p,
        ),
      /** @type {[string, number]} */ ([Buffer.from(secret).toString('base64url'), bridge.port]),
    )
    await up
    const mcp = await modules.connect(bridge.createServer())
    const session = await browser.newBrowserCDPSession()
    // Extensions.triggerAction is not in playwright-core's protocol types.
    const send = /** @type {(method: string, params?: object) => Promise<unknown>} */ (
      session.send.bind(session)
    )
    const popupUrl = `chrome-extension://${id}/popup.html`
    await send('Target.setDiscoverTargets', { discover: true })
    /**
     * The popup the next toolbar action opens: resolves with its target once it offers "Share this
     * tab" for `origin`. The popup shows the tab's origin and enables that button only once the
     * extension can read the tab's URL, which activeTab grants: the extension's own word that the
     * grant has landed. (The popup is no page of playwright's: it is reached over the DevTools
     * protocol, a session to its target.)
     * @param {string} origin
     * @returns {Promise<string>} The popup's target id.
     */
    const popupOffers = async (origin) => {
      const targetId = await new Promise((resolve) => {
        /** @param {{ targetInfo: { targetId: string, url: string } }} event */
        const seen = ({ targetInfo }) => {
          if (targetInfo.url !== popupUrl) return
          session.off('Target.targetCreated', seen)
          session.off('Target.targetInfoChanged', seen)
          resolve(targetInfo.targetId)
        }
        session.on('Target.targetCreated', seen)
        session.on('Target.targetInfoChanged', seen)
      })
      const { sessionId } = /** @type {{ sessionId: string }} */ (
        await send('Target.attachToTarget', { targetId, flatten: false })
      )
      // Resolves once the popup's document offers the tab for `origin` (watched, not polled).
      const expression = `new Promise((resolve) => {
        const offers = () => document.getElementById('share-tab')?.disabled === false &&
          document.getElementById('here')?.textContent === ${JSON.stringify(origin)}
        if (offers()) return resolve(true)
        const observer = new MutationObserver(() => offers() && (observer.disconnect(), resolve(true)))
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
      })`
      const answered = new Promise((resolve) => {
        /** @param {{ sessionId: string, message: string }} event */
        const received = (event) => {
          if (event.sessionId !== sessionId || JSON.parse(event.message).id !== 1) return
          session.off('Target.receivedMessageFromTarget', received)
          resolve(undefined)
        }
        session.on('Target.receivedMessageFromTarget', received)
      })
      const params = { expression, awaitPromise: true, returnByValue: true }
      const message = JSON.stringify({ id: 1, method: 'Runtime.evaluate', params })
      await send('Target.sendMessageToTarget', { sessionId, message })
      await answered
      await send('Target.detachFromTarget', { sessionId })
      return targetId
    }
    /**
     * Opens `url` (unique among the tabs) in a new tab and shares it, as the popup's button does.
     * @param {string} url
     */
    const openShared = async (url) => {
      const page = await context.newPage()
      await page.goto(url)
      const { targetInfos } = /** @type {{ targetInfos: { url: string, targetId: string }[] }} */ (
        await send('Target.getTargets', { filter: [{ type: 'tab' }] })
      )
      const target = targetInfos.find((t) => t.url === url)
      if (!target) throw new Error(`bench: no tab target at ${url}`)
      const popup = popupOffers(new URL(url).origin)
      await send('Extensions.triggerAction', { id, targetId: target.targetId })
      const popupTarget = await popup
      const tab = await worker.evaluate(async (u) => {
        const scope = /** @type {WorkerScope} */ (/** @type {unknown} */ (globalThis))
        const tabs = await scope.chrome.tabs.query({})
        return tabs.find((t) => t.url === u)?.id ?? -1
      }, url)
      await worker.evaluate(
        (t) => /** @type {WorkerScope} */ (/** @type {unknown} */ (globalThis)).webmcpKit.share(t),
        tab,
      )
      await send('Target.closeTarget', { targetId: popupTarget })
      return { page, tab }
    }
    return {
      version: `Chromium ${browser.version()}`,
      mcp,
      openShared,
      async close() {
        await mcp.client.close()
        await bridge.close()
        await close()
      },
    }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * The shared tab's tool `echo`, as the extension's bridge names it (`<site>__echo`, `-2`, `-3`… after
 * it in the other tabs of the site, `page-` first on a polyfill page), by its place in `_meta`.
 * @param {McpTool[]} tools
 * @param {number} tab
 */
const echoOf = (tools, tab) =>
  tools.find((t) => {
    const place = /** @type {{ tab?: number } | undefined} */ (t._meta?.['webmcp-kit/frame'])
    return place?.tab === tab && /__echo(-\d+)?$/.test(t.name)
  })

/**
 * One sample: ms per run of `iterations` runs.
 * @param {() => Promise<unknown>} run
 * @param {number} iterations
 */
async function sampleOf(run, iterations) {
  const began = performance.now()
  for (let i = 0; i < iterations; i++) await run()
  return (performance.now() - began) / iterations
}

/**
 * An extension row, per Chromium (native, then the polyfill; one browser at a time): the row's page
 * in shared tabs (one, or `row.tabs`), the extension's bridge and the CDP bridge serving the same
 * tabs, each with an SDK client in memory; both warmed up, then samples of each taken alternately
 * (the order turned round every sample). `call`: the `echo` call through each (and the same call
 * direct in the page, for scale); `list`: one `tools/list` of the extension's bridge against one of
 * each tab's CDP bridge, made together.
 * @param {Row} row
 * @param {Server} server
 * @returns {Promise<ExtensionTimes>}
 */
export async function runExtensionRow(row, server) {
  const [build, modules] = await Promise.all([buildExtension(), bridgeModules()])
  const count = row.tabs ?? 1
  /** @type {ExtensionTimes} */
  const out = {}
  for (const native of [true, false]) {
    const impl = native ? 'native' : 'polyfill'
    const side = await launchPaired(native, build, modules)
    /** @type {{ close(): Promise<void> }[]} */
    const cdpBridges = []
    try {
      /** @type {{ page: import('playwright-core').Page, tab: number, cdp: Awaited<ReturnType<typeof modules.connect>> }[]} */
      const tabs = []
      for (let i = 0; i < count; i++) {
        const url = `${server.origin}/bench/${row.id}?tab=${i}`
        const { page, tab } = await side.openShared(url)
        const found = await page.evaluate(prepareIn(row, server))
        if (found.impl !== impl)
          throw new Error(`${impl}: the page has the ${found.impl} modelContext`)
        const cdpBridge = await modules.createBridge({ page })
        cdpBridges.push(cdpBridge)
        if (cdpBridge.engine !== impl)
          throw new Error(`${impl}: the CDP bridge found ${cdpBridge.engine}`)
        tabs.push({ page, tab, cdp: await modules.connect(cdpBridge.server) })
      }
      const listed = await side.mcp.listed((tools) => tabs.every(({ tab }) => echoOf(tools, tab)))
      const first = /** @type {(typeof tabs)[number]} */ (tabs[0])
      const name = /** @type {McpTool} */ (echoOf(listed, first.tab)).name
      /**
       * @param {McpClient} client
       * @param {string} tool
       */
      const call = (client, tool) => async () => {
        const result = await client.callTool({ name: tool, arguments: { q: 'hello' } })
        if (result.isError) throw new Error(`${tool} failed: ${result.content[0]?.text}`)
      }
      const list = async () => {
        const { tools } = await side.mcp.client.listTools()
        if (tools.length !== count) throw new Error(`the extension listed ${tools.length} tools`)
      }
      const listEach = () => Promise.all(tabs.map(({ cdp }) => cdp.client.listTools()))
      /** @type {Record<Path, () => Promise<unknown>>} */
      const runs =
        row.extension === 'call'
          ? { extension: call(side.mcp.client, name), cdp: call(first.cdp.client, 'echo') }
          : { extension: list, cdp: listEach }
      const iterations = {
        extension: await calibrate(runs.extension),
        cdp: await calibrate(runs.cdp),
      }
      /** @type {{ extension: number[], cdp: number[], direct: number[] }} */
      const samples = { extension: [], cdp: [], direct: [] }
      for (let s = 0; s < (row.samples ?? TIMING.samples); s++) {
        /** @type {Path[]} */
        const order = s % 2 ? ['cdp', 'extension'] : ['extension', 'cdp']
        for (const path of order) samples[path].push(await sampleOf(runs[path], iterations[path]))
        if (row.extension === 'call') samples.direct.push(await first.page.evaluate(sampleIn()))
      }
      const extension = median(samples.extension)
      const cdp = median(samples.cdp)
      /** @type {ExtensionSide} */
      const result = {
        version: side.version,
        tabs: count,
        extension,
        cdp,
        ratio: extension / cdp,
        iterations,
        samples: { extension: samples.extension, cdp: samples.cdp },
      }
      if (samples.direct.length) result.direct = median(samples.direct)
      out[impl] = result
      for (const { cdp } of tabs) await cdp.client.close()
    } finally {
      for (const cdpBridge of cdpBridges) await cdpBridge.close()
      await side.close()
    }
  }
  return out
}
