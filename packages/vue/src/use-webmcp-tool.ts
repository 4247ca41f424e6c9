import { ToolRegistration } from '@webmcp-kit/core'
import { shallowRef, toRef, toValue, watch } from 'vue'
import { resolveContext, subscribeWhileAlive } from './plugin'
import type {
  ToolInputSchema,
  ToolRegistrationContext,
  ToolRegistrationOptions,
  ToolResult,
  ToolSnapshot,
  ToolStatus,
  WebMCPTool,
} from '@webmcp-kit/core'
import type { MaybeRefOrGetter, Ref } from 'vue'

/**
 * Options of {@link useWebMCPTool}. `enabled` and `exposedTo` may be refs or getters.
 *
 * @example
 * ```ts
 * const options: UseWebMCPToolOptions = { enabled: () => cart.items.length > 0 }
 * ```
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
 * What {@link useWebMCPTool} returns: the registration's state as read-only refs, and `execute`.
 *
 * @example
 * ```ts
 * const { status, isExecuting, lastResult, execute }: UseWebMCPToolReturn<typeof schema, Todo> =
 *   useWebMCPTool(addTodo)
 * ```
 */
export interface UseWebMCPToolReturn<Schema extends ToolInputSchema | undefined, Result> {
  /** `'registered'` while agents can call the tool; see `ToolStatus` for the others. */
  status: Readonly<Ref<ToolStatus>>
  /** The last failure: of the registration (then `status` is `'error'`) or of an execution. */
  error: Readonly<Ref<unknown>>
  /** Whether an execution, by an agent or through `execute`, is running. */
  isExecuting: Readonly<Ref<boolean>>
  /** How many executions are running (they may overlap). */
  executingCount: Readonly<Ref<number>>
  /** What the last successful execution returned. */
  lastResult: Readonly<Ref<ToolResult<Schema, Result> | undefined>>
  /** How many executions have finished, successfully or not. */
  executionCount: Readonly<Ref<number>>
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
  const checked = <T>(value: T): T => {
    if (typeof value !== 'object' || !value) {
      throw new Error(
        `useWebMCPTool: the tool is ${value}; pass a tool object, or a ref or getter that returns ` +
          'one. To offer a tool only some of the time, use the enabled option.',
      )
    }
    return value
  }
  const registration = new ToolRegistration(checked(toValue(tool)), resolveOptions())
  const snapshot = shallowRef(registration.getSnapshot())
  // One watcher for both, so a tick that changes the tool and the options registers once.
  // `deep`: a reactive() tool or schema edited in place must re-register too; the core diffs.
  // A missing tool throws (Vue reports it) and the last one stays.
  watch(
    [() => toValue(tool), resolveOptions],
    ([next, nextOptions]) => registration.update(checked(next), nextOptions),
    { deep: true },
  )
  const update = () => {
    snapshot.value = registration.getSnapshot()
  }
  subscribeWhileAlive(() => registration.subscribe(update), update)
  const state = {} as Record<string, Readonly<Ref<unknown>>>
  let key: keyof ToolSnapshot
  for (key in snapshot.value) {
    const field = key
    // Getter refs, not computeds: they stay current after the scope stops (Vue 3.3 freezes computeds).
    state[field] = toRef(() => snapshot.value[field])
  }
  return {
    ...(state as unknown as Omit<UseWebMCPToolReturn<Schema, Result>, 'execute'>),
    execute: registration.execute.bind(registration),
  }
}
