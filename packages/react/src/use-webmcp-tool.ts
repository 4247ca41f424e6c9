'use client'
import { ToolRegistration } from '@webmcp-kit/core/lifecycle'
import {
  useCallback,
  useEffect,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useLiveSnapshot } from './live'
import type {
  InferToolInput,
  ToolInputSchema,
  ToolRegistrationOptions,
  ToolResult,
  ToolSnapshot,
  WebMCPTool,
} from '@webmcp-kit/core/lifecycle'

/**
 * The options of {@link useWebMCPTool}: `enabled` (default `true`) offers the tool only while it is
 * `true`; `exposedTo` lists the other secure origins that may discover and run it; `modelContext`
 * registers somewhere other than `document.modelContext`; `onError` hears every failure.
 */
export type UseWebMCPToolOptions = ToolRegistrationOptions

/**
 * What {@link useWebMCPTool} returns: the registration's snapshot (`status`, `error`, `isExecuting`,
 * `executingCount`, `lastResult`, `executionCount`) and `execute`, which runs the tool here as an
 * agent's call would (same validation, same state) and keeps its identity for the component's life.
 */
export interface UseWebMCPToolResult<
  Schema extends ToolInputSchema | undefined,
  Result,
> extends ToolSnapshot<ToolResult<Schema, Result>> {
  /** Runs the tool locally; rejects when it throws (the failure is also in `error`). */
  execute(
    input: InferToolInput<Schema>,
    options?: { signal?: AbortSignal },
  ): Promise<ToolResult<Schema, Result>>
}

// useLayoutEffect warns when rendered on the server in React 18; no effect runs there anyway.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

// The registered tool calls whatever execute the last commit published, so a new inline execute
// never re-registers and an agent never reaches a stale one. What is not a tool goes to the core
// as it is, for its misuse error.
const published = <Schema extends ToolInputSchema | undefined, Result>(
  tool: WebMCPTool<Schema, Result>,
  latest: { current: WebMCPTool<Schema, Result> },
): WebMCPTool<Schema, Result> =>
  typeof tool?.execute === 'function'
    ? { ...tool, execute: (input, options) => latest.current.execute(input, options) }
    : tool

/**
 * Registers `tool` with `document.modelContext` while the component is mounted and `enabled`, and
 * tracks its state. StrictMode's remount, re-renders and hot reloads end with exactly one
 * registration; a new inline `execute` never re-registers (only a changed name, title,
 * description, input schema, annotations or `exposedTo` does), and agents always reach the
 * `execute` of the last committed render. The input type comes from the inline JSON Schema (no
 * `as const`) or a Standard Schema such as Zod; `execute` also receives `{ signal }`, aborted when
 * the agent cancels. Without WebMCP (no polyfill, or on the server) `status` is `'unsupported'` or
 * `'idle'` and nothing is registered.
 *
 * @param tool The tool: `name`, `description`, optional `inputSchema`, `title` and `annotations`,
 *   and `execute(input, { signal })`. It may be a new object on every render.
 * @param options `enabled`, `exposedTo`, `modelContext`, `onError`.
 * @returns The snapshot and a stable local `execute`.
 * @throws Error when `tool` is not a tool (not an object, or no `execute` function): during
 *   render on mount, in the commit after.
 * @example
 * ```tsx
 * function Todos() {
 *   const [todos, setTodos] = useState<string[]>([])
 *   const { status, isExecuting } = useWebMCPTool({
 *     name: 'add_todo',
 *     description: 'Adds an item to the to-do list.',
 *     inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *     execute: ({ text }) => {
 *       setTodos([...todos, text]) // text: string; always this render's todos
 *       return `Added "${text}"`
 *     },
 *   })
 *   return <p>{status}{isExecuting && '…'} {todos.join(', ')}</p>
 * }
 * ```
 */
export function useWebMCPTool<
  const Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
>(
  tool: WebMCPTool<Schema, Result>,
  options: UseWebMCPToolOptions = {},
): UseWebMCPToolResult<Schema, Result> {
  const latest = useRef(tool)
  // The constructor has no side effects, so StrictMode's second call is harmless.
  const [registration] = useState(
    () => new ToolRegistration<Schema, Result>(published(tool, latest), options),
  )

  // The first subscriber registers; the last unsubscribe unregisters synchronously.
  const snapshot = useLiveSnapshot(registration)

  // Insertion effects run before every layout effect of the commit, so even a layout effect that
  // calls the tool sees this render's execute. Never during render: a render may not commit.
  useInsertionEffect(() => {
    latest.current = tool
  })
  // In the same commit: the tool's identity and the options change together with execute, before
  // any agent task can run. `update` diffs both at once, so a render costs at most one registration.
  useIsomorphicLayoutEffect(() => {
    registration.update(published(tool, latest), options)
  })

  const execute = useCallback<UseWebMCPToolResult<Schema, Result>['execute']>(
    (input, executeOptions) => registration.execute(input, executeOptions),
    [registration],
  )
  return useMemo(() => ({ ...snapshot, execute }), [snapshot, execute])
}
