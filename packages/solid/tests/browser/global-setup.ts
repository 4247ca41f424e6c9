import { bindingSuiteSetup } from '@webmcp-kit/test-infra/binding-suite'

/**
 * The test page's script (page.ts with this package's and core's sources, and Solid's browser
 * development build; it puts the binding suite's `kit` on the window), served beside the polyfill,
 * and every engine `WEBMCP_ENGINES` selects (`chromium` is a pair: WebMCP flag on and off). The
 * test file connects to them.
 */
export default bindingSuiteSetup({
  entry: new URL('page.ts', import.meta.url),
  route: '/solid-page.js',
  esbuild: {
    // Solid's development build, so that its warnings (a computation outside a root, a cleanup
    // that never runs) reach the console, where the page records them.
    conditions: ['@webmcp-kit/source', 'development'],
  },
})
