import { unitConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The package on Solid's server build (solid-js's `node` export, as SolidStart's server gets it):
// components run once, effects never. No JSX compiler: the test renders with plain functions.
export default unitConfig(`${packageJson.name}:ssr`, {
  include: ['tests/ssr.test.ts'],
  restoreMocks: false,
  typecheck: false,
})
