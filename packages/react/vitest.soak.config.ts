import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

// The soak suite (issue 17): the hooks mounted, toggled and subscribed thousands of times in real
// Chromium, native WebMCP and the polyfill (WEBMCP_SOAK=full: 10,000 cycles; otherwise 500).
export default defineConfig({
  test: {
    name: `${packageJson.name}:soak`,
    include: ['tests/soak/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/soak/global-setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 60_000,
  },
})
