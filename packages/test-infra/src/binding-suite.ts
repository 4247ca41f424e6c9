// The browser suites of the bindings (React, Vue, Angular) share one setup: the package's test
// page, bundled from source with its framework, served beside the polyfill by browser.mjs's server,
// and every engine `WEBMCP_ENGINES` selects, launched through engines.mjs. A package's vitest
// globalSetup calls `startBindingSuite` and hands `origin` and `endpoints` to its test files, which
// `connect` to them.
//
// Its own module (not browser.mjs) because engines.mjs imports browser.mjs: this needs both.
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { startServer } from './browser.mjs'
import { launchEngines } from './engines.mjs'

/**
 * Bundles `entry` (a path or a file URL) with esbuild from source (the `@webmcp-kit/source`
 * condition, the framework included), serves it at `route` beside the test server's pages, and
 * launches the engines (default: `selectEngines()`, i.e. `WEBMCP_ENGINES`).
 *
 * `esbuild` adds to or overrides the defaults: an IIFE for the browser, ES2022, no output file.
 *
 * @returns `origin` (the server's), `endpoints` (per engine, for `connect`), `versions` (per
 *   engine, e.g. `Firefox 153.8.0`) and `close()`, which ends the browsers and then the server.
 */
export async function startBindingSuite({ entry, route, esbuild = {}, engines }) {
  const result = await build({
    entryPoints: [entry instanceof URL ? fileURLToPath(entry) : entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@webmcp-kit/source'],
    write: false,
    logLevel: 'warning',
    ...esbuild,
  })
  const script = result.outputFiles[0].text
  const server = await startServer({
    routes: {
      [route]: (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/javascript' })
        response.end(script)
      },
    },
  })
  let browsers
  try {
    browsers = await launchEngines(engines)
  } catch (error) {
    await server.close()
    throw error
  }
  return {
    origin: server.origin,
    endpoints: browsers.endpoints,
    versions: browsers.versions,
    async close() {
      await browsers.close()
      await server.close()
    },
  }
}

/**
 * A binding's vitest globalSetup: `startBindingSuite(options)`, with the server's origin and the
 * engines' endpoints provided to the test files (`inject('origin')`, `inject('engineEndpoints')`).
 */
export function bindingSuiteSetup(options) {
  return async (project) => {
    const suite = await startBindingSuite(options)
    project.provide('origin', suite.origin)
    project.provide('engineEndpoints', suite.endpoints)
    return suite.close
  }
}
