// Playwright Test runs tests/playwright with this (tests/browser/playwright-test.test.ts starts it): the fixture and
// matchers of @webmcp-kit/testing/playwright in Chromium, on the polyfill and on native WebMCP.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumOptions } from '@webmcp-kit/test-config/browser'

export default defineConfig({
  testDir: 'tests/playwright',
  testMatch: '*.spec.ts',
  globalSetup: './tests/playwright/global-setup.ts',
  outputDir: join(tmpdir(), 'webmcp-kit-testing-results'),
  workers: 1,
  timeout: 60_000,
  projects: [
    { name: 'polyfill', use: { launchOptions: chromiumOptions(false) } },
    { name: 'native', use: { launchOptions: chromiumOptions(true) } },
  ],
})
