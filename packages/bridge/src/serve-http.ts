import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Bridge } from './create-bridge'

/** Options of {@link serveHttp}. */
export interface ServeHttpOptions {
  /** Default 0: any free port (see the returned `url`). */
  port?: number
  /** Default `127.0.0.1`: only this machine can connect. */
  host?: string
  /** Default `/mcp`. */
  path?: string
}

/** A running Streamable HTTP endpoint. */
export interface HttpEndpoint {
  /** E.g. `http://127.0.0.1:5180/mcp`. */
  url: string
  port: number
  close(): Promise<void>
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

const reply = (res: ServerResponse, status: number, message: string) =>
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }))

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? JSON.parse(text) : undefined
}

/**
 * Serves the bridge over MCP's Streamable HTTP transport, one MCP session per client. Listens on
 * 127.0.0.1 by default; requests whose `Host` or `Origin` is not this machine (DNS rebinding) are
 * refused unless `host` names another address.
 *
 * @example
 * ```ts
 * const bridge = await createBridge({ url: 'http://localhost:5171/' })
 * const { url } = await serveHttp(bridge, { port: 5180 }) // http://127.0.0.1:5180/mcp
 * ```
 */
export async function serveHttp(
  bridge: Bridge,
  options: ServeHttpOptions = {},
): Promise<HttpEndpoint> {
  const { port = 0, host = '127.0.0.1', path = '/mcp' } = options
  const loopbackOnly = LOOPBACK.has(host)
  const sessions = new Map<string, StreamableHTTPServerTransport>()

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== path) return reply(res, 404, `Not found: the MCP endpoint is ${path}`)
    if (loopbackOnly) {
      const hostname = new URL(`http://${req.headers.host ?? ''}`).hostname
      const origin = req.headers.origin
      if (!LOOPBACK.has(hostname) || (origin && !LOOPBACK.has(new URL(origin).hostname))) {
        return reply(res, 403, 'Forbidden: the bridge only answers this machine')
      }
    }
    const id = req.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    if (req.method !== 'POST') {
      if (!known) return reply(res, 400, 'No such MCP session')
      return known.handleRequest(req, res)
    }
    const body = await readJson(req).catch(() => null)
    if (known) return known.handleRequest(req, res, body)
    if (id !== undefined || !isInitializeRequest(body)) {
      return reply(res, id === undefined ? 400 : 404, 'No such MCP session: initialize first')
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    })
    const server = bridge.createServer()
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId)
      void server.close()
    }
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) reply(res, 500, error.message)
    })
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, host, resolve)
  })
  const actual = (http.address() as AddressInfo).port
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${actual}${path}`,
    port: actual,
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
