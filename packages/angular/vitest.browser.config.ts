import { browserConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The binding in real browsers: Chromium against native WebMCP (flag on) and the polyfill (flag
// off), Firefox ESR and WebKitGTK against the polyfill (WEBMCP_ENGINES selects). An Angular
// application bundled from source and compiled in the page (JIT), driven through
// @webmcp-kit/test-infra/engines (the shared binding suite).
export default browserConfig(packageJson.name)
