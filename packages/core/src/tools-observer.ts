import { getModelContext } from './install'
import type { ModelContextGetToolOptions, RegisteredTool } from './types'

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
 * What a {@link ToolsObserver} lists. Replaced as a whole by `setOptions`.
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
 * happens before the first `subscribe`; the snapshot keeps its identity while the list is unchanged.
 *
 * @example
 * ```ts
 * const observer = new ToolsObserver()
 * const unsubscribe = observer.subscribe(() => console.log(observer.getSnapshot().map((t) => t.name)))
 * ```
 */
export class ToolsObserver {
  #options: ToolsObserverOptions
  #listeners = new Set<() => void>()
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
        for (const listener of [...this.#listeners]) listener()
      },
      (error: unknown) => {
        if (version === this.#version) onError?.(error)
      },
    )
  }

  constructor(options: ToolsObserverOptions = {}) {
    this.#options = options
  }

  /**
   * Adds a listener, called whenever the list changes. The first one starts listening to
   * `toolchange`; removing the last one stops.
   *
   * @example
   * ```ts
   * const unsubscribe = observer.subscribe(() => render(observer.getSnapshot()))
   * ```
   */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    if (this.#listeners.size === 1) this.#connect()
    return () => {
      if (this.#listeners.delete(listener) && !this.#listeners.size) this.#disconnect()
    }
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
   * Replaces the options; lists again when `fromOrigins` or `modelContext` changed.
   *
   * @example
   * ```ts
   * observer.setOptions({ fromOrigins: [selectedOrigin] })
   * ```
   */
  setOptions(options: ToolsObserverOptions = {}): void {
    const previous = this.#options
    this.#options = options
    if (!this.#listeners.size) return
    if (options.modelContext !== previous.modelContext) {
      this.#disconnect()
      this.#connect()
    } else if (JSON.stringify(options.fromOrigins) !== JSON.stringify(previous.fromOrigins)) {
      this.#refresh()
    }
  }

  #connect(): void {
    this.#context = this.#options.modelContext ?? getModelContext()
    this.#context?.addEventListener('toolchange', this.#refresh)
    this.#refresh()
  }

  #disconnect(): void {
    this.#context?.removeEventListener('toolchange', this.#refresh)
    this.#context = undefined
    this.#version++
  }
}
