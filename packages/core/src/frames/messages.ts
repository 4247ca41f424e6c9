import { NESTING, tooDeep } from '../webmcp/json-depth'
import { HINTS, hintsOf, isObject } from '../webmcp/webidl'
import { NAME, type ToolInfo } from '../webmcp/engine'
import { KEY } from './record'

// The frame protocol's messages, parsed and checked in one place: whatever another document sends is
// data from a stranger until it has passed here. See docs/frames.md for who may send what.

/** The property every protocol message carries, naming its type (record.ts, which needs it from install on). */
export { KEY }

/** Messages between windows (`window.postMessage`): the browser stamps their sender. */
export type WindowMessage =
  /** "I am document `doc` of this tree, and may use tools: talk to me on this port." */
  | { [KEY]: 'hello'; doc: string; port: MessagePort }
  /** "Document `doc` got your hello: its port is bound to me." */
  | { [KEY]: 'welcome'; doc: string }
  /**
   * "May your child #`index` (-1: a child not in `frames`), showing a document of `origin`, use
   * tools?" With `own`, the asker asks about itself, as document `doc`.
   */
  | { [KEY]: 'ask'; id: string; index: number; origin: string; own: boolean; doc?: string }
  /** `null`: the answerer cannot tell yet (the child has not introduced itself there). */
  | { [KEY]: 'answer'; id: string; allowed: boolean | null }

/** Messages on a member's port: they come from the document the port is bound to. */
export type PortMessage =
  /** This document's tools exposed to the receiver (version `v`), and how many changes they carry. */
  | { [KEY]: 'tools'; v: number; tools: ToolInfo[]; changes: number }
  | { [KEY]: 'ack'; v: number }
  | { [KEY]: 'run'; id: string; name: string; input: string }
  | { [KEY]: 'cancel'; id: string }
  /**
   * `ok`: the result string (or `null`); otherwise the message of the tool's failure, or whether it
   * ran and failed (`false`: it did not run).
   */
  | { [KEY]: 'result'; id: string; ok: true; value: string | null }
  | { [KEY]: 'result'; id: string; ok: false; value: string | boolean }
  | { [KEY]: 'bye' }
  /** "Are you still there?" (asked while calls wait on the receiver), answered `pong`. */
  | { [KEY]: 'ping' }
  | { [KEY]: 'pong' }

/** Most tools one document may list to another. */
const MAX_TOOLS = 10_000
/** Most `toolchange` events one message may ask for (natively a frame can cause as many by re-registering). */
const MAX_CHANGES = 1000

type Check = (value: unknown) => boolean
/** An id or document id: ours are UUIDs, so at most 64 characters. */
const id: Check = (value) => typeof value === 'string' && value.length > 0 && value.length <= 64
const count: Check = (value) => Number.isSafeInteger(value) && (value as number) >= 0
const text: Check = (value) => typeof value === 'string'
const flag: Check = (value) => typeof value === 'boolean'

/** Each message's members and their checks; anything else a message carries is dropped. */
const WINDOW: Record<string, Record<string, Check>> = {
  hello: { doc: id },
  welcome: { doc: id },
  ask: {
    id,
    index: Number.isSafeInteger,
    origin: text,
    own: (value) => value === undefined || flag(value),
    doc: (value) => value === undefined || id(value),
  },
  answer: { id, allowed: (value) => value === null || flag(value) },
}
const PORT: Record<string, Record<string, Check>> = {
  tools: {
    v: count,
    tools: (value) => Array.isArray(value) && value.length <= MAX_TOOLS,
    changes: count,
  },
  ack: { v: count },
  run: { id, name: text, input: text },
  cancel: { id },
  result: { id, ok: flag, value: (value) => value === null || text(value) || flag(value) },
  bye: {},
  ping: {},
  pong: {},
}

/** `JSON.parse`, `undefined` for text that is not JSON. */
export function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A listed tool as another document sent it, checked field by field; `undefined` when malformed. */
function toolInfo(value: unknown): ToolInfo | undefined {
  if (!isObject(value)) return undefined
  const { name, title, description, inputSchema, annotations } = value as Record<string, unknown>
  if (typeof name !== 'string' || !NAME.test(name)) return undefined
  if (typeof title !== 'string' || typeof description !== 'string' || !description) return undefined
  if (typeof inputSchema !== 'string') return undefined
  if (inputSchema) {
    // No deeper than a schema native can register (a document without that limit could send one).
    if (tooDeep(inputSchema, NESTING.registerTool!) || !isObject(parseJSON(inputSchema)))
      return undefined
  }
  if (annotations !== null) {
    if (!isObject(annotations)) return undefined
    if (!HINTS.every((hint) => flag((annotations as Record<string, unknown>)[hint])))
      return undefined
  }
  const hints = annotations && hintsOf(annotations as Record<string, unknown>, Boolean)
  return { name, title, description, inputSchema, annotations: hints }
}

/** The message `data` if it is one of `shapes` with every member as checked (a copy of just those). */
function parse(
  data: unknown,
  shapes: Record<string, Record<string, Check>>,
): Record<string, unknown> | undefined {
  if (!isObject(data)) return undefined
  const message = data as Record<string, unknown>
  const type = message[KEY]
  const shape = typeof type === 'string' && Object.hasOwn(shapes, type) ? shapes[type]! : undefined
  if (!shape) return undefined
  const out: Record<string, unknown> = { [KEY]: type }
  for (const [key, check] of Object.entries(shape)) {
    if (!check(message[key])) return undefined
    out[key] = message[key]
  }
  return out
}

/** A window message of the protocol, checked; `undefined` for anything else. */
export function parseWindowMessage(event: MessageEvent): WindowMessage | undefined {
  const message = parse(event.data, WINDOW)
  if (!message) return undefined
  if (message[KEY] === 'ask') message.own = message.own === true
  if (message[KEY] === 'hello') {
    // A hello hands over exactly one port.
    if (event.ports.length !== 1) return undefined
    message.port = event.ports[0]
  }
  return message as WindowMessage
}

/** A port message of the protocol, checked; `undefined` for anything else. */
export function parsePortMessage(data: unknown): PortMessage | undefined {
  const message = parse(data, PORT)
  if (message?.[KEY] === 'tools') {
    const names = new Set<string>()
    // A malformed entry, or a second tool of one name, is left out; the rest still count.
    message.tools = (message.tools as unknown[]).map(toolInfo).filter((tool) => {
      if (!tool || names.has(tool.name)) return false
      names.add(tool.name)
      return true
    })
    message.changes = Math.min(message.changes as number, MAX_CHANGES)
  }
  if (message?.[KEY] === 'result') {
    const { ok, value } = message
    // A success carries the result string (or null); a failure its message, or whether it ran.
    if (ok ? typeof value === 'boolean' : value === null) return undefined
  }
  return message as PortMessage | undefined
}
