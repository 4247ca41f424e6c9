import { unitConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// jsdom, and the node-environment (server rendering) tests through the SSR conditions.
export default unitConfig(packageJson.name, {
  environment: 'jsdom',
  setupFiles: ['tests/test-setup.ts'],
  env: { EXPECTED_VUE_VERSION: '3.5.' },
})
