/**
 * The messages between the webmcp-kit extension and the bridge, and their limits: JSON text frames
 * over a WebSocket on 127.0.0.1. One module for both ends (the bridge runs it in Node, the
 * extension bundles it): every message either side receives is parsed here, field by field,
 * before anything else reads it. It uses nothing but what browsers and Node share.
 */

/** The port the bridge listens on for the extension when none is given. */
export const DEFAULT_EXTENSION_PORT = 47615
/** The largest frame either side sends (UTF-8 bytes); a larger one closes the connection (1009). */
export const MAX_MESSAGE_BYTES = 1024 * 1024
/** Calls in flight at once; one more is refused with a tool error. */
export const MAX_CALLS = 64
/** Frames (documents with tools) the bridge keeps per tab. */
export const MAX_FRAMES_PER_TAB = 256
/** Tools the bridge keeps per frame. */
export const MAX_TOOLS_PER_FRAME = 512
/** Tabs the bridge keeps (shared or with tools). */
export const MAX_TABS = 256
/** How long (ms) a connection has to pair or authenticate. */
export const HANDSHAKE_MS = 10_000
/** The longest tool name either side keeps. */
export const MAX_NAME = 256
/** The longest tool description either side keeps. */
export const MAX_DESCRIPTION = 16 * 1024

/** WebSocket close codes of the protocol. */
export const CLOSE = {
  /** Binary frame. */
  binary: 1003,
  /** Frame over {@link MAX_MESSAGE_BYTES}. */
  tooBig: 1009,
  /** A message out of order, or one that is not the protocol's. */
  outOfOrder: 4400,
  /** A bad proof, a replayed nonce, or pairing that is over. */
  badProof: 4401,
  /** The handshake took longer than {@link HANDSHAKE_MS}. */
  timeout: 4408,
  /** Another extension connection is already authenticated. */
  busy: 4409,
} as const

/** WebMCP's four annotations, the only ones that travel. */
export const HINTS = [
  'readOnlyHint',
  'untrustedContentHint',
  'consequentialHint',
  'debugging',
] as const

/** A tool's annotations on the wire: WebMCP's four hints. */
export type WireAnnotations = Partial<Record<(typeof HINTS)[number], boolean>>

/** Where a tool comes from: `native`, the browser's own `document.modelContext`; `page-asserted`, the page vouches for it. */
export type ToolSource = 'native' | 'page-asserted'

/** A tool as the extension read it in a frame. */
export interface WireTool {
  name: string
  description: string
  inputSchema?: Record<string, unknown>
  annotations?: WireAnnotations
  source: ToolSource
}

/** A failure as it travels: a DOMException's name and message. */
export interface WireError {
  name: string
  message: string
}

/** A shared tab. */
export interface WireTab {
  tab: number
  title: string
  url: string
}

/** What the extension sends during the handshake. */
export type HandshakeMessage =
  | { type: 'pair'; v: 1; pub: string; nonce: string }
  | { type: 'pair-proof'; proof: string }
  | { type: 'hello'; v: 1; nonce: string }
  | { type: 'auth'; proof: string }

/** What the extension sends once ready. */
export type SessionMessage =
  | { type: 'tabs'; tabs: WireTab[] }
  | {
      type: 'tools'
      tab: number
      frame: number
      document: string
      origin: string
      tools: WireTool[]
    }
  | { type: 'gone'; tab: number; frame?: number }
  | { type: 'result'; id: number; ok: true; output: unknown }
  | { type: 'result'; id: number; ok: false; error: WireError }
  | { type: 'ping' }
  | { type: 'pong' }

/** Everything the extension sends. */
export type ExtensionMessage = HandshakeMessage | SessionMessage

/** What the bridge sends once the link is ready. */
export type BridgeMessage =
  | {
      type: 'call'
      id: number
      tab: number
      frame: number
      document: string
      name: string
      input: unknown
    }
  | { type: 'cancel'; id: number }
  | { type: 'ping' }
  | { type: 'pong' }

/** base64url without padding. */
const B64URL = /^[A-Za-z0-9_-]*$/

/** Bytes as base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/**
 * base64url (no padding, canonical) as bytes, or `undefined` when it is not that, or not `length`
 * bytes long.
 */
export function fromBase64Url(text: unknown, length?: number): Uint8Array<ArrayBuffer> | undefined {
  if (typeof text !== 'string' || !B64URL.test(text) || text.length % 4 === 1) return undefined
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  if (toBase64Url(bytes) !== text) return undefined
  return length === undefined || bytes.length === length ? bytes : undefined
}

/** Parts joined with "\n": the protocol's `a|b`. */
export const join = (...parts: string[]): string => parts.join('\n')

/** The UTF-8 length of `text` (what the frame limit counts), without encoding it. */
export function byteLength(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2 // 4 bytes for the pair's 2 units
        i++
        continue
      }
    }
    if (unit >= 0x800) bytes += 2
    else if (unit >= 0x80) bytes += 1
  }
  return bytes
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max

/** The four hints of `value` that are booleans, or `undefined` when it is not an object. */
export function toHints(value: unknown): WireAnnotations | undefined {
  if (!isRecord(value)) return undefined
  const hints: WireAnnotations = {}
  for (const hint of HINTS) if (typeof value[hint] === 'boolean') hints[hint] = value[hint]
  return hints
}

function parseTool(value: unknown): WireTool | undefined {
  if (!isRecord(value) || !isText(value.name, MAX_NAME) || value.name === '') return undefined
  if (value.source !== 'native' && value.source !== 'page-asserted') return undefined
  const description = value.description ?? ''
  if (!isText(description, MAX_DESCRIPTION)) return undefined
  if (value.inputSchema !== undefined && !isRecord(value.inputSchema)) return undefined
  if (value.annotations !== undefined && !isRecord(value.annotations)) return undefined
  const annotations = toHints(value.annotations)
  return {
    name: value.name,
    description,
    source: value.source,
    ...(value.inputSchema !== undefined && { inputSchema: value.inputSchema }),
    ...(annotations && { annotations }),
  }
}

/** Why a message was refused: `invalid` (not the protocol's) or a bound it went over. */
export type ParseFailure = 'invalid' | 'too-many-tools' | 'too-many-tabs'

/**
 * The extension's message in `text`, checked field by field; a failure says why. Nothing of an
 * invalid message is kept.
 *
 * @example
 * ```ts
 * parseMessage('{"type":"gone","tab":3}') // { type: 'gone', tab: 3 }
 * parseMessage('{"type":"gone"}') // 'invalid'
 * ```
 */
export function parseMessage(text: string): ExtensionMessage | ParseFailure {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'invalid'
  }
  if (!isRecord(value)) return 'invalid'
  switch (value.type) {
    case 'pair':
    case 'hello': {
      if (value.v !== 1 || !fromBase64Url(value.nonce, 32)) return 'invalid'
      if (value.type === 'hello') return { type: 'hello', v: 1, nonce: value.nonce as string }
      if (!fromBase64Url(value.pub, 65)) return 'invalid'
      return { type: 'pair', v: 1, pub: value.pub as string, nonce: value.nonce as string }
    }
    case 'pair-proof':
    case 'auth':
      if (!fromBase64Url(value.proof, 32)) return 'invalid'
      return { type: value.type, proof: value.proof as string }
    case 'tabs': {
      if (!Array.isArray(value.tabs)) return 'invalid'
      if (value.tabs.length > MAX_TABS) return 'too-many-tabs'
      const tabs: WireTab[] = []
      for (const tab of value.tabs as unknown[]) {
        if (!isRecord(tab) || !isId(tab.tab)) return 'invalid'
        const title = tab.title ?? ''
        const url = tab.url ?? ''
        if (!isText(title, 4096) || !isText(url, 16 * 1024)) return 'invalid'
        tabs.push({ tab: tab.tab, title, url })
      }
      return { type: 'tabs', tabs }
    }
    case 'tools': {
      const { tab, frame, document, origin } = value
      if (!isId(tab) || !isId(frame) || !isText(document, 256) || !isText(origin, 2048)) {
        return 'invalid'
      }
      if (!Array.isArray(value.tools)) return 'invalid'
      if (value.tools.length > MAX_TOOLS_PER_FRAME) return 'too-many-tools'
      const tools: WireTool[] = []
      for (const entry of value.tools as unknown[]) {
        const tool = parseTool(entry)
        if (!tool) return 'invalid'
        tools.push(tool)
      }
      return { type: 'tools', tab, frame, document, origin, tools }
    }
    case 'gone':
      if (!isId(value.tab) || (value.frame !== undefined && !isId(value.frame))) return 'invalid'
      return value.frame === undefined
        ? { type: 'gone', tab: value.tab }
        : { type: 'gone', tab: value.tab, frame: value.frame }
    case 'result': {
      if (!isId(value.id)) return 'invalid'
      if (value.ok === true) return { type: 'result', id: value.id, ok: true, output: value.output }
      const { error } = value
      if (value.ok !== false || !isRecord(error) || !isText(error.name, 256)) return 'invalid'
      const message = error.message ?? ''
      if (!isText(message, 64 * 1024)) return 'invalid'
      return { type: 'result', id: value.id, ok: false, error: { name: error.name, message } }
    }
    case 'ping':
    case 'pong':
      return { type: value.type }
    default:
      return 'invalid'
  }
}

/**
 * The bridge's message in `value` (parsed JSON), checked field by field, or `undefined` when it is
 * not one of the protocol's session messages.
 */
export function parseBridgeMessage(value: unknown): BridgeMessage | undefined {
  if (!isRecord(value)) return undefined
  switch (value.type) {
    case 'ping':
    case 'pong':
      return { type: value.type }
    case 'cancel':
      return isId(value.id) ? { type: 'cancel', id: value.id } : undefined
    case 'call': {
      const { id, tab, frame, document, name } = value
      if (!isId(id) || !isId(tab) || !isId(frame)) return undefined
      if (!isText(document, 256) || !isText(name, MAX_NAME)) return undefined
      return { type: 'call', id, tab, frame, document, name, input: value.input ?? {} }
    }
    default:
      return undefined
  }
}

/** Whether `origin` is an extension's origin (`chrome-extension://<id>`, `moz-extension://<uuid>`). */
export function isExtensionOrigin(origin: string | undefined): origin is string {
  return (
    origin !== undefined &&
    /^(chrome-extension:\/\/[a-p]{32}|moz-extension:\/\/[0-9a-f-]{36})$/.test(origin)
  )
}
