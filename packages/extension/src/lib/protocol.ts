// The extension ↔ bridge protocol is one module for both ends, the bridge's pure
// `@webmcp-kit/bridge/protocol` (messages, bounds, parsers, encodings, the handshake's
// cryptography), which the build bundles; the extension's modules and tests read it from here.
export * from '@webmcp-kit/bridge/protocol'
