import { browserConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The same suite through Playwright + Chromium (native WebMCP and the polyfill), Puppeteer +
// Firefox ESR (WebDriver BiDi) and WebdriverIO + WebKitGTK: WEBMCP_ENGINES selects the engines.
// One file at a time: each launches its browsers.
export default browserConfig(packageJson.name, { exclusive: true })
