// The reader's requests (`tools`, `wait`, `start`, `abort`, `settle`): a self-contained function the
// reader's script carries beside `install` (see `agent.ts`), called once as the reader starts, with
// the built-ins and helpers `install` took (`Kit`). It calls nothing else a page script can reach.

/** A function, as the reader holds the page's. */
export type Fn = (...args: never[]) => unknown
/** A page object, read by own property. */
export type Obj = Record<string | symbol, unknown>
/** A list of the reader's own (no `Array.prototype` on the way). */
export type List<T> = { n: number; [index: number]: T }
/** A tool as the page's `getTools` lists it, with its window. */
export type Tool = Obj
/** A request's scope, read: the origins as a list of the reader's own. */
export interface ScopeRead {
  fromOrigins: List<unknown> | undefined
  origin: string | undefined
}

/** The document's `ModelContext` and the methods it had when the reader took it. */
export type Context = {
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

/** What answers a request: `done` once with the reply. */
export type Handler = (request: Obj, done: (reply: object) => void) => void

/** What `install` hands the requests: built-ins as it took them, and its helpers. */
export interface Kit {
  apply: typeof Reflect.apply
  getOwn: typeof Object.getOwnPropertyDescriptor
  stringify: typeof JSON.stringify
  indexOf: typeof String.prototype.indexOf
  now: typeof Date.now
  AC: typeof AbortController
  signalOf: () => unknown
  abortOf: typeof AbortController.prototype.abort
  Str: StringConstructor
  /** The entry point's name on the window. */
  name: string
  isObject: (value: unknown) => value is Obj
  own: (value: unknown, key: string | symbol) => unknown
  rec: <T extends object>(value: T) => T
  str: (value: unknown) => string | undefined
  bool: (value: unknown) => boolean | undefined
  list: <T>() => List<T>
  push: <T>(items: List<T>, item: T) => void
  raw: (text: string) => object
  isOwnTool: (tool: Tool) => boolean
  scopeOf: (request: Obj) => ScopeRead
  listTools: (
    scope: ScopeRead,
    ok: (tools: List<Tool>) => void,
    fail: (error: unknown) => void,
  ) => void
  describe: (error: unknown) => { name: string; message: string }
  when: (value: unknown, ok: (value: unknown) => void, fail: (error: unknown) => void) => void
  listen: (target: unknown, type: string, listener: (event: Event) => void) => unknown
  unlisten: (target: unknown, type: string, listener: (event: Event) => void) => unknown
  timer: (callback: () => void, ms: number) => number
  stopTimer: (id: number | undefined) => unknown
  /** The context the reader took, once there is one. */
  current: () => Context | undefined
}

/** The reader's request handlers by `op`, in an object of its own. */
export function handlersOf(kit: Kit): Record<string, Handler> {
  const { apply, getOwn, stringify, indexOf, now, AC, signalOf, abortOf, Str, name } = kit
  const { isObject, own, rec, str, bool, list, push, raw, isOwnTool, scopeOf, listTools } = kit
  const { describe, when, listen, unlisten, timer, stopTimer, current } = kit

  type Call = {
    done: boolean
    reply?: object
    waiters: List<() => void>
    controller: AbortController
  }
  const calls = rec({}) as Record<string, Call | undefined>

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

  /** The ModelContext of the tool's document, as its reader took it, or as it is now. */
  const targetOf = (tool: Tool): Obj | undefined => {
    if (isOwnTool(tool)) return current()!.mc
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
    const getters = [current()!.activatedName, current()!.cancelName]
    for (let i = 0; i < 2; i++)
      if (getters[i])
        try {
          return Str(apply(getters[i]!, event, []))
        } catch {
          // Another interface's event, or another realm's.
        }
    return Str((event as Event & { toolName?: unknown }).toolName)
  }

  const handlers: Record<string, Handler> = {
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
            const mc = current()!.mc
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
      const c = current()!
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
  return rec(handlers)
}
