// What a frame's content script makes of the tools it reads, before they leave the document: each
// shaped and bounded as the wire takes it, the list cut to fit one frame of the protocol, and what
// the main-world relay says (the page's word) checked field by field. Pure: no browser API.
import {
  byteLength,
  MAX_DESCRIPTION,
  MAX_MESSAGE_BYTES,
  MAX_NAME,
  MAX_TOOLS_PER_FRAME,
  toHints,
} from './protocol'
import type { ToolSource, WireError, WireTool } from './protocol'
import type { VisibleTool } from './frame-messages'

/** The largest input schema a tool may have (its JSON, UTF-8 bytes); a larger one drops the tool. */
export const MAX_SCHEMA_BYTES = 64 * 1024
/** What one frame's tools may take of a protocol frame (the rest is the message around them). */
const TOOLS_BUDGET = MAX_MESSAGE_BYTES - 64 * 1024

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The JSON of `value`, or undefined when it has none (a cycle, a BigInt, a throwing getter). */
function json(value: unknown): string | undefined {
  try {
    return JSON.stringify(value)
  } catch {
    return undefined
  }
}

/**
 * A tool as the bridge gets it, or undefined when the lister's entry is not a tool, or is beyond
 * the bounds: a name of 1 to 256 characters, the description cut at 16 KiB, an input schema that
 * is a plain JSON object of at most {@link MAX_SCHEMA_BYTES}, and only WebMCP's four hints.
 */
export function toWireTool(tool: unknown, source: ToolSource): WireTool | undefined {
  if (!isRecord(tool)) return undefined
  const { name, description, inputSchema } = tool
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME) return undefined
  let schema: Record<string, unknown> | undefined
  if (inputSchema !== undefined && inputSchema !== null) {
    const text = isRecord(inputSchema) ? json(inputSchema) : undefined
    if (text === undefined || byteLength(text) > MAX_SCHEMA_BYTES) return undefined
    schema = JSON.parse(text) as Record<string, unknown>
  }
  const annotations = toHints(tool.annotations)
  return {
    name,
    description: typeof description === 'string' ? description.slice(0, MAX_DESCRIPTION) : '',
    ...(schema && { inputSchema: schema }),
    ...(annotations && { annotations }),
    source,
  }
}

/**
 * The tools of `listed` that are tools, in order, as many as one frame of the protocol carries:
 * at most 512, and within its byte budget (the first that would pass it, and all after, are left
 * out: a page cannot make the extension send more than the bridge takes).
 */
export function fitTools(listed: readonly unknown[], source: ToolSource): WireTool[] {
  const tools: WireTool[] = []
  let bytes = 0
  // Entries that are not tools count too: a list of millions is read no further than this.
  for (const entry of listed.slice(0, 8 * MAX_TOOLS_PER_FRAME)) {
    if (tools.length >= MAX_TOOLS_PER_FRAME) break
    const tool = toWireTool(entry, source)
    if (!tool) continue
    bytes += byteLength(JSON.stringify(tool)) + 1
    if (bytes > TOOLS_BUDGET) break
    tools.push(tool)
  }
  return tools
}

/** The most tools of other frames a document's report lists as visible to it. */
const MAX_VISIBLE = 4096
/** The longest origin a visible tool may give (a longer one is no origin a frame has). */
const MAX_ORIGIN = 2048

/**
 * The tools of other frames that `listed` says this document sees, as origin and name, at most
 * 4096: an entry whose origin or name is not a string of a sane length is left out. On a native
 * page the browser lists them; through the relay, the page says so (its word only widens what
 * the hub lets through of tools the frames themselves reported, never adds a tool).
 */
export function fitVisible(listed: readonly unknown[]): VisibleTool[] {
  const visible: VisibleTool[] = []
  for (const entry of listed.slice(0, 2 * MAX_VISIBLE)) {
    if (visible.length >= MAX_VISIBLE) break
    if (!isRecord(entry)) continue
    const { origin, name } = entry
    if (typeof origin !== 'string' || origin.length === 0 || origin.length > MAX_ORIGIN) continue
    if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME) continue
    visible.push({ origin, name })
  }
  return visible
}

/** What the main-world relay may say: its tools (and what it sees of other frames), or a result. */
export type RelayMessage =
  | { type: 'tools'; tools: WireTool[]; visible: VisibleTool[] }
  | { type: 'result'; id: string; ok: true; output: unknown }
  | { type: 'result'; id: string; ok: false; error: WireError }

/** The relay's message (the page's word) checked, or undefined when it is not one. */
export function parseRelayMessage(data: unknown): RelayMessage | undefined {
  if (!isRecord(data)) return undefined
  if (data.type === 'tools') {
    if (!Array.isArray(data.tools)) return undefined
    const visible = Array.isArray(data.visible) ? fitVisible(data.visible) : []
    return { type: 'tools', tools: fitTools(data.tools, 'page-asserted'), visible }
  }
  if (data.type !== 'result' || typeof data.id !== 'string' || data.id.length > 64) return undefined
  if (data.ok === true) return { type: 'result', id: data.id, ok: true, output: data.output }
  const error = isRecord(data.error) ? data.error : {}
  return {
    type: 'result',
    id: data.id,
    ok: false,
    error: {
      name: typeof error.name === 'string' ? error.name.slice(0, 256) : 'Error',
      message: typeof error.message === 'string' ? error.message.slice(0, 64 * 1024) : '',
    },
  }
}
