// Serves the built app: every page rendered by the server bundle (Solid's renderToString), then hydrated.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join } from 'node:path'
import { render } from './dist/server/entry-server.js'

const client = new URL('./dist/client/', import.meta.url).pathname
const template = await readFile(join(client, 'index.html'), 'utf8')
const types = { '.js': 'text/javascript', '.css': 'text/css' }

createServer(async (req, res) => {
  const { pathname } = new URL(req.url, 'http://localhost')
  if (pathname.startsWith('/assets/')) {
    try {
      const body = await readFile(join(client, pathname))
      res.writeHead(200, { 'content-type': types[extname(pathname)] ?? 'application/octet-stream' })
      return res.end(body)
    } catch {
      res.writeHead(404)
      return res.end()
    }
  }
  const { html: app, head } = render()
  const html = template.replace('<!--hydration-script-->', head).replace('<!--app-html-->', app)
  res.writeHead(200, { 'content-type': 'text/html' })
  res.end(html)
}).listen(Number(process.env.PORT), '127.0.0.1')
