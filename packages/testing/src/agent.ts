// The in-page side: the reader, sent as source text (`readerScript`) and run in the main world of
// every frame (where a polyfill's `document.modelContext` lives, as well as native WebMCP's). `attach`
// registers it as an init script, so it runs at document start, before any page script: it takes
// every built-in it uses and the `ModelContext` methods it calls then (a polyfill's as soon as it
// sees one installed), keeps them in its closure, and defines one entry point on the window that no
// later script can replace. Page script that patches globals after that changes nothing it reads.
// Each reply carries an HMAC of the request and the reply under a key only the init script and Node
// know, so a reply rewritten on its way back (a driver's own in-page code runs in the page's world
// too) fails its check in Node.
//
// The script is three self-contained functions: `install` (here: the built-ins, the reader's own
// objects and JSON, the `ModelContext`, the tool lists and the entry point), `hmacOf`
// (`agent-hmac.ts`) and `handlersOf` (`agent-requests.ts`, the requests), which `install` calls
// once as it starts. Everything each needs is inside it or handed to it: no closure, no import, no
// helper a bundler may add. It calls nothing through a property a page script can reach: no method
// of a built-in prototype (they are taken first and called with the captured `Reflect.apply`), no
// `await` or iterator protocol (both consult patchable prototypes), objects of its own have no
// prototype.
import { hmacOf } from './agent-hmac'
import { handlersOf } from './agent-requests'
import type { Entry } from './agent-protocol'
import type { Context, Fn, Handler, List, Obj, Tool } from './agent-requests'

/**
 * The reader's script: run, it installs the reader and evaluates to its entry point (see `install`).
 */
export const readerScript = (key: string | null, name: string): string =>
  `(${install.toString()})(${JSON.stringify(key)}, ${JSON.stringify(name)}, ` +
  `${hmacOf.toString()}, ${handlersOf.toString()})`

/**
 * Installs the reader in this document and returns its entry point, defined (not writable, not
 * configurable) as `window[name]`; when that exists already, returns it. The entry point takes a
 * request as JSON text and resolves with the reply as JSON text, preceded by its HMAC-SHA-256 (64
 * hex digits, over the request text, a line feed and the reply text, as UTF-16LE) when `key` (64
 * hex digits) is given. Called with no argument, it returns the document's `ModelContext` as it
 * took it (how a same-origin frame's reader reaches it).
 */
function install(
  key: string | null,
  name: string,
  makeHmac: typeof hmacOf,
  makeHandlers: typeof handlersOf,
): Entry {
  // ---- Everything, taken now. ----------------------------------------------------------------
  const win = window
  let doc = document
  const R = Reflect
  const apply = R.apply
  const O = Object
  const getOwn = O.getOwnPropertyDescriptor
  const defineProperty = O.defineProperty
  // A frame's first about:blank and the same-origin document that replaces it share one window (and
  // this entry point): a document the entry point was not made in is read as it is when first asked.
  const documentOf = getOwn(win, 'document')?.get
  const getProto = O.getPrototypeOf
  const setProto = O.setPrototypeOf
  const keysOf = O.keys
  const hasOwnProperty = O.prototype.hasOwnProperty
  const isArray = Array.isArray
  const P = Promise
  const then = P.prototype.then
  const parse = JSON.parse
  const stringify = JSON.stringify
  const Str = String
  const charCodeAt = Str.prototype.charCodeAt
  const indexOf = Str.prototype.indexOf
  const now = Date.now
  const setT = setTimeout
  const clearT = clearTimeout
  const AC = AbortController
  const abortOf = AC.prototype.abort
  const signalOf = getOwn(AC.prototype, 'signal')!.get!
  const ET = EventTarget.prototype
  const addListener = ET.addEventListener
  const removeListener = ET.removeEventListener
  const MO = MutationObserver
  const observe = MO.prototype.observe
  const disconnect = MO.prototype.disconnect
  const SymbolFor = Symbol.for
  const ITERATOR = Symbol.iterator
  const HOOK = SymbolFor('webmcp-kit/polyfill')
  const DocumentProto = Document.prototype
  const NavigatorProto = Navigator.prototype
  const navigatorOf = navigator
  const domName = getOwn(DOMException.prototype, 'name')?.get
  const domMessage = getOwn(DOMException.prototype, 'message')?.get
  /** The built-in error prototypes and their names, as they are now. */
  const errorProtos = [
    Error.prototype,
    TypeError.prototype,
    RangeError.prototype,
    SyntaxError.prototype,
    ReferenceError.prototype,
    EvalError.prototype,
  ]
  const errorNames = [
    errorProtos[0]!.name,
    errorProtos[1]!.name,
    errorProtos[2]!.name,
    errorProtos[3]!.name,
    errorProtos[4]!.name,
    errorProtos[5]!.name,
  ]

  const existing = getOwn(win, name)
  if (existing && typeof existing.value === 'function') return existing.value as Entry

  const isObject = (value: unknown): value is Obj =>
    value !== null && (typeof value === 'object' || typeof value === 'function')
  const hasOwn = (value: unknown, key: string | symbol) =>
    isObject(value) && (apply(hasOwnProperty, value, [key]) as boolean)
  /** An own property, never one a prototype gives. */
  const own = (value: unknown, key: string | symbol): unknown =>
    hasOwn(value, key) ? (value as Obj)[key] : undefined
  /** An object of this reader's own: no prototype, so no property a page script defines on one. */
  const rec = <T extends object>(value: T): T => (setProto(value, null), value)
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const bool = (value: unknown) => (typeof value === 'boolean' ? value : undefined)

  const LIST = Symbol()
  const RAW = Symbol()
  const list = <T>(): List<T> => rec({ n: 0, [LIST]: true }) as List<T>
  const push = <T>(items: List<T>, item: T) => void (items[items.n++] = item)
  /** A page array's items, read by index. */
  const itemsOf = (value: unknown): List<unknown> => {
    const items = list<unknown>()
    if (isArray(value)) {
      const length = (value as unknown[]).length
      for (let i = 0; i < length; i++) push(items, own(value, Str(i)))
    }
    return items
  }
  /** An iterable over `values`, for a WebIDL sequence: it calls nothing of `Array.prototype`. */
  const sequence = (values: List<unknown>) =>
    rec({
      [ITERATOR]: () => {
        let i = 0
        return rec({
          next: () =>
            i < values.n
              ? rec({ value: values[i++], done: false })
              : rec({ value: undefined, done: true }),
        })
      },
    })
  /** JSON text the page produced, put into a reply as it is. */
  const raw = (text: string) => rec({ [RAW]: text })

  // ---- Replies: JSON of our own, then the HMAC. ---------------------------------------------
  const HEX = '0123456789abcdef'
  const quote = (text: string) => {
    let out = '"'
    for (let i = 0; i < text.length; i++) {
      const code = apply(charCodeAt, text, [i]) as number
      if (code === 34) out += '\\"'
      else if (code === 92) out += '\\\\'
      else if (code < 32 || (code >= 0xd800 && code <= 0xdfff))
        out +=
          '\\u' +
          HEX[(code >>> 12) & 15] +
          HEX[(code >>> 8) & 15] +
          HEX[(code >>> 4) & 15] +
          HEX[code & 15]
      else out += text[i]
    }
    return out + '"'
  }
  const serialise = (value: unknown): string => {
    if (typeof value === 'string') return quote(value)
    if (typeof value === 'boolean') return value ? 'true' : 'false'
    if (typeof value === 'number')
      return value === value && value !== 1 / 0 && value !== -1 / 0 ? Str(value) : 'null'
    if (!isObject(value)) return 'null'
    if (hasOwn(value, RAW)) return value[RAW] as string
    let out = ''
    if (hasOwn(value, LIST)) {
      const items = value as unknown as List<unknown>
      for (let i = 0; i < items.n; i++) out += (i ? ',' : '') + serialise(items[i])
      return '[' + out + ']'
    }
    const keys = keysOf(value)
    for (let i = 0; i < keys.length; i++) {
      const key = own(keys, Str(i)) as string
      const item = value[key]
      if (item !== undefined) out += (out ? ',' : '') + quote(key) + ':' + serialise(item)
    }
    return '{' + out + '}'
  }

  // The HMAC of a reply, under the key only this script and Node know.
  const hmac = makeHmac(key)

  // ---- The ModelContext, taken as soon as there is one. -------------------------------------
  let context: Context | undefined
  const methodOf = (start: unknown, key: string): Fn | undefined => {
    for (let proto = start; isObject(proto); proto = getProto(proto)) {
      const found = getOwn(proto, key)
      if (found) return typeof found.value === 'function' ? (found.value as Fn) : undefined
    }
    return undefined
  }
  const take = () => {
    if (context) return
    let mc: unknown
    const read = (proto: object, target: unknown) => {
      const getter = getOwn(proto, 'modelContext')?.get
      if (!isObject(mc) && getter)
        try {
          mc = apply(getter, target, [])
        } catch {
          mc = undefined
        }
    }
    read(DocumentProto, doc)
    read(NavigatorProto, navigatorOf)
    if (!isObject(mc)) return
    const proto = getProto(mc)
    const hook = own(own(proto, 'constructor'), HOOK)
    const owns = own(hook, 'owns')
    const polyfill = typeof owns === 'function' && !!apply(owns as Fn, hook, [mc])
    const getterOf = (type: string) =>
      getOwn(own(own(win, type), 'prototype') ?? {}, 'toolName')?.get as Fn | undefined
    context = rec({
      mc,
      getTools: methodOf(proto, 'getTools'),
      executeTool: methodOf(proto, 'executeTool'),
      invokeTool: methodOf(proto, 'invokeTool'),
      ...(polyfill
        ? {
            hook: hook as Obj,
            failure: own(hook, 'failure') as Fn | undefined,
            joined: own(hook, 'joined') as Fn | undefined,
          }
        : {}),
      activatedName: getterOf('ToolActivatedEvent'),
      cancelName: getterOf('ToolCancelEvent'),
      native: !polyfill,
    })
  }
  take()
  // A polyfill a page script installs: taken at the microtask checkpoint after the script that
  // installed it (before the parser runs the next script), or at the first request.
  if (!context) {
    const observer = new MO(() => {
      take()
      if (context) apply(disconnect, observer, [])
    })
    apply(observe, observer, [doc, rec({ childList: true, subtree: true })])
  }

  // ---- Promises, without the page's `then`. --------------------------------------------------
  const when = (value: unknown, ok: (value: unknown) => void, fail: (error: unknown) => void) => {
    if (!isObject(value)) return ok(value)
    try {
      apply(then, value, [ok, fail])
    } catch {
      // Not a promise of this realm: as a value.
      ok(value)
    }
  }
  const listen = (target: unknown, type: string, listener: (event: Event) => void) =>
    apply(addListener, target, [type, listener])
  const unlisten = (target: unknown, type: string, listener: (event: Event) => void) =>
    apply(removeListener, target, [type, listener])
  const timer = (callback: () => void, ms: number) =>
    apply(setT, win, [callback, ms]) as unknown as number
  const stopTimer = (id: number | undefined) => apply(clearT, win, [id])

  const describe = (error: unknown): { name: string; message: string } => {
    if (!isObject(error)) return rec({ name: 'Error', message: Str(error) })
    if (domName && domMessage)
      try {
        return rec({
          name: apply(domName, error, []) as string,
          message: apply(domMessage, error, []) as string,
        })
      } catch {
        // Not a DOMException.
      }
    let errorName = own(error, 'name')
    if (errorName === undefined) {
      const proto = getProto(error)
      for (let i = 0; i < errorProtos.length; i++)
        if (errorProtos[i] === proto) errorName = errorNames[i]
    }
    if (errorName === undefined) errorName = error.name
    return rec({
      name: Str(errorName ?? 'Error'),
      message: Str(error.message ?? ''),
    })
  }

  let joined: boolean | undefined

  const isOwnTool = (tool: Tool) => !hasOwn(tool, 'window') || own(tool, 'window') === win

  type Request = Obj
  const scopeOf = (request: Request) => {
    const origins = own(request, 'fromOrigins')
    return rec({
      fromOrigins: isArray(origins) ? itemsOf(origins) : undefined,
      origin: str(own(request, 'origin')),
    })
  }
  type ScopeOf = ReturnType<typeof scopeOf>

  /** The listed tools in scope (with their windows, which are not sent back). */
  const listTools = (
    scope: ScopeOf,
    ok: (tools: List<Tool>) => void,
    fail: (error: unknown) => void,
  ) => {
    const c = context!
    const read = () => {
      let pending: unknown
      try {
        pending = c.getTools
          ? apply(
              c.getTools,
              c.mc,
              scope.fromOrigins ? [rec({ fromOrigins: sequence(scope.fromOrigins) })] : [],
            )
          : undefined
      } catch (error) {
        return fail(error)
      }
      when(
        pending,
        (all) => {
          const tools = itemsOf(all)
          const out = list<Tool>()
          // As Playwright's own: without fromOrigins, the tools this document registered.
          for (let i = 0; i < tools.n; i++) {
            const tool = tools[i]
            if (!isObject(tool)) continue
            if (!scope.fromOrigins && !isOwnTool(tool)) continue
            if (scope.origin !== undefined && own(tool, 'origin') !== scope.origin) continue
            push(out, tool)
          }
          ok(out)
        },
        fail,
      )
    }
    // Under the polyfill, a document lists the frame tree's tools once it has joined the tree (its
    // own, at once). Once: later frames show up with a toolchange, and joined() may take the
    // polyfill's frame deadline (2 s) in a document whose sibling frames never answer it.
    if (scope.fromOrigins && !joined && c.joined) {
      let pending: unknown
      try {
        pending = apply(c.joined, c.hook, [c.mc])
      } catch {
        pending = false
      }
      when(
        pending,
        (value) => ((joined = !!value), read()),
        () => read(),
      )
    } else read()
  }

  const handlers = makeHandlers(
    rec({
      apply,
      getOwn,
      stringify,
      indexOf,
      now,
      AC,
      signalOf,
      abortOf,
      Str,
      name,
      isObject,
      own,
      rec,
      str,
      bool,
      list,
      push,
      raw,
      isOwnTool,
      scopeOf,
      listTools,
      describe,
      when,
      listen,
      unlisten,
      timer,
      stopTimer,
      current: () => context,
    }),
  )

  const entry: Entry = (text) => {
    if (typeof text !== 'string') {
      take()
      return context?.mc
    }
    const current = documentOf ? (apply(documentOf, win, []) as Document) : document
    if (current !== doc) {
      doc = current
      context = undefined
      joined = undefined
    }
    return new P<string>((resolve) => {
      let replied = false
      const done = (reply: object) => {
        if (replied) return
        replied = true
        const body = serialise(reply)
        resolve(key ? hmac(text + '\n' + body) + body : body)
      }
      try {
        take()
        if (!context) return done(rec({ unavailable: true }))
        const request = parse(text) as Request
        const handler = own(handlers, str(own(request, 'op')) ?? '')
        if (typeof handler !== 'function')
          return done(rec({ failed: rec({ name: 'TypeError', message: 'unknown request' }) }))
        ;(handler as Handler)(request, done)
      } catch (error) {
        done(rec({ failed: describe(error) }))
      }
    })
  }
  try {
    defineProperty(
      win,
      name,
      rec({ value: entry, writable: false, enumerable: false, configurable: false }),
    )
  } catch {
    // Defined by another copy a moment ago.
    const other = getOwn(win, name)?.value
    if (typeof other === 'function') return other as Entry
  }
  return entry
}
