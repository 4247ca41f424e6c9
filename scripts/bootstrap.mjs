#!/usr/bin/env node
// The README's two commands, `npm run demo` and `npm test`, on a machine with only Node and npm:
// install pnpm if missing, install the workspace, install the browsers of the browser suites if
// missing (Chromium, Firefox ESR, WebKitGTK; Debian/Ubuntu, as root), then run the real script with pnpm.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { demoBasePort, demoPorts, portsMessage, takenPorts } from './demo-server.mjs'

const task = process.argv[2] ?? ''
/** @type {Record<string, string>} */
const scripts = { demo: 'demo:serve', test: 'test:all' }
const script = scripts[task]
if (!script) {
  console.error(`usage: node scripts/bootstrap.mjs ${Object.keys(scripts).join('|')}`)
  process.exit(2)
}

// The demo's ports first, so a taken one is reported before minutes of installing and building.
if (task === 'demo') {
  try {
    const base = demoBasePort(process.argv.slice(3), process.env)
    const taken = await takenPorts(demoPorts(base))
    if (taken.length) throw new Error(portsMessage(taken, base))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}

/** @type {(command: string, args: string[]) => boolean} */
const works = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0
/** @type {(command: string, args: string[]) => void} */
const run = (command, args) => {
  console.log(`\n> ${command} ${args.join(' ')}`)
  const { status } = spawnSync(command, args, { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}

/** @type {[string, ...string[]]} */
let pnpm = ['pnpm']
if (!works('pnpm', ['--version'])) {
  console.log('pnpm not found: installing pnpm@10 with npm')
  pnpm = works('npm', ['i', '-g', 'pnpm@10']) ? ['pnpm'] : ['npx', '-y', 'pnpm@10']
}
const [command, ...prefix] = pnpm

run(command, [...prefix, 'install', '--frozen-lockfile'])

// The browsers of the browser suites, as Debian packages: Chromium is required; Firefox ESR and
// WebKitGTK (with Xvfb) are installed too when we can (as root), and otherwise left out of the run.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const browsers = [
  { name: 'Chromium', path: chromium, packages: ['chromium'], required: true },
  { name: 'Firefox ESR', path: '/usr/bin/firefox-esr', packages: ['firefox-esr'] },
  { name: 'WebKitGTK', path: '/usr/bin/WebKitWebDriver', packages: ['webkit2gtk-driver'] },
  { name: 'Xvfb (for WebKitGTK)', path: '/usr/bin/Xvfb', packages: ['xvfb'] },
]
const missing = task === 'test' ? browsers.filter((browser) => !existsSync(browser.path)) : []
if (missing.length) {
  const root = process.getuid?.() === 0
  if (root && works('apt-get', ['--version'])) {
    run('apt-get', ['update', '-qq'])
    run('apt-get', ['install', '-y', '-qq', ...missing.flatMap((browser) => browser.packages)])
  } else if (missing.some((browser) => browser.required)) {
    console.error(
      `Chromium is missing at ${chromium}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    )
    process.exit(1)
  } else {
    const names = missing.map((browser) => browser.name).join(', ')
    const packages = missing.flatMap((browser) => browser.packages).join(' ')
    console.log(
      `${names} missing: their browser tests are left out (apt-get install -y ${packages}).`,
    )
  }
}

run(command, [...prefix, 'run', script, ...process.argv.slice(3)])
