// Which pages may be shared, and what a shared site covers. Pure: no browser API.

/** The origin of a URL when it is a web page (http or https), else undefined. */
export function webOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The match pattern of a shared site: its scheme and host. Firefox's match patterns take no port,
 * so the browser grants the host on every port; which origin is shared (port included) is the
 * worker's check.
 */
export function sitePattern(origin: string): string {
  const { protocol, hostname } = new URL(origin)
  return `${protocol}//${hostname.includes(':') ? `[${hostname}]` : hostname}/*`
}

/** What the person shared: sites by origin, tabs by id. */
export interface Shared {
  sites: readonly string[]
  tabs: readonly number[]
}

/**
 * Whether a tab (by its id and top-level URL) is shared: the tab itself, or the origin of the web
 * page it shows (the whole origin: scheme, host and port).
 */
export function covers(shared: Shared, tab: number, url: string | undefined): boolean {
  const origin = webOrigin(url)
  return shared.tabs.includes(tab) || (origin !== undefined && shared.sites.includes(origin))
}
