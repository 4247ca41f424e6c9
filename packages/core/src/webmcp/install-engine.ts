import { ToolActivatedEvent, ToolCancelEvent } from './events'
import { ModelContext as ModelContextImpl, createModelContext, executeEarly } from './model-context'
import { failureOf, joinedOf, owns } from './engine'
import { shapeInterfaces } from './webidl-shape'
import { HOOK } from './hook'
import type { ModelContext } from './types'
import type { PolyfillHook } from './hook'
import { queuedTasks } from '../queue-task'

/** This realm's hook; the frame protocol adds `admits` (frames/link.ts), the engine alone has none. */
export const hook: PolyfillHook = {
  owns,
  failure: failureOf,
  joined: joinedOf,
  pending: queuedTasks,
  executeTool: executeEarly,
}
const noop = () => {}

/**
 * The install both entries share: `document.modelContext`, the three interface objects, the
 * polyfill hook and the WebIDL shape. `extras` adds the rest of a fuller polyfill for the page's
 * document (frames, forms) and returns how to remove it; it runs after the engine is in place.
 */
export function installEngine(extras?: (doc: Document) => () => void): () => void {
  if (typeof document === 'undefined' || !isSecureContext) return noop
  // A frame's initial about:blank and the same-origin document that replaces it share one Window
  // (the HTML standard reuses it): a polyfill injected into every document, as the bridge's init
  // script is, runs there twice. The install for the about:blank (its getter, frame link and form
  // observer; its remover is kept under the hook's key on the global) goes with that document.
  const realm = globalThis as { [HOOK]?: [Document, () => void] }
  if (realm[HOOK]?.[0] !== document) realm[HOOK]?.[1]()
  if ('modelContext' in document) return noop
  const contexts = new WeakMap<Document, ModelContext>()
  // An enumerable, configurable getter named `get modelContext`, as WebIDL gives it.
  Object.defineProperties(
    Document.prototype,
    Object.getOwnPropertyDescriptors({
      get modelContext() {
        const doc = this as unknown
        if (!(doc instanceof Document)) throw new TypeError('Illegal invocation')
        let context = contexts.get(doc)
        if (!context) contexts.set(doc, (context = createModelContext(doc)))
        return context
      },
    }),
  )
  if (!Object.hasOwn(ModelContextImpl, HOOK))
    Object.defineProperty(ModelContextImpl, HOOK, { value: hook })
  const called = (name: string) =>
    `Failed to construct '${name}': Please use the 'new' operator, this DOM object constructor cannot be called as a function.`
  const globals = shapeInterfaces({
    ModelContext: [ModelContextImpl, 'Illegal constructor'],
    ToolActivatedEvent: [ToolActivatedEvent, called('ToolActivatedEvent')],
    ToolCancelEvent: [ToolCancelEvent, called('ToolCancelEvent')],
  })
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { configurable: true, writable: true, value })
  }
  const undo = extras?.(document) ?? noop
  const remove = () => {
    undo()
    delete (Document.prototype as { modelContext?: unknown }).modelContext
    for (const [name, value] of Object.entries(globals)) {
      if ((globalThis as Record<string, unknown>)[name] === value) {
        delete (globalThis as Record<string, unknown>)[name]
      }
    }
  }
  realm[HOOK] = [document, remove]
  return remove
}

/**
 * Installs `document.modelContext` as {@link installModelContext} does, without the frame protocol
 * and the declarative forms: for pages that have neither iframes using WebMCP nor tool forms. Tools
 * of other documents of the frame tree are not listed or run, `<form toolname>` is no tool, and
 * `:tool-form-active` does not parse.
 *
 * @returns A function that removes what this call installed.
 * @example
 * ```ts
 * import { installImperativeModelContext } from '@webmcp-kit/core'
 * installImperativeModelContext()
 * await document.modelContext.registerTool({ name: 'hello', description: 'Says hello', execute: () => 'hi' })
 * ```
 */
export const installImperativeModelContext = (): (() => void) => installEngine()
