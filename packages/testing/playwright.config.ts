// Playwright Test runs tests/playwright with this (tests/browsers/playwright-test.test.ts starts it): the fixture and
// matchers of @webmcp-kit/testing/playwright in Chromium, on the polyfill and on native WebMCP.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
// @ts-expect-error: plain ESM helper shared with the other browser suites (untyped)
import { chromiumOptions } from '../../scripts/browser.mjs'

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
