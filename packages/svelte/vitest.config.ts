import { svelte } from '@sveltejs/vite-plugin-svelte'
import { unitConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// Svelte's client build (`browser`), in development (`development`: its dev-time checks) for the
// jsdom tests; its server build for the node-environment (server rendering) tests.
export default unitConfig(
  packageJson.name,
  { environment: 'jsdom', setupFiles: ['tests/test-setup.ts'] },
  {
    plugins: [svelte({ configFile: false })],
    resolve: { conditions: ['browser', 'development'] },
    ssr: { resolve: { conditions: ['development'] } },
  },
)
