#!/usr/bin/env node
// The consumer check (`pnpm consumer-check`): the public packages as a user gets them. Builds and
// packs @webmcp-kit/core, react, vue, angular, solid and svelte; creates fresh apps in a temp
// folder from the templates in ./apps (Vite + React 19, Next.js 16 App Router with SSR, Vite + Vue
// 3.5 server-rendered with renderToString, Angular CLI 21, SvelteKit 2 (SSR, adapter-node), Vite +
// Solid 1.9 server-rendered and hydrated, and a plain page with each classic script); installs each
// with npm from the registry and the tarballs (never our names from the registry: the tarballs
// override them); builds each with its own toolchain; serves it; and in Chromium, native WebMCP and
// the polyfill, waits for the tool the app registers on mount, lists it with getTools, runs it with
// executeTool and checks the page shows the result. Ends with a summary; exits 1 on any failure.
//
// KEEP=1 keeps the temp folder (printed either way); CONSUMER_APPS=next,angular-cli runs a subset.
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { chromiumOptions } from '@webmcp-kit/test-config/browser'

const root = fileURLToPath(new URL('..', import.meta.url))
const templates = fileURLToPath(new URL('apps', import.meta.url))
const PACKAGES = ['core', 'react', 'vue', 'angular', 'solid', 'svelte']
const started = Date.now()
/** @param {number} since */
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

/**
 * Runs a command to completion; its output is kept and shown only if it fails.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string> }} [options]
 * @returns {Promise<string>} its output
 */
function run(command, args, { cwd, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${output}`)),
    )
  })
}

/** @returns {Promise<number>} a port nothing listens on */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

/**
 * Resolves once `url` answers 200; `child` exiting first is a failure.
 *
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {() => string} output
 */
async function ready(url, child, output) {
  /** @type {number | null} */
  let exited = null
  child.once('exit', (code) => (exited = code))
  for (;;) {
    if (exited !== null)
      throw new Error(`the server exited ${exited} before ${url} answered:\n${output()}`)
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) return
    // Polls a server that is starting: there is no event to wait for across processes.
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Starts `command` (a server listening on `port`) and resolves with a stop function when it serves.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, port: number, env?: Record<string, string> }} options
 */
async function startProcess(command, args, { cwd, port, env }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  await ready(`http://127.0.0.1:${port}/`, child, () => output)
  return () => {
    // The whole group: `next start` runs its server in a child of its own.
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM')
  }
}

/** @type {Record<string, string>} */
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/**
 * A static server for a built single-page app (index.html for every unknown path).
 *
 * @param {string} dir
 * @param {number} port
 */
async function startStatic(dir, port) {
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost')
    const file = join(dir, pathname === '/' ? 'index.html' : pathname)
    const body = await readFile(file).catch(() => readFile(join(dir, 'index.html')))
    const type = TYPES[extname(file)] ?? 'text/html'
    res.writeHead(200, { 'content-type': type })
    res.end(body)
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)))
  return () => server.close()
}

/**
 * @typedef {object} App
 * @property {string} name
 * @property {string} [template] the template's folder in ./apps, when not `name`
 * @property {string} [script] the classic script the page loads
 * @property {string[]} versions the packages whose installed versions the summary shows
 * @property {string} title
 * @property {string[]} packages ours it installs
 * @property {boolean} [ssr]
 * @property {[command: string, args: string[]] | null} build
 * @property {(dir: string, port: number) => Promise<() => void>} serve
 * @property {string[]} [installed] the installed versions, once installed
 */

/**
 * The apps: where the template is, how it is built and served. `ssr` apps render on the server:
 * their HTML (before any script runs) must already show the component.
 *
 * @type {App[]}
 */
const APPS = [
  {
    name: 'vite-react',
    versions: ['react', 'vite'],
    title: 'Vite + React 19',
    packages: ['core', 'react'],
    build: ['npm', ['run', 'build']],
    serve: (dir, port) => startStatic(join(dir, 'dist'), port),
  },
  {
    name: 'next',
    versions: ['next', 'react'],
    title: 'Next.js 16 App Router (SSR)',
    packages: ['core', 'react'],
    ssr: true,
    build: ['npm', ['run', 'build']],
    serve: (dir, port) =>
      startProcess(
        join(dir, 'node_modules/.bin/next'),
        ['start', '-H', '127.0.0.1', '-p', String(port)],
        {
          cwd: dir,
          port,
        },
      ),
  },
  {
    name: 'vite-vue-ssr',
    versions: ['vue', 'vite'],
    title: 'Vite + Vue 3.5 (renderToString SSR)',
    packages: ['core', 'vue'],
    ssr: true,
    build: ['npm', ['run', 'build']],
    serve: (dir, port) => startProcess('node', ['server.js'], { cwd: dir, port }),
  },
  {
    // Not SolidStart: SolidStart 2 needs Node 24 (we support 20.19), SolidStart 1 runs on vinxi and
    // Vite 6. Solid's own SSR (renderToString, hydrate) is what SolidStart renders with.
    name: 'vite-solid-ssr',
    versions: ['solid-js', 'vite'],
    title: 'Vite + Solid 1.9 (renderToString SSR)',
    packages: ['core', 'solid'],
    ssr: true,
    build: ['npm', ['run', 'build']],
    serve: (dir, port) => startProcess('node', ['server.js'], { cwd: dir, port }),
  },
  {
    // SvelteKit 2: SvelteKit 3 needs Node 22.17 (we support 20.19). The package's runes
    // (.svelte.js) are compiled by the app's own Svelte, on the server and in the browser.
    name: 'sveltekit',
    versions: ['@sveltejs/kit', 'svelte'],
    title: 'SvelteKit 2 (SSR, adapter-node)',
    packages: ['core', 'svelte'],
    ssr: true,
    build: ['npm', ['run', 'build']],
    serve: (dir, port) => startProcess('node', ['build'], { cwd: dir, port }),
  },
  {
    name: 'angular-cli',
    versions: ['@angular/core', '@angular/cli'],
    title: 'Angular CLI 21',
    packages: ['core', 'angular'],
    build: ['npm', ['run', 'build']],
    serve: (dir, port) => startStatic(join(dir, 'dist', 'browser'), port),
  },
  ...['webmcp.iife.js', 'webmcp-imperative.iife.js'].map((script) => ({
    name: script === 'webmcp.iife.js' ? 'classic-script' : 'classic-script-imperative',
    template: 'classic-script',
    // The page's <script src="/webmcp.iife.js">: this export of the package, resolved through its
    // exports map as a bundler would.
    script,
    versions: [],
    title: `Plain HTML + ${script}`,
    packages: ['core'],
    build: null,
    /** @type {App['serve']} */
    serve: (dir, port) => startStatic(dir, port),
  })),
]

const selected = process.env.CONSUMER_APPS?.split(',')
const apps = APPS.filter((app) => !selected || selected.includes(app.name))

/**
 * @param {string} out
 * @returns {Promise<Record<string, string>>} each package's tarball
 */
async function pack(out) {
  execFileSync(
    'pnpm',
    ['turbo', 'run', 'build', ...PACKAGES.map((name) => `--filter=@webmcp-kit/${name}`)],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  /** @type {Record<string, string>} */
  const tarballs = {}
  for (const name of PACKAGES) {
    const dir = join(root, 'packages', name)
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: dir, stdio: 'ignore' })
    const tarball = join(out, `webmcp-kit-${name}-${version}.tgz`)
    tarballs[name] = tarball
    if (!existsSync(tarball)) throw new Error(`pnpm pack wrote no ${tarball}`)
  }
  return tarballs
}

/**
 * Copies the template and points its @webmcp-kit dependencies (direct and nested) at the tarballs.
 *
 * @param {App} app
 * @param {string} work
 * @param {Record<string, string>} tarballs
 */
async function create(app, work, tarballs) {
  const dir = join(work, app.name)
  cpSync(join(templates, app.template ?? app.name), dir, { recursive: true })
  const manifestPath = join(dir, 'package.json')
  const manifest = existsSync(manifestPath)
    ? JSON.parse(await readFile(manifestPath, 'utf8'))
    : { name: `consumer-${app.name}`, private: true }
  const specs = Object.fromEntries(
    app.packages.map((name) => [`@webmcp-kit/${name}`, `file:${tarballs[name]}`]),
  )
  manifest.dependencies = { ...manifest.dependencies, ...specs }
  // Every package that depends on core gets this tarball, never a registry package of that name.
  manifest.overrides = { '@webmcp-kit/core': specs['@webmcp-kit/core'] }
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  return dir
}

/**
 * @param {App} app
 * @param {string} dir
 */
async function install(app, dir) {
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir })
  const lock = JSON.parse(await readFile(join(dir, 'package-lock.json'), 'utf8'))
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.endsWith('node_modules/@webmcp-kit/core') && !entry.resolved?.startsWith('file:')) {
      throw new Error(`${path} was installed from ${entry.resolved}, not the tarball`)
    }
  }
  app.installed = app.versions.map((name) => {
    const { version } = JSON.parse(
      readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8'),
    )
    return `${name} ${version}`
  })
  if (app.script) {
    const script = execFileSync(
      'node',
      ['-p', `require.resolve('@webmcp-kit/core/${app.script}')`],
      { cwd: dir, encoding: 'utf8' },
    ).trim()
    cpSync(script, join(dir, 'webmcp.iife.js'))
    // Its second file, beside it, as a page serves it (loaded only by a page with frames).
    if (app.script === 'webmcp.iife.js')
      cpSync(join(dirname(script), 'webmcp-frames.js'), join(dir, 'webmcp-frames.js'))
  }
}

/**
 * In the page: the tool the app registered on mount, listed, run, and its result shown.
 *
 * @param {import('playwright-core').Page} page
 */
async function useTool(page) {
  // A synchronous condition: playwright's waitForFunction takes a returned promise for a truthy
  // value, whatever it resolves to. 'registered' means registerTool resolved: getTools lists it.
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'registered')
  return page.evaluate(async () => {
    const { modelContext } =
      /** @type {Document & { modelContext: import('../packages/core/src/index').ModelContext }} */ (
        document
      )
    const tools = await modelContext.getTools()
    const tool = tools.find((candidate) => candidate.name === 'add_todo')
    const result = await modelContext.executeTool(
      /** @type {import('../packages/core/src/index').RegisteredTool} */ (tool),
      { text: 'milk' },
    )
    const todos = /** @type {HTMLElement} */ (document.getElementById('todos'))
    // The app renders after the tool's state update: wait for that render, not for time.
    if (todos.textContent !== 'milk') {
      await new Promise((resolve) =>
        new MutationObserver((_, observer) => {
          if (todos.textContent === 'milk') resolve(observer.disconnect())
        }).observe(todos, { childList: true, characterData: true, subtree: true }),
      )
    }
    return {
      tools: tools.map((candidate) => candidate.name),
      result,
      runtime: document.getElementById('runtime')?.textContent,
      todos: todos.textContent,
    }
  })
}

/**
 * @typedef {object} Row
 * @property {string} mode
 * @property {boolean} ok
 * @property {Awaited<ReturnType<typeof useTool>>} [outcome]
 * @property {string[]} problems
 */

/** @param {unknown} error */
const messageOf = (error) =>
  String(/** @type {{ message?: unknown } | undefined} */ (error)?.message ?? error)

/**
 * @param {App} app
 * @param {string} url
 * @param {Record<string, import('playwright-core').Browser>} browsers
 * @returns {Promise<Row[]>}
 */
async function check(app, url, browsers) {
  /** @type {Row[]} */
  const rows = []
  if (app.ssr) {
    const html = await (await fetch(url)).text()
    if (!html.includes('id="status"') || !html.includes('id="todos"'))
      throw new Error(`the server-rendered HTML has no component:\n${html.slice(0, 2000)}`)
  }
  for (const [mode, browser] of Object.entries(browsers)) {
    const context = await browser.newContext()
    const page = await context.newPage()
    /** @type {string[]} */
    const errors = []
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
    })
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} for ${response.url()}`)
    })
    try {
      await page.goto(url)
      const outcome = await useTool(page)
      const expected = { runtime: mode, todos: 'milk' }
      const problems = /** @type {string[]} */ (
        [
          outcome.runtime !== expected.runtime && `runs on ${outcome.runtime}, expected ${mode}`,
          !String(outcome.result).includes('Added milk') &&
            `executeTool answered ${JSON.stringify(outcome.result)}`,
          outcome.tools.filter((name) => name === 'add_todo').length !== 1 &&
            `getTools listed ${JSON.stringify(outcome.tools)}`,
          ...errors,
        ].filter(Boolean)
      )
      rows.push({ mode, ok: problems.length === 0, outcome, problems })
    } catch (error) {
      rows.push({ mode, ok: false, problems: [messageOf(error), ...errors] })
    } finally {
      await context.close()
    }
  }
  return rows
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'webmcp-consumer-'))
  console.log(`consumer check in ${work}`)
  /** @type {Array<{ app: App, build: string, rows: Row[], error?: string }>} */
  const results = []
  /** @type {Record<string, import('playwright-core').Browser> | undefined} */
  let browsers
  try {
    let since = Date.now()
    const tarballs = await pack(join(work, 'tarballs'))
    console.log(
      `built and packed ${PACKAGES.map((name) => `@webmcp-kit/${name}`).join(', ')} (${seconds(since)})`,
    )

    // Installs wait on the network, so they run together; builds use the CPU, so one at a time.
    since = Date.now()
    const dirs = await Promise.all(
      apps.map(async (app) => {
        const dir = await create(app, work, tarballs)
        await install(app, dir)
        return dir
      }),
    )
    console.log(`installed ${apps.length} apps with npm (${seconds(since)})`)

    browsers = {
      native: await chromium.launch(chromiumOptions(true)),
      polyfill: await chromium.launch(chromiumOptions(false)),
    }
    for (const [index, app] of apps.entries()) {
      const dir = /** @type {string} */ (dirs[index])
      /** @type {(typeof results)[number]} */
      const result = { app, build: '-', rows: [] }
      results.push(result)
      /** @type {(() => void) | undefined} */
      let stop
      try {
        since = Date.now()
        if (app.build)
          await run(...app.build, {
            cwd: dir,
            env: { NEXT_TELEMETRY_DISABLED: '1', NG_CLI_ANALYTICS: 'false' },
          })
        result.build = seconds(since)
        const port = await freePort()
        stop = await app.serve(dir, port)
        result.rows = await check(app, `http://127.0.0.1:${port}/`, browsers)
      } catch (error) {
        result.error = messageOf(error)
      } finally {
        stop?.()
      }
      const ok = !result.error && result.rows.every((row) => row.ok)
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${app.title}`)
    }
  } finally {
    await Promise.all(Object.values(browsers ?? {}).map((browser) => browser.close()))
  }

  console.log('\nConsumer check: packed tarballs installed into fresh apps, built, run in Chromium')
  console.log('app                                       build    native WebMCP   polyfill')
  let failures = 0
  for (const { app, build, rows, error } of results) {
    /** @param {string} mode */
    const cell = (mode) => {
      const row = rows.find((candidate) => candidate.mode === mode)
      return row ? (row.ok ? 'ok' : 'FAIL') : '-'
    }
    if (error || rows.some((row) => !row.ok)) failures++
    console.log(
      `${app.title.padEnd(42)}${build.padEnd(9)}${cell('native').padEnd(16)}${cell('polyfill')}`,
    )
  }
  console.log(
    `\ninstalled: ${results
      .map(({ app }) => app.installed?.join(', '))
      .filter(Boolean)
      .join('; ')}`,
  )
  for (const { app, rows, error } of results) {
    if (error) console.log(`\n${app.title}: ${error}`)
    for (const row of rows.filter((candidate) => !candidate.ok))
      console.log(`\n${app.title} [${row.mode}]:\n  ${row.problems.join('\n  ')}`)
  }
  const keep = process.env.KEEP || failures
  // Five apps' node_modules: counted in the total, as a CI run pays for it too.
  if (!keep) rmSync(work, { recursive: true, force: true })
  console.log(
    `\n${failures ? `${failures} of ${results.length} apps failed` : `all ${results.length} apps pass`}: ` +
      'registered on mount, listed by getTools, run by executeTool, the result rendered ' +
      `(total ${seconds(started)})`,
  )
  if (keep) console.log(`apps kept in ${work}`)
  if (failures) process.exit(1)
}

await main()
