import type { ModelContext } from '../webmcp/types'

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
