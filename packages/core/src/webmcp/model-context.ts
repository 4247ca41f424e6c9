// The draft's ModelContext interface as a class: each method converts its arguments in WebIDL's
// order (webidl.ts), runs the algorithm's first checks, then the target-side steps of engine.ts.
import { domError, idlError } from './errors'
import { serializeJSON } from './json-depth'
import { trustworthyOrigin } from './origin'
import { queueTask } from '../queue-task'
import {
  annotations,
  callback,
  convertError,
  dictionary,
  isObject,
  isWindow,
  object,
  required,
  signal as readSignal,
  usvSequence,
  usvString,
} from './webidl'
import { Engine, NAME, NONE, engines, unknownError } from './engine'
import type { Settle, ToolDefinition, ToolInfo } from './engine'
import type { ModelContext as ModelContextInterface, RegisteredTool } from './types'

// Set while createModelContext constructs: the interface object itself is not constructible.
let constructing = false

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
 * The engine behind `this` of `method` (an attribute's getter or setter: none); a `TypeError` for
 * any other object (WebIDL's brand check), worded as Chromium words it.
 */
function engineOf(context: unknown, method?: string): Engine {
  const engine = engines.get(context as object)
  if (!engine) {
    const message = 'Illegal invocation'
    throw method ? idlError(method, message) : new TypeError(message)
  }
  return engine
}

/** The origins of `list` (the `member` option), each potentially trustworthy, or a `SecurityError`. */
const secureOrigins = (list: string[], member: string) =>
  !list.length
    ? NONE
    : list.map((entry) => {
        const origin = trustworthyOrigin(entry)
        if (!origin) {
          throw domError('SecurityError', `Only secure origins are allowed in the ${member} list.`)
        }
        return origin
      })

/** Whether the next `executeTool` call is the hook's (`executeEarly`); read at once by that call. */
let answerEarly = false

/** Runs `steps`, turning a synchronous throw into a rejected promise, as WebIDL does. */
function promise<T>(steps: () => Promise<T>): Promise<T> {
  try {
    return steps()
  } catch (error) {
    return Promise.reject(error)
  }
}

/**
 * `document.modelContext`: where a page registers tools for agents. The draft's IDL interface: each
 * method converts its arguments (webidl.ts), then runs its steps on the document's engine
 * (engine.ts).
 */
export class ModelContext extends EventTarget implements ModelContextInterface {
  // The event handler attributes, defined on the prototype below.
  declare ontoolchange: ModelContextInterface['ontoolchange']
  declare ontoolactivated: ModelContextInterface['ontoolactivated']
  declare ontoolcancel: ModelContextInterface['ontoolcancel']

  /** @internal */
  constructor() {
    if (!constructing)
      throw new TypeError("Failed to construct 'ModelContext': Illegal constructor")
    super()
  }

  // Optional arguments take a default, so that each function's `length` is its WebIDL length.
  registerTool(tool: unknown, options: unknown = undefined): Promise<undefined> {
    return promise(() => {
      const method = 'registerTool'
      const engine = engineOf(this, method)
      const type = 'ModelContextTool'
      const dict = dictionary(method, type, tool, false)
      const hints = annotations(method, dict)
      const description = required(method, type, dict, 'description', true) as string
      const execute = callback(method, type, dict, 'execute') as ToolDefinition['execute']
      const schema = object(method, type, dict, 'inputSchema')
      const name = required(method, type, dict, 'name', true) as string
      const rawTitle = required(method, type, dict, 'title', true, true) as string | undefined
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
          void engine.add(definition).then(() => resolve(undefined))
        })
      })
    })
  }

  getTools(options: unknown = undefined): Promise<RegisteredTool[]> {
    return promise(() => {
      const method = 'getTools'
      const engine = engineOf(this, method)
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
        // other documents exposed to this one is here already (frames/link.ts), or, while this document
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
    const early = answerEarly
    answerEarly = false
    return promise(() => {
      const method = 'executeTool'
      const engine = engineOf(this, method)
      const type = 'RegisteredTool'
      const dict = dictionary(method, type, tool, false)
      annotations(method, dict)
      required(method, type, dict, 'description', true)
      object(method, type, dict, 'inputSchema')
      const name = required(method, type, dict, 'name', true) as string
      const origin = usvString(required(method, type, dict, 'origin', true) as string)
      required(method, type, dict, 'title', true, true)
      const target = required(method, type, dict, 'window')
      if (!isWindow(target)) throw convertError(method, type, 'window', 'Window')
      // (Chromium's messages name this dictionary without its prefix.)
      const optionsType = 'ExecuteToolOptions'
      const signal = readSignal(
        method,
        optionsType,
        dictionary(method, optionsType, options, true),
        'signal',
      )

      return engine.checked(() => {
        let expectedOrigin: string
        try {
          expectedOrigin = new URL(origin).origin
        } catch {
          throw domError('NotSupportedError', 'The provided origin is invalid.')
        }
        // As native, even in an opaque-origin document for its own tools (listed with "null",
        // which does not parse): opaque origins have no text that names them.
        if (expectedOrigin === 'null') {
          throw domError(
            'NotSupportedError',
            'Cannot execute tools that live in a document with an opaque origin.',
          )
        }
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
            // A tool of another document (frames/link.ts checks that it is a member of the tree). The
            // request leaves now, the way native's leaves for the browser process, and a
            // cancellation follows it on the same port: the other document sees it after the run.
            // (Deciding in a task of this document lost it in WebKit, whose port tasks can come
            // after a window message the other document sent once the tool had started.)
            cancel = link.execute(target, expectedOrigin, name, json, settle)
            started = true
            return
          }
          let activate: (() => void) | undefined
          // A tool in the map at the call and gone by the run (unregistered, its form removed) has
          // native's words for it.
          const known = engine.tools.has(name)
          queueTask(
            () => {
              started = true
              const definition = engine.tools.get(name)
              if (target !== engine.window || !definition || engine.origin !== expectedOrigin) {
                return settle(
                  false,
                  unknownError(known && !definition && `Tool not found: ${name}`),
                )
              }
              ;[cancel, activate] = engine.start(definition, json, (ok, value) =>
                early ? settle(ok, value) : queueTask(() => settle(ok, value)),
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

/**
 * The polyfill hook's `executeTool` (hook.ts): `context.executeTool(...args)`, whose promise settles
 * with the result of a tool of the document as soon as the tool settles, not a task later as the
 * page's own call does. The method is the one this module defined, whatever the page puts in its
 * place on the prototype later.
 */
const { executeTool } = ModelContext.prototype
export const executeEarly = (context: unknown, ...args: unknown[]): Promise<string | null> => (
  (answerEarly = true),
  executeTool.apply(context, args as [unknown])
)

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
