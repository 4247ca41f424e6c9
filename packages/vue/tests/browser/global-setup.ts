import { bindingSuiteSetup } from '@webmcp-kit/test-infra/binding-suite'

/**
 * The test page's script (page.ts with this package's and core's sources, and Vue; it puts the
 * binding suite's `kit` on the window), served beside the polyfill, and every engine
 * `WEBMCP_ENGINES` selects (`chromium` is a pair: WebMCP flag on and off). The test file connects
 * to them.
 */
export default bindingSuiteSetup({
  entry: new URL('page.ts', import.meta.url),
  route: '/vue-page.js',
  esbuild: {
    // Vue's esm-bundler build expects the bundler to define these. Development, so that Vue's and
    // the composables' warnings reach the console, where the page records them.
    define: {
      'process.env.NODE_ENV': '"development"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  },
})
