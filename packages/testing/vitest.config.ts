import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

export default defineConfig({
  resolve: { conditions: ['@webmcp-kit/source'] },
  ssr: { resolve: { conditions: ['@webmcp-kit/source'] } },
  test: {
    name: packageJson.name,
    include: ['tests/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    typecheck: { enabled: true, include: ['tests/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
