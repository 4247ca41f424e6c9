import { DestroyRef, computed, effect, inject, untracked } from '@angular/core'
import { ToolsObserver } from '@webmcp-kit/core/lifecycle'
import { inContext, liveSnapshot, read } from './live'
import { WEBMCP_CONFIG } from './provide-webmcp'
import type { Injector, Signal } from '@angular/core'
import type { RegisteredTool, ToolsObserverContext } from '@webmcp-kit/core/lifecycle'

/**
 * Options of {@link injectWebMCPTools}. `fromOrigins` may be a signal or a function that reads
 * signals.
 */
export interface InjectWebMCPToolsOptions {
  /** Other origins whose frames' tools (those exposed to this document) are listed too. */
  fromOrigins?: string[] | (() => string[] | undefined)
  /** List this context's tools instead of `provideWebMCP`'s `modelContext` or `document.modelContext`'s. */
  modelContext?: ToolsObserverContext
  /** Called when `getTools` fails (for example `SecurityError` for an insecure origin). */
  onError?: (error: unknown) => void
  /** Use this injector instead of the current injection context; listening stops when it is destroyed. */
  injector?: Injector
}

/**
 * The tools `document.modelContext.getTools({ fromOrigins })` lists, as a signal kept current on
 * every `toolchange` (for in-page agents, chat widgets, debugging panels), from the first change
 * detection until the injection context is destroyed. Same array while the list is unchanged;
 * empty without WebMCP and on the server. `fromOrigins` and `modelContext` default to `provideWebMCP`'s.
 *
 * @throws NG0203 when called outside an injection context without an `injector`.
 * @example
 * ```ts
 * export class ToolListComponent {
 *   tools = injectWebMCPTools({ fromOrigins: ['https://shop.example'] })
 *   names = computed(() => this.tools().map((tool) => tool.name))
 * }
 * ```
 */
export function injectWebMCPTools(
  options: InjectWebMCPToolsOptions = {},
): Signal<readonly RegisteredTool[]> {
  return inContext(injectWebMCPTools, options.injector, () => {
    const config = inject(WEBMCP_CONFIG)
    const { fromOrigins = config.fromOrigins, modelContext = config.modelContext } = options
    const settings = computed(() => ({
      fromOrigins: read(fromOrigins),
      modelContext,
      onError: options.onError,
    }))
    const observer = new ToolsObserver(untracked(settings))
    const [tools, connect] = liveSnapshot(() => observer)
    let disconnect: (() => void) | undefined
    // The observer diffs (fromOrigins by value): an unchanged list asks for nothing. The first run
    // also subscribes: listening starts with the first change detection, not at the call.
    effect(() => {
      const next = settings()
      untracked(() => {
        observer.update(next)
        disconnect ??= connect()
      })
    })
    inject(DestroyRef).onDestroy(() => disconnect?.())
    return tools
  })
}
