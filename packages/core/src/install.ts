// (In this order, the classic script gzips smallest: the bundler follows it.)
import { installEngine } from './webmcp/install-engine'
import { connectFrames } from './frames/link'
import { patchSelectors } from './forms/selectors'
import { startFormTools } from './forms/tools'

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
