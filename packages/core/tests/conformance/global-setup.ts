import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
// @ts-expect-error: plain ESM helper shared with the benchmarks
import { chromiumOptions, startServer } from '../../../../scripts/browser.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    otherOrigin: string
    nativeEndpoint: string
    polyfillEndpoint: string
  }
}

/** One server and one Chromium per mode for the whole run; test files connect to them. */
export default async function setup(project: TestProject) {
  const server = await startServer()
  const native = await chromium.launchServer(chromiumOptions(true))
  const polyfill = await chromium.launchServer(chromiumOptions(false))
  project.provide('origin', server.origin)
  project.provide('otherOrigin', server.otherOrigin)
  project.provide('nativeEndpoint', native.wsEndpoint())
  project.provide('polyfillEndpoint', polyfill.wsEndpoint())
  return async () => {
    await Promise.all([native.close(), polyfill.close()])
    await server.close()
  }
}
