#!/usr/bin/env node
// Serves the demo on a fixed localhost port (a secure context, so WebMCP is available): the
// playground page plus the built polyfill. Works with native Chromium and with any browser.
import { createReadStream, existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const port = Number(process.env.PORT ?? 5170)
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' }
const files = {
  '/webmcp.iife.js': join(root, 'packages/core/dist/webmcp.iife.js'),
}

createServer((request, response) => {
  const { pathname } = new URL(request.url, 'http://localhost')
  const file =
    files[pathname] ?? join(root, 'apps/playground', normalize(pathname === '/' ? '/index.html' : pathname))
  if (!file.startsWith(root) || !existsSync(file)) {
    response.writeHead(404).end('not found')
    return
  }
  response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
  createReadStream(file).pipe(response)
}).listen(port, 'localhost', () => {
  console.log(`\nwebmcp-kit demo: http://localhost:${port}/`)
  console.log('Open it in any browser; in Chromium with --enable-experimental-web-platform-features it runs on native WebMCP.')
})
