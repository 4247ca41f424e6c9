import { isObject } from './webidl'
import type { ToolAnnotations } from './types'

// The frame protocol's messages, parsed and checked in one place: whatever another document sends is
// data from a stranger until it has passed here. See docs/frames.md for who may send what.

/** The property every protocol message carries, naming its type. */
export const KEY = '__webmcp'

/** A tool as it crosses to another document: the listing fields of `RegisteredTool`. */
export interface ToolInfo {
  name: string
  title: string
  description: string
  /** The schema as JSON (`""` when there is none); always parses to an object. */
  inputSchema: string
  annotations: Required<ToolAnnotations> | null
}

/** Messages between windows (`window.postMessage`): the browser stamps their sender. */
export type WindowMessage =
  /** "I am document `doc` of this tree, and may use tools: talk to me on this port." */
  | { [KEY]: 'hello'; doc: string; port: MessagePort }
  /** "Document `doc` got your hello: its port is bound to me." */
  | { [KEY]: 'welcome'; doc: string }
  /**
   * "May your child #`index` (-1: a child not in `frames`), showing a document of `origin`, use
   * tools?" With `own`, the asker asks about itself.
   */
  | { [KEY]: 'ask'; id: string; index: number; origin: string; own: boolean }
  /** `null`: the answerer cannot tell yet (the child has not introduced itself there). */
  | { [KEY]: 'answer'; id: string; allowed: boolean | null }

/** Messages on a member's port: they come from the document the port is bound to. */
export type PortMessage =
  /** This document's tools exposed to the receiver (version `v`), and how many changes they carry. */
  | { [KEY]: 'tools'; v: number; tools: ToolInfo[]; changes: number }
  | { [KEY]: 'ack'; v: number }
  | { [KEY]: 'run'; id: string; name: string; input: string }
  | { [KEY]: 'cancel'; id: string }
  /** `ok`: the result string (or `null`); otherwise whether the tool ran and failed. */
  | { [KEY]: 'result'; id: string; ok: true; value: string | null }
  | { [KEY]: 'result'; id: string; ok: false; value: boolean }
  | { [KEY]: 'bye' }
  /** "Are you still there?" (asked while calls wait on the receiver), answered `pong`. */
  | { [KEY]: 'ping' }
  | { [KEY]: 'pong' }

const NAME = /^[\w.-]{1,128}$/
/** Longest id or document id accepted (ours are UUIDs). */
const ID = 64
/** Most tools one document may list to another. */
const MAX_TOOLS = 10_000
/** Most `toolchange` events one message may ask for (natively a frame can cause as many by re-registering). */
const MAX_CHANGES = 1000

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= ID
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

const HINTS = ['consequentialHint', 'debugging', 'readOnlyHint', 'untrustedContentHint'] as const

/** A listed tool as another document sent it, checked field by field; `undefined` when malformed. */
function toolInfo(value: unknown): ToolInfo | undefined {
  if (!isObject(value)) return undefined
  const { name, title, description, inputSchema, annotations } = value as Record<string, unknown>
  if (typeof name !== 'string' || !NAME.test(name)) return undefined
  if (typeof title !== 'string' || typeof description !== 'string' || !description) return undefined
  if (typeof inputSchema !== 'string') return undefined
  if (inputSchema) {
    try {
      const parsed: unknown = JSON.parse(inputSchema)
      if (!isObject(parsed)) return undefined
    } catch {
      return undefined
    }
  }
  let hints: Required<ToolAnnotations> | null = null
  if (annotations !== null) {
    if (!isObject(annotations)) return undefined
    const record = annotations as Record<string, unknown>
    if (!HINTS.every((hint) => typeof record[hint] === 'boolean')) return undefined
    hints = {
      consequentialHint: record.consequentialHint as boolean,
      debugging: record.debugging as boolean,
      readOnlyHint: record.readOnlyHint as boolean,
      untrustedContentHint: record.untrustedContentHint as boolean,
    }
  }
  return { name, title, description, inputSchema, annotations: hints }
}

const typeOf = (data: unknown): string | undefined => {
  if (!isObject(data)) return undefined
  try {
    const type = (data as Record<string, unknown>)[KEY]
    return typeof type === 'string' ? type : undefined
  } catch {
    return undefined
  }
}

/** A window message of the protocol, checked; `undefined` for anything else. */
export function parseWindowMessage(event: MessageEvent): WindowMessage | undefined {
  const data: unknown = event.data
  const type = typeOf(data)
  if (!type) return undefined
  const m = data as Record<string, unknown>
  switch (type) {
    case 'hello': {
      const port = event.ports[0]
      return isId(m.doc) && port && event.ports.length === 1
        ? { [KEY]: type, doc: m.doc, port }
        : undefined
    }
    case 'welcome':
      return isId(m.doc) ? { [KEY]: type, doc: m.doc } : undefined
    case 'ask':
      return isId(m.id) && Number.isSafeInteger(m.index) && typeof m.origin === 'string'
        ? { [KEY]: type, id: m.id, index: m.index as number, origin: m.origin, own: m.own === true }
        : undefined
    case 'answer':
      return isId(m.id) && (typeof m.allowed === 'boolean' || m.allowed === null)
        ? { [KEY]: type, id: m.id, allowed: m.allowed }
        : undefined
  }
  return undefined
}

/** A port message of the protocol, checked; `undefined` for anything else. */
export function parsePortMessage(data: unknown): PortMessage | undefined {
  const type = typeOf(data)
  if (!type) return undefined
  const m = data as Record<string, unknown>
  switch (type) {
    case 'tools': {
      if (!isCount(m.v) || !isCount(m.changes) || !Array.isArray(m.tools)) return undefined
      if (m.tools.length > MAX_TOOLS) return undefined
      const tools: ToolInfo[] = []
      const names = new Set<string>()
      for (const entry of m.tools as unknown[]) {
        const tool = toolInfo(entry)
        // A malformed entry, or a second tool of one name, is left out; the rest still count.
        if (tool && !names.has(tool.name)) {
          names.add(tool.name)
          tools.push(tool)
        }
      }
      return { [KEY]: type, v: m.v, tools, changes: Math.min(m.changes, MAX_CHANGES) }
    }
    case 'ack':
      return isCount(m.v) ? { [KEY]: type, v: m.v } : undefined
    case 'run':
      return isId(m.id) && typeof m.name === 'string' && typeof m.input === 'string'
        ? { [KEY]: type, id: m.id, name: m.name, input: m.input }
        : undefined
    case 'cancel':
      return isId(m.id) ? { [KEY]: type, id: m.id } : undefined
    case 'result':
      if (!isId(m.id)) return undefined
      if (m.ok === true && (typeof m.value === 'string' || m.value === null)) {
        return { [KEY]: type, id: m.id, ok: true, value: m.value }
      }
      return m.ok === false
        ? { [KEY]: type, id: m.id, ok: false, value: m.value === true }
        : undefined
    case 'bye':
    case 'ping':
    case 'pong':
      return { [KEY]: type }
  }
  return undefined
}
