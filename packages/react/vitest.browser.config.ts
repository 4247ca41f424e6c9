import { browserConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The hooks in real browsers: Chromium against native WebMCP (flag on) and the polyfill (flag off),
// Firefox ESR and WebKitGTK against the polyfill (WEBMCP_ENGINES selects). A test page bundled from
// source with React, driven through @webmcp-kit/test-infra/engines (the shared binding suite).
export default browserConfig(packageJson.name)
