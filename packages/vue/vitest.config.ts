import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

export default defineConfig({
  resolve: { conditions: ['@webmcp-kit/source'] },
  // The node-environment (server rendering) tests resolve through the SSR conditions.
  ssr: { resolve: { conditions: ['@webmcp-kit/source'] } },
  test: {
    name: packageJson.name,
    include: ['tests/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['tests/test-setup.ts'],
    restoreMocks: true,
    env: { EXPECTED_VUE_VERSION: '3.5.' },
    typecheck: { enabled: true, include: ['tests/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
