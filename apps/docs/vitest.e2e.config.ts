import { projectConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The built site (`pnpm docs:build`'s dist, or a build of its own when there is none), crawled in
// Chromium with native WebMCP and without it (the polyfill).
export default projectConfig(packageJson.name, {
  include: ['tests/*.test.ts'],
  globalSetup: ['tests/global-setup.ts'],
  environment: 'node',
  fileParallelism: false,
  testTimeout: 120_000,
  // A site with no dist builds it first: minutes on a loaded machine.
  hookTimeout: 600_000,
  expect: { poll: { timeout: 10_000 } },
})
