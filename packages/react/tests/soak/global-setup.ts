import { soakSuiteSetup } from '@webmcp-kit/test-infra/soak-suite'

/**
 * The soak page bundled from source with React's development build (so that StrictMode replays
 * effects), and the native and the polyfill Chromium with a forced GC.
 */
export default soakSuiteSetup({
  entry: new URL('page.tsx', import.meta.url),
  route: '/react-soak.js',
  esbuild: { jsx: 'automatic', define: { 'process.env.NODE_ENV': '"development"' } },
})
