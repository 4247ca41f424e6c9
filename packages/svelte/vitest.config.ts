import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

export default defineConfig({
  plugins: [svelte({ configFile: false })],
  // Svelte's client build (`browser`), in development (`development`: its dev-time checks) for the
  // jsdom tests; its server build for the node-environment (server rendering) tests.
  resolve: { conditions: ['@webmcp-kit/source', 'browser', 'development'] },
  ssr: { resolve: { conditions: ['@webmcp-kit/source', 'development'] } },
  test: {
    name: packageJson.name,
    include: ['tests/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['tests/test-setup.ts'],
    restoreMocks: true,
    typecheck: { enabled: true, include: ['tests/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
