// How Chromium is launched: Debian's chromium through playwright-core, with this machine's flags
// (browser.ts), with or without native WebMCP.
import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'
import { chromiumOptions } from './browser'

/** Debian's Chromium through playwright-core, with this machine's flags (`native`: WebMCP on). */
export const launchPlaywright = (native: boolean): Promise<Browser> =>
  chromium.launch(chromiumOptions(native))
