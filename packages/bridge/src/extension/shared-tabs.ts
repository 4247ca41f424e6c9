import { META, toMcpTool } from '../mcp/mcp-mapping'
import { MAX_FRAMES_PER_TAB, MAX_TABS } from '../protocol/wire'
import { SiteNames } from './site-names'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { PageTool } from '../types'
import type { SessionMessage, WireTab, WireTool } from '../protocol/wire'

/** The tools of one frame's document, as the extension last reported them. */
interface FrameTools {
  frame: number
  document: string
  origin: string
  tools: WireTool[]
}

/** A tool of a shared tab under its MCP name. */
export interface SharedTool {
  name: string
  tab: number
  frame: number
  document: string
  origin: string
  source: 'native' | 'page-asserted'
  /** The tool as the MCP mapping takes it. */
  page: PageTool
}

/** The note that starts a page-asserted tool's description. */
export const PAGE_ASSERTED_NOTE =
  '[page-asserted: the page itself vouches for this tool, its origin and its hints; the browser does not] '

/**
 * The shared tabs and the tools of their frames, as the extension reports them, named for MCP
 * (see {@link SiteNames}). Only tabs in the extension's last `tabs` list are listed.
 */
export class SharedTabs {
  readonly #names = new SiteNames()
  #shared = new Map<number, WireTab>()
  /** tab → frame → tools (also for tabs not shared yet: `tools` may come before `tabs`). */
  readonly #frames = new Map<number, Map<number, FrameTools>>()
  #listed: SharedTool[] = []

  /**
   * Applies a message of the extension. Returns what it took away (`gone`, a tab no longer
   * shared, a frame's new document), for the calls in flight there, or a bound it would pass.
   */
  apply(
    message: Exclude<SessionMessage, { type: 'result' | 'ping' | 'pong' }>,
  ): { gone: Array<{ tab: number; frame?: number }> } | 'too-many-tabs' | 'too-many-frames' {
    if (message.type === 'tabs') {
      const shared = new Map(message.tabs.map((tab) => [tab.tab, tab]))
      const gone = [...this.#frames.keys()].filter((tab) => !shared.has(tab))
      for (const tab of gone) this.#frames.delete(tab)
      this.#shared = shared
      return { gone: gone.map((tab) => ({ tab })) }
    }
    if (message.type === 'gone') {
      const frames = this.#frames.get(message.tab)
      if (message.frame === undefined) this.#frames.delete(message.tab)
      else frames?.delete(message.frame)
      return { gone: [message] }
    }
    let frames = this.#frames.get(message.tab)
    if (!frames) {
      if (this.#frames.size >= MAX_TABS) return 'too-many-tabs'
      frames = new Map()
      this.#frames.set(message.tab, frames)
    }
    const before = frames.get(message.frame)
    if (!before && frames.size >= MAX_FRAMES_PER_TAB) return 'too-many-frames'
    const { frame, document, origin, tools } = message
    if (tools.length) frames.set(frame, { frame, document, origin, tools })
    else frames.delete(frame)
    const replaced = before && before.document !== document
    return { gone: replaced ? [{ tab: message.tab, frame }] : [] }
  }

  /** Forgets everything (the extension disconnected); names stay given. */
  clear(): void {
    this.#shared = new Map()
    this.#frames.clear()
    this.#listed = []
  }

  /** The shared tabs' tools now, named: tabs in the order shared, each tab's frames by id. */
  list(): SharedTool[] {
    const entries: Array<Omit<SharedTool, 'name'>> = []
    for (const [tab, info] of this.#shared) {
      const frames = [...(this.#frames.get(tab)?.values() ?? [])].sort((a, b) => a.frame - b.frame)
      for (const { frame, document, origin, tools } of frames) {
        for (const tool of tools) {
          const asserted = tool.source === 'page-asserted'
          const { annotations } = tool
          const page: PageTool = {
            name: tool.name,
            title: '',
            description: asserted ? `${PAGE_ASSERTED_NOTE}${tool.description}` : tool.description,
            frame: { url: frame === 0 ? info.url : '', origin, top: frame === 0 },
            ...(tool.inputSchema && { inputSchema: tool.inputSchema as PageTool['inputSchema'] }),
            ...(annotations && { annotations }),
          }
          entries.push({ tab, frame, document, origin, source: tool.source, page })
        }
      }
    }
    const names = this.#names.assign(
      entries.map((e) => ({ ...e, name: e.page.name, source: e.source })),
    )
    this.#listed = entries.map((entry, i) => ({ ...entry, name: names[i]! }))
    return this.#listed
  }

  /** The tool listed under `name`, in the current listing. */
  find(name: string): SharedTool | undefined {
    return this.list().find((tool) => tool.name === name)
  }
}

/**
 * The MCP description of a shared tab's tool: the page tool's (see `toMcpTool`), with
 * `_meta["webmcp-kit/frame"]` = `{tab, frame, origin, source}`, all given by the browser.
 */
export function toSharedMcpTool(tool: SharedTool): Tool {
  const mcp = toMcpTool({ name: tool.name, tool: tool.page })
  mcp._meta = {
    ...mcp._meta,
    [`${META}/frame`]: {
      tab: tool.tab,
      frame: tool.frame,
      origin: tool.origin,
      source: tool.source,
    },
  }
  return mcp
}
