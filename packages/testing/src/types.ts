// The public types of `webmcp()`: the tools as Playwright's `page.webmcp` describes them, the
// options of each method, and the `WebMCP` interface itself.

import type { RecordedEvent } from './agent-protocol'

/**
 * The hints of a tool, as Playwright's `page.webmcp.tools()` names them: only those that are `true`.
 *
 * @example
 * ```ts
 * const hints: WebMCPToolAnnotations = { readOnly: true }
 * ```
 */
export interface WebMCPToolAnnotations {
  /** The tool does not modify any state (`readOnlyHint`). */
  readOnly?: boolean
  /** The tool output may contain third-party content (`untrustedContentHint`). */
  untrustedContent?: boolean
  /** The tool takes a consequential action, such as placing an order (`consequentialHint`). */
  consequential?: boolean
}

/**
 * A tool as `tools()` lists it: the shape of Playwright's `page.webmcp.tools()`.
 *
 * @example
 * ```ts
 * const [tool]: WebMCPToolInfo[] = await webmcp(page).tools()
 * console.log(tool?.name, tool?.description, tool?.inputSchema)
 * ```
 */
export interface WebMCPToolInfo {
  /** Unique within the frame. */
  name: string
  description: string
  /** The JSON Schema of the input, when the page gives one. */
  inputSchema?: { [keyword: string]: unknown }
  /** Present when at least one hint is `true`. */
  annotations?: WebMCPToolAnnotations
}

/**
 * A tool of the frame tree, as `tools({ fromOrigins })` lists it: also the origin of the document
 * that registered it.
 *
 * @example
 * ```ts
 * const widget = (await webmcp(page).tools({ fromOrigins: [widgetOrigin] })).filter(
 *   (tool: FrameTreeToolInfo) => tool.origin === widgetOrigin,
 * )
 * ```
 */
export interface FrameTreeToolInfo extends WebMCPToolInfo {
  origin: string
}

/**
 * Options of `tools()`, as Playwright's.
 *
 * @example
 * ```ts
 * await webmcp(page).tools({ timeout: 5_000 })
 * ```
 */
export interface ToolsOptions {
  /** Maximum time in milliseconds; `0` (the default): none. */
  timeout?: number
}

/**
 * Which tools to look at: the frame's own (the default, as Playwright's), or those of the frame
 * tree the page's own `getTools({ fromOrigins })` lists, optionally only those of one origin.
 *
 * @example
 * ```ts
 * const scope: ToolScope = { origin: 'https://widget.example' }
 * ```
 */
export interface ToolScope {
  /** Other origins whose exposed tools are listed too (the tools of same-origin frames always are). */
  fromOrigins?: string[]
  /** Only the tools registered by a document of this origin (implies it in `fromOrigins`). */
  origin?: string
}

/**
 * Options of `callTool()` and `call()`: Playwright's `timeout`, plus cancellation and the frame tree.
 *
 * @example
 * ```ts
 * const controller = new AbortController()
 * const running = webmcp(page).callTool('export', {}, { signal: controller.signal })
 * controller.abort() // the tool's signal aborts in the page, then `toolcancel` fires there
 * ```
 */
export interface CallToolOptions extends ToolScope {
  /**
   * Maximum time in milliseconds; `0` (the default): none. When it passes, the execution is
   * cancelled in the page and the call rejects with a `TimeoutError`.
   */
  timeout?: number
  /** Aborting cancels the execution in the page; the call rejects with `signal.reason`. */
  signal?: AbortSignal
}

/**
 * Options of `waitForTool()`.
 *
 * @example
 * ```ts
 * await webmcp(page).waitForTool('find_teammate', { origin: widgetOrigin, timeout: 10_000 })
 * ```
 */
export interface WaitForToolOptions extends ToolScope {
  /** Maximum time in milliseconds (default 30 s; `0`: none). */
  timeout?: number
}

/**
 * An event fired at the `ModelContext` of the calling document or of the tool's (when the caller
 * can reach it: same origin) while a call ran.
 *
 * @example
 * ```ts
 * const { events } = await webmcp(page).call('quick_add', { text: 'Milk' })
 * expect(events).toContainEqual({ type: 'toolactivated', toolName: 'quick_add' })
 * ```
 *
 * @interface
 */
export type ToolEventRecord = RecordedEvent

/**
 * What `call()` resolves with: the result or the error `callTool()` would give, and the events the
 * call caused, in order.
 *
 * @example
 * ```ts
 * const outcome: ToolCall = await webmcp(page).call('add', { a: 2, b: 40 })
 * if (outcome.ok) console.log(outcome.result, outcome.events)
 * ```
 */
export type ToolCall<Result = unknown> =
  | { ok: true; result: Result; events: ToolEventRecord[] }
  | { ok: false; error: unknown; events: ToolEventRecord[] }

/**
 * The WebMCP tools of one frame, as an agent sees them. `tools()` and `callTool()` keep the contract
 * of Playwright's `page.webmcp` (tool shape, result parsing, errors), on native WebMCP and on the
 * polyfill alike.
 *
 * @example
 * ```ts
 * const mcp = webmcp(page)
 * await mcp.waitForTool('add')
 * expect(await mcp.callTool('add', { a: 2, b: 40 })).toEqual({ content: [{ type: 'text', text: '42' }] })
 * ```
 */
export interface WebMCP {
  /** The tools the frame registers (Playwright's contract). */
  tools(
    options?: ToolsOptions & { fromOrigins?: undefined; origin?: undefined },
  ): Promise<WebMCPToolInfo[]>
  /** The tools of the frame tree the page's `getTools({ fromOrigins })` lists, with their origins. */
  tools(options: ToolsOptions & ToolScope): Promise<FrameTreeToolInfo[]>
  /**
   * Runs a tool and resolves with its result: the string the page's `executeTool` resolves with,
   * parsed as JSON when it is JSON (`"undefined"` gives `undefined`), as Playwright's does. Rejects
   * when no such tool is listed or the execution fails (with the page's error name and message).
   */
  callTool<Result = unknown>(
    name: string,
    input?: unknown,
    options?: CallToolOptions,
  ): Promise<Result>
  /** Runs a tool as `callTool` does, and resolves with its outcome and the events it caused. */
  call<Result = unknown>(
    name: string,
    input?: unknown,
    options?: CallToolOptions,
  ): Promise<ToolCall<Result>>
  /** Resolves with the tool once it is listed (on `toolchange`); rejects with a `TimeoutError`. */
  waitForTool(name: string, options?: WaitForToolOptions): Promise<FrameTreeToolInfo>
  /** Resolves once no tool of that name is listed (on `toolchange`); rejects with a `TimeoutError`. */
  waitForToolGone(name: string, options?: WaitForToolOptions): Promise<void>
}
