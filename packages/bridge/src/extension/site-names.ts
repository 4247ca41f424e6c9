/** Where a tool of a shared tab is: the browser-given facts, never the page's. */
export interface ToolPlace {
  tab: number
  frame: number
  /** The frame document's origin, as the browser gives it. */
  origin: string
  source: 'native' | 'page-asserted'
  /** The name the page registered. */
  name: string
}

/** The prefix of page-asserted tools' names. Site labels never hold a `-`, so no native name starts so. */
export const PAGE_ASSERTED_PREFIX = 'page-'
/** Room for a name before its suffix (names stay within 64 characters, which every client takes). */
const BASE_LENGTH = 56

/**
 * A short label of `origin`'s site for MCP names: the host name in lower case with every run of
 * other characters than `a-z0-9` as one `_`, and the port when it is not the scheme's default.
 *
 * @example
 * ```ts
 * siteLabel('https://www.example.com') // 'www_example_com'
 * siteLabel('http://localhost:5171') // 'localhost_5171'
 * ```
 */
export function siteLabel(origin: string): string {
  if (!URL.canParse(origin)) return 'site'
  const url = new URL(origin)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const label = `${host}${url.port ? `_${url.port}` : ''}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return label || 'site'
}

/** A page's tool name with what MCP clients do not all take (anything but `A-Za-z0-9_-`) as `_`. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9_-]+/g, '_')

interface Given {
  name: string
  frame: number
}

/**
 * MCP names for the tools of the shared tabs, kept for the life of the bridge: a tool is named
 * `<site-label>__<tool>` (page-asserted ones `page-<site-label>__<tool>`), with `-<tab ordinal>`
 * (the tabs numbered 1, 2… as they first show tools) when another tool already had that name, and
 * `-<ordinal>-2`, `-3`… after that. A name is never given to a tool of another tab, nor of another
 * origin or source, not even after its tool went away: a client that still holds a name can only
 * reach the tool it meant (or none). It passes to the same tool (tab, origin, source, name) in
 * another frame of the tab only while the frame that had it does not list it: a navigation or a
 * reloaded frame keeps the names.
 *
 * @example
 * ```ts
 * const names = new SiteNames()
 * names.assign([{ tab: 7, frame: 0, origin: 'https://a.test', source: 'native', name: 'send' }])
 * // ['a_test__send']; the same tool in another tab, later: 'a_test__send-2'
 * ```
 */
export class SiteNames {
  readonly #ordinals = new Map<number, number>()
  /** `tab origin source name` → the names given to such tools. */
  readonly #given = new Map<string, Given[]>()
  readonly #taken = new Set<string>()

  /** Names for one listing of the shared tabs' tools (tabs in order, each tab's top frame first). */
  assign(tools: readonly ToolPlace[]): string[] {
    const keys = tools.map((t) => `${t.tab} ${t.origin} ${t.source} ${t.name}`)
    const names: Array<string | undefined> = []
    const used = new Set<Given>()
    tools.forEach((tool, i) => {
      const given = this.#given.get(keys[i]!)?.find((g) => g.frame === tool.frame && !used.has(g))
      if (given) {
        used.add(given)
        names[i] = given.name
      }
    })
    tools.forEach((tool, i) => {
      if (names[i] !== undefined) return
      const given = this.#given.get(keys[i]!)?.find((g) => !used.has(g))
      if (given) {
        used.add(given)
        given.frame = tool.frame
        names[i] = given.name
      }
    })
    tools.forEach((tool, i) => {
      if (names[i] === undefined) names[i] = this.#give(keys[i]!, tool)
    })
    return names as string[]
  }

  #give(key: string, tool: ToolPlace): string {
    if (!this.#ordinals.has(tool.tab)) this.#ordinals.set(tool.tab, this.#ordinals.size + 1)
    const prefix = tool.source === 'native' ? '' : PAGE_ASSERTED_PREFIX
    const base = `${prefix}${siteLabel(tool.origin)}__${safeName(tool.name)}`.slice(0, BASE_LENGTH)
    const ordinal = `${base}-${this.#ordinals.get(tool.tab)}`
    let name = this.#taken.has(base) ? ordinal : base
    for (let n = 2; this.#taken.has(name); n++) name = `${ordinal}-${n}`
    const list = this.#given.get(key) ?? []
    list.push({ name, frame: tool.frame })
    this.#given.set(key, list)
    this.#taken.add(name)
    return name
  }
}
