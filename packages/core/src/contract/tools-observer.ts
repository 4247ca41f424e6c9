import { getModelContext } from './get-model-context'
import { Subscribable } from './subscribable'
import type { ToolRegistrationContext } from './tool-registration'
import type { ModelContextGetToolOptions, RegisteredTool } from '../webmcp/types'

/**
 * The part of a `ModelContext` a {@link ToolsObserver} uses. `document.modelContext` fits, typed by
 * this package or by `webmcp-types` (whose `RegisteredTool` is looser, hence `object[]`).
 *
 * @example
 * ```ts
 * const context: ToolsObserverContext = iframe.contentDocument!.modelContext!
 * ```
 */
export interface ToolsObserverContext extends Pick<
  EventTarget,
  'addEventListener' | 'removeEventListener'
> {
  getTools(options?: ModelContextGetToolOptions): Promise<object[]>
}

/**
 * A `ModelContext` a binding can use instead of `document.modelContext`: `registerTool` for its
 * tools, `getTools` and `toolchange` for the live list. The `modelContext` option of
 * `useWebMCPTool` / `injectWebMCPTool` takes its {@link ToolRegistrationContext} part, that of
 * `useWebMCPTools` / `injectWebMCPTools` its {@link ToolsObserverContext} part, and the Vue plugin
 * and `provideWebMCP` the whole. An iframe's `document.modelContext` fits.
 *
 * @example
 * ```ts
 * const context: WebMCPContext = frame.contentDocument!.modelContext!
 * ```
 */
export type WebMCPContext = ToolRegistrationContext & ToolsObserverContext

/**
 * What a {@link ToolsObserver} lists. Replaced as a whole by `update`.
 *
 * @example
 * ```ts
 * const options: ToolsObserverOptions = { fromOrigins: ['https://shop.example'] }
 * ```
 */
export interface ToolsObserverOptions {
  /** Other origins whose frames' tools (those exposed to this document) are listed too. */
  fromOrigins?: string[]
  /** List this context's tools instead of `document.modelContext`'s (looked up at the first `subscribe`). */
  modelContext?: ToolsObserverContext
  /** Called when `getTools` fails (for example `SecurityError` for an insecure origin). */
  onError?: (error: unknown) => void
}

const NONE: readonly RegisteredTool[] = Object.freeze([])

const describe = ({ window, ...rest }: RegisteredTool) => [window, JSON.stringify(rest)]

const same = (a: RegisteredTool, b: RegisteredTool | undefined) => {
  const [windowA, restA] = describe(a)
  return !!b && describe(b).every((part, i) => part === (i ? restA : windowA))
}

/**
 * The live list of tools `getTools({ fromOrigins })` returns, refreshed on every `toolchange`: for
 * in-page agents (chat widgets, test suites), and behind the bindings' `useWebMCPTools`. Nothing
 * happens before the first `subscribe`, and the last unsubscribe stops listening; the snapshot
 * keeps its identity while the list is unchanged, and its last list after that.
 *
 * @example
 * ```ts
 * const observer = new ToolsObserver()
 * const unsubscribe = observer.subscribe(() => console.log(observer.getSnapshot().map((t) => t.name)))
 * ```
 */
export class ToolsObserver extends Subscribable<readonly RegisteredTool[]> {
  #options: ToolsObserverOptions
  #tools = NONE
  #context: ToolsObserverContext | undefined
  /** Bumped by every refresh and by teardown, so only the latest answer is applied. */
  #version = 0
  #refresh = () => {
    const context = this.#context
    if (!context) return
    const version = ++this.#version
    const { fromOrigins, onError } = this.#options
    context.getTools({ fromOrigins }).then(
      (list) => {
        if (version !== this.#version) return
        const tools = list as RegisteredTool[]
        if (tools.length === this.#tools.length && tools.every((t, i) => same(t, this.#tools[i])))
          return
        this.#tools = Object.freeze(tools)
        this.notify()
      },
      (error: unknown) => {
        if (version === this.#version) onError?.(error)
      },
    )
  }

  constructor(options: ToolsObserverOptions = {}) {
    super()
    this.#options = options
  }

  /**
   * The tools, sorted by name as `getTools` returns them; the same array until the list changes.
   * Empty before the first answer, and where there is no `ModelContext`.
   *
   * @example
   * ```ts
   * const tools = useSyncExternalStore(subscribe, () => observer.getSnapshot())
   * ```
   */
  getSnapshot(): readonly RegisteredTool[] {
    return this.#tools
  }

  /**
   * Replaces the options; lists again when `fromOrigins` (by value) or `modelContext` changed, so
   * bindings call it on every change.
   *
   * @example
   * ```ts
   * observer.update({ fromOrigins: [selectedOrigin] })
   * ```
   */
  update(options: ToolsObserverOptions = {}): void {
    const previous = this.#options
    this.#options = options
    if (!this.subscribed) return
    if (options.modelContext !== previous.modelContext) {
      this.onUnsubscribe()
      this.onSubscribe()
    } else if (JSON.stringify(options.fromOrigins) !== JSON.stringify(previous.fromOrigins)) {
      this.#refresh()
    }
  }

  /** The first listener starts listening to `toolchange`, and lists. */
  protected onSubscribe(): void {
    this.#context = this.#options.modelContext ?? getModelContext()
    this.#context?.addEventListener('toolchange', this.#refresh)
    this.#refresh()
  }

  /** The last one leaving stops listening; the list stays as it was. */
  protected onUnsubscribe(): void {
    this.#context?.removeEventListener('toolchange', this.#refresh)
    this.#context = undefined
    this.#version++
  }
}
