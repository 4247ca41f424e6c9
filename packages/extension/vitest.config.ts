import { unitConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The extension's pure logic in Node: the shared protocol as the extension uses it, the handshake
// against an independent bridge side, the tools' bounds and the relay's checks, sharing rules, the
// hub's publishing and calls. What needs a browser is in tests/browser.
export default unitConfig(packageJson.name, { typecheck: false })
