import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

// The package on Solid's server build (solid-js's `node` export, as SolidStart's server gets it):
// components run once, effects never. No JSX compiler: the test renders with plain functions.
export default defineConfig({
  ssr: { resolve: { conditions: ['@webmcp-kit/source'] } },
  test: {
    name: `${packageJson.name}:ssr`,
    include: ['tests/ssr.test.ts'],
    environment: 'node',
  },
})
