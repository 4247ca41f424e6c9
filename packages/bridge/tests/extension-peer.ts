/**
 * The extension's side of the extension ↔ bridge protocol, written from the protocol with
 * WebCrypto (as the extension's worker has it), to drive the bridge in its own tests. It shares no
 * code with the bridge.
 */
import WebSocket from 'ws'

export const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop'
export const OTHER_ORIGIN = 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba'

const subtle = globalThis.crypto.subtle
const utf8 = (text: string) => new TextEncoder().encode(text)
const b64 = (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url')
const lines = (...parts: string[]) => utf8(parts.join('\n'))

async function mac(key: BufferSource, data: Uint8Array<ArrayBuffer>): Promise<string> {
  const k = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return b64(await subtle.sign('HMAC', k, data))
}

export const randomNonce = () => b64(globalThis.crypto.getRandomValues(new Uint8Array(32)))

export type Message = Record<string, unknown> & { type: string }

/** One WebSocket connection to the bridge, with its messages in order and its close. */
export class Peer {
  readonly ws: WebSocket
  readonly origin: string
  readonly sent: Message[] = []
  readonly #inbox: Message[] = []
  #waiter: (() => void) | undefined
  /** Settles when the connection closes, with the code the bridge gave. */
  readonly closed: Promise<{ code: number; reason: string }>
  /** Settles when the upgrade is answered: `open`, or the HTTP status it was refused with. */
  readonly opened: Promise<'open' | number>

  constructor(
    port: number,
    options: { origin?: string | null; host?: string; path?: string } = {},
  ) {
    this.origin = options.origin === undefined ? ORIGIN : (options.origin ?? '')
    const headers: Record<string, string> = {}
    if (options.host) headers.host = options.host
    this.ws = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/'}`, {
      ...(options.origin !== null && { origin: this.origin }),
      headers,
    })
    this.opened = new Promise((resolve) => {
      this.ws.once('open', () => resolve('open'))
      this.ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      this.ws.once('error', () => resolve(0))
    })
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
      this.ws.once('unexpected-response', () => resolve({ code: 0, reason: 'refused' }))
    })
    this.ws.on('message', (data) => {
      this.#inbox.push(JSON.parse(data.toString()) as Message)
      this.#waiter?.()
    })
    this.ws.on('close', () => this.#waiter?.())
  }

  send(message: object): void {
    this.sent.push(message as Message)
    this.ws.send(JSON.stringify(message))
  }

  /** The next message from the bridge; rejects when the connection closes first. */
  async next(): Promise<Message> {
    while (!this.#inbox.length) {
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('closed')
      await new Promise<void>((resolve) => (this.#waiter = resolve))
    }
    return this.#inbox.shift()!
  }

  /** The next message of `type`, skipping others. */
  async nextOf(type: string): Promise<Message> {
    for (;;) {
      const message = await this.next()
      if (message.type === type) return message
    }
  }

  /** Pairs with `code` (checking the bridge's proof); resolves the 32-byte secret. */
  async pair(code: string, nonce = randomNonce()): Promise<Uint8Array<ArrayBuffer>> {
    await this.opened
    const keys = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ])) as CryptoKeyPair
    const pub = b64(await subtle.exportKey('raw', keys.publicKey))
    this.send({ type: 'pair', v: 1, pub, nonce })
    const challenge = await this.next()
    if (challenge.type !== 'pair-challenge') throw new Error(`got ${JSON.stringify(challenge)}`)
    const transcript = [
      'webmcp-kit pair v1',
      this.origin,
      pub,
      nonce,
      challenge.pub as string,
      challenge.nonce as string,
    ].join('\n')
    const codeKey = await subtle.digest(
      'SHA-256',
      lines('webmcp-kit code', code.toUpperCase().replace('-', '')),
    )
    this.send({ type: 'pair-proof', proof: await mac(codeKey, lines('extension', transcript)) })
    const paired = await this.next()
    if (paired.type !== 'paired') throw new Error(`got ${JSON.stringify(paired)}`)
    if (paired.proof !== (await mac(codeKey, lines('bridge', transcript)))) {
      throw new Error('the bridge did not prove the code')
    }
    const bridgeKey = await subtle.importKey(
      'raw',
      Buffer.from(challenge.pub as string, 'base64url'),
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      [],
    )
    const shared = await subtle.deriveBits(
      { name: 'ECDH', public: bridgeKey },
      keys.privateKey,
      256,
    )
    const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveBits'])
    const secret = await subtle.deriveBits(
      {
        name: 'HKDF',
        hash: 'SHA-256',
        salt: await subtle.digest('SHA-256', utf8(transcript)),
        info: utf8('webmcp-kit secret'),
      },
      hkdf,
      256,
    )
    const ready = await this.next()
    if (ready.type !== 'ready') throw new Error(`got ${JSON.stringify(ready)}`)
    return new Uint8Array(secret)
  }

  /** Authenticates with `secret` (checking the bridge's proof first); resolves the `ready`. */
  async auth(secret: Uint8Array<ArrayBuffer>, nonce = randomNonce()): Promise<Message> {
    await this.opened
    this.send({ type: 'hello', v: 1, nonce })
    const challenge = await this.next()
    if (challenge.type !== 'challenge') throw new Error(`got ${JSON.stringify(challenge)}`)
    const nB = challenge.nonce as string
    const expected = await mac(secret, lines('bridge', this.origin, nonce, nB))
    if (challenge.proof !== expected) throw new Error('the bridge did not prove the secret')
    this.send({
      type: 'auth',
      proof: await mac(secret, lines('extension', this.origin, nB, nonce)),
    })
    const ready = await this.next()
    if (ready.type !== 'ready') throw new Error(`got ${JSON.stringify(ready)}`)
    return ready
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close()
    return this.closed
  }
}

/** A fresh 32-byte secret, for a pairing given to the bridge. */
export const newSecret = () => globalThis.crypto.getRandomValues(new Uint8Array(32))
