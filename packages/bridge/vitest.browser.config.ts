import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

// End to end in real Chromium, native WebMCP (flag on) and the polyfill (flag off): MCP clients
// against the bridge, over stdio (the command) and Streamable HTTP (the library).
export default defineConfig({
  resolve: { conditions: ['@webmcp-kit/source'] },
  ssr: { resolve: { conditions: ['@webmcp-kit/source'] } },
  test: {
    name: `${packageJson.name}:chromium`,
    include: ['tests/chromium/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/chromium/global-setup.ts'],
    // One file at a time: each starts a Chromium per mode, on two cores shared with other suites.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
