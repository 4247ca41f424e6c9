import { randomBytes, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import { guard, LOOPBACK, TOKEN } from './http-guard'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Bridge } from '../create-bridge'
import type { Refusal } from './http-guard'

/** Options of {@link serveHttp}. */
export interface ServeHttpOptions {
  /** Default 0: any free port (see the returned `url`). */
  port?: number
  /** Default `127.0.0.1`: only this machine can connect. */
  host?: string
  /** Default `/mcp`. */
  path?: string
  /**
   * The bearer token every client must send (`Authorization: Bearer <token>`): 16 to 512 visible
   * ASCII characters. Default: a new random one, in the returned `token`.
   */
  token?: string
  /**
   * Origins (such as `http://localhost:6274`) whose web pages may call the endpoint, with CORS.
   * Default none: a request with an `Origin` header (a browser's) is refused unless listed.
   */
  allowedOrigins?: readonly string[]
  /** The largest request body, in bytes; larger ones get 413. Default 4 MiB (as the MCP SDK's). */
  maxBodyBytes?: number
  /** The most MCP sessions at once; a new one past it closes the least recently used. Default 32. */
  maxSessions?: number
  /**
   * The most requests one MCP session may have open at once (its SSE stream and the calls whose
   * responses are not read to their end yet); more get 429. Default 16.
   */
  maxOpenRequests?: number
}

/** A running Streamable HTTP endpoint. */
export interface HttpEndpoint {
  /** E.g. `http://127.0.0.1:5180/mcp`. */
  url: string
  port: number
  /** The bearer token clients send as `Authorization: Bearer <token>`. */
  token: string
  /** How many MCP sessions are open now. */
  readonly sessions: number
  close(): Promise<void>
}

interface Session {
  transport: StreamableHTTPServerTransport
  server: McpServer
  /** Its requests whose responses are not finished yet. */
  open: number
}

class TooLarge extends Error {}

const refuse = (res: ServerResponse, { status, message, headers }: Refusal, id: unknown = null) => {
  if (!message) return void res.writeHead(status, headers).end()
  res
    .writeHead(status, { ...headers, 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id }))
}

/** The request's body, refusing (TooLarge) past `limit` bytes without buffering more. */
async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new TooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new TooLarge()
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Serves the bridge over MCP's Streamable HTTP transport, one MCP session per client. Listens on
 * 127.0.0.1 by default. Every request needs the bearer token; requests from web pages (with an
 * `Origin`) are refused unless their origin is in `allowedOrigins`; with a loopback `host`,
 * requests whose `Host` is not this machine (DNS rebinding) are refused. Nothing is built for a
 * refused request, bodies are capped, and a session that does not initialise is closed at once.
 *
 * @example
 * ```ts
 * const bridge = await createBridge({ url: 'http://localhost:5171/' })
 * const { url, token } = await serveHttp(bridge, { port: 5180 }) // http://127.0.0.1:5180/mcp
 * // a client sends "Authorization: Bearer ${token}"
 * ```
 */
export async function serveHttp(
  bridge: Pick<Bridge, 'createServer'>,
  options: ServeHttpOptions = {},
): Promise<HttpEndpoint> {
  const { port = 0, host = '127.0.0.1', path = '/mcp' } = options
  const { maxBodyBytes = 4 * 1024 * 1024, maxSessions = 32, maxOpenRequests = 16 } = options
  const token = options.token ?? randomBytes(24).toString('base64url')
  if (!TOKEN.test(token)) {
    throw new Error('serveHttp: token must be 16 to 512 visible ASCII characters (no spaces).')
  }
  const origins = new Set(
    (options.allowedOrigins ?? []).map((origin) => {
      const parsed = URL.canParse(origin) ? new URL(origin).origin : 'null'
      if (parsed === 'null') {
        throw new Error(
          `serveHttp: ${origin} is not an origin; allowedOrigins takes e.g. http://localhost:6274.`,
        )
      }
      return parsed
    }),
  )
  const config = { path, loopbackOnly: LOOPBACK.has(host), token, origins }
  /** Open sessions, the least recently used first. */
  const sessions = new Map<string, Session>()

  const end = async (id: string, session: Session) => {
    sessions.delete(id)
    await session.transport.close().catch(() => {})
    await session.server.close().catch(() => {})
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const verdict = guard(req, config)
    if ('status' in verdict) return refuse(res, verdict)
    for (const [name, value] of Object.entries(verdict.headers)) res.setHeader(name, value)
    const id = req.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    if (known) {
      if (known.open >= maxOpenRequests) {
        const message = `Too Many Requests: at most ${maxOpenRequests} open requests per MCP session (read the responses of the others first)`
        return refuse(res, { status: 429, message })
      }
      known.open++
      res.once('close', () => known.open--)
      // Most recently used last.
      sessions.delete(id as string)
      sessions.set(id as string, known)
    }
    if (req.method !== 'POST') {
      if (!known) return refuse(res, { status: 404, message: 'No such MCP session' })
      return known.transport.handleRequest(req, res)
    }
    let body: unknown
    try {
      const text = await readBody(req, maxBodyBytes)
      body = text ? JSON.parse(text) : undefined
    } catch (error) {
      if (!(error instanceof TooLarge)) {
        return refuse(res, { status: 400, message: 'Parse error: the body is not JSON' })
      }
      res.setHeader('connection', 'close')
      refuse(res, { status: 413, message: `Payload Too Large: at most ${maxBodyBytes} bytes` })
      return void req.destroy()
    }
    if (known) return known.transport.handleRequest(req, res, body)
    if (id !== undefined || !isInitializeRequest(body)) {
      const status = id === undefined ? 400 : 404
      return refuse(res, { status, message: 'No such MCP session: initialize first' })
    }
    if (sessions.size >= maxSessions) {
      const [oldest, session] = sessions.entries().next().value!
      await end(oldest, session)
    }
    const session: Session = {
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, session),
      }),
      server: bridge.createServer(),
      open: 0,
    }
    session.transport.onclose = () => {
      const sessionId = session.transport.sessionId
      if (sessionId && sessions.get(sessionId) === session) sessions.delete(sessionId)
      void session.server.close().catch(() => {})
    }
    await session.server.connect(session.transport)
    await session.transport.handleRequest(req, res, body)
    // Refused by the SDK (a bad initialize): nothing will ever use it again.
    if (!session.transport.sessionId || sessions.get(session.transport.sessionId) !== session) {
      await session.transport.close().catch(() => {})
      await session.server.close().catch(() => {})
    }
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) refuse(res, { status: 500, message: error.message })
    })
  })
  // A caller that opens connections and sends nothing (or a body byte by byte) is cut off.
  http.headersTimeout = 10_000
  http.requestTimeout = 60_000
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, host, resolve)
  })
  const actual = (http.address() as AddressInfo).port
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${actual}${path}`,
    port: actual,
    token,
    get sessions() {
      return sessions.size
    },
    async close() {
      await Promise.all([...sessions].map(([id, session]) => end(id, session)))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
