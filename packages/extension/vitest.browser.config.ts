import { browserConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The extension in real browsers: both builds made from source by the global setup, loaded into
// headless Chromium (with native WebMCP and without it) and Firefox ESR, against a protocol peer
// that plays the bridge.
export default browserConfig(packageJson.name, { exclusive: true })
