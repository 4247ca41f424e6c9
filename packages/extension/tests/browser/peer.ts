// A protocol peer written for the tests: the bridge's side of the extension protocol (pairing with a
// code, the secret's challenge–response, then the messages), over a Node ws server on 127.0.0.1.
// It records what the extension sends, so a test waits for a message rather than for time.
// `squat: true` plays a process that holds the port without the secret.
import { webcrypto } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import type { WebSocket } from 'ws'
import { fromBase64Url, join, toBase64Url } from '../../src/lib/protocol'

const subtle = webcrypto.subtle
const text = new TextEncoder()
type Message = Record<string, unknown> & { type: string }

export interface PeerOptions {
  code?: string
  secret?: Uint8Array<ArrayBuffer>
  squat?: boolean
  port?: number
}

const nonce = () => toBase64Url(webcrypto.getRandomValues(new Uint8Array(32)))
const sha256 = async (value: string) =>
  new Uint8Array(await subtle.digest('SHA-256', text.encode(value)))
async function hmac(key: Uint8Array<ArrayBuffer>, message: string) {
  const imported = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  return toBase64Url(new Uint8Array(await subtle.sign('HMAC', imported, text.encode(message))))
}

export async function startPeer(options: PeerOptions = {}) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const messages: Message[] = []
  const closes: number[] = []
  const handshake: Message[] = []
  const waiters: { test(m: Message): boolean; resolve(m: Message): void }[] = []
  let socket: WebSocket | undefined
  let secret = options.secret
  let origin: string | undefined
  const record = (message: Message) => {
    messages.push(message)
    for (const waiter of [...waiters]) {
      if (waiter.test(message)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(message)
      }
    }
  }
  let connections = 0
  server.on('connection', (ws, request) => {
    connections++
    origin = request.headers.origin
    socket = ws
    const inbox: Message[] = []
    let wake: (() => void) | undefined
    let ready = false
    const next = async () => {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve))
      return inbox.shift() as Message
    }
    ws.on('close', (code) => closes.push(code))
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message
      if (ready) {
        if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }))
        return record(message)
      }
      handshake.push(message)
      inbox.push(message)
      wake?.()
    })
    const send = (message: object) => ws.send(JSON.stringify(message))
    void (async () => {
      const first = await next()
      if (first.type === 'hello' && options.squat) {
        // No secret: any proof it makes up is wrong.
        send({ type: 'challenge', nonce: nonce(), proof: nonce() })
        await next()
        return
      }
      if (first.type === 'hello' && secret) {
        const bNonce = nonce()
        const proof = await hmac(secret, join('bridge', origin ?? '', String(first.nonce), bNonce))
        send({ type: 'challenge', nonce: bNonce, proof })
        const auth = await next()
        const expected = await hmac(
          secret,
          join('extension', origin ?? '', bNonce, String(first.nonce)),
        )
        if (auth.type !== 'auth' || auth.proof !== expected) return ws.close(4401)
        ready = true
        return send({ type: 'ready', client: 'test-peer' })
      }
      if (first.type === 'pair' && options.code) {
        const keys = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
          'deriveBits',
        ])
        const bPub = toBase64Url(new Uint8Array(await subtle.exportKey('raw', keys.publicKey)))
        const bNonce = nonce()
        send({ type: 'pair-challenge', pub: bPub, nonce: bNonce })
        const transcript = join(
          'webmcp-kit pair v1',
          origin ?? '',
          String(first.pub),
          String(first.nonce),
          bPub,
          bNonce,
        )
        const codeKey = await sha256(
          join('webmcp-kit code', options.code.replace('-', '').toUpperCase()),
        )
        const proof = await next()
        if (proof.proof !== (await hmac(codeKey, join('extension', transcript)))) {
          send({ type: 'error', code: 'bad-code' })
          return ws.close(4401)
        }
        send({ type: 'paired', proof: await hmac(codeKey, join('bridge', transcript)) })
        const ePub = await subtle.importKey(
          'raw',
          fromBase64Url(first.pub, 65) ?? new Uint8Array(),
          { name: 'ECDH', namedCurve: 'P-256' },
          false,
          [],
        )
        const shared = await subtle.deriveBits({ name: 'ECDH', public: ePub }, keys.privateKey, 256)
        const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveBits'])
        secret = new Uint8Array(
          await subtle.deriveBits(
            {
              name: 'HKDF',
              hash: 'SHA-256',
              salt: await subtle.digest('SHA-256', text.encode(transcript)),
              info: text.encode('webmcp-kit secret'),
            },
            hkdf,
            256,
          ),
        )
        ready = true
        return send({ type: 'ready' })
      }
      ws.close(4400)
    })()
  })
  return {
    port: (server.address() as AddressInfo).port,
    messages,
    handshake,
    closes,
    get origin() {
      return origin
    },
    get secret() {
      return secret
    },
    send: (message: object) => socket?.send(JSON.stringify(message)),
    /** Sends `data` as it is: text that may not be JSON, or a binary frame. */
    sendRaw: (data: string | Buffer) => socket?.send(data),
    /** How many connections the extension has opened. */
    get connections() {
      return connections
    },
    /** The first message (already received or still to come) that passes `test`. */
    waitFor<T extends Message = Message>(test: (m: Message) => boolean): Promise<T> {
      const seen = messages.find(test)
      if (seen) return Promise.resolve(seen as T)
      return new Promise((resolve) =>
        waiters.push({ test, resolve: resolve as (m: Message) => void }),
      )
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      }),
  }
}

export type Peer = Awaited<ReturnType<typeof startPeer>>
