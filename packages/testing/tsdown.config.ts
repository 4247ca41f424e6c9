import { libraryConfig } from '@webmcp-kit/test-config/tsdown'

// The driver-neutral API, and the Playwright Test fixture and matchers (`./playwright`), which
// alone import @playwright/test.
export default libraryConfig({ entry: ['src/index.ts', 'src/playwright.ts'], platform: 'node' })
