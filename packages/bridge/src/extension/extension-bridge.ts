import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { debounce } from '../mcp/debounce'
import { ToolServers } from '../mcp/tool-servers'
import { Calls } from './calls'
import { showCode } from '../protocol/handshake-crypto'
import { PairingState } from './handshake'
import { listen } from './listener'
import { DEFAULT_EXTENSION_PORT } from '../protocol/wire'
import {
  loadPairing,
  ORIGIN_ENV,
  savePairing,
  secretFilePath,
  SECRET_ENV,
  toPairing,
} from './secret-store'
import { SharedTabs, toSharedMcpTool } from './shared-tabs'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ToolsServer } from '../types'
import type { ExtensionConnection } from './listener'
import type { Pairing } from './secret-store'

/** How quiet the extension's reports must be (ms) before a change of the tools is announced. */
const SETTLE_MS = 30
/** How long (ms) at most a change waits to be announced. */
const MAX_SETTLE_MS = 250

/** Options of {@link createExtensionBridge}. */
export interface ExtensionBridgeOptions {
  /** The loopback port to listen on for the extension (default 47615; `0`: any free port). */
  port?: number
  /**
   * The pairing to use (the extension's origin and the 32-byte secret, as bytes or base64url),
   * instead of `$WEBMCP_KIT_EXTENSION_SECRET`/`$WEBMCP_KIT_EXTENSION_ORIGIN` or the secret file.
   * It is not saved.
   */
  pairing?: { origin: string; secret: Uint8Array | string }
  /** Open pairing with a new one-time code even when a pairing is stored (it replaces it). */
  pair?: boolean
  /** The secret file (default `$XDG_CONFIG_HOME/webmcp-kit/extension-secret`, else `~/.config/…`). */
  secretFile?: string
  /** The environment to read the pairing variables from (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>
  /** Shown the pairing code (`XXXX-XXXX`) when pairing opens. Default: a line on stderr. */
  onPairingCode?: (code: string) => void
  /** Where what people should know goes. Default: stderr (stdout is the MCP stdio channel). */
  log?: (message: string) => void
  /** How long (ms) a connection has to pair or authenticate. Default 10 000. */
  handshakeMs?: number
}

/** The tools of the tabs shared in the person's browser, through the webmcp-kit extension, over MCP. */
export interface ExtensionBridge extends ToolsServer {
  /** The loopback port the bridge listens on for the extension. */
  readonly port: number
  /** The pairing code (`XXXX-XXXX`) while pairing is open, else `undefined`. */
  readonly pairingCode: string | undefined
  /** Whether the extension is connected (paired or authenticated). */
  readonly connected: boolean
  /** Calls `listener` when the extension connects or disconnects. Returns the unsubscribe. */
  onConnectionChanged(listener: (connected: boolean) => void): () => void
  /** Stops listening, disconnects the extension and closes the servers. */
  close(): Promise<void>
}

const stderr = (message: string) => process.stderr.write(`webmcp-kit-bridge: ${message}\n`)

/**
 * Serves the tools of the tabs the person shares in their own browser, through the webmcp-kit
 * extension, with no debug port: listens on 127.0.0.1 for the extension, pairs with it once (a
 * one-time code the person enters in the extension) and then authenticates each connection. Tool
 * names are `<site-label>__<tool>`, stable for the bridge's life (see `SiteNames`).
 *
 * @example
 * ```ts
 * const bridge = await createExtensionBridge({ port: 47615 })
 * await bridge.server.connect(new StdioServerTransport())
 * ```
 */
export async function createExtensionBridge(
  options: ExtensionBridgeOptions = {},
): Promise<ExtensionBridge> {
  const env = options.env ?? process.env
  const log = options.log ?? stderr
  const file = options.secretFile ?? secretFilePath(env)
  const given = options.pairing
  if (options.pair && (given || env[SECRET_ENV] || env[ORIGIN_ENV])) {
    throw new Error(
      `createExtensionBridge: pair opens a new pairing, which replaces the secret file; a pairing given by the ${given ? 'pairing option' : `$${SECRET_ENV}`} would be ignored. Drop one of them.`,
    )
  }
  const stored: Pairing | undefined = given
    ? toPairing(
        given.origin,
        typeof given.secret === 'string'
          ? given.secret
          : Buffer.from(given.secret).toString('base64url'),
        'createExtensionBridge pairing',
      )
    : await loadPairing(file, env)
  let pairingCode: string | undefined
  const state = new PairingState(stored, async (pairing) => {
    pairingCode = undefined
    if (!given && !env[SECRET_ENV]) {
      await savePairing(file, pairing)
      log(`paired with ${pairing.origin}; the secret is in ${file} (mode 0600)`)
    } else log(`paired with ${pairing.origin}`)
  })
  if (!stored || options.pair) {
    pairingCode = showCode(state.openPairing())
    ;(
      options.onPairingCode ??
      ((code) =>
        log(
          `pairing code ${code} (valid 10 minutes, 5 tries): enter it in the webmcp-kit extension's popup`,
        ))
    )(pairingCode)
  }

  const tabs = new SharedTabs()
  const calls = new Calls()
  const connectionListeners = new Set<(connected: boolean) => void>()
  const servers = new ToolServers({
    instructions: () =>
      'The WebMCP tools of the tabs the person shared in their browser (through the webmcp-kit extension). Tool names start with the site; tools marked page-asserted are vouched for by the page alone.',
    list: () => Promise.resolve(tabs.list().map(toSharedMcpTool)),
    async call(params, signal) {
      const result = await callTool(params.name, params.arguments, signal)
      if (!result) throw new McpError(ErrorCode.InvalidParams, unknown(params.name))
      return result
    },
  })
  let connection: ExtensionConnection | undefined
  let closed = false
  let announced = '[]'
  const changes = debounce({ quietMs: SETTLE_MS, maxWaitMs: MAX_SETTLE_MS }, () => {
    const key = JSON.stringify(tabs.list().map(toSharedMcpTool))
    if (key === announced || closed) return
    announced = key
    servers.changed()
  })
  const connectionChanged = (connected: boolean) => {
    changes.hint()
    for (const listener of [...connectionListeners]) listener(connected)
  }
  const clientName = () => servers.clientName() ?? 'an MCP client'

  const listener = await listen({
    port: options.port ?? DEFAULT_EXTENSION_PORT,
    state,
    client: clientName,
    handshakeMs: options.handshakeMs,
    events: {
      log,
      connected(open) {
        connection = open
        log(`the extension ${open.origin} is connected`)
        connectionChanged(true)
      },
      disconnected() {
        connection = undefined
        calls.disconnected()
        tabs.clear()
        log('the extension disconnected')
        connectionChanged(false)
      },
      message(message) {
        if (message.type === 'pong') return
        if (message.type === 'result') {
          const outcome = message.ok
            ? { ok: true as const, value: message.output }
            : { ok: false as const, ...message.error }
          return calls.result(message.id, outcome)
        }
        if (message.type === 'ping') return
        const applied = tabs.apply(message)
        if (typeof applied === 'string') return connection?.send({ type: 'error', code: applied })
        for (const { tab, frame } of applied.gone) calls.gone(tab, frame)
        changes.hint()
      },
    },
  })

  async function callTool(
    name: string,
    args: Record<string, unknown> = {},
    signal?: AbortSignal,
  ): Promise<CallToolResult | undefined> {
    const tool = tabs.find(name)
    return tool && calls.run(connection, tool, args, signal)
  }
  const unknown = (name: string) =>
    `Unknown tool: ${name} (the shared tabs have: ${
      tabs
        .list()
        .map((t) => t.name)
        .join(', ') || 'none'
    })`

  return {
    port: listener.port,
    get pairingCode() {
      return typeof state.code() === 'string' ? undefined : pairingCode
    },
    get connected() {
      return connection !== undefined
    },
    get server() {
      return servers.server
    },
    createServer: () => servers.create(),
    listTools: () => Promise.resolve(tabs.list().map(toSharedMcpTool)),
    async callTool(name, args, callOptions) {
      const result = await callTool(name, args, callOptions?.signal)
      if (!result) throw new Error(`callTool: ${unknown(name)}.`)
      return result
    },
    onToolsChanged: (listener) => servers.onChanged(listener),
    onConnectionChanged(listener) {
      connectionListeners.add(listener)
      return () => connectionListeners.delete(listener)
    },
    async close() {
      if (closed) return
      closed = true
      changes.cancel()
      calls.disconnected('The bridge closed during the call.')
      await servers.close()
      await listener.close()
    },
  }
}
