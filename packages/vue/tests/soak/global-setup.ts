import { soakSuiteSetup } from '@webmcp-kit/test-infra/soak-suite'

/**
 * The soak page bundled from source with Vue's production build (the development build keeps
 * devtools events in a buffer for its first 3 s, which the heap figures would show), and the
 * native and the polyfill Chromium with a forced GC.
 */
export default soakSuiteSetup({
  entry: new URL('page.ts', import.meta.url),
  route: '/vue-soak.js',
  esbuild: {
    // Vue's esm-bundler build expects the bundler to define these.
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  },
})
