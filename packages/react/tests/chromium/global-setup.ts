import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
// @ts-expect-error: plain ESM helper shared with the benchmarks and the other browser suites
import { chromiumOptions, startServer } from '../../../../scripts/browser.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    nativeEndpoint: string
    polyfillEndpoint: string
  }
}

/**
 * Bundles the test page from source (React included, development build so StrictMode replays
 * effects), serves it beside the polyfill, and launches one Chromium per mode: WebMCP flag on
 * (native) and off (the polyfill). Test files connect to them.
 */
export default async function setup(project: TestProject) {
  const page = await build({
    entryPoints: [fileURLToPath(new URL('page.tsx', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['@webmcp-kit/source'],
    define: { 'process.env.NODE_ENV': '"development"' },
    write: false,
    logLevel: 'warning',
  })
  const script = page.outputFiles[0]!.text
  const server = await startServer({
    routes: {
      '/react-page.js': (_request: unknown, response: import('node:http').ServerResponse) => {
        response.writeHead(200, { 'content-type': 'text/javascript' })
        response.end(script)
      },
    },
  })
  const [native, polyfill] = await Promise.all([
    chromium.launchServer(chromiumOptions(true)),
    chromium.launchServer(chromiumOptions(false)),
  ])
  project.provide('origin', server.origin)
  project.provide('nativeEndpoint', native.wsEndpoint())
  project.provide('polyfillEndpoint', polyfill.wsEndpoint())
  return async () => {
    await Promise.all([native.close(), polyfill.close()])
    await server.close()
  }
}
