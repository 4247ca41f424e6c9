import { ToolRegistration } from '@webmcp-kit/core/lifecycle'
import { createEffect, untrack } from 'solid-js'
import { liveSnapshot, read } from './live'
import type { MaybeAccessor } from './live'
import type {
  ToolInputSchema,
  ToolRegistrationOptions,
  ToolResult,
  ToolSnapshot,
  WebMCPTool,
} from '@webmcp-kit/core/lifecycle'
import type { Accessor } from 'solid-js'

/**
 * Options of {@link createWebMCPTool}: core's `ToolRegistrationOptions` (`enabled`, `exposedTo`,
 * `modelContext`, `onError`), `enabled` and `exposedTo` as values or accessors.
 */
export type CreateWebMCPToolOptions = Omit<ToolRegistrationOptions, 'enabled' | 'exposedTo'> & {
  enabled?: MaybeAccessor<boolean | undefined>
  exposedTo?: MaybeAccessor<string[] | undefined>
}

/**
 * What {@link createWebMCPTool} returns: `snapshot`, the whole `ToolSnapshot`, and one accessor per
 * field (`status`, `error`, `isExecuting`, `executingCount`, `lastResult`, `executionCount`); and
 * `execute`.
 */
export type CreateWebMCPToolResult<
  Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
> = {
  readonly [Key in keyof ToolSnapshot]: Accessor<ToolSnapshot<ToolResult<Schema, Result>>[Key]>
} & {
  /** The whole state; a new object only when something changed. */
  readonly snapshot: Accessor<ToolSnapshot<ToolResult<Schema, Result>>>
  /** Runs the tool here as an agent's call would (validation included); rejects when it throws. */
  readonly execute: ToolRegistration<Schema, Result>['execute']
}

/**
 * Offers a tool to agents from the moment the calling component mounts until its owner is cleaned
 * up (in a bare `createRoot`: from its first effects until `dispose()`; on the server: never). The
 * factory is tracked: when signals it reads change, the tool is replaced, and re-registered only if
 * its name, title, description, input schema or annotations changed; a new `execute` is used from
 * the next call on, without re-registering. The input `execute` receives is typed from an inline
 * JSON Schema (no `as const`) or a Standard Schema such as Zod, and it gets `{ signal }`, aborted
 * when the agent cancels.
 *
 * @param tool Returns the tool; may read signals and props.
 * @param options `enabled`, `exposedTo`, `modelContext`, `onError`.
 * @returns The state as accessors, and a local `execute`.
 * @throws Error when `tool` returns what is not a tool (not an object, or no `execute` function):
 *   from the call, or later from the effect that applies it (to the nearest `ErrorBoundary`).
 * @example
 * ```tsx
 * function Todos() {
 *   const [todos, setTodos] = createSignal<string[]>([])
 *   const addTodo = createWebMCPTool(() => ({
 *     name: 'add_todo',
 *     description: 'Adds an item to the to-do list.',
 *     inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *     execute: ({ text }) => setTodos([...todos(), text]), // text: string
 *   }))
 *   return <p title={addTodo.status()}>{todos().join(', ')}</p>
 * }
 * ```
 */
export function createWebMCPTool<
  const Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
>(
  tool: Accessor<WebMCPTool<Schema, Result>>,
  options: CreateWebMCPToolOptions = {},
): CreateWebMCPToolResult<Schema, Result> {
  const { enabled, exposedTo, modelContext, onError } = options
  const settings = (): ToolRegistrationOptions => ({
    enabled: read(enabled),
    exposedTo: read(exposedTo),
    modelContext,
    onError,
  })
  const registration = new ToolRegistration(untrack(tool), untrack(settings))
  // One effect for both, so a change of the tool and the options registers once. It runs before
  // the mount's subscribe, so the first registration already has what changed since the call.
  createEffect(() => {
    const next = tool()
    const nextSettings = settings()
    untrack(() => registration.update(next, nextSettings))
  })
  const snapshot = liveSnapshot(registration)
  const field = (key: keyof ToolSnapshot) => [key, () => snapshot()[key]]
  const fields = Object.fromEntries(
    Object.keys(untrack(snapshot)).map((key) => field(key as never)),
  )
  return {
    ...fields,
    snapshot,
    execute: (input, executeOptions) => registration.execute(input, executeOptions),
  } as CreateWebMCPToolResult<Schema, Result>
}
