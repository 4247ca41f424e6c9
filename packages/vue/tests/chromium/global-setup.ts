import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TestProject } from 'vitest/node'
// @ts-expect-error: plain ESM helper shared with the other browser suites
import { chromiumOptions, startServer } from '../../../../scripts/browser.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    nativeEndpoint: string
    polyfillEndpoint: string
  }
}

/** The test page's script: page.ts with this package's and core's sources, and Vue. */
async function buildPage(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./page.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'kit',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@webmcp-kit/source'],
    // Vue's esm-bundler build expects the bundler to define these. Development, so that Vue's and
    // the composables' warnings reach the console, where the page records them.
    define: {
      'process.env.NODE_ENV': '"development"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    write: false,
  })
  return result.outputFiles[0]!.text
}

/** One server and one Chromium per mode for the whole run; the test file connects to them. */
export default async function setup(project: TestProject) {
  const script = await buildPage()
  const server = await startServer({
    routes: {
      '/vue-page.js': (_request: IncomingMessage, response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'text/javascript' })
        response.end(script)
      },
    },
  })
  const native = await chromium.launchServer(chromiumOptions(true))
  const polyfill = await chromium.launchServer(chromiumOptions(false))
  project.provide('origin', server.origin)
  project.provide('nativeEndpoint', native.wsEndpoint())
  project.provide('polyfillEndpoint', polyfill.wsEndpoint())
  return async () => {
    await Promise.all([native.close(), polyfill.close()])
    await server.close()
  }
}
