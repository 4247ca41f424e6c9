// The in-page side: one self-contained function, `install`, sent as source text and run in the main
// world of every frame (where a polyfill's `document.modelContext` lives, as well as native
// WebMCP's). `attach` registers it as an init script, so it runs at document start, before any page
// script: it takes every built-in it uses and the `ModelContext` methods it calls then (a polyfill's
// as soon as it sees one installed), keeps them in its closure, and defines one entry point on the
// window that no later script can replace. Page script that patches globals after that changes
// nothing it reads. Each reply carries an HMAC of the request and the reply under a key only the
// init script and Node know, so a reply rewritten on its way back (a driver's own in-page code runs
// in the page's world too) fails its check in Node.
//
// Everything it needs is inside the function: no closure, no import, no helper a bundler may add.
// It calls nothing through a property a page script can reach: no method of a built-in prototype
// (they are taken first and called with the captured `Reflect.apply`), no `await` or iterator
// protocol (both consult patchable prototypes), objects of its own have no prototype.

/** A tool as the page's `getTools` lists it, reduced to what survives JSON. */
export interface ListedTool {
  name: string
  description?: string
  /** The JSON Schema text (native WebMCP) or the schema itself. */
  inputSchema?: unknown
  annotations?: {
    readOnlyHint?: boolean
    untrustedContentHint?: boolean
    consequentialHint?: boolean
  }
  origin?: string
  /** Registered by the document the agent runs in. */
  own: boolean
}

/** An event at a `ModelContext` while a call ran. */
export interface RecordedEvent {
  type: 'toolactivated' | 'toolcancel' | 'toolchange'
  /** The tool's name (`toolactivated` and `toolcancel`). */
  toolName?: string
}

/** An error out of the page: its name, message and (the polyfill tells it) what the tool threw. */
export interface PageError {
  name: string
  message: string
  cause?: { name: string; message: string }
}

/** Which tools a request is about: the document's own, or the frame tree's as `getTools` sees it. */
export interface Scope {
  /** Present: `getTools({ fromOrigins })`, every listed tool; absent: the document's own tools. */
  fromOrigins?: string[]
  /** Only tools registered by a document of this origin. */
  origin?: string
}

export type AgentRequest =
  | ({ op: 'tools' } & Scope)
  | ({ op: 'start'; id: string; name: string; input: unknown; events: boolean } & Scope)
  | { op: 'settle'; id: string; wait: number }
  | { op: 'abort'; id: string }
  | ({ op: 'wait'; name: string; wait: number; gone?: boolean } & Scope)

export type AgentReply =
  | { unavailable: true }
  | { tools: ListedTool[] }
  | { missing: true; available: ListedTool[] }
  | { started: true }
  | { pending: true }
  | {
      settled: true
      ok: boolean
      /** What `executeTool` resolved with (a string, or `null`); absent for `undefined`. */
      value?: unknown
      error?: PageError
      events: RecordedEvent[]
    }
  | { found: ListedTool | null }
  | { failed: { name: string; message: string } }

/** What the entry point answers when it is called with the request's text. */
export type Entry = (request?: unknown) => Promise<string> | object | undefined

/**
 * Installs the reader in this document and returns its entry point, defined (not writable, not
 * configurable) as `window[name]`; when that exists already, returns it. The entry point takes a
 * request as JSON text and resolves with the reply as JSON text, preceded by its HMAC-SHA-256 (64
 * hex digits, over the request text, a line feed and the reply text, as UTF-16LE) when `key` (64
 * hex digits) is given. Called with no argument, it returns the document's `ModelContext` as it
 * took it (how a same-origin frame's reader reaches it).
 */
export function install(key: string | null, name: string): Entry {
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
  const U8 = Uint8Array
  const I32 = Int32Array
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

  type Fn = (...args: never[]) => unknown
  type Obj = Record<string | symbol, unknown>
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

  /** A list of this reader's own (no `Array.prototype` on the way). */
  type List<T> = { n: number; [index: number]: T }
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

  // HMAC-SHA-256 (FIPS 180-4, RFC 2104), in arithmetic only.
  const K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]
  const H0 = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]
  const ror = (x: number, n: number) => (x >>> n) | (x << (32 - n))
  /** The SHA-256 of the first `n` bytes of `m`, which has room for the padding. */
  const digest = (m: Uint8Array, n: number): Int32Array => {
    const total = ((n + 72) >>> 6) << 6
    m[n] = 0x80
    const high = (n / 0x20000000) | 0
    const low = n << 3
    m[total - 8] = high >>> 24
    m[total - 7] = high >>> 16
    m[total - 6] = high >>> 8
    m[total - 5] = high
    m[total - 4] = low >>> 24
    m[total - 3] = low >>> 16
    m[total - 2] = low >>> 8
    m[total - 1] = low
    const h = new I32(8)
    for (let i = 0; i < 8; i++) h[i] = H0[i]!
    const w = new I32(64)
    for (let o = 0; o < total; o += 64) {
      for (let i = 0; i < 16; i++)
        w[i] =
          (m[o + 4 * i]! << 24) |
          (m[o + 4 * i + 1]! << 16) |
          (m[o + 4 * i + 2]! << 8) |
          m[o + 4 * i + 3]!
      for (let i = 16; i < 64; i++) {
        const a = w[i - 15]!
        const b = w[i - 2]!
        w[i] =
          (w[i - 16]! +
            (ror(a, 7) ^ ror(a, 18) ^ (a >>> 3)) +
            w[i - 7]! +
            (ror(b, 17) ^ ror(b, 19) ^ (b >>> 10))) |
          0
      }
      let a = h[0]!
      let b = h[1]!
      let c = h[2]!
      let d = h[3]!
      let e = h[4]!
      let f = h[5]!
      let g = h[6]!
      let hh = h[7]!
      for (let i = 0; i < 64; i++) {
        const t1 =
          (hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0
        const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0
        hh = g
        g = f
        f = e
        e = (d + t1) | 0
        d = c
        c = b
        b = a
        a = (t1 + t2) | 0
      }
      h[0] = (h[0]! + a) | 0
      h[1] = (h[1]! + b) | 0
      h[2] = (h[2]! + c) | 0
      h[3] = (h[3]! + d) | 0
      h[4] = (h[4]! + e) | 0
      h[5] = (h[5]! + f) | 0
      h[6] = (h[6]! + g) | 0
      h[7] = (h[7]! + hh) | 0
    }
    return h
  }
  const secret = new U8(64)
  if (key)
    for (let i = 0; i < 32; i++) {
      const digit = (at: number) => apply(indexOf, HEX, [key[at]]) as number
      secret[i] = (digit(2 * i) << 4) | digit(2 * i + 1)
    }
  const hmac = (text: string): string => {
    const n = 64 + 2 * text.length
    const inner = new U8(((n + 72) >>> 6) << 6)
    for (let i = 0; i < 64; i++) inner[i] = secret[i]! ^ 0x36
    for (let i = 0; i < text.length; i++) {
      const code = apply(charCodeAt, text, [i]) as number
      inner[64 + 2 * i] = code
      inner[65 + 2 * i] = code >>> 8
    }
    const ih = digest(inner, n)
    const outer = new U8(128)
    for (let i = 0; i < 64; i++) outer[i] = secret[i]! ^ 0x5c
    for (let i = 0; i < 8; i++) {
      outer[64 + 4 * i] = ih[i]! >>> 24
      outer[65 + 4 * i] = ih[i]! >>> 16
      outer[66 + 4 * i] = ih[i]! >>> 8
      outer[67 + 4 * i] = ih[i]!
    }
    const oh = digest(outer, 96)
    let out = ''
    for (let i = 0; i < 8; i++) for (let s = 28; s >= 0; s -= 4) out += HEX[(oh[i]! >>> s) & 15]
    return out
  }

  // ---- The ModelContext, taken as soon as there is one. -------------------------------------
  type Context = {
    mc: Obj
    getTools?: Fn
    executeTool?: Fn
    invokeTool?: Fn
    hook?: Obj
    failure?: Fn
    joined?: Fn
    activatedName?: Fn
    cancelName?: Fn
    /** Events of native WebMCP are trusted; a polyfill's, like the page's, are not. */
    native: boolean
  }
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

  type Tool = Obj
  type Call = {
    done: boolean
    reply?: object
    waiters: List<() => void>
    controller: AbortController
  }
  const calls = rec({}) as Record<string, Call | undefined>
  let joined: boolean | undefined

  const isOwnTool = (tool: Tool) => !hasOwn(tool, 'window') || own(tool, 'window') === win
  const plain = (tool: Tool) => {
    const schema = own(tool, 'inputSchema')
    let inputSchema: unknown
    if (typeof schema === 'string') inputSchema = schema
    else if (isObject(schema))
      try {
        inputSchema = raw(stringify(schema) as string)
      } catch {
        inputSchema = undefined
      }
    const annotations = own(tool, 'annotations')
    return rec({
      name: str(own(tool, 'name')) ?? '',
      description: str(own(tool, 'description')),
      inputSchema,
      annotations: isObject(annotations)
        ? rec({
            readOnlyHint: bool(own(annotations, 'readOnlyHint')),
            untrustedContentHint: bool(own(annotations, 'untrustedContentHint')),
            consequentialHint: bool(own(annotations, 'consequentialHint')),
          })
        : undefined,
      origin: str(own(tool, 'origin')),
      own: isOwnTool(tool),
    })
  }
  const plainAll = (tools: List<Tool>) => {
    const out = list<object>()
    for (let i = 0; i < tools.n; i++) push(out, plain(tools[i]!))
    return out
  }
  const find = (tools: List<Tool>, wanted: string) => {
    for (let i = 0; i < tools.n; i++) if (own(tools[i], 'name') === wanted) return tools[i]
    return undefined
  }

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

  /** The ModelContext of the tool's document, as its reader took it, or as it is now. */
  const targetOf = (tool: Tool): Obj | undefined => {
    if (isOwnTool(tool)) return context!.mc
    try {
      const other = own(tool, 'window') as Obj
      const entry = getOwn(other, name)?.value
      if (typeof entry === 'function') return (entry as () => Obj | undefined)()
      const found = (other.document as { modelContext?: unknown }).modelContext
      return isObject(found) ? found : undefined
    } catch {
      return undefined
    }
  }
  const toolNameOf = (event: Event): string => {
    const getters = [context!.activatedName, context!.cancelName]
    for (let i = 0; i < 2; i++)
      if (getters[i])
        try {
          return Str(apply(getters[i]!, event, []))
        } catch {
          // Another interface's event, or another realm's.
        }
    return Str((event as Event & { toolName?: unknown }).toolName)
  }

  const handlers: Record<string, (request: Request, done: (reply: object) => void) => void> = {
    tools(request, done) {
      listTools(
        scopeOf(request),
        (tools) => done(rec({ tools: plainAll(tools) })),
        (error) => done(rec({ failed: describe(error) })),
      )
    },

    wait(request, done) {
      const scope = scopeOf(request)
      const wanted = str(own(request, 'name'))!
      const gone = own(request, 'gone') === true
      const deadline = now() + (own(request, 'wait') as number)
      const look = () =>
        listTools(
          scope,
          (tools) => {
            const found = find(tools, wanted)
            if (!found === gone || now() >= deadline)
              return done(rec({ found: found ? plain(found) : null }))
            // A toolchange (or the end of this slice: frames may join without one) looks again.
            const mc = context!.mc
            const again = () => {
              stopTimer(id)
              unlisten(mc, 'toolchange', again)
              look()
            }
            const id = timer(again, deadline - now())
            listen(mc, 'toolchange', again)
          },
          (error) => done(rec({ failed: describe(error) })),
        )
      look()
    },

    start(request, done) {
      const c = context!
      const scope = scopeOf(request)
      const wanted = str(own(request, 'name'))!
      const input = own(request, 'input')
      const id = str(own(request, 'id'))!
      const recordEvents = own(request, 'events') === true
      listTools(
        scope,
        (tools) => {
          const tool = find(tools, wanted)
          if (!tool && !c.invokeTool)
            return done(rec({ missing: true, available: plainAll(tools) }))
          const controller = new AC()
          const signal = apply(signalOf, controller, []) as AbortSignal
          const events = list<object>()
          const target = tool ? targetOf(tool) : undefined
          const targets = list<unknown>()
          push(targets, c.mc)
          if (target && target !== c.mc) push(targets, target)
          const trusted = (event: Event) => !c.native || event.isTrusted === true
          const recorders = list<{ on: unknown; type: string; recorder: (event: Event) => void }>()
          const types = ['toolactivated', 'toolcancel', 'toolchange'] as const
          if (recordEvents)
            for (let t = 0; t < targets.n; t++)
              for (let k = 0; k < types.length; k++) {
                const type = types[k]!
                const recorder = (event: Event) => {
                  if (!trusted(event)) return
                  push(
                    events,
                    type === 'toolchange'
                      ? rec({ type })
                      : rec({ type, toolName: toolNameOf(event) }),
                  )
                }
                listen(targets[t], type, recorder)
                push(recorders, rec({ on: targets[t], type, recorder }))
              }
          let activated = false
          const onActivated = (event: Event) => {
            if (trusted(event) && toolNameOf(event) === wanted) activated = true
          }
          if (target) listen(target, 'toolactivated', onActivated)
          const call: Call = rec({ done: false, waiters: list<() => void>(), controller })
          // Aborting cancels the execution in the tool's document: its signal aborts, then
          // toolcancel fires there (a later task). Where this document can see it, the call settles
          // after that.
          let cancelled: ((next: () => void) => void) | undefined
          listen(signal, 'abort', () => {
            if (!target || !activated) return
            let heard = false
            let next: (() => void) | undefined
            const finish = (event?: Event) => {
              if (event && (!trusted(event) || toolNameOf(event) !== wanted)) return
              stopTimer(id)
              unlisten(target, 'toolcancel', finish)
              heard = true
              if (next) next()
            }
            // Bounded: an execution that completed just before the abort gets no toolcancel.
            const id = timer(finish, 5000)
            listen(target, 'toolcancel', finish)
            cancelled = (after) => (heard ? after() : (next = after))
          })
          const settle = (reply: object) => {
            const finish = () => {
              call.reply = reply
              call.done = true
              if (target) unlisten(target, 'toolactivated', onActivated)
              for (let i = 0; i < recorders.n; i++) {
                const { on, type, recorder } = recorders[i]!
                unlisten(on, type, recorder)
              }
              for (let i = 0; i < call.waiters.n; i++) call.waiters[i]!()
            }
            if (cancelled) cancelled(finish)
            else finish()
          }
          const succeed = (value: unknown) =>
            settle(
              rec({
                settled: true,
                ok: true,
                value:
                  value === undefined || typeof value === 'string' || value === null
                    ? value
                    : (() => {
                        try {
                          return raw(stringify(value) as string)
                        } catch {
                          return undefined
                        }
                      })(),
                events,
              }),
            )
          const failWith = (error: unknown) => {
            let failure: unknown
            if (c.failure)
              try {
                failure = apply(c.failure, c.hook, [error])
              } catch {
                failure = undefined
              }
            settle(
              rec({
                settled: true,
                ok: false,
                error: rec({
                  ...describe(error),
                  cause: failure === undefined ? undefined : describe(failure),
                }),
                events,
              }),
            )
          }
          const execute = (given: unknown) =>
            apply(c.executeTool!, c.mc, [tool, given, rec({ signal })])
          try {
            if (c.invokeTool) when(apply(c.invokeTool, c.mc, [wanted, input]), succeed, failWith)
            else
              when(execute(input), succeed, (error) => {
                // Older Chrome took the input as a JSON string (as Playwright's own retries).
                const message = describe(error).message
                if ((apply(indexOf, message, ['Failed to parse input']) as number) < 0)
                  return failWith(error)
                try {
                  when(execute(stringify(input)), succeed, failWith)
                } catch (again) {
                  failWith(again)
                }
              })
          } catch (error) {
            failWith(error)
          }
          calls[id] = call
          done(rec({ started: true }))
        },
        (error) => done(rec({ failed: describe(error) })),
      )
    },

    abort(request, done) {
      const call = calls[str(own(request, 'id'))!]
      if (!call) return done(rec({ missing: true, available: list() }))
      apply(abortOf, call.controller, [])
      done(rec({ started: true }))
    },

    settle(request, done) {
      const id = str(own(request, 'id'))!
      const call = calls[id]
      if (!call) return done(rec({ missing: true, available: list() }))
      const answer = () => {
        if (!call.done) return done(rec({ pending: true }))
        calls[id] = undefined
        done(call.reply!)
      }
      if (call.done) return answer()
      let answered = false
      const once = () => {
        if (answered) return
        answered = true
        stopTimer(waiting)
        answer()
      }
      const waiting = timer(once, own(request, 'wait') as number)
      push(call.waiters, once)
    },
  }

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
        ;(handler as (typeof handlers)['tools'])(request, done)
      } catch (error) {
        done(rec({ failed: describe(error) }))
      }
    })
  }
  rec(handlers)
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
