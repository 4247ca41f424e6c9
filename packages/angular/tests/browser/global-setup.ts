import { fileURLToPath } from 'node:url'
import { bindingSuiteSetup } from '@webmcp-kit/test-infra/binding-suite'

/**
 * The test page's script (page.ts with this package's and core's sources, and Angular, compiled in
 * the page: JIT; it puts the binding suite's `kit` on the window), served beside the polyfill, and
 * every engine `WEBMCP_ENGINES` selects (`chromium` is a pair: WebMCP flag on and off). The test
 * file connects to them.
 */
export default bindingSuiteSetup({
  entry: new URL('page.ts', import.meta.url),
  route: '/angular-page.js',
  esbuild: {
    format: 'esm',
    tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
    minify: true,
  },
})
