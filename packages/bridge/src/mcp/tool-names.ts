import type { PageTool, ToolOwner } from '../types'

/** A page tool under the name MCP clients know it by. */
export interface NamedTool {
  /** Unique across the page's documents, and kept for the page's tool (see {@link ToolNames}). */
  name: string
  tool: PageTool
}

/** Room left for a `.N` suffix within MCP's 128 characters. */
const BASE_LENGTH = 120

interface Given {
  name: string
  /** The frame whose document's tool has the name now. */
  frameId: string
}

/**
 * MCP names for the page's tools, kept for the life of the bridge. A tool is known by its name in
 * its document and by that document's place: the origins from the top down to it, and its frame
 * (`PageTool.owner`, from the browser, never from the page). An opaque origin (a sandboxed
 * frame's, a `data:` document's) is a place of its own document only: no other document is of
 * that origin. The name a tool was first given stays with it, and is never given to a tool of
 * another place:
 *
 * - a tool first seen takes its own name if no tool ever had it (in one listing, the top document
 *   first, then the frames in tree order), else `name.2`, `name.3`… (skipping every name given
 *   before, and every name a document of the same listing registered itself);
 * - a frame cannot take a name a tool of another origin had, not even after that tool went away;
 * - the name passes to a tool of the same name in another frame of the same place (the same
 *   origins all the way down) only while the frame that had it is not listing it: a page
 *   navigated back, or a widget reloaded in a new frame, keeps its names. Documents of one origin
 *   can reach into each other's realms anyway: the web treats them as one party.
 *
 * @example
 * ```ts
 * const names = new ToolNames()
 * names.assign([widget('send')]) // [{ name: 'send', … }]
 * names.assign([ad('send'), widget('send')]).map((t) => t.name) // ['send.2', 'send']
 * ```
 */
export class ToolNames {
  /** `origins name` → the names given to tools of that place and name. */
  readonly #given = new Map<string, Given[]>()
  /** Every MCP name given so far. */
  readonly #taken = new Set<string>()

  /** Names for one listing of the page's tools, in the order given (the top document first). */
  assign(tools: readonly PageTool[]): NamedTool[] {
    const owners = tools.map(ownerOf)
    const places = tools.map((tool, i) => `${placeOf(owners[i]!)} ${tool.name}`)
    const names: Array<string | undefined> = []
    const used = new Set<Given>()
    // Tools keep the names their frames' documents had.
    tools.forEach((_, i) => {
      const given = this.#given.get(places[i]!)?.find((g) => g.frameId === owners[i]!.frameId)
      if (given && !used.has(given)) {
        used.add(given)
        names[i] = given.name
      }
    })
    // A name of the same place passes on when its frame does not list it now.
    tools.forEach((_, i) => {
      if (names[i] !== undefined) return
      const given = this.#given.get(places[i]!)?.find((g) => !used.has(g))
      if (!given) return
      used.add(given)
      given.frameId = owners[i]!.frameId
      names[i] = given.name
    })
    // Names documents of this listing registered themselves: suffixes skip them.
    const wanted = new Set(tools.filter((_, i) => names[i] === undefined).map((t) => t.name))
    tools.forEach((tool, i) => {
      if (names[i] === undefined && !this.#taken.has(tool.name)) {
        names[i] = this.#give(places[i]!, owners[i]!.frameId, tool.name)
      }
    })
    tools.forEach((tool, i) => {
      if (names[i] !== undefined) return
      const base = tool.name.slice(0, BASE_LENGTH)
      let n = 2
      while (this.#taken.has(`${base}.${n}`) || wanted.has(`${base}.${n}`)) n++
      names[i] = this.#give(places[i]!, owners[i]!.frameId, `${base}.${n}`)
    })
    return tools.map((tool, i) => ({ name: names[i]!, tool }))
  }

  #give(place: string, frameId: string, name: string): string {
    const list = this.#given.get(place) ?? []
    list.push({ name, frameId })
    this.#given.set(place, list)
    this.#taken.add(name)
    return name
  }
}

/**
 * The owner's place: its origins from the top down, each opaque one (`"null"`) marked with its
 * document (or, when the browser did not say which, with the owner's frame), so that two opaque
 * documents are never one place.
 *
 * @example
 * ```ts
 * placeOf({ frameId: 'f1', origins: ['http://a', 'null'], documents: ['d0', 'd1'] }) // 'http://a null:d1'
 * placeOf({ frameId: 'f1', origins: ['http://a', 'null'] }) // 'http://a null:frame:f1'
 * ```
 */
function placeOf({ origins, documents, frameId }: ToolOwner): string {
  return origins
    .map((origin, i) =>
      origin === 'null' ? `null:${documents?.[i] || `frame:${frameId}`}` : origin,
    )
    .join(' ')
}

/** The tool's owner, or a stand-in from its frame (the top, or the frame's URL). */
function ownerOf(tool: PageTool): ToolOwner {
  return (
    tool.owner ?? {
      frameId: tool.frame.top ? 'top' : tool.frame.url,
      origins: [tool.frame.origin],
    }
  )
}

/**
 * Gives every tool of one listing a name unique across the page's documents, as a new
 * {@link ToolNames} would: the first document with a name keeps it, the same name in later
 * documents gets `.2`, `.3`… (skipping names some document registered itself).
 *
 * @example
 * ```ts
 * nameTools([top('search'), frame('search')]).map((t) => t.name) // ['search', 'search.2']
 * ```
 */
export function nameTools(tools: readonly PageTool[]): NamedTool[] {
  return new ToolNames().assign(tools)
}
