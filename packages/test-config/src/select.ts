// Which browser engines a run drives: the names `WEBMCP_ENGINES` may give, whether each is
// installed here, and the selection itself.
import { existsSync } from 'node:fs'
import { CHROMIUM } from './browser'
import { FIREFOX } from './launch-firefox'
import { WEBKIT_BROWSER, WEBKIT_DRIVER } from './launch-webkit'

/** What `WEBMCP_ENGINES` may name; `chromium` stands for the native/polyfill Chromium pair. */
export type EngineName = 'chromium' | 'firefox' | 'webkit'
/** What a launch takes: `chromium-native` has the WebMCP flag on. */
export type LaunchName = EngineName | 'chromium-native'

/** The engines `WEBMCP_ENGINES` may name. `chromium` stands for the native/polyfill Chromium pair. */
export const ENGINES: EngineName[] = ['chromium', 'firefox', 'webkit']

/** What each engine needs on disk, and how to get it (Debian packages). */
const REQUIREMENTS: Record<EngineName, { files: string[]; install: string }> = {
  chromium: { files: [CHROMIUM], install: 'apt-get install -y chromium' },
  firefox: { files: [FIREFOX], install: 'apt-get install -y firefox-esr' },
  webkit: {
    files: [WEBKIT_DRIVER, WEBKIT_BROWSER],
    install: 'apt-get install -y webkit2gtk-driver xvfb',
  },
}

const base = (engine: LaunchName): EngineName =>
  engine === 'chromium-native' ? 'chromium' : engine

/** The command that installs `engine` here, for an error message. */
export const installCommand = (engine: LaunchName): string => REQUIREMENTS[base(engine)].install

/** Whether `engine` (`chromium-native`, `chromium`, `firefox`, `webkit`) is installed here. */
export function available(engine: LaunchName): boolean {
  const needs = REQUIREMENTS[base(engine)] as (typeof REQUIREMENTS)[EngineName] | undefined
  if (!needs) throw new Error(`Unknown engine "${engine}" (have: ${ENGINES.join(', ')}).`)
  const xvfb = base(engine) !== 'webkit' || process.env.DISPLAY || existsSync('/usr/bin/Xvfb')
  return needs.files.every((file) => existsSync(file)) && !!xvfb
}

/**
 * The engines to run, from `WEBMCP_ENGINES` (comma-separated, e.g. `chromium,firefox,webkit`).
 * Unset: every engine installed here. Named but missing: an error that says how to install it.
 */
export function selectEngines(value = process.env.WEBMCP_ENGINES): EngineName[] {
  if (!value?.trim()) return ENGINES.filter((engine) => available(engine))
  const engines = value
    .split(',')
    .map((engine) => engine.trim())
    .filter(Boolean) as EngineName[]
  for (const engine of engines) {
    if (!ENGINES.includes(engine)) {
      throw new Error(`WEBMCP_ENGINES: unknown engine "${engine}" (have: ${ENGINES.join(', ')}).`)
    }
    if (!available(engine)) {
      throw new Error(
        `WEBMCP_ENGINES names ${engine}, which is not installed: run \`${installCommand(engine)}\`.`,
      )
    }
  }
  return engines
}
