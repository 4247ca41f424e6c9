// What the bench drives: the browsers (one `Side` per column) and the test server with the bench's
// routes.
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { build } from 'esbuild'
import { STARTUP, startupPage } from './host.mjs'

// The test infrastructure is TypeScript: its register hooks let plain Node load it.
await import('@webmcp-kit/test-config/register')
const { chromiumOptions, startServer } = await import('@webmcp-kit/test-config/browser')
const { launch } = await import('@webmcp-kit/test-infra/engines')

/**
 * @typedef {import('./measure.mjs').Side} Side
 * @typedef {import('./measure.mjs').Server} Server
 * @typedef {import('@webmcp-kit/test-config/browser').Route} Route
 */

/**
 * @param {boolean} native
 * @returns {Promise<Side>}
 */
async function chromiumSide(native) {
  const browser = await chromium.launch(chromiumOptions(native))
  return {
    label: native ? 'native' : 'polyfill',
    impl: native ? 'native' : 'polyfill',
    version: `Chromium ${browser.version()}`,
    async open(url) {
      const page = await browser.newPage()
      await page.goto(url)
      return {
        page,
        evaluate: (expression) => page.evaluate(expression),
        close: () => page.close(),
      }
    },
    close: () => browser.close(),
  }
}

/**
 * The polyfill in another engine (@webmcp-kit/test-infra's engines), as a column named after it.
 * @param {Parameters<typeof launch>[0]} engine
 * @param {string} [label]
 * @returns {Promise<Side>}
 */
async function engineSide(engine, label = engine) {
  const browser = await launch(engine)
  return {
    label,
    impl: 'polyfill',
    version: browser.version,
    async open(url) {
      const page = await browser.newPage()
      await page.goto(url)
      return { evaluate: (expression) => page.evaluate(expression), close: () => page.close() }
    },
    close: () => browser.close(),
  }
}

/**
 * The columns per `--engine`; the first is the reference the others are compared with, and targets
 * are judged only when it is native. Other engines have no native WebMCP: the polyfill in Chromium
 * is their reference. Launched one after another (two cores).
 * @type {Record<string, () => Promise<Side[]>>}
 */
export const ENGINES = {
  chromium: () => Promise.all([chromiumSide(true), chromiumSide(false)]),
  firefox: async () => [
    await engineSide('chromium', 'chromium polyfill'),
    await engineSide('firefox'),
  ],
  webkit: async () => [
    await engineSide('chromium', 'chromium polyfill'),
    await engineSide('webkit'),
  ],
}

/**
 * The test server, with the polyfill built from `core` (by default the same source `startServer`
 * builds) and the start-up pages.
 * @param {string} core
 * @param {import('./host.mjs').Builds} builds
 * @returns {Promise<Server>}
 */
export async function serve(core, builds) {
  const [polyfill] = (
    await build({
      // One file (the frame protocol in it): an earlier tree has only polyfill.ts.
      entryPoints: [
        `${core}/${existsSync(`${core}/standalone.ts`) ? 'standalone' : 'polyfill'}.ts`,
      ],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2022',
      write: false,
    })
  ).outputFiles.map((file) => file.text)
  /** @type {(text: string | undefined) => Route} */
  const script = (text) => (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript' })
    response.end(text)
  }
  return startServer({
    routes: {
      // The polyfill of `--core` (by default the same source startServer builds).
      '/webmcp.iife.js': script(polyfill),
      ...Object.fromEntries(
        /** @type {import('./host.mjs').PageVariant[]} */ ([
          'empty',
          'empty-esm',
          ...STARTUP.map(([variant]) => variant),
        ]).map((variant) => [
          `/bench-startup/${variant}`,
          /** @type {Route} */ (_request, response, url) => {
            response.writeHead(200, {
              'content-type': 'text/html; charset=utf-8',
              'cache-control': 'no-store',
            })
            response.end(startupPage(variant, builds.scripts, url.searchParams.get('n')))
          },
        ]),
      ),
      // The page rows' pages (PAGE_VARIANTS), the polyfill and the peer's built as start-up's are.
      ...Object.fromEntries(
        Object.entries({
          none: '',
          polyfill: builds.scripts['ours-classic'],
          imperative: builds.imperative,
          peer: builds.scripts['peer-classic'],
        }).map(([path, code]) => [
          `/bench-page/${path}`,
          /** @type {Route} */ (_request, response) => {
            response.writeHead(200, {
              'content-type': 'text/html; charset=utf-8',
              'cache-control': 'no-store',
            })
            response.end(
              `<!doctype html><html><head><meta charset="utf-8"><script>${code}</script></head><body></body></html>`,
            )
          },
        ]),
      ),
    },
  })
}
