/**
 * Parses `input` as a URL and returns its serialised origin when that origin is potentially trustworthy
 * (https/wss, or http/ws on a loopback host); `undefined` otherwise. It is the rule `registerTool`'s
 * `exposedTo` and `getTools`'s `fromOrigins` apply: one origin that fails it makes the call reject
 * with a `SecurityError`.
 * https://w3c.github.io/webappsec-secure-contexts/#is-origin-trustworthy
 *
 * @example
 * ```ts
 * import { trustworthyOrigin } from '@webmcp-kit/core'
 * trustworthyOrigin('http://localhost:5173/app') // 'http://localhost:5173'
 * trustworthyOrigin('http://example.com') // undefined
 * ```
 */
export function trustworthyOrigin(input: string): string | undefined {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return undefined
  }
  // Chromium counts file: URLs as trustworthy; their origin serialises as "file://".
  if (url.protocol === 'file:') return 'file://'
  const { origin } = url
  if (origin === 'null') return undefined
  // The origin's own scheme and host: a blob: URL's origin is that of the URL inside it.
  const { protocol, hostname } = new URL(origin)
  if (protocol === 'https:' || protocol === 'wss:') return origin
  // Loopback: `localhost` and its subdomains, `[::1]`, `127.x.y.z`; a trailing dot aside.
  return /^((.*\.)?localhost|\[::1\]|127\.\d+\.\d+\.\d+)\.?$/.test(hostname) ? origin : undefined
}

/** Parses `input` as a URL and returns its serialised origin, `undefined` when it fails or is opaque. */
export function tupleOrigin(input: string): string | undefined {
  try {
    const { origin } = new URL(input)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}
