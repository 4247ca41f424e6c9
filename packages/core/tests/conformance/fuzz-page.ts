// The fuzz suite's interpreter, in the page (bundled by fuzz.test.ts as a classic script): it turns
// each generated case (fuzz-generators.ts) into its hostile values, runs its steps against
// `document.modelContext` (native or the polyfill: the same script in both) and records everything
// observable in one log: every settlement and its value, every event, every call of a generated
// function and every logged read, in the order they happened. Two implementations agree on a case
// when their logs are equal.
import { CONTROLLERS } from './fuzz-generators'
import type {
  Behaviour,
  Entry,
  FuzzCase,
  IterMode,
  Num,
  Property,
  Reentry,
  Step,
  Target,
  Value,
} from './fuzz-generators'
import type { ModelContext, RegisteredTool } from '../../src/webmcp/types'

type Log = unknown[]

/** The state of the case being run. */
interface Run {
  mc: ModelContext
  /** What happened synchronously within a step, in order. */
  log: Log
  /**
   * What happened later (settlements, tool calls, events, reads by serialisers): compared as a
   * multiset, since native Chromium delivers these through the browser process, in an order that
   * races from run to run (two executions: `toolactivated` of the second before or after the first
   * one's result).
   */
  later: Log
  /** The step whose synchronous part is running. */
  step: string | undefined
  controllers: AbortController[]
  /** Resolvers of the `pending` executions, in start order. */
  pending: Array<(value: unknown) => void>
  /** Settlements the end of the case and every `list` step wait for. */
  open: Array<Promise<unknown>>
  /** Executions of `pending` tools: only the end of the case waits for them. */
  parked: Array<Promise<unknown>>
  /** Thrown values and abort reasons that are objects or symbols: reported by their tag. */
  tags: Map<unknown, string>
  listed: RegisteredTool[]
  ops: number
  fns: number
  /** The steps are done: `pending` tools resolve at once. */
  ending: boolean
  /** Waiting for the next `pending` tool to start. */
  waiting: Array<() => void>
  /** Tools an agent's call started (an `execute` called with a signal), and their `toolactivated`s. */
  started: number
  activated: number
}

/** Logs `entry`: in order if a step's synchronous part is running, among the later ones if not. */
function note(run: Run, entry: unknown[]) {
  ;(run.step ? run.log : run.later).push(entry)
}

/** Runs a step's synchronous part: what it logs is in order. */
function synchronously<T>(run: Run, op: string, steps: () => T): T {
  const outer = run.step
  run.step = op
  try {
    return steps()
  } finally {
    run.step = outer
  }
}

/** Long strings are reported by length and hash, so that a megabyte stays a few bytes. */
function text(s: string): unknown {
  if (s.length <= 100) return s
  let hash = 0x811c9dc5
  for (let i = 0; i < s.length; i++) hash = Math.imul(hash ^ s.charCodeAt(i), 0x01000193)
  return ['#', s.length, (hash >>> 0).toString(16)]
}

/** JSON of a value the API produced or a tool received (plain data), for the log. */
function json(value: unknown): unknown {
  try {
    const out = JSON.stringify(value)
    return out === undefined ? ['no-json'] : text(out)
  } catch (error) {
    return ['json-throws', (error as Error).name]
  }
}

/** What a settlement value or a thrown value was, without touching anything hostile. */
function describe(run: Run, value: unknown): unknown {
  try {
    return kind(run, value)
  } catch (error) {
    // A revoked proxy, for one: even `instanceof` throws on it.
    return ['unreadable', error instanceof Error ? error.name : typeof error]
  }
}

function kind(run: Run, value: unknown): unknown {
  const tag = run.tags.get(value)
  if (tag) return ['tag', tag]
  switch (typeof value) {
    case 'undefined':
      return ['undefined']
    case 'string':
      return ['str', text(value)]
    case 'number':
      return ['num', Object.is(value, -0) ? '-0' : String(value)]
    case 'boolean':
      return ['bool', value]
    case 'bigint':
      return ['big', String(value)]
    case 'symbol':
      return ['sym', text(value.description ?? '')]
    case 'function':
      return ['function']
  }
  if (value === null) return ['null']
  if (value instanceof DOMException) return ['DOMException', value.name]
  if (value instanceof Error) return ['Error', value.name]
  return ['object', Object.prototype.toString.call(value)]
}

function number(n: Num): number {
  return typeof n === 'number'
    ? n
    : { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 }[n]
}

/** A value thrown or used as a reason: objects and symbols get a tag, so that identity shows. */
function thrown(run: Run, spec: Value, where: string): unknown {
  const value = build(run, spec, where)
  if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
    run.tags.set(value, where)
  } else if (typeof value === 'symbol') {
    run.tags.set(value, where)
  }
  return value
}

/** Performs a re-entrant call: its outcome is logged when it settles. */
function reenter(run: Run, reentry: Reentry, where: string): void {
  note(run, ['reenter', where, reentry[0]])
  if (reentry[0] === 'abort') {
    run.controllers[reentry[1]]!.abort(`reentered abort ${where}`)
    return
  }
  const op = `${where}/${reentry[0]}`
  const call = (): Promise<unknown> =>
    run.mc.registerTool(
      {
        name: build(run, reentry[1], op) as string,
        description: 'reentered',
        execute: () => 'reentered',
      },
      { signal: run.controllers[0]!.signal },
    )
  void settle(run, op, call)
}

function entries(run: Run, target: object, list: Entry[], where: string, assign = false) {
  for (const [key, property] of list) define(run, target, key, property, `${where}.${key}`, assign)
}

function define(
  run: Run,
  target: object,
  key: string,
  property: Property,
  where: string,
  assign: boolean,
) {
  const [kind] = property
  if (kind === 'v') {
    const value = build(run, property[1], where)
    // Assigning over an earlier getter of the same key fails, as it would in any page.
    if (assign) attempt(() => ((target as Record<string, unknown>)[key] = value))
    else
      Object.defineProperty(target, key, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      })
    return
  }
  let get: () => unknown
  if (kind === 'getThrow') {
    const error = thrown(run, property[1], where)
    get = () => {
      note(run, ['read', where, 'throws'])
      throw error
    }
  } else {
    const value = build(run, kind === 'getReenter' ? property[2] : property[1], where)
    get =
      kind === 'get'
        ? () => value
        : kind === 'getLog'
          ? () => (note(run, ['read', where]), value)
          : () => (reenter(run, property[1] as Reentry, where), value)
  }
  Object.defineProperty(target, key, { get, enumerable: true, configurable: true })
}

function iterable(run: Run, items: Value[], mode: IterMode, where: string): object {
  const values = items.map((item, i) => build(run, item, `${where}[${i}]`))
  if (mode === 'set') return new Set(values)
  if (mode === 'generator') {
    return {
      *[Symbol.iterator]() {
        for (const value of values) {
          note(run, ['next', where])
          yield value
        }
      },
    }
  }
  if (mode === 'throwIterator') {
    const error = new Error('iterator')
    run.tags.set(error, `${where}@@iterator`)
    return Object.defineProperty({}, Symbol.iterator, {
      get() {
        throw error
      },
    })
  }
  const error = new Error('next')
  run.tags.set(error, `${where}.next`)
  return {
    [Symbol.iterator]() {
      let i = 0
      return {
        next() {
          if (i >= values.length) throw error
          return { value: values[i++], done: false }
        },
      }
    },
  }
}

function proxy(run: Run, target: unknown, mode: string, where: string): unknown {
  // A proxy needs an object to stand for.
  const object =
    (typeof target === 'object' && target !== null) || typeof target === 'function'
      ? target
      : Object(target)
  const key = (k: string | symbol) => (typeof k === 'symbol' ? `@@${k.description}` : k)
  const error = new Error('trap')
  run.tags.set(error, `${where}:trap`)
  const handler: ProxyHandler<object> =
    mode === 'log'
      ? {
          get(t, k, receiver) {
            note(run, ['get', where, key(k)])
            return Reflect.get(t, k, receiver)
          },
          has(t, k) {
            note(run, ['has', where, key(k)])
            return Reflect.has(t, k)
          },
          ownKeys(t) {
            note(run, ['ownKeys', where])
            return Reflect.ownKeys(t)
          },
        }
      : mode === 'throwGet'
        ? {
            get() {
              note(run, ['get', where, 'throws'])
              throw error
            },
          }
        : mode === 'throwOwnKeys'
          ? {
              ownKeys() {
                throw error
              },
            }
          : {}
  if (mode !== 'revoked') return new Proxy(object as object, handler)
  const { proxy: revocable, revoke } = Proxy.revocable(object as object, {})
  revoke()
  return revocable
}

/** A generated function: logs each call, then behaves as told. */
function fn(run: Run, behaviour: Behaviour, where: string): (...args: unknown[]) => unknown {
  const id = `${where}#${++run.fns}`
  return function (this: unknown, ...args: unknown[]) {
    const [input, options] = args
    // A toolchange handler: when native calls it races its other work (see listen()).
    if (input instanceof Event && input.type === 'toolchange')
      return act(run, behaviour, id, undefined, args)
    const signal =
      options && typeof options === 'object' && (options as { signal?: unknown }).signal
    note(run, [
      'call',
      id,
      args.length,
      this === undefined,
      input instanceof Event
        ? ['event', input.type, (input as Event & { toolName?: string }).toolName ?? null]
        : typeof input === 'function'
          ? ['function']
          : json(input),
      signal instanceof AbortSignal ? ['signal', signal.aborted] : null,
    ])
    if (signal instanceof AbortSignal) {
      run.started++
      for (const resolve of invocations.splice(0)) resolve()
      signal.addEventListener('abort', () =>
        note(run, ['aborted', id, describe(run, signal.reason)]),
      )
    }
    // Called as a thenable's `then(resolve, reject)`: settle through them, or nothing ever would.
    const thenable = typeof input === 'function' && typeof options === 'function'
    return act(run, behaviour, id, thenable ? [input, options] : undefined, args)
  }
}

function act(
  run: Run,
  behaviour: Behaviour,
  where: string,
  then: [unknown, unknown] | undefined,
  args: unknown[],
): unknown {
  const [resolve, reject] = (then ?? []) as Array<(value: unknown) => void>
  switch (behaviour[0]) {
    case 'ret':
    case 'resolve': {
      const value = build(run, behaviour[1], `${where}:result`)
      if (resolve) return resolve(value)
      return behaviour[0] === 'ret' ? value : Promise.resolve(value)
    }
    case 'throw':
      throw thrown(run, behaviour[1], `${where}:thrown`)
    case 'reject': {
      const reason = thrown(run, behaviour[1], `${where}:rejected`)
      if (reject) return reject(reason)
      return Promise.reject(reason)
    }
    case 'thenable': {
      const value = build(run, behaviour[1], `${where}:result`)
      const thenable = { then: (res: (v: unknown) => void) => res(value) }
      return resolve ? resolve(thenable) : thenable
    }
    case 'thenableThrow': {
      const error = thrown(run, behaviour[1], `${where}:then`)
      const thenable = {
        then: () => {
          throw error
        },
      }
      return resolve ? resolve(thenable) : thenable
    }
    case 'pending': {
      const promise = new Promise((res) => run.pending.push(resolve ? (v) => res(resolve(v)) : res))
      for (const waiting of run.waiting.splice(0)) waiting()
      // Once the case is ending, nothing is left pending.
      if (run.ending) run.pending.at(-1)!('end')
      return promise
    }
    case 'echo': {
      const result = json(args[0])
      if (resolve) return resolve(result)
      return typeof result === 'string' ? result : JSON.stringify(result)
    }
    case 'reenter':
      reenter(run, behaviour[1], where)
      return act(run, behaviour[2], where, then, args)
  }
}

/**
 * Runs a step of building a value that a hostile part of it may refuse (a proxy's trap, a read-only
 * index of a boxed string on the prototype chain). The value is then built without it; whether an
 * engine refuses varies (V8 and JavaScriptCore differ on the latter), so it is not logged.
 */
function attempt(steps: () => unknown) {
  try {
    steps()
  } catch {
    // Left as it is.
  }
}

/** Builds the value `spec` describes; `where` names it in the log. */
function build(run: Run, spec: Value, where: string): unknown {
  switch (spec[0]) {
    case 'undefined':
      return undefined
    case 'null':
      return null
    case 'bool':
      return spec[1]
    case 'num':
      return number(spec[1])
    case 'str':
      return spec[1]
    case 'big':
      return BigInt(spec[1])
    case 'sym':
      return Symbol(spec[1])
    case 'repeat':
      return spec[1].repeat(spec[2])
    case 'arr':
      return spec[1].map((item, i) => build(run, item, `${where}[${i}]`))
    case 'obj': {
      const object = {}
      entries(run, object, spec[1], where)
      return object
    }
    case 'assign': {
      const object = {}
      entries(run, object, spec[1], where, true)
      return object
    }
    case 'nullProto': {
      const object = Object.create(null) as object
      entries(run, object, spec[1], where)
      return object
    }
    case 'inherit': {
      const prototype = {}
      entries(run, prototype, spec[2], `${where}.__proto__`)
      const object = Object.create(prototype) as object
      entries(run, object, spec[1], where)
      return object
    }
    case 'proxy':
      return proxy(run, build(run, spec[1], where), spec[2], where)
    case 'cycle': {
      const inner = build(run, spec[1], where)
      attempt(() => {
        if (Array.isArray(inner)) inner.push(inner)
        else if (inner && typeof inner === 'object') (inner as Record<string, unknown>).self = inner
      })
      return inner
    }
    case 'deep': {
      let value = build(run, spec[3], where)
      for (let i = 0; i < spec[1]; i++) value = spec[2] === 'arr' ? [value] : { a: value }
      return value
    }
    case 'wide':
      return Array(spec[1]).fill(build(run, spec[2], where))
    case 'toJSON': {
      const result = spec[1]
      const error = new Error('toJSON')
      run.tags.set(error, `${where}.toJSON`)
      return {
        toJSON() {
          note(run, ['toJSON', where])
          if (result === null) throw error
          return build(run, result, `${where}.toJSON()`)
        },
      }
    }
    case 'fn':
      return fn(run, spec[1], where)
    case 'date':
      return new Date(spec[1])
    case 'boxed':
      return Object(spec[1])
    case 'map':
      return new Map([['k', 'v']])
    case 'typed':
      return new Uint8Array(spec[1])
    case 'error':
      return new Error(spec[1])
    case 'window':
      return window
    case 'node':
      return document.body
    case 'signal':
      return run.controllers[spec[1]]!.signal
    case 'abortedSignal':
      return AbortSignal.abort(thrown(run, spec[1], `${where}:reason`))
    case 'iter':
      return iterable(run, spec[1], spec[2], where)
    case 'frozen': {
      const value = build(run, spec[1], where)
      // Firefox refuses to freeze a platform object, other engines do not: they stay as they are.
      attempt(() => {
        if (value !== window && !(value instanceof Node)) Object.freeze(value)
      })
      return value
    }
  }
}

/** A listing as the log keeps it: every member of every tool, and the keys in their order. */
function summary(tools: unknown): unknown {
  if (!Array.isArray(tools)) return ['not-array', typeof tools]
  return tools.map((tool: RegisteredTool) => [
    Object.keys(tool),
    text(String(tool.name)),
    text(String(tool.title)),
    text(String(tool.description)),
    'inputSchema' in tool ? json(tool.inputSchema) : null,
    'annotations' in tool ? json(tool.annotations) : null,
    tool.origin === location.origin,
    tool.window === window,
  ])
}

/** Calls `call` (which may throw) and logs how its promise settles, as the step says. */
function settle(
  run: Run,
  op: string,
  call: () => unknown,
  onValue?: (value: unknown) => unknown,
): Promise<unknown> | undefined {
  let promise: unknown
  try {
    promise = synchronously(run, op, call)
  } catch (error) {
    note(run, ['threw', op, describe(run, error)])
    return undefined
  }
  if (!(promise instanceof Promise)) {
    note(run, ['not-a-promise', op, describe(run, promise)])
    return undefined
  }
  // A settlement is always among the later entries, even when it is logged while a step's
  // synchronous part runs: in WebKit, an abort from a getter during registerTool settled a pending
  // registration before that step returned (its callbacks ran inside the step), which is the
  // engine's microtask timing, not the implementation's.
  const done = promise.then(
    (value) => run.later.push(['ok', op, onValue ? onValue(value) : describe(run, value)]),
    (error) => run.later.push(['rejected', op, describe(run, error)]),
  )
  // Whether its step waits for it or not, the end of the case does (an awaited execution stops
  // waiting for itself when its tool turns out to be `pending`).
  run.open.push(done)
  return done
}

/** Waits until every settlement the case left running has been logged. */
async function drain(run: Run) {
  while (run.open.length) await Promise.all(run.open.splice(0))
}

/**
 * Lists the tools, once everything else the case started has settled, and waits for the list:
 * nothing may change the tools while a `getTools()` is pending (see the exclusions in
 * fuzz-generators.ts).
 */
async function list(run: Run, op: string, options: Value | null) {
  await drain(run)
  const args = options === null ? [] : [build(run, options, `${op}.options`)]
  await settle(
    run,
    op,
    () => (run.mc.getTools as (...a: unknown[]) => unknown)(...args),
    (tools) => {
      if (Array.isArray(tools)) run.listed = tools
      return summary(tools)
    },
  )
}

/** The tool an `execute` step runs, boxed: a promise must not resolve with a hostile value. */
async function target(run: Run, spec: Target, op: string): Promise<{ tool: unknown }> {
  if (spec[0] === 'forged') return { tool: build(run, spec[1], `${op}.tool`) }
  if (!run.listed.length) await list(run, `${op}/list`, null)
  const tool = run.listed[spec[1] % Math.max(1, run.listed.length)]
  if (!tool || spec[0] === 'listed') return { tool }
  const patched: Record<string, unknown> = { ...tool }
  for (const key of spec[3]) delete patched[key]
  entries(run, patched, spec[2], `${op}.tool`)
  return { tool: patched }
}

async function step(run: Run, spec: Step): Promise<void> {
  const op = `${spec[0]}${++run.ops}`
  switch (spec[0]) {
    case 'register': {
      const tool = build(run, spec[1], `${op}.tool`)
      const options = build(run, spec[2], `${op}.options`)
      const done = settle(run, op, () => run.mc.registerTool(tool as never, options as never))
      if (spec[3]) await done
      return
    }
    case 'list':
      return list(run, op, spec[1])
    case 'execute': {
      const { tool } = await target(run, spec[1], op)
      const args: unknown[] = [tool]
      if (spec[2] !== null || spec[3] !== null)
        args.push(spec[2] === null ? undefined : build(run, spec[2], `${op}.input`))
      if (spec[3] !== null) args.push(build(run, spec[3], `${op}.options`))
      const started = Promise.all([nextActivation(), nextInvocation()])
      let parked = false
      const blocked = new Promise<void>((resolve) =>
        run.waiting.push(() => {
          parked = true
          resolve()
        }),
      )
      const done = settle(run, op, () =>
        (run.mc.executeTool as (...a: unknown[]) => unknown)(...args),
      )
      // Left running, it still has to start before the next step: when native starts it (a
      // round trip through the browser process) would otherwise race what that step changes.
      // Started means its `toolactivated` fired and a tool was called: `toolactivated` alone may
      // come before the tool's call, and a `pending` tool called after this step returned would
      // leave the next `list` step waiting for it forever.
      // Awaited, it waits until it settles, or until a `pending` tool starts (which only a later
      // step or the end of the case settles).
      if (done) await (spec[4] ? Promise.race([done, blocked]) : Promise.race([done, started]))
      run.waiting.length = 0
      // Its tool is `pending`: a `list` step must not wait for it (only a later step ends it).
      if (parked && done) {
        run.open.splice(run.open.indexOf(done), 1)
        run.parked.push(done)
      }
      return
    }
    case 'abort': {
      const reason = thrown(run, spec[2], `${op}.reason`)
      synchronously(run, op, () => run.controllers[spec[1]]!.abort(reason))
      return
    }
    case 'finish': {
      const resolve = run.pending[spec[1] % Math.max(1, run.pending.length)]
      if (!resolve) return void note(run, ['nothing-pending', op])
      const value = build(run, spec[2], `${op}.value`)
      synchronously(run, op, () => resolve(value))
      return
    }
    case 'handler': {
      const value = build(run, spec[2], `${op}.handler`)
      const property = `on${spec[1]}` as 'ontoolchange'
      const read = synchronously(run, op, () => {
        ;(run.mc as unknown as Record<string, unknown>)[property] = value
        return (run.mc as unknown as Record<string, unknown>)[property]
      })
      note(run, ['handler', op, read === value, read === null])
      return
    }
    case 'yield':
      for (let i = 0; i < spec[1]; i++) await Promise.resolve()
      return
  }
}

/** Logged when the interpreter itself fails (fuzz.test.ts fails the case). */
const INTERPRETER = 'INTERPRETER FAILED'
/** How long a case, or native's toolchanges after it, may take before it counts as hung. */
const PATIENCE = 10_000

let current: Run | undefined
/** `toolchange` events at the document's ModelContext since the page started. */
let toolchanges = 0
let onToolchange: (() => void) | undefined
/** Waiting for the next `toolactivated`. */
const activations: Array<() => void> = []
const nextActivation = () => new Promise<void>((resolve) => activations.push(resolve))
/** Waiting for the next call of a tool by an agent's call (a generated `execute` with a signal). */
const invocations: Array<() => void> = []
const nextInvocation = () => new Promise<void>((resolve) => invocations.push(resolve))
let installed = false

function listen(mc: ModelContext) {
  if (installed) return
  installed = true
  // Native Chromium fires `toolchange` once per change, but at times that race its other work (a
  // round trip through the browser process), so the events are counted rather than logged in order.
  mc.addEventListener('toolchange', () => {
    toolchanges++
    onToolchange?.()
  })
  for (const type of ['toolactivated', 'toolcancel']) {
    mc.addEventListener(type, (event) => {
      if (type === 'toolactivated') {
        if (current) current.activated++
        for (const resolve of activations.splice(0)) resolve()
      }
      if (current)
        note(current, ['event', type, (event as Event & { toolName?: string }).toolName ?? null])
    })
  }
}

/** Resolves once `condition()` holds, checked at each `toolchange`; `false` after PATIENCE ms. */
function toolchangesReach(count: number): Promise<boolean> {
  if (toolchanges >= count) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      onToolchange = undefined
      resolve(false)
    }, PATIENCE)
    onToolchange = () => {
      if (toolchanges < count) return
      clearTimeout(timer)
      onToolchange = undefined
      resolve(true)
    }
  })
}

/** One case's outcome: its ordered log, and how many `toolchange` events it caused. */
interface Outcome {
  log: Log
  /** The later entries, each as JSON, sorted. */
  later: string[]
  toolchanges: number
}

/**
 * Runs one case from an empty document. With `target` (the number of `toolchange` events the
 * polyfill counted for it), waits for that many before it ends: native's come late.
 */
async function runCase(c: FuzzCase, target: number | undefined): Promise<Outcome> {
  const mc = document.modelContext!
  listen(mc)
  const start = toolchanges
  const run: Run = {
    mc,
    log: [],
    later: [],
    step: undefined,
    controllers: Array.from({ length: CONTROLLERS }, () => new AbortController()),
    pending: [],
    open: [],
    parked: [],
    tags: new Map(),
    listed: [],
    ops: 0,
    fns: 0,
    ending: false,
    waiting: [],
    started: 0,
    activated: 0,
  }
  for (let i = 0; i < CONTROLLERS; i++) run.tags.set(run.controllers[i]!.signal, `signal${i}`)
  current = run
  let timer: ReturnType<typeof setTimeout> | undefined
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(resolve, PATIENCE, 'hung')))
  const body = async () => {
    try {
      for (const s of c.steps) await step(run, s)
    } catch (error) {
      // The interpreter's own failure: the suite fails on it, whatever the implementation did.
      run.log.push([INTERPRETER, String((error as Error)?.stack ?? error)])
    }
    // Whatever is still running ends: pending tools resolve, then every settlement is awaited.
    run.ending = true
    for (const resolve of run.pending) resolve('end')
    run.open.push(...run.parked.splice(0))
    await drain(run)
    // Each tool an agent's call started fires its `toolactivated`, even when the call settled
    // first (an abort, a result that fails to serialise): native's may come after the settlement,
    // so the case waits for it, or it would land in the next case's log.
    while (run.activated < run.started) await nextActivation()
    return 'done' as const
  }
  const outcome = await Promise.race([body(), hung])
  clearTimeout(timer)
  if (outcome === 'hung') run.log.push(['HUNG'])
  for (const controller of run.controllers) controller.abort('end of case')
  for (const type of ['toolchange', 'toolactivated', 'toolcancel'])
    (mc as unknown as Record<string, unknown>)[`on${type}`] = null
  current = undefined
  run.log.push(['left', (await mc.getTools()).map((tool) => tool.name)])
  if (target !== undefined && !(await toolchangesReach(start + target))) {
    run.log.push(['HUNG', 'toolchange'])
  }
  activations.length = 0
  invocations.length = 0
  return {
    log: run.log,
    later: run.later.map((entry) => JSON.stringify(entry)).sort(),
    toolchanges: toolchanges - start,
  }
}

// The polyfill reports a tool's failure with console.error(error); Firefox's and WebKit's consoles
// format the logged value on the spot, reading members of their choosing (a getter or a proxy of
// the case would log it). What the console shows is no part of the comparison.
console.error = () => {}

/**
 * Runs the cases (JSON of `FuzzCase[]`) one after another; resolves with the JSON of their
 * outcomes. `targets` (JSON of numbers, one per case) makes each case wait for that many
 * `toolchange` events.
 */
async function runCases(cases: string, targets?: string): Promise<string> {
  const wanted = targets ? (JSON.parse(targets) as number[]) : []
  const outcomes: Outcome[] = []
  for (const [i, c] of (JSON.parse(cases) as FuzzCase[]).entries()) {
    outcomes.push(await runCase(c, wanted[i]))
  }
  return JSON.stringify(outcomes)
}

;(window as unknown as { webmcpFuzz: unknown }).webmcpFuzz = { runCases }
