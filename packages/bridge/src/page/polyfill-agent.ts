// The bridge's in-page side under the polyfill: one self-contained function, sent as source text
// (`(${polyfillAgent})(${JSON.stringify(names)})`) and run in every document's main world, as an
// init script and once in the documents already loaded. Everything it needs is inside the
// function: no closure, no import, no helper a bundler may add.
import type { CallOutcome } from '../types'

/** The names the agent is installed under and reports through. */
export interface AgentNames {
  /** `Symbol.for(key)` on the window holds the agent (invisible to the page's own code). */
  key: string
  /** The polyfill's hook on its `ModelContext` class (`Symbol.for(hook)`). */
  hook: string
  /** The DevTools binding through which the document reports `toolchange`. */
  binding: string
}

/** What the bridge calls on a document's agent (through `Runtime.callFunctionOn`). */
export interface PolyfillAgent {
  watch(): void
  /** The document's own tools: a JSON array of JSON texts (`null` for a tool JSON cannot hold). */
  list(): Promise<string>
  call(id: number, name: string, input: Record<string, unknown>): Promise<CallOutcome>
  abort(id: number): void
}

/**
 * Installs the agent in the document that runs it (once; a second run only re-watches): it reports
 * `toolchange` as soon as the document has a `modelContext` (a polyfill may install it late),
 * keeps the document's own tools (refreshed on `toolchange`) and the AbortControllers of running
 * calls. What it answers is the document's word about its own tools, no more: the bridge takes the
 * document's identity, origin and permission from the browser, and checks the answers.
 */
export function polyfillAgent(names: AgentNames): void {
  interface Tool {
    name: string
    title: string
    description: string
    inputSchema?: unknown
    annotations?: unknown
    window?: unknown
  }
  interface Context extends EventTarget {
    getTools(): Promise<Tool[]>
    executeTool(tool: Tool, input: unknown, options: { signal: AbortSignal }): Promise<unknown>
  }
  interface Hook {
    owns(context: unknown): boolean
    failure(reason: unknown): unknown
    // Absent from older copies of the polyfill.
    executeTool?(context: Context, tool: Tool, input: unknown, options: object): Promise<unknown>
  }
  const host = window as unknown as Record<symbol, PolyfillAgent | undefined>
  const key = Symbol.for(names.key)
  const installed = host[key]
  if (installed) return installed.watch()
  const hookKey = Symbol.for(names.hook)
  const contextOf = () => (document as unknown as { modelContext?: Context }).modelContext
  let watching = false
  let tools: Promise<Tool[]> | undefined
  const controllers = new Map<number, AbortController>()
  // Calls cancelled before they reached executeTool.
  const cancelled = new Set<number>()
  const own = async () => {
    tools ??= contextOf()?.getTools()
    return ((await tools?.catch(() => [])) ?? []).filter((t) => t.window === window)
  }
  // The polyfill's hook in this very document, if `mc` is the polyfill's.
  const hookOf = (mc: Context) => {
    const constructor = (Object.getPrototypeOf(mc) as { constructor?: unknown } | null)
      ?.constructor as Record<symbol, Hook | undefined> | undefined
    const hook = constructor?.[hookKey]
    return hook?.owns(mc) ? hook : undefined
  }
  const describe = (error: unknown): CallOutcome =>
    error !== null && typeof error === 'object'
      ? {
          ok: false,
          name: String((error as Error).name ?? 'Error'),
          message: String((error as Error).message ?? ''),
        }
      : { ok: false, name: 'Error', message: String(error) }
  const agent: PolyfillAgent = {
    watch() {
      const mc = contextOf()
      if (!mc || watching) return
      watching = true
      const report = () => {
        tools = undefined
        ;(globalThis as unknown as Record<string, ((text: string) => void) | undefined>)[
          names.binding
        ]?.('')
      }
      mc.addEventListener('toolchange', report)
      report()
    },
    async list() {
      const listed = (await own()).map(({ name, title, description, inputSchema, annotations }) => {
        try {
          return JSON.stringify({ name, title, description, inputSchema, annotations })
        } catch {
          return null
        }
      })
      return JSON.stringify(listed)
    },
    async call(id, name, input) {
      const mc = contextOf()
      const tool = (await own()).find((t) => t.name === name)
      if (!mc || !tool) {
        tools = undefined
        return { ok: false, name: 'NotFoundError', message: 'No tool ' + name + ' here.' }
      }
      const controller = new AbortController()
      controllers.set(id, controller)
      if (cancelled.delete(id)) controller.abort()
      // The hook's executeTool answers as soon as the tool does, not a task later: a document
      // that navigates right after its tool answered may be gone by then.
      const hook = hookOf(mc)
      const options = { signal: controller.signal }
      try {
        const value = hook?.executeTool
          ? await hook.executeTool(mc, tool, input, options)
          : await mc.executeTool(tool, input, options)
        return { ok: true, value }
      } catch (error) {
        // What the tool threw, through the polyfill's typed failure channel.
        const reason = hook?.failure(error)
        return describe(reason === undefined ? error : reason)
      } finally {
        controllers.delete(id)
      }
    },
    abort(id) {
      const controller = controllers.get(id)
      if (controller) controller.abort()
      else cancelled.add(id)
    },
  }
  Object.defineProperty(window, key, { value: agent })
  agent.watch()
  if (!watching) {
    document.addEventListener('DOMContentLoaded', () => agent.watch())
    addEventListener('load', () => agent.watch())
  }
}
