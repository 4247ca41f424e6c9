import { existsSync } from 'node:fs'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { chromium } from 'playwright-core'
import { hasNativeWebMCP } from './page/detect-native'
import { confirmationMessage, needsConfirmation, toCallResult, toMcpTool } from './mcp/mcp-mapping'
import { nativeTools } from './page/native-tools'
import { polyfillTools } from './page/polyfill-tools'
import { debounce } from './mcp/debounce'
import { ToolNames } from './mcp/tool-names'
import { ToolServers } from './mcp/tool-servers'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { NamedTool } from './mcp/tool-names'
import type { ConfirmPolicy, ToolSource, ToolsServer } from './types'

/** Flags for Chromium as a headless agent browser (the same as this repo's browser tests use). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]
/** Turns on Chromium's native WebMCP (and its DevTools domain). */
export const NATIVE_FLAG = '--enable-experimental-web-platform-features'

/** How quiet the page must be (ms) before a change of its tools is announced. */
const SETTLE_MS = 30
/** How long (ms) at most a change waits for the page to be quiet (a page may never be). */
const MAX_SETTLE_MS = 250

/** Options of {@link createBridge}. Give one of `url`, `page` or `cdp`. */
export interface BridgeOptions {
  /** The page to load. Optional with `page` (which stays where it is) or `cdp` (the first open tab). */
  url?: string
  /** Serve the tools of this playwright page, as it is. `close()` leaves it open. */
  page?: Page
  /** Open the page in a new context of this playwright browser. `close()` leaves the browser running. */
  browser?: Browser
  /**
   * Attach to a running Chromium's DevTools endpoint (e.g. `http://127.0.0.1:9222`). `close()`
   * disconnects, leaving that Chromium and its tabs running.
   */
  cdp?: string
  /** Launch Chromium with native WebMCP (`--enable-experimental-web-platform-features`). */
  native?: boolean
  /** Launch Chromium with a window. */
  headed?: boolean
  /** The Chromium to launch. Default: `$CHROMIUM_PATH`, else `/usr/bin/chromium`. */
  executablePath?: string
  /** Which tools ask the person first, through MCP elicitation. Default `'consequential'`. */
  confirm?: ConfirmPolicy
}

/** A page's WebMCP tools, served over MCP. */
export interface Bridge extends ToolsServer {
  /** The page whose tools are served. */
  readonly page: Page
  /** `native` (Chromium's WebMCP, through DevTools) or `polyfill` (the page's own engine). */
  readonly engine: 'native' | 'polyfill'
  /** Closes the servers, and whatever the bridge opened (the browser, or its context). */
  close(): Promise<void>
}

async function openPage(options: BridgeOptions): Promise<{ page: Page; close(): Promise<void> }> {
  if (options.page) return { page: options.page, close: async () => {} }
  if (options.browser) {
    const context = await options.browser.newContext()
    return { page: await context.newPage(), close: () => context.close() }
  }
  if (options.cdp) {
    let browser: Browser
    try {
      browser = await chromium.connectOverCDP(options.cdp)
    } catch (error) {
      throw new Error(
        `webmcp-kit-bridge: could not attach to Chromium at ${options.cdp} (${(error as Error).message.split('\n')[0]}). ` +
          'Start Chromium with --remote-debugging-port=9222 and pass --cdp http://127.0.0.1:9222.',
      )
    }
    const pages = browser.contexts().flatMap((context: BrowserContext) => context.pages())
    const found = options.url ? pages.find((p) => p.url() === options.url) : pages[0]
    const context = browser.contexts()[0] ?? (await browser.newContext())
    const page = found ?? (await context.newPage())
    // On a connectOverCDP browser, close() only disconnects: the person's Chromium keeps running.
    return { page, close: () => browser.close() }
  }
  const executablePath = options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(executablePath)) {
    throw new Error(
      `webmcp-kit-bridge: no Chromium at ${executablePath}. Install it (Debian: apt-get install chromium), ` +
        'set CHROMIUM_PATH, or attach to a running one with --cdp.',
    )
  }
  const args = options.native ? [...CHROMIUM_ARGS, NATIVE_FLAG] : CHROMIUM_ARGS
  const browser = await chromium.launch({ executablePath, args, headless: !options.headed })
  return { page: await browser.newPage(), close: () => browser.close() }
}

/**
 * Opens (or attaches to) Chromium, loads the page and makes its WebMCP tools, in every frame,
 * available over MCP. Native WebMCP is used when the page has it (through the DevTools `WebMCP`
 * domain), otherwise the page's polyfill (`@webmcp-kit/core`), with the same behaviour.
 *
 * @example
 * ```ts
 * const bridge = await createBridge({ url: 'http://localhost:5171/' })
 * console.log((await bridge.listTools()).map((tool) => tool.name))
 * const result = await bridge.callTool('add_task', { text: 'Try the bridge' })
 * await bridge.server.connect(new StdioServerTransport()) // or serveHttp(bridge)
 * await bridge.close()
 * ```
 */
export async function createBridge(options: BridgeOptions): Promise<Bridge> {
  if (!options.url && !options.page && !options.cdp) {
    throw new Error(
      'createBridge: pass the page to serve: { url: "http://localhost:5171/" }, { page } or { cdp }.',
    )
  }
  const confirm = options.confirm ?? 'consequential'
  if (!['consequential', 'writes', 'never'].includes(confirm)) {
    throw new Error(
      `createBridge: confirm must be 'consequential', 'writes' or 'never', not ${confirm}.`,
    )
  }
  const names = new ToolNames()
  let named: NamedTool[] = []
  let announced = ''
  const changes = debounce({ quietMs: SETTLE_MS, maxWaitMs: MAX_SETTLE_MS }, () => void announce())
  let closed = false
  const servers = new ToolServers({
    instructions: () => `The WebMCP tools of the web page ${page.url()}, and of the frames in it.`,
    list: async () => (await list()).map(toMcpTool),
    async call(params, signal, server) {
      const entry = await find(params.name)
      if (!entry) {
        const names = named.map((t) => t.name).join(', ') || 'none'
        throw new McpError(
          ErrorCode.InvalidParams,
          `Unknown tool: ${params.name} (the page has: ${names})`,
        )
      }
      const { tool } = entry
      if (needsConfirmation(tool, confirm) && server.getClientCapabilities()?.elicitation) {
        const answer = await server.elicitInput(
          {
            message: confirmationMessage(tool),
            requestedSchema: { type: 'object', properties: {} },
          },
          { signal },
        )
        if (answer.action !== 'accept') {
          const message = `The person ${answer.action === 'decline' ? 'declined' : 'dismissed'} ${tool.name}; it did not run.`
          return toCallResult(tool, { ok: false, name: 'NotAllowedError', message })
        }
      }
      return run(entry, params.arguments, signal)
    },
  })

  // The tool source reports changes from the moment it exists.
  const opened = await openPage(options)
  const { page } = opened
  let source: ToolSource | undefined
  try {
    if (options.url && page.url() !== options.url) {
      await page.goto(options.url).catch((error: Error) => {
        throw new Error(
          `webmcp-kit-bridge: could not load ${options.url} (${error.message.split('\n')[0]}). Is the app running?`,
        )
      })
    }
    source = (await hasNativeWebMCP(page))
      ? await nativeTools(page, () => hint())
      : await polyfillTools(page, () => hint())
  } catch (error) {
    await opened.close().catch(() => {})
    throw error
  }
  const tools: ToolSource = source

  async function list(): Promise<NamedTool[]> {
    named = names.assign(await tools.list())
    return named
  }
  function hint() {
    if (!closed) changes.hint()
  }
  async function announce() {
    const key = JSON.stringify((await list().catch(() => named)).map(toMcpTool))
    if (key === announced || closed) return
    announced = key
    servers.changed()
  }
  async function find(name: string): Promise<NamedTool | undefined> {
    return named.find((t) => t.name === name) ?? (await list()).find((t) => t.name === name)
  }
  async function run(entry: NamedTool, args: Record<string, unknown> = {}, signal?: AbortSignal) {
    const outcome = await tools.call(entry.tool, args, signal)
    if (!signal?.aborted || outcome.ok) return toCallResult(entry.tool, outcome)
    return toCallResult(entry.tool, {
      ok: false,
      name: 'AbortError',
      message: 'The call was cancelled.',
    })
  }
  announced = JSON.stringify((await list()).map(toMcpTool))

  return {
    page,
    engine: tools.engine,
    get server() {
      return servers.server
    },
    createServer: () => servers.create(),
    listTools: async () => (await list()).map(toMcpTool),
    async callTool(name, args, callOptions) {
      const entry = await find(name)
      if (!entry) {
        const names = named.map((t) => t.name).join(', ') || 'none'
        throw new Error(`callTool: the page has no tool ${name} (it has: ${names}).`)
      }
      return run(entry, args, callOptions?.signal)
    },
    onToolsChanged: (listener) => servers.onChanged(listener),
    async close() {
      if (closed) return
      closed = true
      changes.cancel()
      await servers.close()
      await tools.close()
      await opened.close()
    },
  }
}
