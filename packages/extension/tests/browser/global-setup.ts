import { fileURLToPath } from 'node:url'
import { build } from 'wxt'

/** Builds both targets from source once for the run (`.output/chrome-mv3`, `.output/firefox-mv3`). */
export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  await build({ root, browser: 'chrome', logger: quiet })
  await build({ root, browser: 'firefox', logger: quiet })
}

const noop = () => {}
const quiet = {
  debug: noop,
  log: noop,
  info: noop,
  warn: console.warn,
  error: console.error,
  fatal: console.error,
  success: noop,
  level: 0,
}
