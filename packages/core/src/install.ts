import { installPolyfill } from './install-polyfill'

/**
 * Installs `document.modelContext` (and the `ModelContext`, `ToolActivatedEvent` and
 * `ToolCancelEvent` globals) when the browser has no WebMCP of its own. A native implementation is
 * never replaced; on the server, or in an insecure context (as native), nothing happens. The frame
 * protocol is a module of its own, imported only when the page has frames or another document of
 * its frame tree speaks to it (a bundler makes it a chunk of its own).
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
  return installPolyfill(() => import('./frames/protocol'))
}
