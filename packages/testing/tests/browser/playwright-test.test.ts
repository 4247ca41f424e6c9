// The Playwright Test fixture and matchers, run by Playwright Test itself (tests/playwright, with
// playwright.config.ts) in
// Chromium, polyfill and native: every spec passes in both.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { selectEngines } from '@webmcp-kit/test-config/select'

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli')
const config = fileURLToPath(new URL('../../playwright.config.ts', import.meta.url))

interface Report {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  errors: unknown[]
}

if (selectEngines().includes('chromium')) {
  describe('@webmcp-kit/testing/playwright under Playwright Test', () => {
    it('passes every spec on the polyfill and on native WebMCP', () => {
      const run = spawnSync(process.execPath, [cli, 'test', '-c', config, '--reporter=json'], {
        encoding: 'utf8',
        env: { ...process.env, CI: '1', FORCE_COLOR: '0' },
        timeout: 240_000,
      })
      let report: Report
      try {
        report = JSON.parse(run.stdout) as Report
      } catch {
        throw new Error(`Playwright Test gave no report:\n${run.stdout}\n${run.stderr}`)
      }
      expect({ ...report.stats, errors: report.errors }).toMatchObject({
        expected: 6,
        unexpected: 0,
        flaky: 0,
        skipped: 0,
        errors: [],
      })
      expect(run.status).toBe(0)
    }, 240_000)
  })
}
