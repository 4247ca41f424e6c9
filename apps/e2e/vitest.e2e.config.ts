import { projectConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

// The workspace's packages from their sources (as in the packages' own suites): a fresh clone's
// `npm test` has built nothing.
export default projectConfig(packageJson.name, {
  include: ['tests/*.test.ts'],
  globalSetup: ['tests/global-setup.ts'],
  environment: 'node',
  // One app at a time: two cores, and each file drives both browsers.
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // The whole suite shares two cores with the other browser suites: give the UI time to settle.
  expect: { poll: { timeout: 10_000 } },
})
