import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

// The same suite through Playwright + Chromium (native WebMCP and the polyfill), Puppeteer +
// Firefox ESR (WebDriver BiDi) and WebdriverIO + WebKitGTK: WEBMCP_ENGINES selects the engines.
export default defineConfig({
  resolve: { conditions: ['@webmcp-kit/source'] },
  ssr: { resolve: { conditions: ['@webmcp-kit/source'] } },
  test: {
    name: `${packageJson.name}:browsers`,
    include: ['tests/browsers/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/browsers/global-setup.ts'],
    // One file at a time: each launches its browsers, on two cores shared with other suites.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
