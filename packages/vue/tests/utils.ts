import { getModelContext } from '@webmcp-kit/core'
import type {
  ModelContext,
  ModelContextRegisterToolOptions,
  ModelContextTool,
  RegisteredTool,
} from '@webmcp-kit/core'

/** The installed polyfill's `document.modelContext`. */
export const modelContext = (): ModelContext => {
  const context = getModelContext()
  if (!context) throw new Error('no document.modelContext: is the polyfill installed?')
  return context
}

/** The tools `getTools()` lists, in `context` (default: the document's). */
export const listed = async (context: ModelContext = modelContext()) =>
  (await context.getTools()).map(({ name, description, inputSchema }) => ({
    name,
    description,
    inputSchema,
  }))

/** The names of the listed tools. */
export const names = async (context: ModelContext = modelContext()) =>
  (await context.getTools()).map((tool) => tool.name)

/** The listed tool called `name`. */
export const find = async (name: string, context: ModelContext = modelContext()) => {
  const tool = (await context.getTools()).find((t) => t.name === name)
  if (!tool) throw new Error(`tool ${name} is not registered`)
  return tool as RegisteredTool
}

/** Counts `toolchange` events of `context` until `stop()`. */
export function countToolchanges(context: ModelContext = modelContext()) {
  const counter = { count: 0, stop: () => context.removeEventListener('toolchange', bump) }
  const bump = () => counter.count++
  context.addEventListener('toolchange', bump)
  return counter
}

export { deferred, flushTasks } from '@webmcp-kit/test-infra/helpers'

/**
 * A second ModelContext for the plugin and injection tests (jsdom cannot give a second, active
 * document its own): a minimal in-memory one, enough to see which context a composable used. The
 * real-Chromium suite provides a real iframe's `document.modelContext` instead.
 */
export function createSecondContext() {
  const tools = new Map<string, ModelContextTool>()
  const events = new EventTarget()
  const changed = () => events.dispatchEvent(new Event('toolchange'))
  return Object.assign(events, {
    async registerTool(tool: ModelContextTool, options: ModelContextRegisterToolOptions = {}) {
      if (tools.has(tool.name)) throw new DOMException('Duplicate tool name', 'InvalidStateError')
      tools.set(tool.name, tool)
      options.signal?.addEventListener('abort', () => {
        tools.delete(tool.name)
        changed()
      })
      changed()
      return undefined
    },
    async getTools() {
      return [...tools.values()].map(({ name, description }) => ({ name, description }))
    },
    names: () => [...tools.keys()].sort(),
  })
}
