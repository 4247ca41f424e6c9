import { WORLD } from './frame-tree'
import type { Page } from 'playwright-core'

/**
 * Whether the page's top document has the browser's own WebMCP. Asked in an isolated world of the
 * bridge's own, where only the browser's `document.modelContext` exists: a polyfill (or a page's
 * script pretending to be the browser) lives in the page's main world, out of sight there.
 *
 * @example
 * ```ts
 * const source = (await hasNativeWebMCP(page)) ? await nativeTools(page, hint) : await polyfillTools(page, hint)
 * ```
 */
export async function hasNativeWebMCP(page: Page): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { frameTree } = await cdp.send('Page.getFrameTree')
    const world = { frameId: frameTree.frame.id, worldName: WORLD }
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', world)
    const { result } = await cdp.send('Runtime.evaluate', {
      contextId: executionContextId,
      expression: "typeof document.modelContext?.registerTool === 'function'",
      returnByValue: true,
    })
    return result.value === true
  } finally {
    await cdp.detach().catch(() => {})
  }
}
