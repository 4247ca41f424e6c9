import { ToolActivatedEvent, ToolCancelEvent } from './events'
import { startFormTools } from './form-tools'
import {
  ModelContext as ModelContextImpl,
  connectFrames,
  createModelContext,
} from './model-context'
import type { ModelContext } from './types'

const noop = () => {}

/**
 * Installs `document.modelContext` (and the `ModelContext`, `ToolActivatedEvent` and
 * `ToolCancelEvent` globals) when the browser has no WebMCP of its own. A native implementation is
 * never replaced; on the server, or in an insecure context (as native), nothing happens.
 *
 * @returns A function that removes what this call installed.
 * @example
 * ```ts
 * import { installModelContext } from '@webmcp-kit/core'
 * const uninstall = installModelContext()
 * await document.modelContext.registerTool({ name: 'hello', description: 'Says hello', execute: () => 'hi' })
 * ```
 */
export function installModelContext(): () => void {
  if (typeof document === 'undefined' || 'modelContext' in document || !isSecureContext) return noop
  const contexts = new WeakMap<Document, ModelContext>()
  Object.defineProperty(Document.prototype, 'modelContext', {
    configurable: true,
    enumerable: true,
    get(this: Document) {
      if (!(this instanceof Document)) throw new TypeError('Illegal invocation')
      let context = contexts.get(this)
      if (!context)
        contexts.set(this, (context = createModelContext(this) as unknown as ModelContext))
      return context
    },
  })
  const globals = {
    ModelContext: ModelContextImpl,
    ToolActivatedEvent,
    ToolCancelEvent,
  }
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { configurable: true, writable: true, value })
  }
  // Other documents of the frame tree may ask for this one's tools before the page touches them.
  const disconnect = connectFrames((document as Document & { modelContext: object }).modelContext)
  const stopFormTools = startFormTools(document)
  return () => {
    disconnect()
    stopFormTools()
    delete (Document.prototype as { modelContext?: unknown }).modelContext
    for (const [name, value] of Object.entries(globals)) {
      if ((globalThis as Record<string, unknown>)[name] === value) {
        delete (globalThis as Record<string, unknown>)[name]
      }
    }
  }
}

/**
 * The document's `ModelContext`, native or installed; `undefined` where there is none (no WebMCP and
 * no polyfill, an insecure context, or the server).
 *
 * @example
 * ```ts
 * const modelContext = getModelContext()
 * if (modelContext) await modelContext.registerTool(tool, { signal })
 * ```
 */
export function getModelContext(doc?: Document): ModelContext | undefined {
  const target = doc ?? (typeof document === 'undefined' ? undefined : document)
  return target && 'modelContext' in target
    ? (target as Document & { modelContext: ModelContext }).modelContext
    : undefined
}
