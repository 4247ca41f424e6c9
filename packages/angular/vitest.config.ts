import angular from '@analogjs/vite-plugin-angular'
import { fileURLToPath } from 'node:url'
import { unitConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// jsdom, and the node-environment test (ssr.test.ts) through Vite's SSR settings.
export default unitConfig(
  packageJson.name,
  { environment: 'jsdom', setupFiles: ['tests/test-setup.ts'] },
  {
    plugins: [
      angular({
        tsconfig: fileURLToPath(new URL('tsconfig.spec.json', import.meta.url)),
        workspaceRoot: fileURLToPath(new URL('.', import.meta.url)),
      }),
    ],
  },
)
