// The browser suites of the bindings share one setup: the package's test page, bundled from source
// with its framework, served beside the polyfill by the test server (@webmcp-kit/test-config's
// browser.ts), and every engine `WEBMCP_ENGINES` selects, launched through engines.ts. A package's
// vitest globalSetup calls `startBindingSuite` and hands `origin` and `endpoints` to its test file,
// whose `describeBindingSuite` (binding-cases.ts) runs the shared cases there through the adapter
// the page hands `startBindingPage` (binding-page.ts).
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { BuildOptions } from 'esbuild'
import type { TestProject } from 'vitest/node'
import { startServer } from '@webmcp-kit/test-config/browser'
import { launchEngines } from './engines'
import type { EngineName, LaunchName } from './engines'

export interface BindingSuiteOptions {
  /** The test page's script: a path or a file URL (e.g. `new URL('page.ts', import.meta.url)`). */
  entry: string | URL
  /** Where the server serves the bundle, e.g. `/react-page.js`. */
  route: string
  /** esbuild options over the defaults (IIFE, browser, ES2022, `@webmcp-kit/source` condition). */
  esbuild?: BuildOptions
  /** Default: `selectEngines()` (`WEBMCP_ENGINES`, or every engine installed here). */
  engines?: EngineName[]
}

export interface BindingSuite {
  /** The test server's origin; its pages load the polyfill unless the URL has `?nopolyfill`. */
  origin: string
  /** Per launched engine, where `connect` (engines.ts) finds it. */
  endpoints: Partial<Record<LaunchName, string>>
  /** Per launched engine, e.g. `Firefox 153.8.0`. */
  versions: Partial<Record<LaunchName, string>>
  /** Closes the browsers, then the server. */
  close(): Promise<void>
}

/** What a binding's browser suite gives its test files (see `bindingSuiteSetup`). */
declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    engineEndpoints: Partial<Record<LaunchName, string>>
  }
}

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
export async function startBindingSuite({
  entry,
  route,
  esbuild = {},
  engines,
}: BindingSuiteOptions): Promise<BindingSuite> {
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
  const script = result.outputFiles?.[0]?.text ?? ''
  const server = await startServer({
    routes: {
      [route]: (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/javascript' })
        response.end(script)
      },
    },
  })
  let browsers: Awaited<ReturnType<typeof launchEngines>>
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
export function bindingSuiteSetup(
  options: BindingSuiteOptions,
): (project: TestProject) => Promise<() => Promise<void>> {
  return async (project) => {
    const suite = await startBindingSuite(options)
    project.provide('origin', suite.origin)
    project.provide('engineEndpoints', suite.endpoints)
    return suite.close
  }
}
