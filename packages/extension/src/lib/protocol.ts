// The extension ↔ bridge protocol: the messages on the WebSocket, their bounds, and the encodings.
// The bridge implements the same protocol; docs/extension.md describes it for people.

/** The bridge's default loopback port. */
export const DEFAULT_PORT = 47615
/** Largest text frame either side sends or accepts (the peer closes 1009 above it). */
export const MAX_FRAME = 1024 * 1024
export const MAX_CALLS = 64
export const MAX_FRAMES_PER_TAB = 256
export const MAX_TOOLS_PER_FRAME = 512
/** Close codes. */
export const CLOSE = {
  outOfOrder: 4400,
  badProof: 4401,
  timeout: 4408,
  busy: 4409,
} as const
export const HANDSHAKE_TIMEOUT = 10_000

export type ToolSource = 'native' | 'page-asserted'

export interface ToolAnnotations {
  readOnlyHint?: boolean
  untrustedContentHint?: boolean
  consequentialHint?: boolean
  debugging?: boolean
}

export interface WireTool {
  name: string
  description: string
  inputSchema?: unknown
  annotations?: ToolAnnotations
  source: ToolSource
}

export interface WireError {
  name: string
  message: string
}

/** What the extension sends once the link is ready. */
export type ExtensionMessage =
  | { type: 'tabs'; tabs: { tab: number; title: string; url: string }[] }
  | {
      type: 'tools'
      tab: number
      frame: number
      document: string
      origin: string
      tools: WireTool[]
    }
  | { type: 'gone'; tab: number; frame?: number }
  | { type: 'result'; id: number | string; ok: true; output: unknown }
  | { type: 'result'; id: number | string; ok: false; error: WireError }
  | { type: 'ping' }
  | { type: 'pong' }

/** What the bridge sends once the link is ready. */
export type BridgeMessage =
  | {
      type: 'call'
      id: number | string
      tab: number
      frame: number
      document: string
      name: string
      input: unknown
    }
  | { type: 'cancel'; id: number | string }
  | { type: 'ping' }
  | { type: 'pong' }

const isId = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.length <= 128)

/** Reads a message from the bridge, or undefined when it is not one. */
export function parseBridgeMessage(data: unknown): BridgeMessage | undefined {
  if (data === null || typeof data !== 'object') return undefined
  const message = data as Record<string, unknown>
  switch (message.type) {
    case 'ping':
    case 'pong':
      return { type: message.type }
    case 'cancel':
      return isId(message.id) ? { type: 'cancel', id: message.id } : undefined
    case 'call':
      if (
        !isId(message.id) ||
        typeof message.tab !== 'number' ||
        typeof message.frame !== 'number' ||
        typeof message.document !== 'string' ||
        typeof message.name !== 'string'
      ) {
        return undefined
      }
      return {
        type: 'call',
        id: message.id,
        tab: message.tab,
        frame: message.frame,
        document: message.document,
        name: message.name,
        input: message.input ?? {},
      }
    default:
      return undefined
  }
}

/** base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** Reads base64url without padding; throws a TypeError on anything else. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new TypeError('Not base64url without padding.')
  }
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Parts joined with "\n", as the protocol's `a|b`. */
export const join = (...parts: string[]): string => parts.join('\n')
