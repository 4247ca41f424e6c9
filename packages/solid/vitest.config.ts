import solid from 'vite-plugin-solid'
import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

export default defineConfig({
  // Solid's JSX compiler for the tests' components; in tests it resolves solid-js to its browser
  // development build, which runs effects (vitest.ssr.config.ts runs the server build).
  plugins: [solid()],
  resolve: { conditions: ['@webmcp-kit/source'] },
  test: {
    name: packageJson.name,
    include: ['tests/*.test.{ts,tsx}'],
    exclude: ['tests/ssr.test.ts'],
    environment: 'jsdom',
    setupFiles: ['tests/test-setup.ts'],
    restoreMocks: true,
    typecheck: { enabled: true, include: ['tests/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
