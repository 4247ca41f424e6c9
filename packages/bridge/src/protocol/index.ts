/**
 * `@webmcp-kit/bridge/protocol`: the wire protocol between the webmcp-kit extension and
 * `webmcp-kit-bridge --extension`, for both ends: the messages and their bounds, their parsers, the
 * encodings and the handshake's cryptography. Pure: no dependency, nothing of Node, nothing run at
 * import; the extension bundles it.
 */
export {
  byteLength,
  CLOSE,
  DEFAULT_EXTENSION_PORT,
  fromBase64Url,
  HANDSHAKE_MS,
  HINTS,
  isExtensionOrigin,
  join,
  MAX_CALLS,
  MAX_DESCRIPTION,
  MAX_FRAMES_PER_TAB,
  MAX_MESSAGE_BYTES,
  MAX_NAME,
  MAX_TABS,
  MAX_TOOLS_PER_FRAME,
  parseBridgeMessage,
  parseMessage,
  toBase64Url,
  toHints,
} from './wire'
export type {
  BridgeMessage,
  ExtensionMessage,
  HandshakeMessage,
  ParseFailure,
  SessionMessage,
  ToolSource,
  WireAnnotations,
  WireError,
  WireTab,
  WireTool,
} from './wire'
export {
  authProofs,
  CODE_ALPHABET,
  isCode,
  newNonce,
  newPairingCode,
  newPairingKeys,
  normaliseCode,
  pairingProofs,
  pairingSecret,
  sameProof,
  showCode,
} from './handshake-crypto'
export type { PairingKeys, Transcript } from './handshake-crypto'
