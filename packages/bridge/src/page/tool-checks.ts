import type { JSONSchema, ToolAnnotations } from '@webmcp-kit/core'
import type { CallOutcome, PageTool } from '../types'

/** A tool as a document describes it, checked: everything of a {@link PageTool} but its document. */
export type CheckedTool = Omit<PageTool, 'frame' | 'owner'>

/**
 * The bounds within which the bridge takes what a document says about its tools. Past them the
 * answer is dropped (a tool, or a whole document's list), never the page's listing.
 */
export const LIMITS = {
  /** MCP's tool name rule (and so the bridge's): letters, digits, `_`, `.` and `-`, 1 to 128. */
  name: /^[\w.-]{1,128}$/,
  /** Nesting of objects and arrays in an input schema. */
  schemaDepth: 64,
  /** One document's list, as JSON text (UTF-16 code units). */
  listLength: 4 * 1024 * 1024,
  /** Tools of one document. */
  tools: 1024,
  /** An error's name and message from the page. */
  errorName: 128,
  errorMessage: 16 * 1024,
} as const

const HINTS = ['readOnlyHint', 'untrustedContentHint', 'consequentialHint', 'debugging'] as const

/**
 * Whether `value` is a JSON object (not an array, not null).
 *
 * @example
 * ```ts
 * isObject({}) // true; isObject([]) // false
 * ```
 */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The outcome of a call whose document went away (navigated, or removed) before it answered.
 *
 * @example
 * ```ts
 * if (frame.isDetached()) return gone()
 * ```
 */
export const gone = (): CallOutcome => ({
  ok: false,
  name: 'UnknownError',
  message: 'The document of the tool went away (navigation or removal) before it answered.',
})

/** Whether `value` nests objects and arrays no deeper than `limit` (iteratively: no stack to exhaust). */
export function withinDepth(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length) {
    const [item, depth] = stack.pop()!
    if (typeof item !== 'object' || item === null) continue
    if (depth > limit) return false
    for (const child of Object.values(item)) stack.push([child, depth + 1])
  }
  return true
}

/**
 * `raw` as a tool, if every field is what WebMCP promises: a name MCP accepts, string title and
 * description, an input schema that is an object within {@link LIMITS}, annotations of booleans.
 *
 * @example
 * ```ts
 * checkTool({ name: 'search', description: 'Searches.' }) // { name: 'search', title: '', description: 'Searches.' }
 * checkTool({ name: 'evil name\n', description: '' }) // undefined
 * ```
 */
export function checkTool(raw: unknown): CheckedTool | undefined {
  if (!isObject(raw)) return undefined
  const { name, title = '', description, inputSchema, annotations } = raw
  if (typeof name !== 'string' || !LIMITS.name.test(name)) return undefined
  if (typeof title !== 'string' || typeof description !== 'string') return undefined
  const tool: CheckedTool = { name, title, description }
  if (inputSchema !== undefined && inputSchema !== null) {
    if (!isObject(inputSchema) || !withinDepth(inputSchema, LIMITS.schemaDepth)) return undefined
    tool.inputSchema = inputSchema as JSONSchema
  }
  if (annotations !== undefined && annotations !== null) {
    if (!isObject(annotations)) return undefined
    const hints = {} as Required<ToolAnnotations>
    for (const hint of HINTS) {
      const value = annotations[hint] ?? false
      if (typeof value !== 'boolean') return undefined
      hints[hint] = value
    }
    tool.annotations = hints
  }
  return tool
}

/**
 * A document's tools from the JSON text it answered with: an array of each tool's own JSON text
 * (so that one tool past the limits costs only itself). Anything else, or past {@link LIMITS},
 * is no tools at all. Tools with a name listed before are dropped.
 *
 * @example
 * ```ts
 * parseToolList(JSON.stringify([JSON.stringify({ name: 'a', description: 'A.' })])) // [{ name: 'a', … }]
 * parseToolList({ filter: 1 }) // []
 * ```
 */
export function parseToolList(text: unknown): CheckedTool[] {
  if (typeof text !== 'string' || text.length > LIMITS.listLength) return []
  let entries: unknown
  try {
    entries = JSON.parse(text)
  } catch {
    return []
  }
  if (!Array.isArray(entries)) return []
  const out: CheckedTool[] = []
  const names = new Set<string>()
  for (const entry of entries.slice(0, LIMITS.tools)) {
    if (typeof entry !== 'string') continue
    let raw: unknown
    try {
      raw = JSON.parse(entry)
    } catch {
      continue
    }
    const tool = checkTool(raw)
    if (!tool || names.has(tool.name)) continue
    names.add(tool.name)
    out.push(tool)
  }
  return out
}

/**
 * How a call ended, from what a document answered: `{ ok: true, value }`, or a failure with a
 * string name and message (cut to {@link LIMITS}). Anything else is an `UnknownError`.
 *
 * @example
 * ```ts
 * checkOutcome({ ok: false, name: 'RangeError', message: 'No task 9.' }) // as it is
 * checkOutcome(42) // { ok: false, name: 'UnknownError', … }
 * ```
 */
export function checkOutcome(raw: unknown): CallOutcome {
  if (isObject(raw) && raw.ok === true) return { ok: true, value: raw.value ?? null }
  if (isObject(raw) && raw.ok === false) {
    const { name, message } = raw
    if (typeof name === 'string' && typeof message === 'string') {
      return {
        ok: false,
        name: name.slice(0, LIMITS.errorName) || 'Error',
        message: message.slice(0, LIMITS.errorMessage),
      }
    }
  }
  return {
    ok: false,
    name: 'UnknownError',
    message: 'The document of the tool gave no outcome for the call.',
  }
}

/**
 * `Name: message` from the first line of an error's description (its `stack`, or `String(error)`).
 *
 * @example
 * ```ts
 * parseError('RangeError: No task 99.\n    at execute (…)') // { name: 'RangeError', message: 'No task 99.' }
 * ```
 */
export function parseError(text: string): { name: string; message: string } {
  const first = text.split('\n')[0]!
  const colon = first.indexOf(': ')
  return colon < 0
    ? { name: first || 'Error', message: '' }
    : { name: first.slice(0, colon), message: first.slice(colon + 2) }
}
