// Values out of the page: one serialiser for every engine, with playwright's rules. `script` wraps
// what a test runs in the page so that the page encodes the value (`encodeInPage`, sent as source
// text); `unwrap` decodes it here. undefined, NaN, ±Infinity, -0, BigInt, Date, URL, RegExp, Error
// and cycles survive; windows and nodes come back as 'ref: <Window>' …; functions and symbols as
// undefined; so a value compares equal whichever engine produced it.

/** A function run in the page: its source is sent, so it may use only its argument. */
export type PageFunction<A, R> = (arg: A) => R | Promise<R>

/** What `script` resolves with in the page. */
interface Outcome {
  ok?: string
  error?: string
}

/** Runs in the page (sent as source text): `value` as JSON text that `decode` reads back. */
export function encodeInPage(value: unknown): string {
  const visited = new Map<object, number>()
  let lastId = 0
  const inner = (v: unknown): unknown => {
    if (typeof v === 'symbol' || v === undefined) return { v: 'undefined' }
    if (v === null) return { v: 'null' }
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return { v: 'NaN' }
      if (v === Infinity) return { v: 'Infinity' }
      if (v === -Infinity) return { v: '-Infinity' }
      if (Object.is(v, -0)) return { v: '-0' }
      return v
    }
    if (typeof v === 'boolean' || typeof v === 'string') return v
    if (typeof v === 'bigint') return { bi: v.toString() }
    if (typeof v !== 'object') return undefined
    const tag = Object.prototype.toString.call(v)
    if (v instanceof Error || tag === '[object Error]') {
      const error = v as Error
      return { e: { n: error.name, m: error.message, s: String(error.stack) } }
    }
    if (tag === '[object Date]') return { d: (v as Date).toJSON() }
    if (tag === '[object URL]') return { u: (v as URL).toJSON() }
    if (tag === '[object RegExp]') return { r: { p: (v as RegExp).source, f: (v as RegExp).flags } }
    const seen = visited.get(v)
    if (seen) return { ref: seen }
    const id = ++lastId
    visited.set(v, id)
    if (Array.isArray(v)) return { a: Array.from(v, (item) => outer(item)), id }
    const o: Array<{ k: string; v: unknown }> = []
    const record = v as Record<string, unknown>
    for (const k of Object.keys(v)) {
      let item: unknown
      try {
        item = record[k]
      } catch {
        continue
      }
      o.push({
        k,
        v: k === 'toJSON' && typeof item === 'function' ? { o: [], id: 0 } : outer(item),
      })
    }
    if (!o.length && typeof record.toJSON === 'function') {
      try {
        return inner((record.toJSON as () => unknown)())
      } catch {
        // as an empty object
      }
    }
    return { o, id }
  }
  const outer = (v: unknown): unknown => {
    if (v && typeof v === 'object') {
      if (typeof Window === 'function' && v instanceof Window) return 'ref: <Window>'
      if (typeof Document === 'function' && v instanceof Document) return 'ref: <Document>'
      if (typeof Node === 'function' && v instanceof Node) return 'ref: <Node>'
    }
    return inner(v)
  }
  try {
    return JSON.stringify(value === undefined ? null : { value: outer(value) })
  } catch {
    return 'null'
  }
}

/** Reads back what `encodeInPage` wrote. */
export function decode(text: string): unknown {
  const outer = JSON.parse(text) as { value: unknown } | null
  if (outer === null) return undefined
  const refs = new Map<unknown, unknown>()
  // The encoded shapes are encodeInPage's: read as it wrote them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const parse = (value: any): unknown => {
    if (value === undefined || value === null || typeof value !== 'object') return value
    if ('ref' in value) return refs.get(value.ref)
    if ('v' in value) {
      const special: Record<string, unknown> = {
        null: null,
        NaN: NaN,
        Infinity: Infinity,
        '-Infinity': -Infinity,
        '-0': -0,
      }
      return value.v in special ? special[value.v] : undefined
    }
    if ('d' in value) return new Date(value.d)
    if ('u' in value) return new URL(value.u)
    if ('bi' in value) return BigInt(value.bi)
    if ('r' in value) return new RegExp(value.r.p, value.r.f)
    if ('e' in value) {
      const error = new Error(value.e.m)
      error.name = value.e.n
      error.stack = value.e.s
      return error
    }
    if ('a' in value) {
      const out: unknown[] = []
      refs.set(value.id, out)
      for (const item of value.a) out.push(parse(item))
      return out
    }
    if ('o' in value) {
      const out: Record<string, unknown> = {}
      refs.set(value.id, out)
      for (const { k, v } of value.o) if (k !== '__proto__') out[k] = parse(v)
      return out
    }
    return undefined
  }
  return parse(outer.value)
}

/**
 * The source of an expression that runs `expression` (or calls function `fn` with `arg`) in the
 * page and resolves with `{ ok: encoded }` or `{ error: message }`.
 */
export function script(
  expressionOrFn: string | PageFunction<never, unknown>,
  arg?: unknown,
): string {
  const call =
    typeof expressionOrFn === 'function'
      ? `(${expressionOrFn})(${arg === undefined ? '' : JSON.stringify(arg)})`
      : `((value) => typeof value === 'function' ? value() : value)(${expressionOrFn}\n)`
  return `(async () => {
    try {
      return { ok: (${encodeInPage})(await (${call})) }
    } catch (error) {
      return { error: String(error && error.stack ? error.message + '\\n' + error.stack : error) }
    }
  })()`
}

/** The value `script`'s outcome carries, decoded; its error, thrown as `evaluate: <message>`. */
export function unwrap(result: unknown): unknown {
  const outcome = result as Outcome | null | undefined
  if (outcome && typeof outcome.ok === 'string') return decode(outcome.ok)
  throw new Error(`evaluate: ${outcome?.error ?? 'no result'}`)
}
