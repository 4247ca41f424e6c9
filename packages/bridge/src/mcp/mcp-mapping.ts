import { isObject } from '../page/tool-checks'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { NamedTool } from './tool-names'
import type { CallOutcome, ConfirmPolicy, PageTool } from '../types'

/** The prefix of the bridge's `_meta` keys. */
export const META = 'webmcp-kit'

/**
 * The MCP description of a page tool. WebMCP annotations map to MCP's: `readOnlyHint` as is;
 * `consequentialHint` to `destructiveHint` (for tools that are not read-only); `untrustedContentHint`
 * to `openWorldHint` (a page tool otherwise acts within the page). `_meta` keeps what MCP has no
 * field for: the page's own name, the document (`url`, `origin`, `top`) and the WebMCP annotations.
 *
 * @example
 * ```ts
 * const tool = toMcpTool({ name: 'list_tasks', tool: pageTool }) // { name, inputSchema, annotations, _meta }
 * ```
 */
export function toMcpTool({ name, tool }: NamedTool): Tool {
  const hints = tool.annotations
  const schema = tool.inputSchema
  // MCP requires an object schema; WebMCP allows any (or none).
  const inputSchema: Tool['inputSchema'] =
    schema === undefined
      ? { type: 'object' }
      : schema.type === 'object'
        ? (schema as Tool['inputSchema'])
        : schema.type === undefined
          ? { ...schema, type: 'object' }
          : { type: 'object' }
  const mcp: Tool = { name, description: tool.description, inputSchema }
  if (tool.title) mcp.title = tool.title
  if (hints) {
    const readOnly = hints.readOnlyHint === true
    mcp.annotations = {
      ...(tool.title && { title: tool.title }),
      readOnlyHint: readOnly,
      ...(!readOnly && { destructiveHint: hints.consequentialHint === true }),
      openWorldHint: hints.untrustedContentHint === true,
    }
  }
  mcp._meta = {
    [`${META}/name`]: tool.name,
    [`${META}/frame`]: { ...tool.frame },
    ...(hints && { [`${META}/annotations`]: { ...hints } }),
    ...(schema !== inputSchema && schema !== undefined && { [`${META}/inputSchema`]: schema }),
  }
  return mcp
}

/**
 * The MCP result of a call. A result is text (strings as they are, anything else as JSON), plus
 * `structuredContent` when it is a JSON object. A failure is an `isError` result whose text is
 * `Name: message` (the exception the tool threw, or the `DOMException` WebMCP rejected with). A tool
 * with `untrustedContentHint` gets `_meta['webmcp-kit/untrustedContent']: true` on every result.
 *
 * @example
 * ```ts
 * toCallResult(tool, { ok: false, name: 'RangeError', message: 'No task 99.' })
 * // { isError: true, content: [{ type: 'text', text: 'RangeError: No task 99.' }], … }
 * ```
 */
export function toCallResult(tool: PageTool, outcome: CallOutcome): CallToolResult {
  const meta: Record<string, unknown> = {}
  if (tool.annotations?.untrustedContentHint) meta[`${META}/untrustedContent`] = true
  if (!outcome.ok) {
    meta[`${META}/error`] = { name: outcome.name, message: outcome.message }
    const text = outcome.message ? `${outcome.name}: ${outcome.message}` : outcome.name
    return { isError: true, content: [{ type: 'text', text }], _meta: meta }
  }
  const { value } = outcome
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  const result: CallToolResult = { content: [{ type: 'text', text }] }
  const structured = typeof value === 'string' ? parseObject(value) : value
  if (isObject(structured)) result.structuredContent = structured
  if (Object.keys(meta).length) result._meta = meta
  return result
}

/**
 * Whether the bridge asks the person before running `tool`.
 *
 * @example
 * ```ts
 * needsConfirmation(deleteAll, 'consequential') // true when deleteAll has consequentialHint
 * ```
 */
export function needsConfirmation(tool: PageTool, policy: ConfirmPolicy): boolean {
  if (policy === 'never') return false
  if (policy === 'writes') return tool.annotations?.readOnlyHint !== true
  return tool.annotations?.consequentialHint === true
}

/** The page's text on one line (no control, format or line-breaking characters), at most `max` long. */
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/**
 * What the person is asked before `tool` runs. The origin is the browser's; the title and the
 * description are the page's (a frame could write anything there, such as a fake second
 * question), so they come after it, on one line each, cut short, and marked as the page's words.
 *
 * @example
 * ```ts
 * confirmationMessage(sendMessage)
 * // 'http://localhost:5171 wants to run “Send a message” (send_message).
The page describes it as: “Sends a message.”
Allow it?'
 * ```
 */
export function confirmationMessage(tool: PageTool): string {
  const label = oneLine(tool.title || tool.name, 100)
  const named = tool.title ? ` (${tool.name})` : ''
  return (
    `${tool.frame.origin} wants to run “${label}”${named}.\n` +
    `The page describes it as: “${oneLine(tool.description, 300)}”\nAllow it?`
  )
}

function parseObject(text: string): unknown {
  if (!text.startsWith('{')) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
