import { ToolsObserver } from '@webmcp-kit/core/lifecycle'
import { createEffect, untrack } from 'solid-js'
import { liveSnapshot, read } from './live'
import type { MaybeAccessor } from './live'
import type { RegisteredTool, ToolsObserverOptions } from '@webmcp-kit/core/lifecycle'
import type { Accessor } from 'solid-js'

/**
 * Options of {@link createWebMCPTools}: core's `ToolsObserverOptions` (`fromOrigins`,
 * `modelContext`, `onError`), `fromOrigins` as a value or an accessor.
 */
export type CreateWebMCPToolsOptions = Omit<ToolsObserverOptions, 'fromOrigins'> & {
  fromOrigins?: MaybeAccessor<string[] | undefined>
}

/**
 * The tools registered in the page (`getTools({ fromOrigins })`) as an accessor, kept up to date on
 * every `toolchange` from the calling component's mount until its owner is cleaned up: for in-page
 * agents, chat widgets and debugging panels. The array keeps its identity while the list is
 * unchanged; it is empty where there is no WebMCP, and on the server.
 *
 * @example
 * ```tsx
 * function ToolList() {
 *   const tools = createWebMCPTools()
 *   return <For each={tools()}>{(tool) => <li>{tool.name}</li>}</For>
 * }
 * ```
 */
export function createWebMCPTools(
  options: CreateWebMCPToolsOptions = {},
): Accessor<readonly RegisteredTool[]> {
  const { fromOrigins, modelContext, onError } = options
  const settings = (): ToolsObserverOptions => ({
    fromOrigins: read(fromOrigins),
    modelContext,
    onError,
  })
  const observer = new ToolsObserver(untrack(settings))
  // The observer diffs (fromOrigins by value): an unchanged list asks for nothing.
  createEffect(() => {
    const next = settings()
    untrack(() => observer.update(next))
  })
  return liveSnapshot(observer)
}
