import { soakSuiteSetup } from '@webmcp-kit/test-infra/soak-suite'

/** The frames soak page bundled from source, and the native and the polyfill Chromium with a forced GC. */
export default soakSuiteSetup({
  entry: new URL('page.ts', import.meta.url),
  route: '/frames-soak.js',
})
