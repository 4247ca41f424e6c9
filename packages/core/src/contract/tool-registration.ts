import { getModelContext } from './get-model-context'
import { Subscribable } from './subscribable'
import { stringify } from '../webmcp/json-depth'
import type { ToolInputError, ToolResult, WebMCPTool } from './define-tool'
import type { InferToolInput, StandardSchemaV1, ToolInputSchema } from './infer'
import type {
  ModelContextRegisterToolOptions,
  ModelContextTool,
  ToolExecuteOptions,
} from '../webmcp/types'

/**
 * Where a registration stands: `'unsupported'` (subscribed, but there is no `ModelContext`),
 * `'idle'` (not subscribed, or disabled), `'registering'`, `'registered'` or `'error'` (the
 * registration failed; see `error`).
 *
 * @example
 * ```ts
 * const label: Record<ToolStatus, string> = { unsupported: 'No WebMCP', idle: 'Off', registering: '…', registered: 'On', error: 'Failed' }
 * ```
 */
export type ToolStatus = 'unsupported' | 'idle' | 'registering' | 'registered' | 'error'

/**
 * The state of a {@link ToolRegistration}. Immutable: a new object whenever something changed.
 *
 * @example
 * ```ts
 * const { status, isExecuting, lastResult } = registration.getSnapshot()
 * ```
 */
export interface ToolSnapshot<Result = unknown> {
  readonly status: ToolStatus
  /** The last failure: of the registration (then `status` is `'error'`) or of an execution. */
  readonly error: unknown
  /** Whether an execution, by an agent or through `execute()`, is running. */
  readonly isExecuting: boolean
  /** How many executions are running (they may overlap). */
  readonly executingCount: number
  /** What the last successful execution returned (or the {@link ToolInputError} the agent got). */
  readonly lastResult: Result | undefined
  /** How many executions have finished, successfully or not. */
  readonly executionCount: number
}

/**
 * The part of a `ModelContext` a {@link ToolRegistration} uses. `document.modelContext` fits, typed
 * by this package or by `webmcp-types`.
 *
 * @example
 * ```ts
 * const context: ToolRegistrationContext = iframe.contentDocument!.modelContext!
 * ```
 */
export interface ToolRegistrationContext {
  registerTool(tool: ModelContextTool, options?: ModelContextRegisterToolOptions): Promise<unknown>
}

/**
 * How a {@link ToolRegistration} registers. Replaced as a whole by `update`.
 *
 * @example
 * ```ts
 * const options: ToolRegistrationOptions = { enabled: isSignedIn, exposedTo: ['https://agent.example'] }
 * ```
 */
export interface ToolRegistrationOptions {
  /** Offer the tool only while `true` (the default). */
  enabled?: boolean
  /** Secure origins, besides the document's own, that may discover and run the tool. */
  exposedTo?: string[]
  /** Register here instead of `document.modelContext` (looked up at the first `subscribe`). */
  modelContext?: ToolRegistrationContext
  /** Called with every failure that lands in the snapshot. */
  onError?: (error: unknown) => void
}

type State = Omit<ToolSnapshot<unknown>, 'isExecuting'>

const IDLE: ToolSnapshot<never> = Object.freeze({
  status: 'idle',
  error: undefined,
  isExecuting: false,
  executingCount: 0,
  lastResult: undefined,
  executionCount: 0,
})

// Converting a Standard Schema can be costly (Zod walks the schema), and a schema object is
// immutable, so each is converted once.
const converted = new WeakMap<object, object>()

const isStandard = (schema: unknown): schema is StandardSchemaV1 =>
  (typeof schema === 'object' || typeof schema === 'function') &&
  schema !== null &&
  '~standard' in schema

function toJSONSchema(schema: ToolInputSchema | undefined): object | undefined {
  if (!isStandard(schema)) return schema
  let json = converted.get(schema)
  if (!json) {
    const convert = schema['~standard'].jsonSchema
    if (!convert) {
      throw new TypeError(
        `The ${schema['~standard'].vendor} inputSchema has no JSON Schema converter (~standard.jsonSchema). ` +
          'Pass a JSON Schema, or wrap the schema (for Valibot: toStandardJsonSchema from @valibot/to-json-schema).',
      )
    }
    converted.set(schema, (json = convert.input({ target: 'draft-2020-12' })))
  }
  return json
}

/** Misuse of every binding ends here: a plain `Error` that says how to fix it, thrown before any change. */
function checked<Tool>(tool: Tool): Tool {
  if (typeof (tool as Partial<WebMCPTool> | undefined)?.execute !== 'function') {
    const problem =
      typeof tool === 'object' && tool
        ? `${JSON.stringify((tool as Partial<WebMCPTool>).name)} has no execute function`
        : `is ${String(tool)}`
    throw new Error(
      `The tool ${problem}. Pass { name, description, inputSchema?, execute(input, { signal }) }.`,
    )
  }
  return tool
}

/**
 * Registers one tool with `document.modelContext` for as long as it has subscribers: the shared
 * lifecycle behind the React, Vue and Angular bindings. The constructor has no side effects; the
 * first `subscribe` registers and the last unsubscribe aborts the registration, which unregisters
 * it synchronously, so subscribe → unsubscribe → subscribe (React StrictMode) ends with exactly one
 * registration; the listener that unsubscribes last hears the snapshot go back to `'idle'`.
 * `update(tool, options)` re-registers only when the name, title, description, input schema,
 * annotations, `exposedTo` or `modelContext` change, once however many of them change together; a
 * new `execute` is swapped in place. A Standard Schema `inputSchema` is converted to JSON Schema and
 * validates the input before `execute` runs. The constructor and `update` throw a plain `Error` for
 * what cannot be a tool (not an object, or no `execute` function).
 *
 * @example
 * ```ts
 * const registration = new ToolRegistration({
 *   name: 'add_todo',
 *   description: 'Adds an item to the to-do list.',
 *   inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *   execute: ({ text }) => todos.add(text),
 * })
 * const unsubscribe = registration.subscribe(() => render(registration.getSnapshot()))
 * // later
 * unsubscribe()
 * ```
 */
export class ToolRegistration<
  const Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
> extends Subscribable<ToolSnapshot<ToolResult<Schema, Result>>> {
  #tool: WebMCPTool<Schema, Result>
  #options: ToolRegistrationOptions
  #snapshot: ToolSnapshot<ToolResult<Schema, Result>> = IDLE
  #context: ToolRegistrationContext | undefined
  /** The identity of the current registration, `undefined` when there is none. */
  #key: string | undefined
  /** Aborting it unregisters the current registration; unset once that registration failed. */
  #controller: AbortController | undefined

  constructor(tool: WebMCPTool<Schema, Result>, options: ToolRegistrationOptions = {}) {
    super()
    this.#tool = checked(tool)
    this.#options = options
  }

  /** The first listener registers the tool. */
  protected onSubscribe(): void {
    this.#sync()
  }

  /** The last one leaving unregisters it (synchronously) and hears the snapshot go `'idle'`. */
  protected onUnsubscribe(): void {
    this.#sync()
  }

  /**
   * The current state; the same object until something changes.
   *
   * @example
   * ```ts
   * const snapshot = useSyncExternalStore(subscribe, () => registration.getSnapshot())
   * ```
   */
  getSnapshot(): ToolSnapshot<ToolResult<Schema, Result>> {
    return this.#snapshot
  }

  /**
   * Replaces the tool and the options together, then brings the registration in line once: when a
   * render changes both (say a new name and `exposedTo`, or a new schema and `enabled: false`),
   * the tool is registered at most once, never registered and then torn down in the same tick.
   * Re-registers only when the name, title, description, serialised input schema, annotations,
   * `exposedTo` or `modelContext` changed; turning `enabled` off unregisters; a new `execute` alone
   * is swapped in place. Bindings call it on every change. Throws, changing nothing, when `tool`
   * is not a tool.
   *
   * @example
   * ```ts
   * // One registration of 'search_v2', exposed to the agent's origin; none of 'search_v2' alone.
   * registration.update({ ...tool, name: 'search_v2' }, { exposedTo: ['https://agent.example'] })
   * ```
   */
  update(tool: WebMCPTool<Schema, Result>, options: ToolRegistrationOptions = {}): void {
    checked(tool)
    if (options.modelContext !== this.#options.modelContext) this.#context = this.#key = undefined
    this.#tool = tool
    this.#options = options
    this.#sync()
  }

  /**
   * Runs the tool here, as an agent's call would: the input is validated first (Standard Schema),
   * and the snapshot tracks it. Resolves with the result (or the {@link ToolInputError} an agent
   * would get); rejects when `execute` throws.
   *
   * @example
   * ```ts
   * const result = await registration.execute({ text: 'Buy milk' })
   * ```
   */
  execute(
    input: InferToolInput<Schema>,
    options: { signal?: AbortSignal } = {},
  ): Promise<ToolResult<Schema, Result>> {
    return this.#run(input, options.signal ?? new AbortController().signal)
  }

  // Registered once per registration and never replaced: reads the latest tool at each call.
  #execute = (input: unknown, options: ToolExecuteOptions) => this.#run(input, options.signal)

  async #run(input: unknown, signal: AbortSignal): Promise<ToolResult<Schema, Result>> {
    this.#set({ executingCount: this.#snapshot.executingCount + 1 })
    const done = (patch: Partial<State>) =>
      this.#set({
        ...patch,
        executingCount: this.#snapshot.executingCount - 1,
        executionCount: this.#snapshot.executionCount + 1,
      })
    try {
      const { execute, inputSchema, name } = this.#tool
      let result: ToolResult<Schema, Result>
      const checked = isStandard(inputSchema) && (await inputSchema['~standard'].validate(input))
      if (checked && checked.issues) {
        result = {
          error: `Invalid input for tool "${name}". Correct the listed issues and call it again.`,
          issues: checked.issues.map(({ message, path = [] }) => ({
            message,
            path: path.map((segment) => {
              const key = typeof segment === 'object' ? segment.key : segment
              return typeof key === 'number' ? key : String(key)
            }),
          })),
        } satisfies ToolInputError as ToolResult<Schema, Result>
      } else {
        result = await execute(checked ? (checked.value as never) : (input as never), { signal })
      }
      done({
        lastResult: result,
        error: this.#snapshot.status === 'error' ? this.#snapshot.error : undefined,
      })
      return result
    } catch (error) {
      // A run the caller cancelled is not a failure of the tool.
      if (signal.aborted) done({})
      else {
        done({ error })
        this.#options.onError?.(error)
      }
      throw error
    }
  }

  /** Brings the registration in line with the subscribers, options and tool. */
  #sync(): void {
    const { enabled = true, exposedTo } = this.#options
    const subscribed = this.subscribed
    const context = subscribed
      ? (this.#context ??= this.#options.modelContext ?? getModelContext())
      : (this.#context = undefined)
    const { name, title, description, annotations } = this.#tool
    let key: string | undefined
    let inputSchema: object | undefined
    let failure: unknown
    if (enabled && context) {
      try {
        inputSchema = toJSONSchema(this.#tool.inputSchema)
        key = stringify([name, title, description, inputSchema, annotations, exposedTo])
      } catch (error) {
        failure = error
        key = stringify([name, String(error)])
      }
      if (key === this.#key) return
    }
    // Teardown first: the engine unregisters synchronously on abort, so a same-name registration
    // right after cannot collide. The abort rejects that registration's promise; it is ignored below.
    const previous = this.#controller
    this.#controller = this.#key = undefined
    previous?.abort()
    if (key === undefined || !context) {
      return this.#set({
        status: subscribed && !context ? 'unsupported' : 'idle',
        error: undefined,
      })
    }
    const controller = new AbortController()
    this.#controller = controller
    this.#key = key
    this.#set({ status: 'registering', error: undefined })
    new Promise((resolve) => {
      if (failure) throw failure
      resolve(
        context.registerTool(
          { name, title, description, inputSchema, annotations, execute: this.#execute },
          { signal: controller.signal, exposedTo },
        ),
      )
    }).then(
      () => {
        if (this.#controller === controller) this.#set({ status: 'registered' })
      },
      (error: unknown) => {
        // Stale: torn down by us (its abort) or replaced. It must not touch the newer registration.
        if (this.#controller !== controller) return
        // Never abort a failed registration: in Chromium its abort steps could unregister a later
        // tool of the same name (webmachinelearning/webmcp#240).
        this.#controller = undefined
        this.#set({ status: 'error', error })
        this.#options.onError?.(error)
      },
    )
  }

  #set(patch: Partial<State>): void {
    const previous = this.#snapshot
    const next = { ...previous, ...patch }
    next.isExecuting = next.executingCount > 0
    let key: keyof ToolSnapshot
    for (key in next) {
      if (!Object.is(next[key], previous[key])) {
        this.#snapshot = Object.freeze(next) as ToolSnapshot<ToolResult<Schema, Result>>
        return this.notify()
      }
    }
  }
}
