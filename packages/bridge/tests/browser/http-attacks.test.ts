import { request } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createBridge, serveHttp } from '../../src/index'
import { INITIALIZE } from '../mcp-messages'
import { pageUrl, register } from './attack-pages'
import type { Bridge, HttpEndpoint } from '../../src/index'

// HTTP callers attack `--http` (security review V14, H10; issue 19): other local processes without
// the token, web pages of other local origins (simple no-cors POSTs, CORS), junk, wrong headers,
// floods of refused initializes, huge bodies, more sessions than the cap. Nothing may be built for
// a refused request, and memory must not grow.

const attacks = { native: 0, polyfill: 0 }
afterAll(() => {
  console.info(
    `bridge HTTP attack tests: ${attacks.native} attacks with native WebMCP, ${attacks.polyfill} with the polyfill, all refused`,
  )
})

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
/** The heap in use after a full collection, in MB. */
const heapMB = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed / 2 ** 20
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One raw HTTP request (any headers, any body), answered or refused. */
function raw(
  url: string,
  {
    method = 'POST',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Streams `total` bytes in chunks without a length; resolves the status, or 0 if the connection was cut. */
function stream(url: string, headers: Record<string, string>, total: number): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume()
      resolve(res.statusCode!)
    })
    req.on('error', () => resolve(0))
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let sent = 0
    const pump = () => {
      while (sent < total) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      req.end()
    }
    pump()
  })
}

describe.each([
  ['native', true],
  ['polyfill', false],
] as const)('HTTP callers attacking the bridge, %s', (mode, native) => {
  let bridge: Bridge
  let endpoint: HttpEndpoint
  const { origin: A, port } = new URL(inject('fixtureUrl'))
  const B = `http://127.0.0.1:${port}`
  const mcp = () => ({
    authorization: `Bearer ${endpoint.token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  })

  beforeAll(async () => {
    bridge = await createBridge({
      url: pageUrl(A, 'top', register('echo', 'return input')),
      native,
    })
    endpoint = await serveHttp(bridge, { maxSessions: 3 })
  })
  afterAll(async () => {
    await endpoint?.close()
    await bridge?.close()
  })

  it('refuses callers without the token, pages of unlisted origins, other Hosts and junk, building nothing', async () => {
    const { host } = new URL(endpoint.url)
    const cases: Array<
      [string, { method?: string; headers?: Record<string, string>; body?: string }, number]
    > = [
      ['no token', { headers: { ...mcp(), authorization: '' }, body: INITIALIZE }, 401],
      [
        'a wrong token',
        { headers: { ...mcp(), authorization: 'Bearer guessed-token-0000' }, body: INITIALIZE },
        401,
      ],
      [
        'the token without Bearer',
        { headers: { ...mcp(), authorization: endpoint.token }, body: INITIALIZE },
        401,
      ],
      ['another local page', { headers: { ...mcp(), origin: B }, body: INITIALIZE }, 403],
      ['an opaque origin', { headers: { ...mcp(), origin: 'null' }, body: INITIALIZE }, 403],
      [
        'a web site',
        { headers: { ...mcp(), origin: 'https://evil.example' }, body: INITIALIZE },
        403,
      ],
      ['DNS rebinding', { headers: { ...mcp(), host: 'evil.test' }, body: INITIALIZE }, 403],
      [
        'a mapped IPv4 Host',
        { headers: { ...mcp(), host: `[::ffff:127.0.0.1]:${port}` }, body: INITIALIZE },
        403,
      ],
      [
        'a simple text/plain POST',
        { headers: { ...mcp(), 'content-type': 'text/plain' }, body: INITIALIZE },
        415,
      ],
      ['no Accept', { headers: { ...mcp(), accept: '*/*' }, body: INITIALIZE }, 406],
      ['junk', { headers: mcp(), body: '{"jsonrpc": "2.0", "id": 1, "meth' }, 400],
      [
        'a call before initialize',
        { headers: mcp(), body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' },
        400,
      ],
      ['a batch', { headers: mcp(), body: `[${INITIALIZE},${INITIALIZE}]` }, 400],
      [
        'a stolen-looking session id',
        { headers: { ...mcp(), 'mcp-session-id': 'f'.repeat(36) }, body: '{}' },
        404,
      ],
      [
        'GET without a session',
        { method: 'GET', headers: { ...mcp(), accept: 'text/event-stream' } },
        404,
      ],
      ['PUT', { method: 'PUT', headers: mcp(), body: INITIALIZE }, 405],
      ['another path', { headers: mcp(), body: INITIALIZE }, 404],
    ]
    for (const [what, options, status] of cases) {
      const url = what === 'another path' ? endpoint.url.replace('/mcp', '/other') : endpoint.url
      const answer = await raw(url, options)
      expect({ what, status: answer.status }).toEqual({ what, status })
      expect(answer.headers['mcp-session-id']).toBeUndefined()
      expect(endpoint.sessions).toBe(0)
    }
    expect(host).toMatch(/^127\.0\.0\.1:/)
    attacks[mode] += cases.length
  })

  it('leaves no session and no memory behind after floods of refused initializes', async () => {
    const before = heapMB()
    const floods: Array<Record<string, string>> = [
      // What any local web page can send without CORS.
      { 'content-type': 'text/plain', accept: '*/*' },
      // With the token, but headers MCP does not take.
      { ...mcp(), 'content-type': 'text/plain' },
      { ...mcp(), accept: 'application/json' },
    ]
    for (const headers of floods) {
      for (let i = 0; i < 1000; i += 50) {
        await Promise.all(
          Array.from({ length: 50 }, () => raw(endpoint.url, { headers, body: INITIALIZE })),
        )
      }
    }
    attacks[mode] += floods.length
    expect(endpoint.sessions).toBe(0)
    // 3000 refused requests; the bridge used to keep about 23 KB for each (70 MB here).
    const grown = heapMB() - before
    console.info(`${mode}: heap after 3000 refused initializes: ${grown.toFixed(1)} MB more`)
    expect(grown).toBeLessThan(10)
  })

  it('refuses bodies over the cap without reading them into memory', async () => {
    const headers = mcp()
    const declared = await raw(endpoint.url, {
      headers: { ...headers, 'content-length': String(300 * 2 ** 20) },
    }).catch(() => ({ status: 0 }))
    expect([413, 0]).toContain(declared.status)
    const before = heapMB()
    // 64 MB streamed without a length: cut at the cap (4 MiB).
    const streamed = await stream(endpoint.url, headers, 64 * 2 ** 20)
    expect([413, 0]).toContain(streamed)
    expect(heapMB() - before).toBeLessThan(16)
    // Just under the cap is read (and is junk here).
    const under = await raw(endpoint.url, { headers, body: ' '.repeat(4 * 2 ** 20 - 10) + '{' })
    expect(under.status).toBe(400)
    attacks[mode] += 3
  })

  it('keeps at most maxSessions, closing the least recently used', async () => {
    const clients: Client[] = []
    try {
      for (let i = 0; i < 5; i++) {
        const client = new Client({ name: `client-${i}`, version: '1' })
        await client.connect(
          new StreamableHTTPClientTransport(new URL(endpoint.url), {
            requestInit: { headers: { authorization: `Bearer ${endpoint.token}` } },
          }),
        )
        clients.push(client)
      }
      expect(endpoint.sessions).toBe(3)
      // The newest are served; the oldest's session is gone.
      expect((await clients[4]!.listTools()).tools.map((t) => t.name)).toEqual(['echo'])
      await expect(clients[0]!.listTools()).rejects.toThrow()
      attacks[mode]++
    } finally {
      await Promise.all(clients.map((client) => client.close().catch(() => {})))
    }
  })

  it('lets no other local web page call it, unless its origin is listed (then with CORS and the token)', async () => {
    const page = await bridge.page.context().browser()!.newPage()
    const listed = await serveHttp(bridge, { allowedOrigins: [B] })
    // Sessions of the clients before (they closed without ending them: the cap keeps them bounded).
    const open = endpoint.sessions
    try {
      await page.goto(`${B}/?nopolyfill`)
      // A page on another local port: simple no-cors POSTs (no preflight), then a CORS request.
      const outcome = await page.evaluate(
        async ({ url, body }) => {
          await Promise.all(
            Array.from({ length: 200 }, () =>
              fetch(url, {
                method: 'POST',
                mode: 'no-cors',
                headers: { 'content-type': 'text/plain' },
                body,
              }),
            ),
          )
          return fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
            },
            body,
          }).then(
            (res) => `answered ${res.status}`,
            (error: Error) => error.name,
          )
        },
        { url: endpoint.url, body: INITIALIZE },
      )
      expect(outcome).toBe('TypeError')
      expect(endpoint.sessions).toBe(open)
      // The same page, its origin listed: CORS lets it in with the token only.
      const allowed = await page.evaluate(
        async ({ url, body, token }) => {
          const headers = {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          }
          const without = await fetch(url, { method: 'POST', headers, body })
          const withToken = await fetch(url, {
            method: 'POST',
            headers: { ...headers, authorization: `Bearer ${token}` },
            body,
          })
          return [without.status, withToken.status, !!withToken.headers.get('mcp-session-id')]
        },
        { url: listed.url, body: INITIALIZE, token: listed.token },
      )
      expect(allowed).toEqual([401, 200, true])
      expect(listed.sessions).toBe(1)
      attacks[mode] += 3
    } finally {
      await listed.close()
      await page.close()
    }
  })
})
