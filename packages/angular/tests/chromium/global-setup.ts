import { fileURLToPath } from 'node:url'
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
 * The test page's script (page.ts with this package's and core's sources, and Angular, compiled in
 * the page: JIT), served beside the polyfill, and every engine `WEBMCP_ENGINES` selects (`chromium`
 * is a pair: WebMCP flag on and off). The test file connects to them.
 */
export default async function setup(project: TestProject) {
  const suite = await startBindingSuite({
    entry: new URL('page.ts', import.meta.url),
    route: '/angular-page.js',
    esbuild: {
      format: 'esm',
      tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
      minify: true,
    },
  })
  project.provide('origin', suite.origin)
  project.provide('engineEndpoints', suite.endpoints)
  return suite.close
}
