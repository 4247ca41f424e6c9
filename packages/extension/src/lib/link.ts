// The WebSocket to the bridge on 127.0.0.1: the handshake first (pairing with a code, or the
// secret's challenge–response), then the protocol's messages, with a ping every 20 s (which also
// keeps an MV3 worker alive) and reconnection with a capped, jittered backoff.
import { authenticate, HandshakeError, pair } from './handshake'
import type { HandshakeChannel } from './handshake'
import { byteLength, CLOSE, HANDSHAKE_MS, MAX_MESSAGE_BYTES, parseBridgeMessage } from './protocol'
import type { BridgeMessage, ExtensionMessage } from './protocol'

export type Credentials =
  { port: number; secret: Uint8Array<ArrayBuffer> } | { port: number; code: string }

export interface LinkEvents {
  /** The credentials to connect with, or undefined when not paired (the link then waits). */
  credentials(): Promise<Credentials | undefined>
  /** Pairing succeeded: keep the secret for later connections. */
  paired(port: number, secret: Uint8Array<ArrayBuffer>): Promise<void>
  ready(client: string): void
  message(message: BridgeMessage): void
  /** The link went down (or a handshake failed): `error` says why, for the popup. */
  down(error: string | undefined): void
}

export type LinkState = 'idle' | 'connecting' | 'ready'

const PING = 20_000
const BACKOFF_MAX = 30_000

export class Link {
  #socket: WebSocket | undefined
  #state: LinkState = 'idle'
  #attempt = 0
  #timer: ReturnType<typeof setTimeout> | undefined
  #ping: ReturnType<typeof setInterval> | undefined
  #stopped = true

  constructor(
    readonly origin: string,
    private readonly events: LinkEvents,
  ) {}

  get state(): LinkState {
    return this.#state
  }

  /** Connects now (and after every loss, with backoff) until stop(). */
  start(): void {
    this.#stopped = false
    if (this.#state !== 'idle') return
    clearTimeout(this.#timer)
    void this.#connect()
  }

  stop(): void {
    this.#stopped = true
    clearTimeout(this.#timer)
    this.#socket?.close(1000)
  }

  /** Sends a message when the link is ready; false when it is not (or the message is too big). */
  send(message: ExtensionMessage): boolean {
    if (this.#state !== 'ready' || !this.#socket) return false
    const data = JSON.stringify(message)
    if (byteLength(data) > MAX_MESSAGE_BYTES) return false
    this.#socket.send(data)
    return true
  }

  async #connect(): Promise<void> {
    const credentials = await this.events.credentials()
    if (!credentials || this.#stopped || this.#state !== 'idle') return
    this.#state = 'connecting'
    const socket = new WebSocket(`ws://127.0.0.1:${credentials.port}/`)
    this.#socket = socket
    const inbox: Record<string, unknown>[] = []
    const waiting: { resolve(m: Record<string, unknown>): void; reject(e: Error): void }[] = []
    let closed: Error | undefined
    let handshaking = true
    const fail = (error: Error) => {
      closed ??= error
      for (const waiter of waiting.splice(0)) waiter.reject(error)
    }
    socket.addEventListener('message', (event) => {
      // A browser closes only with 1000 or 3000–4999 (1003 and 1009 are the server's to send).
      if (typeof event.data !== 'string') return socket.close(CLOSE.outOfOrder, 'binary frame')
      if (byteLength(event.data) > MAX_MESSAGE_BYTES) {
        return socket.close(CLOSE.outOfOrder, 'frame over 1 MiB')
      }
      let data: unknown
      try {
        data = JSON.parse(event.data)
      } catch {
        return socket.close(CLOSE.outOfOrder)
      }
      if (handshaking) {
        const record = (data ?? {}) as Record<string, unknown>
        const waiter = waiting.shift()
        if (waiter) waiter.resolve(record)
        else inbox.push(record)
        return
      }
      const message = parseBridgeMessage(data)
      if (!message) return
      if (message.type === 'ping') this.send({ type: 'pong' })
      else if (message.type !== 'pong') this.events.message(message)
    })
    socket.addEventListener('close', (event) => {
      fail(new HandshakeError(`The connection closed (${event.code}).`, event.code))
      this.#closed(socket, closed)
    })
    const opened = new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true })
      socket.addEventListener('error', () => reject(new Error('The bridge is not listening.')), {
        once: true,
      })
    })
    const channel: HandshakeChannel = {
      send: (message) => socket.send(JSON.stringify(message)),
      receive: () => {
        const next = inbox.shift()
        if (next) return Promise.resolve(next)
        if (closed) return Promise.reject(closed)
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }))
      },
    }
    const timeout = setTimeout(
      () => fail(new HandshakeError('The handshake timed out.', CLOSE.timeout)),
      HANDSHAKE_MS,
    )
    try {
      await opened
      let client = ''
      if ('secret' in credentials) {
        client = await authenticate(channel, this.origin, credentials.secret)
      } else {
        const secret = await pair(channel, this.origin, credentials.code)
        await this.events.paired(credentials.port, secret)
      }
      handshaking = false
      this.#state = 'ready'
      this.#attempt = 0
      this.#ping = setInterval(() => this.send({ type: 'ping' }), PING)
      this.events.ready(client)
    } catch (error) {
      closed ??= error as Error
      const code = error instanceof HandshakeError && error.code >= 4000 ? error.code : 1000
      socket.close(code)
    } finally {
      clearTimeout(timeout)
    }
  }

  #closed(socket: WebSocket, error: Error | undefined): void {
    if (this.#socket !== socket) return
    this.#socket = undefined
    this.#state = 'idle'
    clearInterval(this.#ping)
    this.events.down(error?.message)
    if (this.#stopped) return
    const delay = Math.min(BACKOFF_MAX, 500 * 2 ** this.#attempt++)
    this.#timer = setTimeout(() => void this.#connect(), delay / 2 + Math.random() * (delay / 2))
  }
}
