import { flushSync } from 'svelte'
import { getModelContext } from '@webmcp-kit/core'
import type { ModelContext } from '@webmcp-kit/core'

/** The installed polyfill's `document.modelContext`. */
export const modelContext = (): ModelContext => {
  const context = getModelContext()
  if (!context) throw new Error('no document.modelContext: is the polyfill installed?')
  return context
}

/**
 * After Svelte's pending effects, waits until the tasks the polyfill queued so far have run
 * (`toolchange`, registrations' resolutions) and the `getTools()` calls they started are answered:
 * two `getTools()` round trips, each answered after the tasks queued before it. Then flushes the
 * effects those tasks caused.
 */
export async function drained(context: ModelContext = modelContext()) {
  flushSync()
  await context.getTools()
  await context.getTools()
  flushSync()
}

/** The names `getTools()` lists. */
export const names = async (context: ModelContext = modelContext()) =>
  (await context.getTools()).map((tool) => tool.name)

/** The tools `getTools()` lists, as name, description and input schema. */
export const listed = async (context: ModelContext = modelContext()) =>
  (await context.getTools()).map(({ name, description, inputSchema }) => ({
    name,
    description,
    inputSchema,
  }))

/** The listed tool called `name`. */
export const find = async (name: string, context: ModelContext = modelContext()) => {
  const tool = (await context.getTools()).find((t) => t.name === name)
  if (!tool) throw new Error(`tool ${name} is not registered`)
  return tool
}

/** Counts `toolchange` events from now on. */
export function countToolchanges(context: ModelContext = modelContext()) {
  const counter = { count: 0 }
  context.addEventListener('toolchange', () => counter.count++)
  return counter
}

/**
 * Runs `setup` in an `$effect.root`, as a `.svelte.ts` module would, and flushes its effects.
 * Returns what `setup` returned and the root's cleanup.
 */
export function inRoot<T>(setup: () => T): { value: T; cleanup: () => void } {
  let value!: T
  const cleanup = $effect.root(() => {
    value = setup()
  })
  flushSync()
  return { value, cleanup }
}

/** A promise with its `resolve` at hand. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => (resolve = res))
  return { promise, resolve }
}
