import { createServer } from 'node:http'
import { WebSocketServer } from 'ws'
import { LOOPBACK } from '../http/http-guard'
import { Handshake } from './handshake'
import {
  CLOSE,
  HANDSHAKE_MS,
  isExtensionOrigin,
  MAX_MESSAGE_BYTES,
  parseMessage,
} from '../protocol/wire'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import type { PairingState } from './handshake'
import type { HandshakeMessage, SessionMessage } from '../protocol/wire'

/** How many connections may be in their handshake at once. */
const MAX_HANDSHAKES = 4

/** An authenticated connection of the extension. */
export interface ExtensionConnection {
  /** The extension's origin (the paired one). */
  readonly origin: string
  /** Sends a message, when the connection is open. */
  send(message: object): void
  close(code: number, reason: string): void
}

/** What the listener tells its owner. */
export interface ListenerEvents {
  /** An extension authenticated (or paired): it is now the one connection. */
  connected(connection: ExtensionConnection): void
  /** One of its messages (checked). */
  message(message: SessionMessage): void
  /** The authenticated connection closed. */
  disconnected(): void
  /** What people should know (on stderr). */
  log(message: string): void
}

/** Options of {@link listen}. */
export interface ListenOptions {
  port: number
  state: PairingState
  events: ListenerEvents
  /** The MCP client's name, for the extension's `ready`. */
  client(): string
  /** How long (ms) a connection has to pair or authenticate (default 10 s). */
  handshakeMs?: number
}

/** The loopback listener for the extension. */
export interface Listener {
  /** The port it listens on. */
  readonly port: number
  close(): Promise<void>
}

/** Whether `host` (a `Host` header) is a loopback name with this port. */
function loopbackHost(host: string | undefined, port: number): boolean {
  if (!host || !URL.canParse(`ws://${host}`)) return false
  const url = new URL(`ws://${host}`)
  return (
    `${url.host}` === host.toLowerCase() && LOOPBACK.has(url.hostname) && url.port === `${port}`
  )
}

/** A plain answer, with no CORS headers: nothing on this port is for web pages. */
function answer(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  })
  res.end(`${text}\n`)
}

function refuseUpgrade(socket: Duplex, status: 400 | 403, text: string) {
  const reason = status === 403 ? 'Forbidden' : 'Bad Request'
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  )
}

/**
 * Listens on 127.0.0.1 for the webmcp-kit extension, and for nothing else. An upgrade must name
 * this machine and port in `Host` (DNS rebinding) and come from an extension's origin: the paired
 * one exactly, or, while a pairing code is open, any. Plain HTTP requests get an error with no
 * CORS headers. A connection then pairs or authenticates within the handshake time; frames are
 * JSON text of at most 1 MiB; one authenticated connection at a time.
 */
export async function listen(options: ListenOptions): Promise<Listener> {
  const { state, events } = options
  const handshakeMs = options.handshakeMs ?? HANDSHAKE_MS
  let current: WebSocket | undefined
  let handshakes = 0
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  })
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!loopbackHost(req.headers.host, port())) return answer(res, 403, 'Forbidden')
    answer(res, 426, 'Upgrade Required: this port is for the webmcp-kit extension only')
  })
  // A connection has the handshake's time to send its headers too.
  server.headersTimeout = handshakeMs
  server.requestTimeout = handshakeMs
  const port = () => {
    const address = server.address()
    return typeof address === 'object' && address ? address.port : options.port
  }
  const told = new Set<string>()
  /** Says once for each origin and reason (a flood is not a log flood) why a connection was refused. */
  const tell = (why: string, origin: string | undefined) => {
    const line = `refused a connection from ${origin ?? 'a client without Origin'}: ${why}`
    if (told.size >= 64 || told.has(line)) return
    told.add(line)
    events.log(line)
  }
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const origin = req.headers.origin
    if (!loopbackHost(req.headers.host, port())) {
      tell(`its Host ${JSON.stringify(req.headers.host ?? '')} is not this machine`, origin)
      return refuseUpgrade(socket, 403, 'Forbidden: the bridge only answers this machine')
    }
    if (!isExtensionOrigin(origin) || !state.admits(origin)) {
      const paired = isExtensionOrigin(origin)
      tell(paired ? 'not the paired extension (pair it with --pair)' : 'not an extension', origin)
      return refuseUpgrade(
        socket,
        403,
        'Forbidden: only the paired webmcp-kit extension may connect',
      )
    }
    if ((req.headers.upgrade ?? '').toLowerCase() !== 'websocket') {
      return refuseUpgrade(socket, 400, 'Bad Request')
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, origin))
  })

  function accept(ws: WebSocket, origin: string) {
    const send = (message: object) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
    }
    let closing = false
    const shut = (code: number, reason: string, error?: string) => {
      if (closing) return
      closing = true
      if (error) send({ type: 'error', code: error })
      ws.close(code, reason)
    }
    ws.on('error', () => {})
    if (current || handshakes >= MAX_HANDSHAKES) {
      return shut(CLOSE.busy, 'another extension connection is open', 'busy')
    }
    handshakes++
    let ready = false
    const handshake = new Handshake(state, origin, options.client)
    let queue = Promise.resolve()
    const timer = setTimeout(() => shut(CLOSE.timeout, 'handshake timeout', 'timeout'), handshakeMs)
    ws.on('close', () => {
      clearTimeout(timer)
      if (!ready) handshakes--
      else if (current === ws) {
        current = undefined
        events.disconnected()
      }
    })
    ws.on('message', (data, isBinary) => {
      if (closing) return
      if (isBinary) return shut(CLOSE.binary, 'text frames only')
      const message = parseMessage(data.toString())
      const isHandshake = typeof message !== 'string' && ('proof' in message || 'nonce' in message)
      if (ready) {
        if (typeof message === 'string') return send({ type: 'error', code: message })
        if (isHandshake)
          return shut(CLOSE.outOfOrder, `${message.type} out of order`, 'out-of-order')
        if (message.type === 'ping') return send({ type: 'pong' })
        return events.message(message as SessionMessage)
      }
      if (!isHandshake) return shut(CLOSE.outOfOrder, 'handshake first', 'out-of-order')
      queue = queue
        .then(async () => {
          if (closing) return
          // Nothing is paired or admitted while another connection is the extension's.
          if (current && (message.type === 'pair-proof' || message.type === 'auth')) {
            return shut(CLOSE.busy, 'another extension connection is open', 'busy')
          }
          const step = await handshake.step(message as HandshakeMessage)
          if (closing) return
          for (const part of step.send) send(part)
          if ('close' in step) return shut(step.close, step.reason)
          if (!('ready' in step)) return
          clearTimeout(timer)
          if (current) return shut(CLOSE.busy, 'another extension connection is open', 'busy')
          handshakes--
          ready = true
          current = ws
          events.connected({ origin, send, close: shut })
        })
        .catch(() => shut(CLOSE.outOfOrder, 'handshake failed', 'invalid'))
    })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  }).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      error.code === 'EADDRINUSE'
        ? `webmcp-kit-bridge: port ${options.port} is in use (another bridge?). Stop it, or pass --port with another port (the extension must use the same).`
        : `webmcp-kit-bridge: cannot listen on 127.0.0.1:${options.port} (${error.message}).`,
    )
  })
  events.log(`listening for the extension on ws://127.0.0.1:${port()}`)
  return {
    port: port(),
    async close() {
      for (const client of wss.clients) client.terminate()
      wss.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
