import { ToolActivatedEvent, ToolCancelEvent } from './events'
import { startFormTools } from './form-tools'
import {
  ModelContext as ModelContextImpl,
  connectFrames,
  createModelContext,
  failureOf,
  owns,
} from './model-context'
import type { ModelContext } from './types'

const noop = () => {}

/**
 * What an installed polyfill answers to other bundles of this library (the bridge, the agent
 * panel, another copy of core), under `Symbol.for('webmcp-kit/polyfill')` on its `ModelContext`
 * interface object: the only way to tell the polyfill from native code, and to learn why one of
 * its tools failed, without guessing from `Function.prototype.toString` or console text.
 */
export interface PolyfillHook {
  /** Whether `context` is a `ModelContext` of this polyfill (of this realm). */
  owns(context: unknown): boolean
  /**
   * What the tool threw (or why its result could not be serialised), for the `UnknownError` an
   * `executeTool` call of this document rejected with; `undefined` for any other value.
   */
  failure(reason: unknown): unknown
}

const HOOK = Symbol.for('webmcp-kit/polyfill')

const hook: PolyfillHook = { owns, failure: failureOf }

/** The polyfill hook of `context`'s realm, if `context` is a polyfilled `ModelContext`. */
function hookOf(context: unknown): PolyfillHook | undefined {
  if (context === null || typeof context !== 'object') return undefined
  const constructor = (Object.getPrototypeOf(context) as { constructor?: unknown } | null)
    ?.constructor as { [HOOK]?: PolyfillHook } | undefined
  const found = constructor?.[HOOK]
  return found?.owns(context) ? found : undefined
}

/**
 * Whether `context` is a `ModelContext` installed by this polyfill (from any bundle or realm), as
 * opposed to the browser's own WebMCP.
 *
 * @example
 * ```ts
 * const mc = getModelContext()
 * badge.textContent = mc && isPolyfill(mc) ? 'WebMCP (polyfill)' : 'WebMCP (native)'
 * ```
 */
export const isPolyfill = (context: unknown): boolean => !!hookOf(context)

/**
 * Why a call to a polyfilled `executeTool` failed: what the tool threw, for the `UnknownError` the
 * call rejected with (in the document that owns the tool). `undefined` for native WebMCP, which
 * keeps that to itself, and for any other rejection.
 *
 * @example
 * ```ts
 * try {
 *   await mc.executeTool(tool, input)
 * } catch (error) {
 *   console.log(executionFailure(mc, error) ?? error)
 * }
 * ```
 */
export const executionFailure = (context: unknown, reason: unknown): unknown =>
  hookOf(context)?.failure(reason)

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
  if (!Object.hasOwn(ModelContextImpl, HOOK))
    Object.defineProperty(ModelContextImpl, HOOK, { value: hook })
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
