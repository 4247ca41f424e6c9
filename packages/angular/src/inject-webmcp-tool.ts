import {
  DestroyRef,
  Injector,
  assertInInjectionContext,
  computed,
  effect,
  inject,
  runInInjectionContext,
  signal,
  untracked,
} from '@angular/core'
import { ToolRegistration } from '@webmcp-kit/core'
import { WEBMCP_CONFIG } from './provide-webmcp'
import type { Signal } from '@angular/core'
import type {
  InferToolInput,
  ToolInputSchema,
  ToolResult,
  ToolSnapshot,
  ToolStatus,
  WebMCPTool,
} from '@webmcp-kit/core'

/**
 * A tool's registration state as signals, and a local `execute`. Returned by
 * {@link injectWebMCPTool} and by `injectWebMCP().register`.
 *
 * @example
 * ```ts
 * const search: WebMCPToolRef<typeof schema, Product[]> = injectWebMCPTool(() => searchTool)
 * const registered = computed(() => search.status() === 'registered')
 * ```
 */
export interface WebMCPToolRef<
  Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
> {
  /** The whole state; a new object only when something changed. */
  readonly snapshot: Signal<ToolSnapshot<ToolResult<Schema, Result>>>
  readonly status: Signal<ToolStatus>
  /** The last failure: of the registration (`status` is `'error'`) or of an execution. */
  readonly error: Signal<unknown>
  /** Whether an execution (an agent's, or through `execute`) is running. */
  readonly isExecuting: Signal<boolean>
  readonly lastResult: Signal<ToolResult<Schema, Result> | undefined>
  /** How many executions have finished, successfully or not. */
  readonly executionCount: Signal<number>
  /**
   * Runs the tool here as an agent's call would (Standard Schema input is validated first); the
   * signals track it. Rejects when the tool's `execute` throws.
   */
  execute(
    input: InferToolInput<Schema>,
    options?: { signal?: AbortSignal },
  ): Promise<ToolResult<Schema, Result>>
}

/**
 * Options of {@link injectWebMCPTool}. `enabled` and `exposedTo` may be signals or functions that
 * read signals; a change is applied by the same effect that applies the tool.
 *
 * @example
 * ```ts
 * const options: InjectWebMCPToolOptions = { enabled: this.signedIn, exposedTo: ['https://agent.example'] }
 * ```
 */
export interface InjectWebMCPToolOptions {
  /** Offer the tool only while this is `true` (default `true`). */
  enabled?: boolean | (() => boolean)
  /** Secure origins, besides the document's own, that may discover and run the tool. */
  exposedTo?: string[] | (() => string[] | undefined)
  /** Called with every registration or execution failure (they also land in `error`). */
  onError?: (error: unknown) => void
  /** Use this injector instead of the current injection context; the tool lives as long as it. */
  injector?: Injector
}

const read = <T>(value: T | (() => T)): T =>
  typeof value === 'function' ? (value as () => T)() : value

/**
 * @internal The signals over a registration (created lazily by `get`), and `connect`, which
 * subscribes and returns the unsubscribe function.
 */
export function toolRef<Schema extends ToolInputSchema | undefined, Result>(
  get: () => ToolRegistration<Schema, Result>,
): [WebMCPToolRef<Schema, Result>, connect: () => () => void] {
  const version = signal(0)
  const bump = () => version.update((n) => n + 1)
  const snapshot = computed(() => (version(), get().getSnapshot()))
  const pick = <K extends keyof ToolSnapshot>(key: K) => computed(() => snapshot()[key])
  const ref: WebMCPToolRef<Schema, Result> = {
    snapshot,
    status: pick('status'),
    error: pick('error'),
    isExecuting: pick('isExecuting'),
    lastResult: pick('lastResult'),
    executionCount: pick('executionCount'),
    execute: (input, options) => get().execute(input, options),
  }
  const connect = () => {
    const unsubscribe = get().subscribe(bump)
    // The last unsubscribe changes the snapshot (back to idle) without telling the listener.
    return () => (unsubscribe(), bump())
  }
  return [ref, connect]
}

/**
 * Registers a WebMCP tool for as long as the current component, directive or service lives. The
 * factory runs in a `computed`, so signals it reads are tracked: when they change the tool is
 * replaced, and re-registered only if its name, title, description, input schema or annotations
 * changed (a new `execute` is swapped in place). Unregisters on destroy. The input of `execute` is
 * inferred from an inline JSON Schema (no `as const`) or a Standard Schema such as Zod.
 *
 * @param tool Returns the tool; may read signals.
 * @param options `enabled`, `exposedTo`, `onError`, and `injector` to call it outside an injection context.
 * @returns The registration state as signals, and a local `execute`.
 * @throws NG0203 when called outside an injection context without an `injector`.
 * @example
 * ```ts
 * export class TodoListComponent {
 *   todos = inject(TodoStore)
 *   addTodo = injectWebMCPTool(() => ({
 *     name: 'add_todo',
 *     description: 'Adds an item to the to-do list.',
 *     inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *     execute: ({ text }) => this.todos.add(text),
 *   }))
 * }
 * ```
 */
export function injectWebMCPTool<
  const Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
>(
  tool: () => WebMCPTool<Schema, Result>,
  options: InjectWebMCPToolOptions = {},
): WebMCPToolRef<Schema, Result> {
  if (!options.injector) assertInInjectionContext(injectWebMCPTool)
  return runInInjectionContext(options.injector ?? inject(Injector), () => {
    const { modelContext } = inject(WEBMCP_CONFIG)
    const { enabled = true, exposedTo, onError } = options
    const definition = computed(tool)
    const settings = computed(() => ({
      enabled: read(enabled),
      exposedTo: read(exposedTo),
      modelContext,
      onError,
    }))
    let registration: ToolRegistration<Schema, Result> | undefined
    let disconnect: (() => void) | undefined
    // Created on first use, not here: the factory may read inputs that are not set yet.
    const [ref, connect] = toolRef(
      () => (registration ??= new ToolRegistration(untracked(definition), untracked(settings))),
    )
    effect(() => {
      const next = definition()
      const nextSettings = settings()
      untracked(() => {
        // Both at once: a change of the tool and the options registers once.
        registration?.update(next, nextSettings)
        disconnect ??= connect()
      })
    })
    inject(DestroyRef).onDestroy(() => disconnect?.())
    return ref
  })
}
