// Types of binding-suite.mjs, for the bindings' browser suites.
import type { BuildOptions } from 'esbuild'
import type { TestProject } from 'vitest/node'
import type { EngineName, LaunchName } from './engines.mjs'

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
  /** Per launched engine, where `connect` (engines.mjs) finds it. */
  endpoints: Partial<Record<LaunchName, string>>
  /** Per launched engine, e.g. `Firefox 153.8.0`. */
  versions: Partial<Record<LaunchName, string>>
  /** Closes the browsers, then the server. */
  close(): Promise<void>
}

export function startBindingSuite(options: BindingSuiteOptions): Promise<BindingSuite>

/** What a binding's browser suite gives its test files (see `bindingSuiteSetup`). */
declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    engineEndpoints: Partial<Record<LaunchName, string>>
  }
}

export function bindingSuiteSetup(
  options: BindingSuiteOptions,
): (project: TestProject) => Promise<() => Promise<void>>
