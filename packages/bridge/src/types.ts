import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { JSONSchema, ToolAnnotations } from '@webmcp-kit/core'

/** Tools served over MCP: what both bridges (a page's, the extension's) offer. */
export interface ToolsServer {
  /** An MCP server for one connection (e.g. `await bridge.server.connect(new StdioServerTransport())`). */
  readonly server: McpServer
  /** Another MCP server over the same tools, for another connection. */
  createServer(): McpServer
  /** The tools as MCP clients see them (names unique across frames and tabs). */
  listTools(): Promise<Tool[]>
  /**
   * Runs a tool, as an MCP `tools/call` would, without asking anyone: aborting `signal` cancels the
   * call in the page. Throws for an unknown tool.
   */
  callTool(
    name: string,
    args?: Record<string, unknown>,
    options?: { signal?: AbortSignal },
  ): Promise<CallToolResult>
  /** Calls `listener` when the list of tools changed (after navigations too). Returns the unsubscribe. */
  onToolsChanged(listener: () => void): () => void
  /** Closes the servers, and whatever the bridge opened. */
  close(): Promise<void>
}

/** The document a tool was registered in. */
export interface ToolFrame {
  /** The document's URL. */
  url: string
  /** Its serialised origin. */
  origin: string
  /** Whether it is the top-level document (not a frame). */
  top: boolean
}

/** A tool of the page, as the bridge found it in one of its documents. */
export interface PageTool {
  /** The name the page registered (unique within its document only). */
  name: string
  /** `""` when the tool has none. */
  title: string
  description: string
  inputSchema?: JSONSchema
  /** Absent when the tool was registered without annotations. */
  annotations?: ToolAnnotations
  frame: ToolFrame
  /**
   * Which document the tool belongs to, for its MCP name (see `ToolNames`), as the browser reports
   * it: the frame, and the origins of its document and of each document above it (the top first).
   * Without one, the frame's URL and origin stand in.
   */
  owner?: ToolOwner
}

/** The document a tool belongs to, as the browser reports it. */
export interface ToolOwner {
  /** The frame (the browser's id: it stays while the frame lives, across its navigations). */
  frameId: string
  /** The origins of the frame's document and of the documents above it, the top's first. */
  origins: readonly string[]
  /**
   * The browser's id of each of those documents (the same order; a new document has a new id).
   * An opaque origin (`"null"`) is its document's alone: it tells two of them apart. Without it,
   * a frame whose origins include `"null"` shares its names with no other frame.
   */
  documents?: readonly string[]
}

/** How a call ended in the page. */
export type CallOutcome =
  { ok: true; value: unknown } | { ok: false; name: string; message: string }

/**
 * One way of reaching the page's tools: the DevTools `WebMCP` domain (native) or the engine in the
 * page (the polyfill). It calls `changed` whenever the tools may have changed.
 */
export interface ToolSource {
  readonly engine: 'native' | 'polyfill'
  /** Every document's tools, the top document first, then its frames in tree order. */
  list(): Promise<PageTool[]>
  /** Runs `tool` (an entry of the last `list`); aborting `signal` cancels it in the page. */
  call(tool: PageTool, input: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome>
  close(): Promise<void>
}

/**
 * Which tools the bridge asks the person about (through MCP elicitation) before running them:
 * `consequential` those with `consequentialHint`, `writes` every tool without `readOnlyHint`,
 * `never` none.
 */
export type ConfirmPolicy = 'consequential' | 'writes' | 'never'
