import { soakConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The frames soak suite (issue 17): iframes with tools added and removed a thousand times in real
// Chromium, native WebMCP and the polyfill (WEBMCP_SOAK=full: 1,000 frames; otherwise 50).
export default soakConfig(packageJson.name)
