// How Firefox is launched: Debian's firefox-esr through puppeteer-core (WebDriver BiDi, headless),
// with no network at start.
import type { Browser } from 'puppeteer-core'

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/** Firefox preferences: nothing reaches for the network at start (there is none here). */
const FIREFOX_PREFS = {
  'app.normandy.enabled': false,
  'app.update.auto': false,
  'browser.region.network.url': '',
  'datareporting.policy.dataSubmissionEnabled': false,
  'messaging-system.rsexperimentloader.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'services.settings.server': 'data:,',
  // As Chromium's --host-resolver-rules (browser.ts): an origin that is not potentially trustworthy.
  'network.dns.localDomains': 'insecure.test',
}

/** Debian's Firefox ESR through puppeteer-core (WebDriver BiDi, headless), with no network at start. */
export async function launchPuppeteer(): Promise<Browser> {
  const { default: puppeteer } = await import('puppeteer-core')
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: FIREFOX_PREFS,
  })
}
