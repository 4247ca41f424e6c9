#!/usr/bin/env node
// `pnpm demo`: builds the demo apps and serves them, with the cross-origin widget, on fixed
// localhost ports (secure contexts, so WebMCP is available), plus a landing page linking them.
// Works with native Chromium (--enable-experimental-web-platform-features) and any browser.
import { APPS, buildApp, serveApp, serveLanding } from './demo-server.mjs'
import { buildPolyfill } from '@webmcp-kit/test-config/browser'

const base = Number(process.env.PORT ?? 5170)
const apps = APPS.map((app, i) => ({ ...app, port: base + 1 + i }))
const polyfill = await buildPolyfill()
for (const app of apps) {
  console.log(`building the ${app.title} demo…`)
  const dir = await buildApp(app)
  await serveApp({ dir, port: app.port, polyfill })
}
await serveLanding({ port: base, apps })
console.log(`\nwebmcp-kit demo: http://localhost:${base}/`)
for (const app of apps) {
  console.log(
    `  ${app.title.padEnd(8)} http://localhost:${app.port}/   (its widget: http://127.0.0.1:${app.port}/widget.html)`,
  )
}
console.log(
  '\nOpen them in any browser; in Chromium with --enable-experimental-web-platform-features they run on native WebMCP.',
)
