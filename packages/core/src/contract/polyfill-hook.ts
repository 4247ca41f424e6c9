import { HOOK } from '../webmcp/hook'
import type { PolyfillHook } from '../webmcp/hook'

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
