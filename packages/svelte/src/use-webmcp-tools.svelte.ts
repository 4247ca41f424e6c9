import { ToolsObserver } from '@webmcp-kit/core/lifecycle'
import { untrack } from 'svelte'
import { liveSnapshot, read } from './live.svelte'
import type { MaybeGetter } from './live.svelte'
import type {
  RegisteredTool,
  ToolsObserverContext,
  ToolsObserverOptions,
} from '@webmcp-kit/core/lifecycle'

/**
 * Options of {@link useWebMCPTools}. `fromOrigins` may be a value or a getter, read in an effect.
 */
export interface UseWebMCPToolsOptions {
  /** Other origins whose frames' tools (those exposed to this document) are listed too. */
  fromOrigins?: MaybeGetter<string[] | undefined>
  /** List this context's tools instead of `document.modelContext`'s. */
  modelContext?: ToolsObserverContext
  /** Called when `getTools` fails (for example `SecurityError` for an insecure origin). */
  onError?: (error: unknown) => void
}

/**
 * The tools registered in the page (`getTools({ fromOrigins })`) as reactive `current`, kept up to
 * date on every `toolchange` while the calling component is mounted (or the calling
 * `$effect.root` lives): for in-page agents, chat widgets and debugging panels. The array keeps its
 * identity while the list is unchanged; it is empty where there is no WebMCP, and on the server.
 *
 * @example
 * ```svelte
 * <script lang="ts">
 *   const tools = useWebMCPTools()
 * </script>
 * <ul>{#each tools.current as tool (tool.name)}<li>{tool.name}</li>{/each}</ul>
 * ```
 */
export function useWebMCPTools(options: UseWebMCPToolsOptions = {}): {
  readonly current: readonly RegisteredTool[]
} {
  const resolve = (): ToolsObserverOptions => ({
    fromOrigins: read(options.fromOrigins),
    modelContext: options.modelContext,
    onError: options.onError,
  })
  const observer = untrack(() => new ToolsObserver(resolve()))
  const tools = liveSnapshot(observer)
  $effect(() => observer.update(resolve()))
  return tools
}
