// Builds the demo apps with Vite and serves them: each app's server also serves the widget page
// and the polyfill, and listens on every loopback address, so http://localhost:PORT (the app) and
// http://127.0.0.1:PORT (the widget) are two secure origins. Used by `pnpm demo` and the e2e tests.
import { spawn } from 'node:child_process'
/** @import { Server } from 'node:http' */
/** @import { AddressInfo } from 'node:net' */
/** @typedef {{ name: string, title: string, dir: string, port: number }} App */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildPolyfill } from '@webmcp-kit/test-config/browser'

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
  const script = polyfill ?? (await buildPolyfill())
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
<p>The same task board in three frameworks, each with the in-page agent panel: you play the agent. Tools come and go
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
