// Which pages may be shared, and what a shared site covers. Pure: no browser API.
import { trustworthyOrigin } from '@webmcp-kit/core'

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
  // An IPv6 host name is in brackets already, as a match pattern wants it.
  const { protocol, hostname } = new URL(origin)
  return `${protocol}//${hostname}/*`
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

/**
 * What a document of `own` origin asks getTools for besides its own tools: the shared sites that
 * are the origin of another document of its tab (as the browser gives them), trustworthy ones
 * only (getTools's own rule: any other one makes the whole call reject with a SecurityError). Never
 * every shared site: a polyfill page would learn from its relay what else is shared.
 */
export function fromOriginsOf(
  sites: readonly string[],
  tabOrigins: ReadonlySet<string>,
  own: string,
): string[] {
  return sites.filter(
    (site) => site !== own && tabOrigins.has(site) && trustworthyOrigin(site) !== undefined,
  )
}
