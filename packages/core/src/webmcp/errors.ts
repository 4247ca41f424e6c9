// Kept from module evaluation: a detached iframe's realm loses its `DOMException` global, yet its
// ModelContext must still reject with its own realm's InvalidStateError.
const Exception = globalThis.DOMException

/** A spec `DOMException` with the given name. */
export let domError = (name: string, message: string): DOMException => new Exception(message, name)

/**
 * Makes `domError` the one of another copy of this module in the same realm (frames/record.ts's
 * `adopt`): a copy evaluated later would keep a `DOMException` the page may have replaced since.
 */
export const shareErrors = (eager: typeof domError): void => {
  domError = eager
}

/**
 * The `TypeError` WebIDL throws when converting an argument fails (or another error of a method,
 * such as the `RangeError` of a value nested too deep), worded as Chromium words it.
 */
export const idlError = (
  method: string,
  message: string,
  Type: new (message: string) => Error = TypeError,
): Error => new Type(`Failed to execute '${method}' on 'ModelContext': ${message}`)

export const UNKNOWN = 'The operation failed for an unknown transient reason (e.g. out of memory).'
export const EXECUTION_FAILED =
  'Tool was executed but the invocation failed. For example, the script function threw an error'
/** A tool of a frame that was removed (its window is detached). */
export const DETACHED = 'Target frame is detached.'
