import { idlError } from './errors'
import type { ToolAnnotations } from './types'

// WebIDL conversions as Chromium performs them: dictionary members are read in lexicographic order,
// every failure is a TypeError worded like Chromium's, and the caller turns it into a rejection.

type Dict = Record<string, unknown>

export function dictionary(method: string, type: string, value: unknown, optional: boolean): Dict {
  if (value == null && optional) return {}
  if (!isObject(value)) throw idlError(method, `The provided value is not of type '${type}'.`)
  return value as Dict
}

const memberError = (method: string, type: string, key: string, message: string) =>
  idlError(method, `Failed to read the '${key}' property from '${type}': ${message}`)

/** The `TypeError` of member `key` of dictionary `type` that is not an `into`. */
export const convertError = (method: string, type: string, key: string, into: string) =>
  memberError(method, type, key, `Failed to convert value to '${into}'.`)

/**
 * Member `key` of `dict`: a `TypeError` when it is `undefined` (unless `optional`, then `undefined`);
 * with `string`, converted by WebIDL `DOMString` (`domString`).
 */
export function required(
  method: string,
  type: string,
  dict: Dict,
  key: string,
  string?: boolean,
  optional?: boolean,
): unknown {
  const value = dict[key]
  if (value === undefined) {
    if (optional) return value
    throw memberError(method, type, key, 'Required member is undefined.')
  }
  return string ? domString(method, type, key, value) : value
}

export const isObject = (value: unknown): value is object =>
  value !== null && (typeof value === 'object' || typeof value === 'function')

export function object(method: string, type: string, dict: Dict, key: string): object | undefined {
  const value = dict[key]
  if (value === undefined) return undefined
  if (!isObject(value)) throw convertError(method, type, key, 'object')
  return value
}

export function callback(
  method: string,
  type: string,
  dict: Dict,
  key: string,
): (...args: never[]) => unknown {
  const value = required(method, type, dict, key)
  if (typeof value !== 'function') {
    throw memberError(method, type, key, 'The given value is not a function.')
  }
  return value as (...args: never[]) => unknown
}

/**
 * WebIDL `DOMString` of member `key`: ECMAScript ToString (`String()` would take a Symbol). A Symbol
 * is a `TypeError` worded as Chromium words it; what a `toString` throws passes through as it is.
 */
export function domString(method: string, type: string, key: string, value: unknown): string {
  if (typeof value === 'symbol') {
    throw memberError(method, type, key, 'Cannot convert a Symbol value to a string')
  }
  return `${value as string}`
}

/** WebIDL `USVString` of a `DOMString`: lone surrogates become U+FFFD (where the engine has `toWellFormed`). */
export const usvString = (text: string): string =>
  (text as string & { toWellFormed?(): string }).toWellFormed?.() ?? text

export function usvSequence(
  method: string,
  type: string,
  dict: Dict,
  key: string,
): string[] | undefined {
  const value = dict[key]
  if (value === undefined) return undefined
  // WebIDL "create a sequence from an iterable": @@iterator read once, each item converted as it
  // comes, and the iterator left as it is when a conversion throws (Array.from would read
  // @@iterator again and call return()).
  const notSequence = () =>
    memberError(method, type, key, 'The provided value cannot be converted to a sequence.')
  const iteratorMethod = isObject(value) && (value as Iterable<unknown>)[Symbol.iterator]
  if (typeof iteratorMethod !== 'function') throw notSequence()
  // (An iterator that is no object throws TypeError at `next`.)
  const iterator = Reflect.apply(iteratorMethod, value, []) as Iterator<unknown>
  const { next } = iterator
  const items: string[] = []
  for (let step; ; items.push(usvString(domString(method, type, key, step.value)))) {
    step = Reflect.apply(next, iterator, [])
    if (!isObject(step)) throw notSequence()
    if (step.done) return items
  }
}

let abortedGetter: (() => boolean) | undefined

/** Reads an `AbortSignal` member, brand-checking it so that signals of other realms pass too. */
export function signal(
  method: string,
  type: string,
  dict: Dict,
  key: string,
): AbortSignal | undefined {
  const value = dict[key]
  if (value === undefined) return undefined
  abortedGetter ??= Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')!.get!
  try {
    abortedGetter.call(value)
  } catch {
    throw convertError(method, type, key, 'AbortSignal')
  }
  return value as AbortSignal
}

/** The members of `ToolAnnotations`, in the order WebIDL reads them (lexicographic). */
export const HINTS = ['consequentialHint', 'debugging', 'readOnlyHint', 'untrustedContentHint']

/** `hints` with just the `ToolAnnotations` members, each as `convert` makes it. */
export const hintsOf = (hints: Dict, convert: (value: unknown) => boolean) =>
  Object.fromEntries(HINTS.map((hint) => [hint, convert(hints[hint])])) as Required<ToolAnnotations>

export function annotations(method: string, dict: Dict): Required<ToolAnnotations> | null {
  const value = dict.annotations
  return value === undefined
    ? null
    : hintsOf(dictionary(method, 'ToolAnnotations', value, true), Boolean)
}

/** Whether `value` is a `Window` (or a cross-origin `WindowProxy`). */
export function isWindow(value: unknown): value is Window {
  try {
    const { window } = value as Window
    // A removed cross-origin frame's window has no `window` left, and no prototype.
    return window === value || (window === null && !Object.getPrototypeOf(value))
  } catch {
    return false
  }
}
