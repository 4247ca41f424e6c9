// The attack suite (attack-suite.ts) against the extension in headless Chromium without WebMCP,
// where every page is a polyfill page reached through the relay; a native page's forged tools are
// in chromium.test.ts. The tool churn runs on both: with WebMCP (native pages) and without.
import { attackSuite, churnSuite } from './attack-suite'
import type { Engine } from './attack-suite'
import { hooks, launchChromium, openShared } from './launch'

const chromium = (native: boolean) => async (): Promise<Engine> => {
  const launched = await launchChromium(native)
  return {
    origin: `chrome-extension://${launched.extension.id}`,
    openShared: async (url) => (await openShared(launched, url)).page,
    async openUnshared(url) {
      const page = await launched.browser.newPage()
      await page.goto(url)
      return page
    },
    pairWithSecret: (secret, port) => hooks.pairWithSecret(launched.worker, secret, port),
    state: () => hooks.state(launched.worker),
    close: () => launched.browser.close(),
  }
}

attackSuite('Chromium without WebMCP (the polyfill)', chromium(false))
churnSuite('Chromium without WebMCP (the polyfill)', chromium(false), false)
churnSuite('Chromium with WebMCP (native)', chromium(true), true)
