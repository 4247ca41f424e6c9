import { parseError } from './mcp-mapping'
import type { ConsoleMessage, Frame, Page } from 'playwright-core'
import type { ModelContext } from '@webmcp-kit/core'
import type { CallOutcome, PageTool, ToolSource } from './types'

/** The page function through which each document reports `toolchange`. */
const BINDING = '__webmcpBridgeToolChange'

/** Where each document keeps the bridge's helper (a symbol: invisible to the page's own code). */
const AGENT = 'webmcp-kit/bridge'

/**
 * Runs in every document (as an init script, and once in those already loaded): reports
 * `toolchange` as soon as the document has a `modelContext` (a polyfill may install it late), and
 * keeps the document's own tools (refreshed on `toolchange`) and the AbortControllers of running
 * calls, so that a call is one round trip to the page.
 */
const AGENT_SCRIPT = `(() => {
  const key = Symbol.for(${JSON.stringify(AGENT)})
  if (window[key]) return window[key].watch()
  let watching = false
  let tools
  const controllers = new Map()
  // Calls cancelled before they reached executeTool.
  const cancelled = new Set()
  const agent = {
    watch() {
      const mc = document.modelContext
      if (!mc || watching) return
      watching = true
      const report = () => {
        tools = undefined
        globalThis.${BINDING}?.().catch(() => {})
      }
      mc.addEventListener('toolchange', report)
      report()
    },
    async call(id, name, input) {
      const mc = document.modelContext
      tools ??= mc?.getTools()
      const tool = (await tools?.catch(() => []))?.find((t) => t.name === name && t.window === window)
      if (!mc || !tool) {
        tools = undefined
        return { ok: false, name: 'NotFoundError', message: 'No tool ' + name + ' here.' }
      }
      const controller = new AbortController()
      controllers.set(id, controller)
      if (cancelled.delete(id)) controller.abort()
      try {
        return { ok: true, value: await mc.executeTool(tool, input, { signal: controller.signal }) }
      } catch (error) {
        return { ok: false, name: error?.name ?? 'Error', message: error?.message ?? String(error) }
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
})()`

/** What the polyfill logs when a tool fails; `executeTool` itself rejects with `UnknownError`. */
const FAILED = 'WebMCP tool execution failed: '

type Listed = Omit<PageTool, 'frame'> & { origin: string }

type ModelContextDocument = Document & { modelContext?: ModelContext }

interface Agent {
  call(id: number, name: string, input: Record<string, unknown>): Promise<CallOutcome>
  abort(id: number): void
}

/** The document's own tools (not those of other frames it can see). Runs in the page. */
async function ownTools(): Promise<Listed[]> {
  const mc = (document as ModelContextDocument).modelContext
  if (!mc) return []
  const tools = await mc.getTools().catch(() => [])
  return tools
    .filter((tool) => tool.window === window)
    .map(({ name, title, description, inputSchema, annotations, origin }) => ({
      name,
      title,
      description,
      ...(inputSchema && { inputSchema }),
      ...(annotations && { annotations }),
      origin,
    }))
}

/** Runs the document's tool with `executeTool`, through the agent. Runs in the page. */
function run([key, id, name, input]: readonly [string, number, string, Record<string, unknown>]) {
  const agent = (window as unknown as Record<symbol, Agent | undefined>)[Symbol.for(key)]
  return agent
    ? agent.call(id, name, input)
    : {
        ok: false as const,
        name: 'NotFoundError',
        message: 'The bridge has not reached this document.',
      }
}

/** Aborts call `id`'s AbortController. Runs in the page. */
function abort([key, id]: readonly [string, number]) {
  ;(window as unknown as Record<symbol, Agent | undefined>)[Symbol.for(key)]?.abort(id)
}

/** The page's frames in tree order, the top document first. */
function frameTree(page: Page): Frame[] {
  const out: Frame[] = []
  const walk = (frame: Frame) => {
    out.push(frame)
    frame.childFrames().forEach(walk)
  }
  walk(page.mainFrame())
  return out
}

/**
 * The tools of a page without native WebMCP, through the engine the page runs (the polyfill):
 * `getTools()` in each document, `executeTool(tool, input, { signal })` in the tool's own document,
 * and its `toolchange` events, plus navigations, as change hints.
 */
export async function polyfillTools(page: Page, changed: () => void): Promise<ToolSource> {
  const frameOf = new WeakMap<PageTool, Frame>()
  // The polyfill rejects a failed call with a generic UnknownError, as the spec says, and logs the
  // tool's exception: while calls run, those logs are matched to failures in order.
  let running = 0
  const failures: string[] = []
  const onConsole = (message: ConsoleMessage) => {
    if (!running || message.type() !== 'error') return
    const text = message.text()
    if (text.startsWith(FAILED)) failures.push(text.slice(FAILED.length))
  }
  const onFrame = () => changed()

  await page.exposeBinding(BINDING, () => changed())
  await page.addInitScript(AGENT_SCRIPT)
  await Promise.all(page.frames().map((frame) => frame.evaluate(AGENT_SCRIPT).catch(() => {})))
  let calls = 0
  page.on('console', onConsole)
  page.on('framenavigated', onFrame)
  page.on('frameattached', onFrame)
  page.on('framedetached', onFrame)
  page.on('load', onFrame)

  return {
    engine: 'polyfill',
    async list() {
      const frames = frameTree(page)
      const lists = await Promise.all(
        frames.map((frame) => frame.evaluate(ownTools).catch(() => [])),
      )
      const out: PageTool[] = []
      lists.forEach((tools, i) => {
        const frame = frames[i]!
        for (const { origin, ...tool } of tools) {
          const entry: PageTool = { ...tool, frame: { url: frame.url(), origin, top: i === 0 } }
          frameOf.set(entry, frame)
          out.push(entry)
        }
      })
      return out
    },
    async call(tool, input, signal) {
      const frame = frameOf.get(tool)
      if (!frame || frame.isDetached()) {
        return { ok: false, name: 'UnknownError', message: 'The document of the tool went away.' }
      }
      if (signal?.aborted)
        return { ok: false, name: 'AbortError', message: 'The call was cancelled.' }
      running++
      const id = ++calls
      const cancel = () => void frame.evaluate(abort, [AGENT, id] as const).catch(() => {})
      try {
        signal?.addEventListener('abort', cancel, { once: true })
        const outcome = await frame.evaluate(run, [AGENT, id, tool.name, input] as const)
        if (!outcome.ok && outcome.name === 'UnknownError' && failures.length) {
          return { ok: false, ...parseError(failures.shift()!) }
        }
        return outcome
      } catch (error) {
        // The document navigated or went away during the call.
        return {
          ok: false,
          name: 'UnknownError',
          message: (error as Error).message.split('\n')[0]!,
        }
      } finally {
        signal?.removeEventListener('abort', cancel)
        if (--running === 0) failures.length = 0
      }
    },
    async close() {
      page.off('console', onConsole)
      page.off('framenavigated', onFrame)
      page.off('frameattached', onFrame)
      page.off('framedetached', onFrame)
      page.off('load', onFrame)
    },
  }
}
