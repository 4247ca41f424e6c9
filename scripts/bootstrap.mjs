#!/usr/bin/env node
// The README's two commands, `npm run demo` and `npm test`, on a machine with only Node and npm:
// install pnpm if missing, install the workspace, install Chromium for the browser suites if
// missing (Debian/Ubuntu, as root), then run the real script with pnpm.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const task = process.argv[2]
const scripts = { demo: 'demo:serve', test: 'test:all' }
if (!scripts[task]) {
  console.error(`usage: node scripts/bootstrap.mjs ${Object.keys(scripts).join('|')}`)
  process.exit(2)
}

const works = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0
const run = (command, args) => {
  console.log(`\n> ${command} ${args.join(' ')}`)
  const { status } = spawnSync(command, args, { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}

let pnpm = ['pnpm']
if (!works('pnpm', ['--version'])) {
  console.log('pnpm not found: installing pnpm@10 with npm')
  pnpm = works('npm', ['i', '-g', 'pnpm@10']) ? ['pnpm'] : ['npx', '-y', 'pnpm@10']
}
const [command, ...prefix] = pnpm

run(command, [...prefix, 'install', '--frozen-lockfile'])

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (task === 'test' && !existsSync(chromium)) {
  const root = process.getuid?.() === 0
  if (!root || !works('apt-get', ['--version'])) {
    console.error(`Chromium is missing at ${chromium}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`)
    process.exit(1)
  }
  run('apt-get', ['update', '-qq'])
  run('apt-get', ['install', '-y', '-qq', 'chromium'])
}

run(command, [...prefix, 'run', scripts[task], ...process.argv.slice(3)])
