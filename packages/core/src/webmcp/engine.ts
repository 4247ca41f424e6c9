// The target-side steps of the draft's ModelContext: the per-document tool map, "notify documents
// of a tool change", the "tool execute steps" in the document that owns the tool and "cancel a
// pending tool execution" there. The IDL class (model-context.ts) converts the arguments and calls
// these; the frame protocol (frames/link.ts) and the declarative forms (forms/tools.ts) reach the
// same engine through `engineFor` and `addTool`.
import { EXECUTION_FAILED, UNKNOWN, domError } from './errors'
import { ToolActivatedEvent, ToolCancelEvent } from './events'
import { queueTask } from '../queue-task'
import { isObject } from './webidl'
import { NESTING, stringify, tooDeep } from './json-depth'
import type { ToolAnnotations } from './types'

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

/** A tool as it crosses to another document: the listing fields of `RegisteredTool`. */
export interface ToolInfo {
  name: string
  title: string
  description: string
  /** The schema as JSON (`""` when there is none); always parses to an object. */
  inputSchema: string
  annotations: Required<ToolAnnotations> | null
}

/** How the caller's side of an execution is settled: a result string, or a rejection reason. */
export type Settle = (ok: boolean, value: unknown) => void

/** A valid tool name: 1-128 characters of `A-Z a-z 0-9 _ - .`. */
export const NAME = /^[\w.-]{1,128}$/

/** The `UnknownError` of a call whose tool is gone, or was never there (or with `message`). */
export const unknownError = (message?: string | false): DOMException =>
  domError('UnknownError', message || UNKNOWN)

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
 * A result a declarative tool (forms/submission.ts) has already serialised, passed through as it is:
 * Chromium serialises form results without the `'Operation succeeded'` substitution, and a form
 * whose submission navigates resolves `executeTool` with `null`. Rejected with, it is the message of
 * the `UnknownError` the call rejects with (native's own words for a form's failures).
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
  if (!isObject(value)) return String(value) || 'Operation succeeded'
  const text = String(stringify(value))
  // Native's converter runs out of stack past this depth; WebKit's serialiser does not.
  if (tooDeep(text, NESTING.result!)) throw new RangeError('Maximum call stack size exceeded')
  return text || 'Operation succeeded'
}

/**
 * What the engine needs of the frame protocol (`frames/link.ts`'s `FrameLink`). The installer plugs it in
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
  declare readonly context: EventTarget
  declare readonly document: Document

  constructor(context: EventTarget, document: Document) {
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
      // Chromium's message (a site-keyed cluster is where `document.domain` works).
      throw domError(
        'SecurityError',
        'document.modelContext cannot be used when document.domain is enabled.',
      )
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

  /** Adds `definition` to the tool map; resolves once every document it is exposed to fired `toolchange`. */
  add(definition: ToolDefinition): Promise<unknown> {
    const { tools } = this
    // V8 interns a string a `Map` looks up (the lookups' only purpose): equal texts, such as the
    // schema many tools or forms share (and the copy a form keeps to compare), become one string,
    // and a description built by `+` one flat string rather than its pieces.
    tools.has(definition.description)
    tools.has(definition.inputSchema)
    tools.set(definition.name, definition)
    return this.notify(definition)
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
      // A declarative tool rejecting with a `RawResult`: an `UnknownError` with that message.
      if (rawResults.has(error as RawResult))
        return done(false, unknownError((error as RawResult).value!))
      console.error('WebMCP tool execution failed:', error)
      const reason = unknownError(EXECUTION_FAILED)
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
    // The value is converted a microtask after the tool's promise fulfils, as natively: what the
    // microtasks queued before that conversion did (an abort, a registration) its getters see.
    Promise.resolve(result).then(
      (value) =>
        queueMicrotask(() => {
          let text: string | null
          try {
            text = serializeResult(value)
          } catch (error) {
            return fail(error)
          }
          done(true, text)
        }),
      fail,
    )
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

/** The engine of each `ModelContext` (model-context.ts creates both). */
export const engines = new WeakMap<object, Engine>()

/**
 * Resolves once `context`'s document has joined its frame tree (its permission known, the documents
 * it met introduced both ways), with its permission; at once without frames.
 */
export const joinedOf = (context: unknown): Promise<boolean> =>
  engineFor(context)?.link?.joined() || Promise.resolve(true)

/** Whether `context` is a `ModelContext` of this engine. */
export const owns = (context: unknown): boolean => !!engineFor(context)

/** What `addTool` takes: a tool definition without `exposedTo` (always same-origin only). */
export type ToolSource = Omit<ToolDefinition, 'exposedTo'>

/** No origins: one array for every tool without `exposedTo` (it is only read). */
export const NONE: string[] = []

/**
 * Adds a tool to `context`'s tool map as `registerTool` would, for tools the page declares rather
 * than registers (declarative forms). Returns the function that removes it again, or `undefined`
 * when the name is taken or invalid (declarative tools are then ignored, as native ignores them).
 */
export function addTool(context: object, source: ToolSource): (() => void) | undefined {
  const engine = engineFor(context)
  if (!engine || engine.tools.has(source.name) || !NAME.test(source.name)) return undefined
  const definition: ToolDefinition = { ...source, exposedTo: NONE }
  void engine.add(definition)
  return () => engine.unregister(definition)
}

/** The engine behind `context`, if it is a `ModelContext` of this engine (for frames/link.ts). */
export const engineFor = (context: unknown): Engine | undefined =>
  isObject(context) ? engines.get(context) : undefined
