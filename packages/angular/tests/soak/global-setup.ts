import { fileURLToPath } from 'node:url'
import { soakSuiteSetup } from '@webmcp-kit/test-infra/soak-suite'

/**
 * The soak page bundled from source with Angular (compiled in the page: JIT), and the native and
 * the polyfill Chromium with a forced GC.
 */
export default soakSuiteSetup({
  entry: new URL('page.ts', import.meta.url),
  route: '/angular-soak.js',
  esbuild: {
    format: 'esm',
    tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
    minify: true,
  },
})
