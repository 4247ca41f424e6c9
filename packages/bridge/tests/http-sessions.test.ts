import { request } from 'node:http'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { serveHttp } from '../src/http/serve-http'
import { INITIALIZE, message } from './mcp-messages'
import type { ClientRequest, IncomingMessage } from 'node:http'
import type { HttpEndpoint } from '../src/http/serve-http'

// Callers with the token attack the HTTP transport's sessions and streams, on loopback: floods of
// initializes at once, evicted sessions' ids replayed, many SSE streams, readers that never read.
// What is under test is serveHttp; the bridge behind it is a stand-in server with two tools (the
// page plays no part in these). Each attack is bounded in count and in time.

const attacks = { count: 0 }
afterAll(() => {
  console.info(`bridge HTTP session tests: ${attacks.count} attacks, all bounded`)
})

/** How many servers the stand-in built: one per session the endpoint started. */
let built = 0
const standIn = {
  createServer() {
    built++
    const server = new McpServer({ name: 'stand-in', version: '1' })
    server.registerTool('echo', { description: 'Echoes.' }, () => ({
      content: [{ type: 'text', text: 'echo' }],
    }))
    // 4 MiB of text: more than a socket holds, so a reader that never reads leaves it unsent.
    server.registerTool('big', { description: 'A big result.' }, () => ({
      content: [{ type: 'text', text: 'x'.repeat(4 * 1024 * 1024) }],
    }))
    return server
  },
}

interface Answer {
  status: number
  session?: string
  body: string
}

let endpoint: HttpEndpoint | undefined
afterEach(async () => {
  await endpoint?.close()
  endpoint = undefined
})

const headers = (session?: string): Record<string, string> => ({
  authorization: `Bearer ${endpoint!.token}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  ...(session && { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' }),
})

/** One request, read to its end. */
function send(method: string, session?: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(endpoint!.url, { method, headers: headers(session) }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          session: res.headers['mcp-session-id'] as string | undefined,
          body: text,
        }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** A request whose response is never read past its head: resolves the status and the response. */
function hold(
  method: string,
  session: string,
  body?: string,
): Promise<{ status: number; res: IncomingMessage; req: ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = request(endpoint!.url, { method, headers: headers(session) }, (res) => {
      res.pause()
      resolve({ status: res.statusCode!, res, req })
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** A new session, initialized as a client does; resolves its id. */
async function initialize(): Promise<string> {
  const answer = await send('POST', undefined, INITIALIZE)
  expect(answer.status).toBe(200)
  await send('POST', answer.session, message('notifications/initialized'))
  return answer.session!
}

describe('HTTP sessions under attack (with the token)', () => {
  it(
    'keeps at most maxSessions when initializes come all at once',
    { timeout: 30_000 },
    async () => {
      endpoint = await serveHttp(standIn, { maxSessions: 3 })
      const flood = await Promise.all(
        Array.from({ length: 24 }, () => send('POST', undefined, INITIALIZE)),
      )
      attacks.count += flood.length
      expect(flood.every((answer) => answer.status === 200)).toBe(true)
      expect(endpoint.sessions).toBe(3)
      // The last sessions started are served.
      const served = await Promise.all(
        flood.map(
          async (answer) => (await send('POST', answer.session, message('tools/list', 2))).status,
        ),
      )
      expect(served.filter((status) => status === 200)).toHaveLength(3)
      expect(served.filter((status) => status === 404)).toHaveLength(21)
    },
  )

  it(
    'refuses an evicted session’s id, replayed in every method, and builds nothing for it',
    { timeout: 30_000 },
    async () => {
      endpoint = await serveHttp(standIn, { maxSessions: 3 })
      const ids = []
      for (let i = 0; i < 4; i++) ids.push(await initialize())
      expect(endpoint.sessions).toBe(3)
      const before = built
      const [evicted] = ids
      const replays = [
        send('POST', evicted, message('tools/list', 2)),
        send('POST', evicted, message('tools/call', 3, { name: 'echo', arguments: {} })),
        send('POST', evicted, INITIALIZE),
        send('GET', evicted),
        send('DELETE', evicted),
      ]
      for (const answer of await Promise.all(replays)) {
        expect(answer.status).toBe(404)
        expect(answer.body).toContain('No such MCP session')
        expect(answer.session).toBeUndefined()
      }
      attacks.count += replays.length
      expect(built).toBe(before)
      expect(endpoint.sessions).toBe(3)
      // The sessions after it are still served.
      expect((await send('POST', ids[3], message('tools/list', 4))).body).toContain('"echo"')
    },
  )

  it(
    'ends the SSE streams of evicted sessions, and allows one per session',
    { timeout: 30_000 },
    async () => {
      endpoint = await serveHttp(standIn, { maxSessions: 3 })
      const streams = []
      for (let i = 0; i < 8; i++) {
        const id = await initialize()
        const stream = await hold('GET', id)
        expect(stream.status).toBe(200)
        // A second stream on the same session is refused by the transport.
        expect((await send('GET', id)).status).toBe(409)
        streams.push({
          id,
          ...stream,
          ended: new Promise((resolve) => stream.res.on('end', resolve)),
        })
        attacks.count += 2
      }
      // The first five sessions were evicted: their streams end.
      for (const stream of streams) stream.res.resume()
      await Promise.all(streams.slice(0, 5).map((stream) => stream.ended))
      expect(endpoint.sessions).toBe(3)
      const last = streams.at(-1)!
      expect((await send('POST', last.id, message('tools/list', 2))).status).toBe(200)
      for (const stream of streams) stream.req.destroy()
    },
  )

  it(
    'bounds the requests a session has open: a client that never reads cannot pile them up',
    { timeout: 30_000 },
    async () => {
      endpoint = await serveHttp(standIn, { maxSessions: 3 })
      const attacker = await initialize()
      const legit = await initialize()
      const call = (id: number) => message('tools/call', id, { name: 'big', arguments: {} })
      const buffered = () => process.memoryUsage().arrayBuffers / 2 ** 20
      const before = buffered()
      // 64 calls whose 4 MiB results are never read.
      const held = await Promise.all(
        Array.from({ length: 64 }, (_, i) => hold('POST', attacker, call(i + 10))),
      )
      attacks.count += held.length
      const statuses = held.map((h) => h.status)
      // What the bridge keeps for them (the SSE bytes it could not send): about 16 results, not 64.
      const kept = buffered() - before
      expect(kept).toBeLessThan(128)
      // Without a bound, all 64 are answered, and their 256 MiB wait in the bridge's memory. With
      // it, 16 at most wait unread (a few more pass when a socket takes a whole result).
      expect(statuses.filter((status) => status === 200).length).toBeLessThan(32)
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(32)
      const refused = held.find((h) => h.status === 429)!
      refused.res.setEncoding('utf8')
      let text = ''
      refused.res.on('data', (chunk: string) => (text += chunk)).resume()
      await new Promise((resolve) => refused.res.on('end', resolve))
      expect(text).toContain('at most 16 open requests per MCP session')
      // The legit client is served meanwhile.
      const answer = await send(
        'POST',
        legit,
        message('tools/call', 2, { name: 'echo', arguments: {} }),
      )
      expect(answer.status).toBe(200)
      expect(answer.body).toContain('echo')
      for (const h of held) h.req.destroy()
    },
  )
})
