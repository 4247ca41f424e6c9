import { bindingSuiteSetup } from '@webmcp-kit/test-infra/binding-suite'

/**
 * Bundles the test page from source (React included, development build so StrictMode replays
 * effects), serves it beside the polyfill, and launches every engine `WEBMCP_ENGINES` selects
 * (`chromium` is a pair: WebMCP flag on and off). Test files connect to them.
 */
export default bindingSuiteSetup({
  entry: new URL('page.tsx', import.meta.url),
  route: '/react-page.js',
  esbuild: { jsx: 'automatic', define: { 'process.env.NODE_ENV': '"development"' } },
})
