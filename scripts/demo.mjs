#!/usr/bin/env node
// `npm run demo` (or `pnpm demo:serve`): builds the demo apps and serves them, with the cross-origin
// widget, on localhost ports (secure contexts, so WebMCP is available), plus a landing page linking
// them: the landing page on the base port (5170, or `--port <n>`, or `PORT`), the apps after it.
// Works with native Chromium (--enable-experimental-web-platform-features) and any browser.
import {
  APPS,
  buildApp,
  demoBasePort,
  demoPorts,
  portsMessage,
  serveApp,
  serveLanding,
  takenPorts,
} from './demo-server.mjs'
import { buildPolyfill } from '@webmcp-kit/test-config/browser'

/** @type {(message: string) => never} */
const fail = (message) => {
  console.error(message)
  process.exit(1)
}

let base = 0
try {
  base = demoBasePort(process.argv.slice(2), process.env)
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
// Before anything is built: the ports another program holds, and by whom.
const taken = await takenPorts(demoPorts(base))
if (taken.length) fail(portsMessage(taken, base))

const apps = APPS.map((app, i) => ({ ...app, port: base + 1 + i }))
try {
  const polyfill = await buildPolyfill()
  for (const app of apps) {
    console.log(`building the ${app.title} demo…`)
    const dir = await buildApp(app)
    await serveApp({ dir, port: app.port, polyfill })
  }
  await serveLanding({ port: base, apps })
} catch (error) {
  // A port taken while the apps were building.
  const { code, port } = /** @type {NodeJS.ErrnoException & { port?: number }} */ (error)
  if (code !== 'EADDRINUSE' || port === undefined) throw error
  const again = await takenPorts([port])
  fail(portsMessage(again.length ? again : [{ port, code }], base))
}
console.log(`\nwebmcp-kit demo: http://localhost:${base}/`)
for (const app of apps) {
  console.log(
    `  ${app.title.padEnd(8)} http://localhost:${app.port}/   (its widget: http://127.0.0.1:${app.port}/widget.html)`,
  )
}
console.log(
  '\nOpen them in any browser; in Chromium with --enable-experimental-web-platform-features they run on native WebMCP.',
)
