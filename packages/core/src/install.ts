// (In this order, the classic script gzips smallest: the bundler follows it.)
import { HOOK, installEngine } from './spec/install-engine'
import { connectFrames } from './frames/link'
import { patchSelectors } from './forms/selectors'
import { startFormTools } from './forms/tools'
import type { PolyfillHook } from './spec/install-engine'
import type { ModelContext } from './spec/types'

export type { PolyfillHook }

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
  return installEngine((doc) => {
    // Other documents of the frame tree may ask for this one's tools before the page touches them.
    const undo = [
      connectFrames((doc as Document & { modelContext: object }).modelContext),
      startFormTools(doc),
      patchSelectors(),
    ]
    return () => undo.forEach((step) => step())
  })
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
