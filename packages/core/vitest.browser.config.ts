import { browserConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The differential conformance suite: the same cases against native Chromium (WebMCP flag on) and
// against the polyfill (flag off), and the polyfill in Firefox ESR and WebKitGTK (WEBMCP_ENGINES
// selects). Node drives the browsers through @webmcp-kit/test-infra/engines.
export default browserConfig(packageJson.name, {
  include: ['tests/conformance/*.test.ts'],
  globalSetup: ['tests/conformance/global-setup.ts'],
})
