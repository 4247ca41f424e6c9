import { defineConfig } from 'vitest/config'

// The differential conformance suite: the same cases against native Chromium (WebMCP flag on) and
// against the polyfill (flag off). Node drives both browsers through playwright-core.
export default defineConfig({
  test: {
    name: '@webmcp-kit/core:chromium',
    include: ['tests/conformance/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/conformance/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
