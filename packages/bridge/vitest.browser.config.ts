import { browserConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// End to end in real Chromium, native WebMCP (flag on) and the polyfill (flag off): MCP clients
// against the bridge, over stdio (the command) and Streamable HTTP (the library). One file at a
// time: each starts a Chromium per mode.
export default browserConfig(packageJson.name, { exclusive: true })
