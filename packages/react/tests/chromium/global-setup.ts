import { startBindingSuite } from '../../../../scripts/binding-suite.mjs'
import type { TestProject } from 'vitest/node'
import type { LaunchName } from '../../../../scripts/engines.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    engineEndpoints: Partial<Record<LaunchName, string>>
  }
}

/**
 * Bundles the test page from source (React included, development build so StrictMode replays
 * effects), serves it beside the polyfill, and launches every engine `WEBMCP_ENGINES` selects
 * (`chromium` is a pair: WebMCP flag on and off). Test files connect to them.
 */
export default async function setup(project: TestProject) {
  const suite = await startBindingSuite({
    entry: new URL('page.tsx', import.meta.url),
    route: '/react-page.js',
    esbuild: { jsx: 'automatic', define: { 'process.env.NODE_ENV': '"development"' } },
  })
  project.provide('origin', suite.origin)
  project.provide('engineEndpoints', suite.endpoints)
  return suite.close
}
