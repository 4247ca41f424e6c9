import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

// The composables in real Chromium, against native WebMCP (flag on) and the polyfill (flag off): a
// test page bundled from source with Vue, driven by playwright-core.
export default defineConfig({
  test: {
    name: `${packageJson.name}:chromium`,
    include: ['tests/chromium/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/chromium/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
