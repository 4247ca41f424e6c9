// Native Chromium's conversion of a schema, an input or a result to JSON, its nesting limit, and
// the serialiser the polyfill uses for them.
import { idlError } from './errors'

/**
 * `JSON.stringify(value)` by the engine's general serialiser: a gap of 0 gives the same text and
 * keeps V8 off its fast path, which crashes the renderer on a cycle found beside a long array
 * (Chromium 156: `a = [Array(30_000).fill(0)]; a.push(a); JSON.stringify(a)`), where native
 * rejects. The general serialiser recurses, as native's does, and gives up about as deep.
 */
export const stringify = (value: unknown): string | undefined => JSON.stringify(value, undefined, 0)

/**
 * How deep a value native Chromium can serialise: its converter runs out of stack past about 5,180
 * nested objects, or 4,780 nested arrays (an array level takes about 1.083 times an object's), and
 * throws `RangeError`. Measured in Chromium 156: a schema of 5,182 nested objects registers, 5,183
 * do not; an input of 5,181 runs, 5,182 do not (one more frame below it); a tool's result of 5,186
 * resolves, 5,187 reject (it is converted in a task of its own). V8's general serialiser
 * gives up some 20 levels earlier and its fast path far deeper, so a schema or an input the
 * general one cannot serialise is tried by the fast path; the limit is checked on the text.
 */
export const NESTING: Record<string, number> = {
  registerTool: 5182,
  executeTool: 5181,
  result: 5186,
}
const ARRAY_LEVEL = 5182 / 4784

/**
 * Whether `json` nests deeper than `budget` object levels (arrays weighing `ARRAY_LEVEL`). A text too
 * short to hold that many brackets is not scanned, and the scan is not even compiled until a text is
 * long enough (registering 1,000 tools of ordinary schemas compiled 8 KB of it).
 */
export const tooDeep = (json: string, budget: number): boolean =>
  json.length * ARRAY_LEVEL > budget && scan(json, budget)

function scan(json: string, budget: number): boolean {
  // Text with fewer brackets than the budget allows cannot nest that deep: counted at native speed.
  let weight = 0
  for (const [bracket, level] of [
    ['{', 1],
    ['[', ARRAY_LEVEL],
  ] as const) {
    let i = json.indexOf(bracket)
    while (i >= 0 && weight <= budget) {
      weight += level
      i = json.indexOf(bracket, i + 1)
    }
  }
  if (weight <= budget) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \\ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 /* { */) {
      if (++depth > budget) return true
    } else if (c === 91 /* [ */) {
      if ((depth += ARRAY_LEVEL) > budget) return true
    } else if (c === 125 /* } */) depth--
    else if (c === 93 /* ] */) depth -= ARRAY_LEVEL
  }
  return false
}

/**
 * `value` (the `what` of `method`) as JSON, or the exception native throws for it: the `TypeError`
 * of a value `JSON.stringify` rejects, the `RangeError` of one nested too deep, and what the page's
 * own code (a `toJSON`, a getter) threw, as it is.
 */
export function serializeJSON(method: string, value: unknown, what: string): string {
  const overflow = () => idlError(method, 'Maximum call stack size exceeded', RangeError)
  let json: string | undefined
  for (let fast = false; ; fast = true) {
    try {
      json = fast ? JSON.stringify(value) : stringify(value)
      break
    } catch (error) {
      // The engine's own stack ran out (V8, WebKit: RangeError; Firefox: InternalError), as native's does.
      const message = String((error as Error)?.message)
      const exhausted = /call stack|too much recursion/i.test(message)
      // What the engine's serialiser throws itself (a cycle, a BigInt, a revoked proxy) is an error
      // of the method; what the page's own code threw (a toJSON, a getter) passes through as it is.
      const own = error instanceof TypeError && /circular|cyclic|BigInt|revoked/.test(message)
      if (!exhausted) throw own ? idlError(method, message) : error
      if (fast) throw overflow()
    }
  }
  if (json === undefined) throw idlError(method, `invalid ${what}: toJSON() returns undefined`)
  if (tooDeep(json, NESTING[method] ?? Infinity)) throw overflow()
  return json
}
