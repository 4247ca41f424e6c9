import { defineConfig } from 'tsdown'

export default defineConfig({
  // The driver-neutral API, and the Playwright Test fixture and matchers (`./playwright`), which
  // alone import @playwright/test.
  entry: ['src/index.ts', 'src/playwright.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20',
  dts: { tsconfig: 'tsconfig.build.json' },
  sourcemap: true,
  fixedExtension: false,
})
