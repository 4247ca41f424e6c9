import { ToolRegistration } from '@webmcp-kit/core/lifecycle'
import { toRef, toValue, watch } from 'vue'
import { liveSnapshot, resolveContext } from './live'
import type {
  ToolInputSchema,
  ToolRegistrationContext,
  ToolRegistrationOptions,
  ToolResult,
  ToolSnapshot,
  WebMCPTool,
} from '@webmcp-kit/core/lifecycle'
import type { MaybeRefOrGetter, Ref } from 'vue'

/**
 * Options of {@link useWebMCPTool}. `enabled` and `exposedTo` may be refs or getters.
 */
export interface UseWebMCPToolOptions {
  /** Offer the tool only while this is `true` (the default). */
  enabled?: MaybeRefOrGetter<boolean | undefined>
  /** Secure origins, besides the document's own, that may discover and run the tool. */
  exposedTo?: MaybeRefOrGetter<string[] | undefined>
  /** Register here instead of the plugin's or the injected context, or `document.modelContext`. */
  modelContext?: ToolRegistrationContext
  /** Called with every failure that lands in `error`: of the registration or of an execution. */
  onError?: (error: unknown) => void
}

/**
 * What {@link useWebMCPTool} returns: each field of the registration's `ToolSnapshot` (`status`,
 * `error`, `isExecuting`, `executingCount`, `lastResult`, `executionCount`) as a read-only ref, and
 * `execute`.
 */
export type UseWebMCPToolReturn<Schema extends ToolInputSchema | undefined, Result> = {
  readonly [Key in keyof ToolSnapshot]: Readonly<Ref<ToolSnapshot<ToolResult<Schema, Result>>[Key]>>
} & {
  /**
   * Runs the tool here as an agent's call would (input validation included) and tracks it in the
   * state. Rejects when the tool's `execute` throws.
   */
  execute: ToolRegistration<Schema, Result>['execute']
}

/**
 * Offers a tool to agents from the moment the calling component mounts until it unmounts (called in
 * a bare `effectScope`: from now until the scope stops; on the server: never). `tool` may
 * be a plain object, a ref, a `computed` or a getter: a change of its name, title, description,
 * input schema or annotations re-registers it; a new `execute` is used from the next call on,
 * without re-registering. The input `execute` receives is typed from an inline JSON Schema (no
 * `as const`) or a Standard Schema such as Zod.
 *
 * In a `<KeepAlive>`, a deactivated component takes its tool away, and offers it again when it is
 * activated: agents only see tools of what is on screen. Register in a component outside the
 * `<KeepAlive>` to keep a tool while its view is cached.
 *
 * @example
 * ```ts
 * const todos = ref<string[]>([])
 * const { status, lastResult } = useWebMCPTool({
 *   name: 'add_todo',
 *   description: 'Adds an item to the to-do list.',
 *   inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *   execute: ({ text }) => todos.value.push(text), // text: string
 * })
 * ```
 */
export function useWebMCPTool<
  const Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
>(
  tool: MaybeRefOrGetter<WebMCPTool<Schema, Result>>,
  options: UseWebMCPToolOptions = {},
): UseWebMCPToolReturn<Schema, Result> {
  const { enabled, exposedTo, onError } = options
  const modelContext = resolveContext('useWebMCPTool', options.modelContext)
  const resolveOptions = (): ToolRegistrationOptions => ({
    enabled: toValue(enabled),
    exposedTo: toValue(exposedTo),
    modelContext,
    onError,
  })
  const registration = new ToolRegistration(toValue(tool), resolveOptions())
  // One watcher for both, so a tick that changes the tool and the options registers once.
  // `deep`: a reactive() tool or schema edited in place must re-register too; the core diffs.
  // A missing tool throws (Vue reports it) and the last one stays.
  watch(
    [() => toValue(tool), resolveOptions],
    ([next, nextOptions]) => registration.update(next, nextOptions),
    { deep: true },
  )
  const snapshot = liveSnapshot(registration)
  // Getter refs, not computeds: they stay current after the scope stops (Vue 3.3 freezes computeds).
  const field = (key: keyof ToolSnapshot) => [key, toRef(() => snapshot.value[key])]
  const state = Object.fromEntries(Object.keys(snapshot.value).map((key) => field(key as never)))
  return { ...state, execute: registration.execute.bind(registration) } as UseWebMCPToolReturn<
    Schema,
    Result
  >
}
