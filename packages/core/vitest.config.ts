import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { conditions: ['@webmcp-kit/source'] },
  test: {
    name: '@webmcp-kit/core',
    include: ['tests/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    typecheck: { enabled: true, include: ['tests/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
