import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/*/vitest.*.config.ts',
      'apps/*/vitest.e2e.config.ts',
      'vitest.scripts.config.ts',
    ],
    reporters: ['default', '@webmcp-kit/test-config/summary-reporter'],
  },
})
