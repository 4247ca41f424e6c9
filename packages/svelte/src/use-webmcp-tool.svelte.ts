import { ToolRegistration } from '@webmcp-kit/core/lifecycle'
import { untrack } from 'svelte'
import { liveSnapshot, read } from './live.svelte'
import type { MaybeGetter } from './live.svelte'
import type {
  ToolInputSchema,
  ToolRegistrationContext,
  ToolRegistrationOptions,
  ToolResult,
  ToolSnapshot,
  WebMCPTool,
} from '@webmcp-kit/core/lifecycle'

/**
 * Options of {@link useWebMCPTool}. `enabled` and `exposedTo` may be values or getters; every
 * option is read in an effect, so a getter over `$state` (or a `$state` options object) is live.
 */
export interface UseWebMCPToolOptions {
  /** Offer the tool only while this is `true` (the default). */
  enabled?: MaybeGetter<boolean | undefined>
  /** Secure origins, besides the document's own, that may discover and run the tool. */
  exposedTo?: MaybeGetter<string[] | undefined>
  /** Register here instead of `document.modelContext`. */
  modelContext?: ToolRegistrationContext
  /** Called with every failure that lands in `error`: of the registration or of an execution. */
  onError?: (error: unknown) => void
}

/**
 * What {@link useWebMCPTool} returns: the registration's snapshot (`status`, `error`,
 * `isExecuting`, `executingCount`, `lastResult`, `executionCount`) as reactive getters (read them
 * as `tool.status`: destructuring reads them once), and `execute`.
 */
export type UseWebMCPToolResult<Schema extends ToolInputSchema | undefined, Result> = ToolSnapshot<
  ToolResult<Schema, Result>
> & {
  /** Runs the tool here as an agent's call would (input validation included); tracked in the state. */
  execute: ToolRegistration<Schema, Result>['execute']
}

/**
 * Offers a tool to agents while the calling component is mounted (called in an `$effect.root`, as
 * in a `.svelte.ts` module: until the root is cleaned up; on the server: never). `tool` is a tool
 * or a getter of one, read in an effect: when the `$state` it reads changes, a changed name, title,
 * description, input schema or annotations re-registers the tool, once per change however many of
 * them change; a new `execute` is swapped in without re-registering, before any agent task can run.
 * The input `execute` receives is typed from an inline JSON Schema (no `as const`) or a Standard
 * Schema such as Zod, which also validates it; `execute` gets `{ signal }`, aborted when the agent
 * cancels. What is not a tool throws core's plain `Error`.
 *
 * @example
 * ```svelte
 * <script lang="ts">
 *   let todos = $state<string[]>([])
 *   const tool = useWebMCPTool(() => ({
 *     name: 'add_todo',
 *     description: 'Adds an item to the to-do list.',
 *     inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *     execute: ({ text }) => todos.push(text), // text: string
 *   }))
 * </script>
 * <p>{tool.status}: {todos.join(', ')}</p>
 * ```
 */
export function useWebMCPTool<
  const Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
>(
  tool: MaybeGetter<WebMCPTool<Schema, Result>>,
  options: UseWebMCPToolOptions = {},
): UseWebMCPToolResult<Schema, Result> {
  const resolve = (): ToolRegistrationOptions => ({
    enabled: read(options.enabled),
    exposedTo: read(options.exposedTo),
    modelContext: options.modelContext,
    onError: options.onError,
  })
  const registration = untrack(() => new ToolRegistration(read(tool), resolve()))
  const state = liveSnapshot(registration)
  // After the subscribing effect, so the core's first update reads (and so tracks) all it diffs,
  // a `$state` tool's nested schema included.
  $effect(() => registration.update(read(tool), resolve()))
  const result = { execute: registration.execute.bind(registration) }
  for (const key of Object.keys(state.current) as (keyof ToolSnapshot)[]) {
    Object.defineProperty(result, key, { enumerable: true, get: () => state.current[key] })
  }
  return result as UseWebMCPToolResult<Schema, Result>
}
