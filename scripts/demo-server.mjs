// Builds the demo apps with Vite and serves them: each app's server also serves the widget page
// and the polyfill, and listens on every loopback address, so http://localhost:PORT (the app) and
// http://127.0.0.1:PORT (the widget) are two secure origins. Used by `npm run demo` and the e2e
// tests. It imports only Node's modules up front, so `scripts/bootstrap.mjs` can check the demo's
// ports before anything is installed.
import { spawn, spawnSync } from 'node:child_process'
/** @import { Server } from 'node:http' */
/** @import { AddressInfo } from 'node:net' */
/** @typedef {{ name: string, title: string, dir: string, port: number }} App */
import {
  createReadStream,
  existsSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  statSync,
} from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const APPS = [
  { name: 'react', title: 'React', dir: 'apps/react-demo', port: 5171 },
  { name: 'vue', title: 'Vue', dir: 'apps/vue-demo', port: 5172 },
  { name: 'angular', title: 'Angular', dir: 'apps/angular-demo', port: 5173 },
  { name: 'svelte', title: 'Svelte', dir: 'apps/svelte-demo', port: 5174 },
  { name: 'solid', title: 'Solid', dir: 'apps/solid-demo', port: 5175 },
].filter((app) => existsSync(join(ROOT, app.dir, 'package.json')))

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

/**
 * Builds one app (`vite build`) into `outDir` (default: the app's `dist`), in a child process with
 * none of Vitest's environment (Analog's Angular plugin compiles for tests when it sees VITEST).
 *
 * @param {App} app
 * @returns {Promise<string>}
 */
export async function buildApp(app, outDir = join(ROOT, app.dir, 'dist')) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'),
  )
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js')
  const args = [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir']
  const child = spawn(process.execPath, args, { cwd: join(ROOT, app.dir), env, stdio: 'inherit' })
  const code = await new Promise((resolve) => child.on('close', resolve))
  if (code !== 0) throw new Error(`vite build of ${app.dir} failed (exit code ${code})`)
  return outDir
}

/** @type {(server: Server, port: number) => Promise<number>} */
const listen = (server, port) =>
  new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '::', () => resolve(/** @type {AddressInfo} */ (server.address()).port))
  })

/** @typedef {{ port: number, close(): Promise<void> }} Served */

/**
 * Serves `dir` (a built app) plus `/widget.html` and `/webmcp.iife.js`; resolves to the port.
 *
 * @param {{ dir: string, port?: number, polyfill?: string }} options
 * @returns {Promise<Served>}
 */
export async function serveApp({ dir, port = 0, polyfill }) {
  const script =
    polyfill ?? (await (await import('@webmcp-kit/test-config/browser')).buildPolyfill())
  /** @type {Record<string, string>} */
  const files = { '/widget.html': join(ROOT, 'apps/demo-shared/widget.html') }
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    if (pathname === '/webmcp.iife.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      response.end(script)
      return
    }
    let file = files[pathname] ?? join(dir, normalize(decodeURIComponent(pathname)))
    if (!file.startsWith(ROOT) && !file.startsWith(dir)) {
      response.writeHead(403).end()
      return
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html')
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    })
    createReadStream(file).pipe(response)
  })
  const actual = await listen(server, port)
  return { port: actual, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/**
 * Serves the landing page linking the apps.
 *
 * @param {{ port: number, apps: App[] }} options
 * @returns {Promise<Served>}
 */
export async function serveLanding({ port, apps }) {
  const links = apps
    .map(
      (app) =>
        `<li><a href="http://localhost:${app.port}/">${app.title}</a> <code>http://localhost:${app.port}/</code></li>`,
    )
    .join('')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>webmcp-kit demo</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:680px;margin:40px auto;padding:0 16px;color:#1d2330}code{color:#5b6475;font-size:13px}li{margin:6px 0}</style>
</head><body><h1>webmcp-kit demo</h1>
<p>The same task board in ${apps.length} frameworks, each with the in-page agent panel: you play the agent. Tools come and go
with the UI (open Settings for <code>set_theme</code>), long runs can be cancelled, a form is a tool, and a widget from a
second origin exposes <code>find_teammate</code> to the app.</p>
<ul>${links}</ul>
<p id="engine"></p>
<script>document.getElementById('engine').textContent = 'modelContext' in document
  ? 'This browser has native WebMCP: the apps run on it.'
  : 'No native WebMCP here: the apps install the webmcp-kit polyfill. (Chromium: --enable-experimental-web-platform-features for native.)'</script>
</body></html>`
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  const actual = await listen(server, port)
  return { port: actual, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

export const DEFAULT_BASE_PORT = 5170

/**
 * The demo's base port: `--port <n>` (`npm run demo -- --port 6170`), else `PORT`, else 5170. The
 * landing page listens on it and the apps on the ports after it.
 *
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env
 * @returns {number}
 */
export function demoBasePort(args, env) {
  /** @type {{ port?: string }} */
  let values
  try {
    ;({ values } = parseArgs({ args, options: { port: { type: 'string' } } }))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`The demo takes one option, --port <base port> (${reason}).`)
  }
  const text = values.port ?? env.PORT ?? String(DEFAULT_BASE_PORT)
  const base = Number(text)
  if (!Number.isInteger(base) || base < 1 || base + APPS.length > 65535) {
    throw new Error(
      `The demo's base port must be a whole number from 1 to ${65535 - APPS.length}, not "${text}".`,
    )
  }
  return base
}

/** The demo's ports for a base port: the landing page's, then one per app. */
export const demoPorts = (/** @type {number} */ base) => [
  base,
  ...APPS.map((_app, i) => base + 1 + i),
]

/**
 * The ports of `ports` that cannot be listened on as the demo listens (every address, `::`), each
 * with the program listening there when the system says so cheaply (Linux: `/proc`; elsewhere
 * `lsof`, where installed).
 *
 * @param {number[]} ports
 * @returns {Promise<{ port: number, code: string, owner?: string }[]>}
 */
export async function takenPorts(ports) {
  const taken = []
  for (const port of ports) {
    const server = createServer()
    /** @type {string | undefined} */
    const code = await new Promise((resolve, reject) => {
      server.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? resolve(error.code)
          : reject(error),
      )
      server.listen(port, '::', () => server.close(() => resolve(undefined)))
    })
    if (code) taken.push({ port, code, owner: code === 'EADDRINUSE' ? ownerOf(port) : undefined })
  }
  return taken
}

/**
 * What to tell the person whose demo cannot listen on these ports.
 *
 * @param {{ port: number, code: string, owner?: string }[]} taken
 * @param {number} base
 */
export function portsMessage(taken, base) {
  const ports = demoPorts(base)
  const other = base + 1000 + ports.length <= 65535 ? base + 1000 : 6170
  return [
    `The demo cannot start: ${taken.length === 1 ? 'a port it needs is' : 'ports it needs are'} not free.`,
    ...taken.map(({ port, code, owner }) =>
      code === 'EACCES'
        ? `  port ${port}: this user may not listen on it`
        : `  port ${port} is taken${owner ? ` by ${owner}` : ''}`,
    ),
    `It listens on ports ${ports[0]}–${ports.at(-1)}: the landing page on the base port, the apps on the ${ports.length - 1} after it.`,
    `Choose another base port: npm run demo -- --port ${other} (or PORT=${other} npm run demo).`,
  ].join('\n')
}

/** The process listening on TCP `port`, as "pid N (command)", if the system tells cheaply. */
function ownerOf(/** @type {number} */ port) {
  if (process.platform !== 'linux') {
    const lsof = spawnSync('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fpc'], {
      encoding: 'utf8',
      timeout: 2000,
    })
    const pid = /^p(\d+)$/m.exec(lsof.stdout ?? '')?.[1]
    return pid && `pid ${pid} (${/^c(.*)$/m.exec(lsof.stdout)?.[1] ?? 'unknown'})`
  }
  // /proc/net/tcp{,6}: a row per socket; local address "ADDR:PORT" (hex), state 0A is LISTEN, and
  // the inode names the socket in its owner's /proc/<pid>/fd (readable for this user's processes).
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`
  const sockets = new Set(
    ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((table) => tryRead(() => readFileSync(table, 'utf8').split('\n').slice(1)) ?? [])
      .map((row) => row.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(hex) && fields[3] === '0A')
      .map((fields) => `socket:[${fields[9]}]`),
  )
  if (!sockets.size) return undefined
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const fds = tryRead(() => readdirSync(`/proc/${pid}/fd`)) ?? []
    if (fds.some((fd) => sockets.has(tryRead(() => readlinkSync(`/proc/${pid}/fd/${fd}`)) ?? ''))) {
      const command = tryRead(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8')) ?? ''
      const words = command.split('\0').filter(Boolean).join(' ')
      return `pid ${pid} (${words.length > 100 ? `${words.slice(0, 99)}…` : words || 'unknown'})`
    }
  }
  return undefined
}

/** @type {<T>(read: () => T) => T | undefined} */
const tryRead = (read) => {
  try {
    return read()
  } catch {
    return undefined
  }
}
