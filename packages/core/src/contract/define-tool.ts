import type { InferExecuteInput, StandardSchemaV1, ToolInputSchema } from './infer'
import type { ToolAnnotations, ToolExecuteOptions } from '../webmcp/types'

/**
 * A tool as the bindings take it: `registerTool`'s `ModelContextTool`, except that `inputSchema`
 * may also be a Standard Schema and types the input `execute` receives. Inline JSON Schema
 * literals are inferred without `as const`.
 *
 * @example
 * ```ts
 * const tool: WebMCPTool<typeof schema, string> = {
 *   name: 'search',
 *   description: 'Searches the catalogue.',
 *   inputSchema: schema,
 *   execute: ({ query }) => `results for ${query}`,
 * }
 * ```
 */
export interface WebMCPTool<
  Schema extends ToolInputSchema | undefined = ToolInputSchema | undefined,
  Result = unknown,
> {
  /** 1-128 characters of `A-Z a-z 0-9 _ - .`, unique within the document. */
  name: string
  /** A human-readable name. */
  title?: string
  /** What the tool does and when to use it. Must not be empty. */
  description: string
  /** A JSON Schema object, or a Standard Schema (converted to JSON Schema and validated). */
  inputSchema?: Schema
  /** Runs the tool. Honour `signal` in long work; return recoverable problems as values. */
  execute(
    input: InferExecuteInput<Schema>,
    options: ToolExecuteOptions,
  ): Result | PromiseLike<Result>
  annotations?: ToolAnnotations
}

/**
 * What a tool's input validation returns to the agent, instead of running `execute`, when the input
 * does not match a Standard Schema `inputSchema`: a value the agent can correct itself from.
 *
 * @example
 * ```ts
 * // What the agent receives for { city: 42 } when inputSchema is z.object({ city: z.string() }):
 * const payload: ToolInputError = {
 *   error: 'Invalid input for tool "weather". Correct the listed issues and call it again.',
 *   issues: [{ message: 'Invalid input: expected string, received number', path: ['city'] }],
 * }
 * ```
 */
export interface ToolInputError {
  error: string
  issues: Array<{ message: string; path: Array<string | number> }>
}

/**
 * What running a tool resolves with: its `execute` result, or a {@link ToolInputError} when a
 * Standard Schema rejected the input.
 *
 * @example
 * ```ts
 * type R = ToolResult<typeof zodSchema, string> // string | ToolInputError
 * ```
 */
export type ToolResult<Schema, Result> = Schema extends StandardSchemaV1
  ? Result | ToolInputError
  : Result

/**
 * A {@link WebMCPTool} as {@link defineTool} returns it: `inputSchema` is known to be there, so a tool
 * with a JSON Schema can also go straight to a `registerTool` typed by `webmcp-types`.
 *
 * @example
 * ```ts
 * const tool: DefinedTool<{ type: 'object' }, string> = defineTool({ ...rest, inputSchema: { type: 'object' } })
 * ```
 */
export type DefinedTool<Schema extends ToolInputSchema | undefined, Result> = WebMCPTool<
  Schema,
  Result
> &
  ([Schema] extends [undefined] ? unknown : { inputSchema: Schema })

/**
 * Returns `tool` unchanged, typed: the input of `execute` is inferred from an inline JSON Schema
 * (no `as const` needed) or a Standard Schema. Handy in factories that hand context to a tool.
 *
 * @example
 * ```ts
 * export const createAddTodoTool = (store: TodoStore) =>
 *   defineTool({
 *     name: 'add_todo',
 *     description: 'Adds an item to the to-do list.',
 *     inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *     execute: ({ text }) => store.add(text), // text: string
 *   })
 * ```
 */
export function defineTool<
  const Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
>(tool: WebMCPTool<Schema, Result>): DefinedTool<Schema, Result> {
  return tool as DefinedTool<Schema, Result>
}
