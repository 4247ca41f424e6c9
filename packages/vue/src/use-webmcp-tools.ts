import { ToolsObserver } from '@webmcp-kit/core/lifecycle'
import { shallowReadonly, toValue, watch } from 'vue'
import { liveSnapshot, resolveContext } from './live'
import type {
  RegisteredTool,
  ToolsObserverContext,
  ToolsObserverOptions,
} from '@webmcp-kit/core/lifecycle'
import type { MaybeRefOrGetter, Ref } from 'vue'

/**
 * Options of {@link useWebMCPTools}. `fromOrigins` may be a ref or a getter.
 */
export interface UseWebMCPToolsOptions {
  /** Other origins whose frames' tools (those exposed to this document) are listed too. */
  fromOrigins?: MaybeRefOrGetter<string[] | undefined>
  /** List this context's tools instead of the plugin's or the injected context, or `document.modelContext`'s. */
  modelContext?: ToolsObserverContext
  /** Called when `getTools` fails (for example `SecurityError` for an insecure origin). */
  onError?: (error: unknown) => void
}

/**
 * The tools registered in the page (`getTools({ fromOrigins })`) as a read-only ref, kept up to date
 * on every `toolchange` while the calling component is mounted (and not deactivated in a
 * `<KeepAlive>`), or while the calling effect scope lives: for in-page agents, chat widgets and
 * debugging panels. Empty where there is no WebMCP, and on the server.
 *
 * @example
 * ```ts
 * const tools = useWebMCPTools()
 * const names = computed(() => tools.value.map((tool) => tool.name))
 * ```
 */
export function useWebMCPTools(
  options: UseWebMCPToolsOptions = {},
): Readonly<Ref<readonly RegisteredTool[]>> {
  const { fromOrigins, onError } = options
  const modelContext = resolveContext('useWebMCPTools', options.modelContext)
  const resolveOptions = (): ToolsObserverOptions => ({
    fromOrigins: toValue(fromOrigins),
    modelContext,
    onError,
  })
  const observer = new ToolsObserver(resolveOptions())
  watch(resolveOptions, (next) => observer.update(next), { deep: true })
  return shallowReadonly(liveSnapshot(observer))
}
