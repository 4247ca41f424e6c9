import { getModelContext } from '@webmcp-kit/core'
import type { ModelContext, RegisteredTool } from '@webmcp-kit/core'

/** The installed polyfill's `document.modelContext`. */
export const modelContext = (): ModelContext => {
  const context = getModelContext()
  if (!context) throw new Error('no document.modelContext: is the polyfill installed?')
  return context
}

/** The names `getTools()` lists in `context` (default: the document's). */
export const names = async (context: ModelContext = modelContext()) =>
  (await context.getTools()).map((tool) => tool.name)

/** The listed tool called `name`. */
export const find = async (name: string, context: ModelContext = modelContext()) => {
  const tool = (await context.getTools()).find((t) => t.name === name)
  if (!tool) throw new Error(`tool ${name} is not registered`)
  return tool as RegisteredTool
}

/** Counts `toolchange` events of `context` from now on. */
export function countToolchanges(context: ModelContext = modelContext()) {
  const counter = { count: 0 }
  context.addEventListener('toolchange', () => counter.count++)
  return counter
}

export { deferred, flushTasks } from '@webmcp-kit/test-infra/helpers'
