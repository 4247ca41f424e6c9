// The shadow roots a page attaches after the polyfill ran: declarative forms inside them are tools
// (the form observer follows them), and a frame's parent looks for the frame's <iframe> in them
// (a closed root cannot be reached through `shadowRoot`). One wrapper of `attachShadow` serves both.

const listeners = new Set<(root: ShadowRoot) => void>()
let patched = false

/**
 * Calls `listener` with every shadow root attached from now on (the `attachShadow` wrapper is put in
 * place once, and stays: it only passes the roots on). Returns the function that stops the calls.
 */
export function onShadowRoot(listener: (root: ShadowRoot) => void): () => void {
  if (!patched) {
    patched = true
    const { attachShadow } = Element.prototype
    // A method definition, so that the wrapper has the name and length of the original.
    Element.prototype.attachShadow = {
      attachShadow(this: Element, init: ShadowRootInit) {
        const root = attachShadow.call(this, init)
        for (const listener of listeners) listener(root)
        return root
      },
    }.attachShadow
  }
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
