import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

// The binding in real browsers: Chromium against native WebMCP (flag on) and the polyfill (flag
// off), Firefox ESR and WebKitGTK against the polyfill (WEBMCP_ENGINES selects). An Angular
// application bundled from source and compiled in the page (JIT), driven through
// scripts/engines.mjs.
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
