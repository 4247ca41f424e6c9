import angular from '@analogjs/vite-plugin-angular'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

export default defineConfig({
  plugins: [
    angular({
      tsconfig: fileURLToPath(new URL('tsconfig.spec.json', import.meta.url)),
      workspaceRoot: fileURLToPath(new URL('.', import.meta.url)),
    }),
  ],
  resolve: { conditions: ['@webmcp-kit/source'] },
  // The node-environment test (ssr.test.ts) resolves through Vite's SSR settings.
  ssr: { resolve: { conditions: ['@webmcp-kit/source'] } },
  test: {
    name: packageJson.name,
    include: ['tests/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['tests/test-setup.ts'],
    restoreMocks: true,
    typecheck: { enabled: true, include: ['tests/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
