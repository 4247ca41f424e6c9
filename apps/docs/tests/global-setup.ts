import { spawn } from 'node:child_process'
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { provideChromiumPair } from '@webmcp-kit/test-infra/chromium-pair'
import { withCleanup } from '@webmcp-kit/test-infra/helpers'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The origin the built site is served on, `http://localhost:PORT`. */
    siteOrigin: string
  }
}

const APP = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(APP, 'dist')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** `pnpm docs:build`'s steps (the API reference, then `vitepress build`), in child processes with none of Vitest's environment. */
async function build() {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'),
  )
  for (const [name, bin, ...args] of [
    ['typedoc', 'node_modules/typedoc/bin/typedoc'],
    ['vitepress build', 'node_modules/vitepress/bin/vitepress.js', 'build'],
  ] as const) {
    const child = spawn(process.execPath, [join(APP, bin), ...args], {
      cwd: APP,
      env,
      stdio: 'inherit',
    })
    const code = await new Promise((resolve) => child.on('close', resolve))
    if (code !== 0) throw new Error(`${name} failed (exit code ${code})`)
  }
}

/** Serves dist as a static host does: a path is its file, and a missing one is a 404. */
function serve(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    let file = join(DIST, normalize(decodeURIComponent(pathname)))
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!file.startsWith(DIST) || !existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(response)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    )
  })
}

export default function setup(project: TestProject) {
  return withCleanup(async (defer) => {
    if (!existsSync(join(DIST, 'index.html'))) await build()
    const server = await serve()
    defer(() => server.close())
    await provideChromiumPair(project, defer)
    project.provide('siteOrigin', `http://localhost:${server.port}`)
  })
}
