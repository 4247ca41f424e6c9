import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import packageJson from '../../package.json' with { type: 'json' }
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { CallToolRequest, CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'

/** What the MCP servers of {@link ToolServers} answer. */
export interface ToolServersOptions {
  /** The server's instructions, when it is made. */
  instructions(): string
  /** `tools/list` */
  list(): Promise<Tool[]>
  /** `tools/call`: `signal` aborts when the client cancels; `server` is the one asked. */
  call(
    params: CallToolRequest['params'],
    signal: AbortSignal,
    server: Server,
  ): Promise<CallToolResult>
}

/**
 * The MCP servers over one set of tools (one per client connection), and who hears that the
 * tools changed: {@link ToolServers.changed} tells every listener, and each connected server sends
 * `notifications/tools/list_changed`.
 *
 * @example
 * ```ts
 * const servers = new ToolServers({ instructions: () => 'The page’s tools.', list, call })
 * await servers.server.connect(new StdioServerTransport())
 * servers.changed() // after the tools changed
 * ```
 */
export class ToolServers {
  readonly #options: ToolServersOptions
  readonly #listeners = new Set<() => void>()
  readonly #servers = new Set<McpServer>()
  #first: McpServer | undefined

  constructor(options: ToolServersOptions) {
    this.#options = options
  }

  /** The first server, made when first asked for. */
  get server(): McpServer {
    return (this.#first ??= this.create())
  }

  /** A new server, for another connection. */
  create(): McpServer {
    const mcp = new McpServer(
      { name: 'webmcp-kit-bridge', version: packageJson.version },
      {
        capabilities: { tools: { listChanged: true } },
        instructions: this.#options.instructions(),
      },
    )
    const { server } = mcp
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: await this.#options.list(),
    }))
    server.setRequestHandler(CallToolRequestSchema, ({ params }, extra) =>
      this.#options.call(params, extra.signal, server),
    )
    const notify = () => {
      if (mcp.isConnected()) void server.sendToolListChanged().catch(() => {})
    }
    this.#listeners.add(notify)
    this.#servers.add(mcp)
    server.onclose = () => {
      this.#listeners.delete(notify)
      this.#servers.delete(mcp)
    }
    return mcp
  }

  /** Calls `listener` on each change. Returns the unsubscribe. */
  onChanged(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The tools changed: tells every listener and every connected client. */
  changed(): void {
    for (const listener of [...this.#listeners]) listener()
  }

  /** The name the first initialised client gave, if any. */
  clientName(): string | undefined {
    for (const mcp of this.#servers) {
      const name = mcp.server.getClientVersion()?.name
      if (name) return name
    }
    return undefined
  }

  async close(): Promise<void> {
    await Promise.all([...this.#servers].map((mcp) => mcp.close().catch(() => {})))
  }
}
