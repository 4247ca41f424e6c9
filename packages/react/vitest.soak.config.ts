import { soakConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The soak suite (issue 17): the binding mounted, toggled and subscribed thousands of times in real
// Chromium, native WebMCP and the polyfill (WEBMCP_SOAK=full: 10,000 cycles; otherwise 500).
export default soakConfig(packageJson.name)
