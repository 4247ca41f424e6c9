import { browserConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The binding in real browsers: Chromium against native WebMCP (flag on) and the polyfill (flag
// off), Firefox ESR and WebKitGTK against the polyfill (WEBMCP_ENGINES selects). A test page
// bundled from source with Solid, driven through @webmcp-kit/test-infra/engines.
export default browserConfig(packageJson.name)
