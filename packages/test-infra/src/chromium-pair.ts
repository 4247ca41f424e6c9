// The native/polyfill Chromium pair a global setup launches for its test files: Chromium with
// native WebMCP (the oracle) and without it (the polyfill), as Playwright servers the test files
// connect to (`chromium.connect(inject('nativeEndpoint'))`).
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { chromiumOptions } from '@webmcp-kit/test-config/browser'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Playwright endpoint of Chromium with native WebMCP. */
    nativeEndpoint: string
    /** The Playwright endpoint of Chromium without it, where the polyfill runs. */
    polyfillEndpoint: string
  }
}

/**
 * In a global setup's `withCleanup` (`@webmcp-kit/test-infra/helpers`): launches the pair, hands
 * their closers to `defer`, and provides their endpoints to the test files as `nativeEndpoint` and
 * `polyfillEndpoint`.
 */
export async function provideChromiumPair(
  project: TestProject,
  defer: (...closers: Array<() => Promise<unknown>>) => void,
): Promise<void> {
  const [native, polyfill] = await Promise.all([
    chromium.launchServer(chromiumOptions(true)),
    chromium.launchServer(chromiumOptions(false)),
  ])
  defer(
    () => native.close(),
    () => polyfill.close(),
  )
  project.provide('nativeEndpoint', native.wsEndpoint())
  project.provide('polyfillEndpoint', polyfill.wsEndpoint())
}
