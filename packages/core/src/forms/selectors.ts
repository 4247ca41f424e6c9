import { FORM_ACTIVE, SUBMIT_ACTIVE } from './markers'

// `:tool-form-active` and `:tool-submit-active` in the selector APIs. Browsers without WebMCP do not
// know the pseudo-classes (a SyntaxError, or nothing inside the forgiving `:is()` / `:where()`), so
// a selector that names one is rewritten to the attribute the polyfill sets exactly while native's
// pseudo-class matches (submission.ts): a simple selector for a simple selector, so compounds,
// `:is()`, `:not()`, `:has()`, `:where()` and lists keep their meaning. A selector that names
// neither goes straight to the browser after a test of its length (or a colon, then a regex).

/**
 * A pseudo-class token outside strings and escapes: `:tool-form-active` / `:tool-submit-active` in
 * any case, not followed by more of an identifier (`::tool-form-active` is left for the browser to
 * refuse, as native does).
 */
const PSEUDO =
  /\\[^]|"(?:\\[^]|[^"\\])*"|'(?:\\[^]|[^'\\])*'|(::?)tool-(form|submit)-active(?![-\w\u00a0-\uffff\\(])/gi
const MARKS: Record<string, string> = { form: `[${FORM_ACTIVE}]`, submit: `[${SUBMIT_ACTIVE}]` }

type Select = (this: unknown, selectors?: unknown) => unknown

/** The selector APIs' slow path: the selector converted once, rewritten, and native's errors. */
function select(original: Select, self: unknown, selectors: unknown, count: number): unknown {
  if (!count) return original.call(self)
  const text = `${selectors as string}`
  const rewritten = text.replace(PSEUDO, (token, colons?: string, kind?: string) =>
    colons === ':' ? MARKS[kind!.toLowerCase()]! : token,
  )
  try {
    return original.call(self, rewritten)
  } catch (error) {
    // The browser's own error, worded with the page's selector.
    original.call(self, text)
    throw error
  }
}

/**
 * Teaches `matches`, `webkitMatchesSelector`, `closest`, `querySelector` and `querySelectorAll` of
 * elements, documents and fragments the two pseudo-classes. Returns the undo.
 */
export function patchSelectors(): () => void {
  const undo: Array<() => void> = []
  const protos = [Element, Document, DocumentFragment].map(
    (iface) => iface.prototype as unknown as Record<string, unknown>,
  )
  for (const proto of protos) {
    for (const name of [
      'matches',
      'webkitMatchesSelector',
      'closest',
      'querySelector',
      'querySelectorAll',
    ]) {
      const original = Object.hasOwn(proto, name) && (proto[name] as Select)
      if (!original) continue
      // A method, so that it has the original's name and length and no prototype.
      const patched = {
        [name](this: unknown, selectors: unknown) {
          // Shorter than ":tool-form-active", or without a colon: nothing to rewrite.
          return typeof selectors === 'string' &&
            (selectors.length < 17 || !selectors.includes(':') || !/tool-/i.test(selectors))
            ? original.call(this, selectors)
            : select(original, this, selectors, arguments.length)
        },
      }[name]
      proto[name] = patched
      undo.push(() => (proto[name] = original))
    }
  }
  return () => undo.forEach((step) => step())
}
