/**
 * Parses `input` as a URL and returns its serialised origin when that origin is potentially trustworthy
 * (https/wss, or http/ws on a loopback host); `undefined` otherwise.
 * https://w3c.github.io/webappsec-secure-contexts/#is-origin-trustworthy
 */
export function trustworthyOrigin(input: string): string | undefined {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return undefined
  }
  const { origin, protocol, hostname } = url
  if (origin === 'null') return undefined
  if (protocol === 'https:' || protocol === 'wss:') return origin
  const loopback =
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  return loopback ? origin : undefined
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
