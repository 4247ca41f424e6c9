import solid from 'vite-plugin-solid'
import { unitConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// Solid's JSX compiler for the tests' components; in tests it resolves solid-js to its browser
// development build, which runs effects (vitest.ssr.config.ts runs the server build).
export default unitConfig(
  packageJson.name,
  {
    tsx: true,
    typecheck: { enabled: true, include: ['tests/*.test-d.ts'], tsconfig: './tsconfig.json' },
    exclude: ['tests/ssr.test.ts'],
    environment: 'jsdom',
    setupFiles: ['tests/test-setup.ts'],
  },
  { plugins: [solid()] },
)
