import { EXECUTION_FAILED, UNKNOWN, domError, idlError } from './errors'
import { NESTING, tooDeep } from './json-depth'
import { ToolActivatedEvent, ToolCancelEvent } from './events'
import { trustworthyOrigin, tupleOrigin } from './origin'
import { queueTask } from '../queue-task'
import {
  annotations,
  callback,
  convertError,
  dictionary,
  domString,
  isObject,
  isWindow,
  object,
  required,
  signal as readSignal,
  usvSequence,
  usvString,
} from './webidl'
import type { ToolInfo } from '../frames/messages'
import type { RegisteredTool, ToolAnnotations } from './types'

/** The spec's "tool definition". */
export interface ToolDefinition {
  name: string
  title: string | null
  description: string
  /** The input schema serialised at registration, `""` when there is none. */
  inputSchema: string
  execute: (input: unknown, options: { signal: AbortSignal }) => unknown
  annotations: Required<ToolAnnotations> | null
  exposedTo: string[]
}

/** How the caller's side of an execution is settled: a result string, or a rejection reason. */
export type Settle = (ok: boolean, value: unknown) => void

const NAME = /^[\w.-]{1,128}$/

const unknownError = () => domError('UnknownError', UNKNOWN)

/**
 * The typed failure channel: the `UnknownError` an `executeTool` of this document rejected with →
 * what the tool threw (or why its result could not be serialised). Native code keeps this to
 * itself; the polyfill gives it to tools such as the bridge (see `failureOf`), never to the page's
 * other documents.
 */
const failures = new WeakMap<object, unknown>()

/** What a failed execution of a tool of this document threw, for the rejection it caused. */
export const failureOf = (reason: unknown): unknown =>
  isObject(reason) ? failures.get(reason) : undefined

/**
 * A result a declarative tool (form-fill.ts) has already serialised, passed through as it is:
 * Chromium serialises form results without the `'Operation succeeded'` substitution, and a form
 * whose submission navigates resolves `executeTool` with `null`.
 */
export interface RawResult {
  readonly value: string | null
}
// A set, not a class: telling one apart runs no trap of a proxy a tool returned.
const rawResults = new WeakSet<RawResult>()

/** Wraps a result serialised already (see `RawResult`). */
export const rawResult = (value: string | null): RawResult => {
  const result = { value }
  rawResults.add(result)
  return result
}

/** Chromium's conversion of a tool's fulfilment value to the string `executeTool` resolves with. */
function serializeResult(value: unknown): string | null {
  if (rawResults.has(value as RawResult)) return (value as RawResult).value
  const text = isObject(value) ? String(JSON.stringify(value)) : String(value)
  return text === '' ? 'Operation succeeded' : text
}

function serializeJSON(method: string, value: unknown, what: string): string {
  const overflow = () => idlError(method, 'Maximum call stack size exceeded', RangeError)
  let json: string | undefined
  try {
    json = JSON.stringify(value)
  } catch (error) {
    // The engine's own stack ran out (V8, WebKit: RangeError; Firefox: InternalError), as native's does.
    const exhausted = /call stack|too much recursion/i.test(String((error as Error)?.message))
    throw exhausted ? overflow() : idlError(method, (error as Error).message)
  }
  if (json === undefined) throw idlError(method, `invalid ${what}: toJSON() returns undefined`)
  if (tooDeep(json, NESTING[method] ?? Infinity)) throw overflow()
  return json
}

/**
 * Builds the `RegisteredTool` of a listed tool; `undefined` for a schema that is not an object.
 * A tool of another document arrives as data, so every field is converted again here.
 */
function registered(
  tool: Partial<ToolInfo>,
  window: Window,
  origin: string,
): RegisteredTool | undefined {
  const json = typeof tool.inputSchema === 'string' ? tool.inputSchema : ''
  const schema = json && JSON.parse(json)
  // Chromium leaves out a tool whose schema serialised to something other than an object.
  if (json && !isObject(schema)) return undefined
  const hints = tool.annotations && annotations('getTools', tool)
  const entry: Partial<RegisteredTool> = {}
  if (hints) entry.annotations = hints
  entry.description = String(tool.description)
  if (schema) entry.inputSchema = schema
  entry.name = String(tool.name)
  entry.origin = origin
  entry.title = String(tool.title ?? '')
  entry.window = window
  return entry as RegisteredTool
}

/**
 * What the engine needs of the frame protocol (`frames.ts`'s `FrameLink`). The installer plugs it in
 * (`connectFrames`), so that an engine without frames does not carry it.
 */
export interface Link {
  /** This document's own `tools` permission, once known. */
  readonly settled: boolean | undefined
  /** Runs `run` at once, or once this document's own permission is known (waited for boundedly). */
  wait<T>(run: () => Promise<T>): Promise<T>
  /** Throws the `NotAllowedError` of a document that may not use `tools`. */
  allowed(): void
  /** The other documents' tools exposed to this one, from the origins `wanted`, in tree order. */
  tools(wanted: Set<string>): ReadonlyArray<readonly [Window, string, ToolInfo[]]>
  /** While this document joins its tree: resolves once its ancestors' tools are here. */
  ready(): Promise<void> | undefined
  /** Notifies the documents a changed tool is exposed to; resolves once they fired `toolchange`. */
  changed(exposedTo: readonly string[]): Promise<void>
  /**
   * Runs another document's tool; returns the canceller. `settle` gets the result, or the
   * rejection reason, always in a task after the call.
   */
  execute(w: Window, origin: string, name: string, input: string, settle: Settle): () => void
  /** Resolves once this document has joined the frame tree (for tests). */
  joined(): Promise<boolean>
  /** Whether child window `child` of this document, document `doc` of `origin`, may use tools (for its polyfill). */
  admits(child: Window, origin: string, doc: string): boolean | undefined
  close(): void
}

/**
 * Whether `document` lives in a site-keyed agent cluster where Chromium refuses WebMCP (the draft's
 * issue #318 discusses relaxing it): `registerTool`, `getTools` and `executeTool` reject
 * `SecurityError` (checked before the permission), and forms are no tools. Chromium keys clusters by
 * origin by default, so `originAgentCluster === false` there means the page opted out
 * (`Origin-Agent-Cluster: ?0`). Firefox keys them by site by default and reports `false` for every
 * page that did not send `?1`; WebKit has no `originAgentCluster`. Script cannot read an engine's
 * default, so the check runs only where the engine has Blink's Permissions Policy API
 * (`document.featurePolicy`); elsewhere the newest draft applies, which has no check.
 */
export const siteKeyed = (document: Document): boolean =>
  document.defaultView?.originAgentCluster === false &&
  'featurePolicy' in document &&
  document.location?.protocol !== 'file:'

/** The per-document state behind a `ModelContext`: the spec's tool map and local pending executions. */
export class Engine {
  readonly tools = new Map<string, ToolDefinition>()
  /** The link to the other documents of the frame tree (only for a document shown in a window). */
  declare link: Link | undefined
  // Declared, then assigned: no class field definitions in the output (fewer bytes).
  declare readonly context: ModelContext
  declare readonly document: Document

  constructor(context: ModelContext, document: Document) {
    this.context = context
    this.document = document
  }

  /** The document is the active document of a browsing context. */
  get window(): Window | null {
    const view = this.document.defaultView
    return view && view.document === this.document ? view : null
  }

  /**
   * The document's origin, read once (a page may replace `window.origin`: it is `[Replaceable]`, and a
   * global `var origin` does it).
   */
  get origin(): string {
    return (this.#origin ??= this.window!.origin)
  }
  #origin: string | undefined

  /**
   * Runs the algorithm's common first steps, then `steps`: at once, or once this frame knows whether
   * it may use `tools` (its parent has answered). The arguments were converted before: never twice.
   */
  checked<T>(steps: () => Promise<T>): Promise<T> {
    this.check()
    const run = () => {
      this.check()
      this.link?.allowed()
      return steps()
    }
    return this.link?.wait(run) ?? run()
  }

  /** The steps before any other: an active document, then an origin-keyed cluster. */
  check(): void {
    if (!this.window) throw domError('InvalidStateError', 'The document is not active.')
    if (siteKeyed(this.document)) {
      throw domError('SecurityError', 'WebMCP requires an origin-keyed agent cluster.')
    }
  }

  /**
   * The spec's "notify documents of a tool change": `toolchange` here, and in the other documents
   * of the tree the tool is exposed to. Resolves once every one of them has fired it.
   */
  notify(tool: ToolDefinition): Promise<unknown> {
    const here = this.changed()
    return this.link?.settled ? Promise.all([here, this.link.changed(tool.exposedTo)]) : here
  }

  /** Fires `toolchange` at the `ModelContext` in a task; resolves once it has been dispatched. */
  changed(): Promise<void> {
    return new Promise((resolve) =>
      queueTask(() => resolve(void this.context.dispatchEvent(new Event('toolchange')))),
    )
  }

  unregister(definition: ToolDefinition): void {
    if (this.tools.get(definition.name) !== definition) return
    this.tools.delete(definition.name)
    void this.notify(definition)
  }

  /** This document's tools that `keep` keeps, as they are listed (here, and to other documents). */
  list(keep: (tool: ToolDefinition) => boolean = () => true): ToolInfo[] {
    return [...this.tools.values()]
      .filter(keep)
      .map(({ name, title, description, inputSchema, annotations }) => ({
        name,
        title: title ?? '',
        description,
        inputSchema,
        annotations,
      }))
  }

  /**
   * The spec's "tool execute steps" in this (the target) document: starts `tool` with `input`
   * (JSON). Returns its canceller and the step that fires `toolactivated`. `settle` is called as soon
   * as the tool settles.
   */
  start(
    tool: ToolDefinition,
    input: string,
    settle: Settle,
  ): [cancel: () => void, activate: () => void] {
    const controller = new AbortController()
    let pending = true
    const done: Settle = (ok, value) => {
      if (pending) settle(ok, value)
      pending = false
    }
    const fail = (error: unknown) => {
      console.error('WebMCP tool execution failed:', error)
      const reason = domError('UnknownError', EXECUTION_FAILED)
      failures.set(reason, error)
      done(false, reason)
    }
    let result: unknown
    try {
      result = Reflect.apply(tool.execute, undefined, [
        JSON.parse(input),
        { signal: controller.signal },
      ])
    } catch (error) {
      result = Promise.reject(error)
    }
    Promise.resolve(result).then((value) => {
      let text: string | null
      try {
        text = serializeResult(value)
      } catch (error) {
        return fail(error)
      }
      done(true, text)
    }, fail)
    const { context } = this
    const toolName = tool.name
    return [
      // The spec's "cancel a pending tool execution", target side.
      () => {
        if (!pending) return
        pending = false
        controller.abort()
        context.dispatchEvent(new ToolCancelEvent('toolcancel', { toolName }))
      },
      () => context.dispatchEvent(new ToolActivatedEvent('toolactivated', { toolName })),
    ]
  }
}

const engines = new WeakMap<object, Engine>()
let constructing = false

/**
 * Resolves once `context`'s document has joined its frame tree (its permission known, the documents
 * it met introduced both ways), with its permission; at once without frames.
 */
export const joinedOf = (context: unknown): Promise<boolean> =>
  engineFor(context)?.link?.joined() || Promise.resolve(true)

/** Whether `context` is a `ModelContext` of this engine. */
export const owns = (context: unknown): boolean => !!engineFor(context)

function engineOf(context: unknown): Engine {
  const engine = engines.get(context as object)
  if (!engine) throw new TypeError('Illegal invocation')
  return engine
}

/** The origins of `list` (the `member` option), each potentially trustworthy, or a `SecurityError`. */
const secureOrigins = (list: string[], member: string) =>
  list.map((entry) => {
    const origin = trustworthyOrigin(entry)
    if (!origin) {
      throw domError('SecurityError', `Only secure origins are allowed in the ${member} list.`)
    }
    return origin
  })

/** Runs `steps`, turning a synchronous throw into a rejected promise, as WebIDL does. */
function promise<T>(steps: () => Promise<T>): Promise<T> {
  try {
    return steps()
  } catch (error) {
    return Promise.reject(error)
  }
}

/** `document.modelContext`: where a page registers tools for agents. */
export class ModelContext extends EventTarget {
  /** @internal */
  constructor() {
    if (!constructing)
      throw new TypeError("Failed to construct 'ModelContext': Illegal constructor")
    super()
  }

  // Optional arguments take a default, so that each function's `length` is its WebIDL length.
  registerTool(tool: unknown, options: unknown = undefined): Promise<undefined> {
    return promise(() => {
      const engine = engineOf(this)
      const method = 'registerTool'
      const type = 'ModelContextTool'
      const dict = dictionary(method, type, tool, false)
      const hints = annotations(method, dict)
      const description = domString(required(method, type, dict, 'description'))
      const execute = callback(method, type, dict, 'execute') as ToolDefinition['execute']
      const schema = object(method, type, dict, 'inputSchema')
      const name = domString(required(method, type, dict, 'name'))
      const rawTitle = dict.title
      const title = rawTitle === undefined ? null : usvString(rawTitle)
      const optionsType = 'ModelContextRegisterToolOptions'
      const opts = dictionary(method, optionsType, options, true)
      const exposedTo = usvSequence(method, optionsType, opts, 'exposedTo') ?? []
      const signal = readSignal(method, optionsType, opts, 'signal')

      return engine.checked(() => {
        const { tools } = engine
        if (tools.has(name)) throw domError('InvalidStateError', 'Duplicate tool name')
        if (!NAME.test(name)) throw domError('InvalidStateError', 'Invalid tool name')
        if (!description) throw domError('InvalidStateError', 'Description is required')
        const inputSchema = schema ? serializeJSON(method, schema, 'input schema') : ''
        if (signal?.aborted) return Promise.reject(signal.reason)
        const definition: ToolDefinition = {
          name,
          title,
          description,
          inputSchema,
          execute,
          annotations: hints,
          exposedTo: secureOrigins(exposedTo, 'exposedTo'),
        }

        return new Promise<undefined>((resolve, reject) => {
          signal?.addEventListener('abort', () => {
            engine.unregister(definition)
            reject(signal.reason)
          })
          tools.set(definition.name, definition)
          void engine.notify(definition).then(() => resolve(undefined))
        })
      })
    })
  }

  getTools(options: unknown = undefined): Promise<RegisteredTool[]> {
    return promise(() => {
      const engine = engineOf(this)
      const method = 'getTools'
      const type = 'ModelContextGetToolOptions'
      const fromOrigins = usvSequence(
        method,
        type,
        dictionary(method, type, options, true),
        'fromOrigins',
      )
      return engine.checked(() => {
        const own = engine.origin
        const wanted = new Set([own, ...secureOrigins(fromOrigins ?? [], 'fromOrigins')])
        // Every document of the frame tree that is same-origin or asked for, in tree order; what the
        // other documents exposed to this one is here already (frames.ts), or, while this document
        // is still joining its tree, once its ancestors' lists have come. Taken in a task, after the
        // declarative forms' updates queued before it (native takes it at the call: a registration
        // later in the same task is listed here; docs/conformance.md).
        const list = () =>
          new Promise<RegisteredTool[]>((resolve) =>
            queueTask(() => {
              const window = engine.window
              const lists: ReadonlyArray<readonly [Window, string, ToolInfo[]]> = window
                ? [[window, own, engine.list()], ...(engine.link?.tools(wanted) ?? [])]
                : []
              const tools: RegisteredTool[] = []
              for (const [w, origin, infos] of lists) {
                for (const info of infos) {
                  const tool = registered(info, w, origin)
                  if (tool) tools.push(tool)
                }
              }
              resolve(tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
            }),
          )
        const joining = engine.link?.ready()
        return joining ? joining.then(list) : list()
      })
    })
  }

  executeTool(
    tool: unknown,
    input: unknown = undefined,
    options: unknown = undefined,
  ): Promise<string | null> {
    return promise(() => {
      const engine = engineOf(this)
      const method = 'executeTool'
      const type = 'RegisteredTool'
      const dict = dictionary(method, type, tool, false)
      annotations(method, dict)
      domString(required(method, type, dict, 'description'))
      object(method, type, dict, 'inputSchema')
      const name = domString(required(method, type, dict, 'name'))
      const origin = usvString(required(method, type, dict, 'origin'))
      const title = dict.title
      if (title !== undefined) domString(title)
      const target = required(method, type, dict, 'window')
      if (!isWindow(target)) throw convertError(method, type, 'window', 'Window')
      const optionsType = 'ModelContextExecuteToolOptions'
      const signal = readSignal(
        method,
        optionsType,
        dictionary(method, optionsType, options, true),
        'signal',
      )

      return engine.checked(() => {
        const expectedOrigin = tupleOrigin(origin)
        if (!expectedOrigin) throw domError('NotSupportedError', 'The provided origin is invalid.')
        if (input === undefined) input = {}
        if (!isObject(input)) throw idlError(method, 'invalid input object: value is not an object')
        const json = serializeJSON(method, input, 'input object')
        if (signal?.aborted) return Promise.reject(signal.reason)

        return new Promise<string | null>((resolve, reject) => {
          let cancel: (() => void) | undefined
          let settled = false
          const settle: Settle = (ok, value) => {
            if (settled) return
            settled = true
            signal?.removeEventListener('abort', abort)
            if (ok) resolve(value as string)
            else reject(value)
          }
          let started = false
          const abort = () => {
            settle(false, signal!.reason)
            // As native: a cancellation that arrives before the tool started finds nothing to cancel,
            // and the tool still runs (its result is ignored).
            if (started) queueTask(() => cancel?.())
          }
          signal?.addEventListener('abort', abort)
          const { link } = engine
          if (target !== engine.window && link) {
            // A tool of another document (frames.ts checks that it is a member of the tree). The
            // request leaves now, the way native's leaves for the browser process, and a
            // cancellation follows it on the same port: the other document sees it after the run.
            // (Deciding in a task of this document lost it in WebKit, whose port tasks can come
            // after a window message the other document sent once the tool had started.)
            cancel = link.execute(target, expectedOrigin, name, json, settle)
            started = true
            return
          }
          let activate: (() => void) | undefined
          queueTask(
            () => {
              started = true
              const definition = engine.tools.get(name)
              if (target !== engine.window || !definition || engine.origin !== expectedOrigin) {
                return settle(false, unknownError())
              }
              ;[cancel, activate] = engine.start(definition, json, (ok, value) =>
                queueTask(() => settle(ok, value)),
              )
            },
            () => activate?.(),
          )
        })
      })
    })
  }
}

for (const type of ['toolchange', 'toolactivated', 'toolcancel']) {
  // Event handler IDL attributes: the listener keeps the position of the first assignment; a
  // non-callable object is stored but never called; anything else that is not an object is null.
  const handlers = new WeakMap<object, { value: object; listener: (event: Event) => void }>()
  Object.defineProperty(ModelContext.prototype, `on${type}`, {
    // Enumerable once shaped (webidl-shape.ts), as every attribute.
    configurable: true,
    get(this: ModelContext) {
      engineOf(this)
      return handlers.get(this)?.value ?? null
    },
    set(this: ModelContext, value: unknown) {
      engineOf(this)
      const handler = handlers.get(this)
      if (!isObject(value)) {
        if (handler) this.removeEventListener(type, handler.listener)
        handlers.delete(this)
      } else if (handler) {
        handler.value = value
      } else {
        const entry = {
          value,
          listener: (event: Event) => {
            if (typeof entry.value === 'function') Reflect.apply(entry.value, this, [event])
          },
        }
        handlers.set(this, entry)
        this.addEventListener(type, entry.listener)
      }
    },
  })
}
/** What `addTool` takes: a tool definition without `exposedTo` (always same-origin only). */
export type ToolSource = Omit<ToolDefinition, 'exposedTo'>

/**
 * Adds a tool to `context`'s tool map as `registerTool` would, for tools the page declares rather
 * than registers (declarative forms). Returns the function that removes it again, or `undefined`
 * when the name is taken or invalid (declarative tools are then ignored, as native ignores them).
 */
export function addTool(context: object, source: ToolSource): (() => void) | undefined {
  const engine = engineFor(context)
  if (!engine || engine.tools.has(source.name) || !NAME.test(source.name)) return undefined
  const definition: ToolDefinition = { ...source, exposedTo: [] }
  engine.tools.set(definition.name, definition)
  void engine.notify(definition)
  return () => engine.unregister(definition)
}

/** The engine behind `context`, if it is a `ModelContext` of this engine (for frames.ts). */
export const engineFor = (context: unknown): Engine | undefined =>
  isObject(context) ? engines.get(context) : undefined

/** Creates the `ModelContext` of `document`. */
export function createModelContext(document: Document): ModelContext {
  constructing = true
  try {
    const context = new ModelContext()
    engines.set(context, new Engine(context, document))
    return context
  } finally {
    constructing = false
  }
}
