import { DestroyRef, computed, effect, inject, untracked } from '@angular/core'
import { ToolRegistration } from '@webmcp-kit/core/lifecycle'
import { inContext, liveSnapshot, read } from './live'
import { WEBMCP_CONFIG } from './provide-webmcp'
import type { Injector, Signal } from '@angular/core'
import type {
  ToolInputSchema,
  ToolRegistrationContext,
  ToolResult,
  ToolSnapshot,
  WebMCPTool,
} from '@webmcp-kit/core/lifecycle'

/**
 * A tool's registration state as signals: `snapshot`, the whole `ToolSnapshot`, and one signal per
 * field (`status`, `error`, `isExecuting`, `executingCount`, `lastResult`, `executionCount`); and a
 * local `execute`. Returned by {@link injectWebMCPTool}.
 */
export type WebMCPToolRef<
  Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
> = {
  readonly [Key in keyof ToolSnapshot]: Signal<ToolSnapshot<ToolResult<Schema, Result>>[Key]>
} & {
  /** The whole state; a new object only when something changed. */
  readonly snapshot: Signal<ToolSnapshot<ToolResult<Schema, Result>>>
  /** Runs the tool here as an agent's call would (validation included); rejects when it throws. */
  readonly execute: ToolRegistration<Schema, Result>['execute']
}

/**
 * Options of {@link injectWebMCPTool}. `enabled` and `exposedTo` may be signals or functions that
 * read signals; a change is applied by the same effect that applies the tool.
 */
export interface InjectWebMCPToolOptions {
  /** Offer the tool only while this is `true` (default `true`). */
  enabled?: boolean | (() => boolean)
  /** Secure origins, besides the document's own, that may discover and run the tool. */
  exposedTo?: string[] | (() => string[] | undefined)
  /** Register here instead of `provideWebMCP`'s `modelContext` or `document.modelContext`. */
  modelContext?: ToolRegistrationContext
  /** Called with every registration or execution failure (they also land in `error`). */
  onError?: (error: unknown) => void
  /** Use this injector instead of the current injection context; the tool lives as long as it. */
  injector?: Injector
}

// The snapshot's fields, read off an idle registration (its constructor has no side effects), so
// that a field core adds is a signal here too. The real one is made later, on first use.
const fields = () =>
  Object.keys(
    new ToolRegistration({ name: 'fields', description: '-', execute() {} }).getSnapshot(),
  )

/**
 * Registers a WebMCP tool while the current component, directive or service lives. The factory
 * runs in a `computed`: when signals it reads change, the tool is replaced, and re-registered only
 * if its name, title, description, input schema or annotations changed (a new `execute` is swapped
 * in place). The input of `execute` is inferred from an inline JSON Schema or a Standard Schema.
 *
 * @param tool Returns the tool; may read signals.
 * @param options `enabled`, `exposedTo`, `modelContext`, `onError`; `injector` to call it anywhere.
 * @returns The registration state as signals, and a local `execute`.
 * @throws NG0203 outside an injection context without `injector`; an `Error` saying how to fix it
 *   when the factory returns what is not a tool (from the effect, to Angular's `ErrorHandler`).
 * @example
 * ```ts
 * export class TodoListComponent {
 *   todos = inject(TodoStore)
 *   signedIn = input(false)
 *   addTodo = injectWebMCPTool(
 *     () => ({
 *       name: 'add_todo',
 *       description: 'Adds an item to the to-do list.',
 *       inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *       execute: ({ text }) => this.todos.add(text), // text: string
 *     }),
 *     { enabled: this.signedIn, exposedTo: ['https://agent.example'] },
 *   )
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
  return inContext(injectWebMCPTool, options.injector, () => {
    const {
      enabled,
      exposedTo,
      onError,
      modelContext = inject(WEBMCP_CONFIG).modelContext,
    } = options
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
    const get = () =>
      (registration ??= new ToolRegistration(untracked(definition), untracked(settings)))
    const [snapshot, connect] = liveSnapshot(get)
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
    const pick = (key: string) => [key, computed(() => snapshot()[key as keyof ToolSnapshot])]
    const execute: WebMCPToolRef<Schema, Result>['execute'] = (input, opts) =>
      get().execute(input, opts)
    const ref = { ...Object.fromEntries(fields().map(pick)), snapshot, execute }
    return ref as WebMCPToolRef<Schema, Result>
  })
}
