// Shared by the browser test suites and the benchmarks: how Chromium is launched here, and a tiny
// server that gives every page the polyfill as a classic script, built from source on start (so no
// test ever waits for a package build).
import { createServer } from 'node:http'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { BuildOptions } from 'esbuild'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // An origin that is not potentially trustworthy, for the secure-context checks.
  '--host-resolver-rules=MAP insecure.test 127.0.0.1',
]
/** The flag that turns on Chromium's native WebMCP. */
export const NATIVE_FLAG = '--enable-experimental-web-platform-features'

/** Launch options for playwright-core's `chromium.launch` / `launchServer`. */
export function chromiumOptions(native: boolean): { executablePath: string; args: string[] } {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
    )
  }
  return {
    executablePath: CHROMIUM,
    args: native ? [...CHROMIUM_ARGS, NATIVE_FLAG] : CHROMIUM_ARGS,
  }
}

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

async function bundle(entry: string, options: BuildOptions = {}): Promise<string> {
  const result = await build({
    entryPoints: [source(entry)],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    conditions: ['@webmcp-kit/source'],
    write: false,
    ...options,
  })
  return result.outputFiles?.[0]?.text ?? ''
}

/**
 * Bundles the polyfill from source as the one-file classic script `webmcp-standalone.iife.js`
 * (the frame protocol included): what a server without the second file serves, and what a page
 * injects.
 */
export const buildPolyfill = ({ minify = true }: { minify?: boolean } = {}) =>
  bundle('core/src/standalone.ts', { minify })

/**
 * Bundles the classic script `webmcp.iife.js` from source as it ships, with its second file
 * `webmcp-frames.js` (the frame protocol, a module it imports from beside itself when the page
 * needs it).
 */
export const buildClassic = async (): Promise<{ script: string; frames: string }> => {
  const [script, frames] = await Promise.all([
    bundle('core/src/classic.ts', { minify: true }),
    bundle('core/src/frames/protocol.ts', { minify: true, format: 'esm' }),
  ])
  return { script, frames }
}

/** Bundles the core's exports from source as the global `WebMCPKit`, for tests of its other APIs. */
export const buildKit = () => bundle('core/src/index.ts', { globalName: 'WebMCPKit' })

// Test-only: lets a test run code in a (cross-origin) frame. The test posts {__test: source, id, arg}
// and the frame replies {__testReply: id, result: ['ok', value] | ['err', name]}. A frame also tells
// its parent when it is ready, {__testReady: true} (or {__testReady: false, error}): once the
// polyfill says the document has joined its frame tree (the polyfill hook's joined()), at once under
// native WebMCP or without the polyfill. The harness's frame() waits for it.
const TEST_AGENT = `addEventListener('message', async (event) => {
  const { __test: source, id, arg } = event.data ?? {}
  if (typeof source !== 'string') return
  let result
  try {
    result = ['ok', await (0, eval)('(' + source + ')')(arg)]
  } catch (error) {
    result = ['err', error?.name ?? String(error)]
  }
  event.source.postMessage({ __testReply: id, result }, '*')
})
;(async () => {
  let ready = { __testReady: true }
  try {
    const context = document.modelContext
    const hook = context?.constructor?.[Symbol.for('webmcp-kit/polyfill')]
    if (typeof hook?.joined === 'function') await hook.joined(context)
  } catch (error) {
    ready = { __testReady: false, error: String(error) }
  }
  if (parent !== window) parent.postMessage(ready, '*')
})()`

const page = (head: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`

/** A route of the test server: answers the request itself. */
export type Route = (request: IncomingMessage, response: ServerResponse, url: URL) => void

export interface TestServer {
  port: number
  /** `http://localhost:PORT`. */
  origin: string
  /** `http://127.0.0.1:PORT`: another secure origin of the same server. */
  otherOrigin: string
  close(): Promise<void>
}

/**
 * Starts the test server on a free port, listening on every loopback address, so that
 * `http://localhost:PORT` and `http://127.0.0.1:PORT` are two secure origins of one server.
 *
 * Routes: `/webmcp.iife.js` and its `/webmcp-frames.js` (served to every origin, as a CDN serves
 * it: a module script is fetched with CORS), `/webmcp-standalone.iife.js` (the one-file classic
 * script, for tests that inject the polyfill's source); `/webmcp-kit.js` (the core's exports as the global `WebMCPKit`, not
 * installing anything); any other path is an HTML page that loads the polyfill first. Query:
 * `oac=0` sends `Origin-Agent-Cluster: ?0`; `nopolyfill` leaves the script out; `delay=MS` has the
 * page's classic script get its webmcp-frames.js MS ms late, `missing` get none (a 404); `agent` adds the
 * test agent (tests run code in cross-origin frames through it); `body` is the
 * page's body HTML; `pp` sets a `Permissions-Policy` header; `csp` a `Content-Security-Policy` header
 * (`csp=sandbox allow-scripts` gives the page an opaque origin); `cacheable` leaves out
 * `Cache-Control: no-store` (the back/forward cache keeps no such page).
 */
export async function startServer({
  routes = {},
}: { routes?: Record<string, Route> } = {}): Promise<TestServer> {
  const [classic, standalone, kit] = await Promise.all([
    buildClassic(),
    buildPolyfill(),
    buildKit(),
  ])
  const scripts: Record<string, string> = {
    '/webmcp.iife.js': classic.script,
    '/webmcp-frames.js': classic.frames,
    '/webmcp-standalone.iife.js': standalone,
    '/webmcp-kit.js': kit,
  }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const custom = routes[url.pathname]
    if (custom) return custom(request, response, url)
    // `/delay/MS/…`: the same scripts, webmcp-frames.js sent MS ms late; `/missing/…`: without it.
    const [, , delay, missing, name] =
      /^(\/delay\/(\d+)|\/(missing))?(\/[^/]+)$/.exec(url.pathname) ?? []
    const served = name === undefined ? undefined : scripts[name]
    if (served !== undefined) {
      const frames = name === '/webmcp-frames.js'
      if (frames && missing) {
        response.writeHead(404)
        return response.end()
      }
      return void setTimeout(
        () => {
          response.writeHead(200, {
            'content-type': 'text/javascript',
            'access-control-allow-origin': '*',
          })
          response.end(served)
        },
        frames ? Number(delay ?? 0) : 0,
      )
    }
    if (url.pathname === '/test-agent.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      return response.end(TEST_AGENT)
    }
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204)
      return response.end()
    }
    const headers: OutgoingHttpHeaders = { 'content-type': 'text/html; charset=utf-8' }
    // `cacheable`: no `no-store`, so that the back/forward cache may keep the page.
    if (!url.searchParams.has('cacheable')) headers['cache-control'] = 'no-store'
    if (url.searchParams.get('oac') === '0') headers['origin-agent-cluster'] = '?0'
    const pp = url.searchParams.get('pp')
    if (pp !== null) headers['permissions-policy'] = pp
    const csp = url.searchParams.get('csp')
    if (csp !== null) headers['content-security-policy'] = csp
    const from = url.searchParams.has('missing')
      ? '/missing'
      : url.searchParams.has('delay')
        ? `/delay/${Number(url.searchParams.get('delay'))}`
        : ''
    let script = url.searchParams.has('nopolyfill')
      ? ''
      : `<script src="${from}/webmcp.iife.js"></script>`
    if (url.searchParams.has('agent')) script += '<script src="/test-agent.js"></script>'
    response.writeHead(200, headers)
    response.end(page(script, url.searchParams.get('body') ?? ''))
  })
  await new Promise<void>((resolve) => server.listen(0, '::', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    origin: `http://localhost:${port}`,
    otherOrigin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
