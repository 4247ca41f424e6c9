// The extension's handshake against a bridge side written here with node:crypto alone (ECDH,
// HKDF and HMAC from the protocol's text, sharing no code with the shared module): pairing derives
// the same secret on both sides, each connection proves it both ways, and a peer that cannot prove
// the code or the secret learns nothing: the extension sends no proof of its own.
import { createECDH, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { authenticate, HandshakeError, pair } from '../src/lib/handshake'
import type { HandshakeChannel } from '../src/lib/handshake'

const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop'
const b64 = (bytes: Buffer) => bytes.toString('base64url')
const mac = (key: Buffer, ...parts: string[]) =>
  b64(createHmac('sha256', key).update(parts.join('\n')).digest())
type Message = Record<string, unknown>

/** A channel whose other end is `bridge`, which reads the extension's messages in order. */
function channel(
  bridge: (next: () => Promise<Message>, send: (m: Message) => void) => Promise<void>,
) {
  const fromExtension: Message[] = []
  const toExtension: Message[] = []
  let wakeBridge: (() => void) | undefined
  let wakeExtension: (() => void) | undefined
  const next = async () => {
    while (fromExtension.length === 0) await new Promise<void>((r) => (wakeBridge = r))
    return fromExtension.shift()!
  }
  const sent: Message[] = []
  const ended = bridge(next, (m) => {
    toExtension.push(m)
    wakeExtension?.()
  })
  const ch: HandshakeChannel = {
    send(message) {
      sent.push(message)
      fromExtension.push(message)
      wakeBridge?.()
    },
    async receive() {
      while (toExtension.length === 0) await new Promise<void>((r) => (wakeExtension = r))
      return toExtension.shift()!
    },
  }
  return { channel: ch, sent, ended }
}

function pairingBridge(code: string, options: { wrongProof?: boolean } = {}) {
  const result: { secret?: Buffer } = {}
  const ends = channel(async (next, send) => {
    const first = await next()
    const ecdh = createECDH('prime256v1')
    const pub = b64(ecdh.generateKeys())
    const nonce = b64(randomBytes(32))
    send({ type: 'pair-challenge', pub, nonce })
    const transcript = [
      'webmcp-kit pair v1',
      ORIGIN,
      String(first.pub),
      String(first.nonce),
      pub,
      nonce,
    ].join('\n')
    const codeKey = createHash('sha256').update(`webmcp-kit code\n${code}`).digest()
    const proof = await next()
    if (proof.proof !== mac(codeKey, 'extension', transcript))
      return send({ type: 'error', code: 'bad-code' })
    send({
      type: 'paired',
      proof: options.wrongProof
        ? mac(codeKey, 'other', transcript)
        : mac(codeKey, 'bridge', transcript),
    })
    send({ type: 'ready', client: 'test' })
    const shared = ecdh.computeSecret(Buffer.from(String(first.pub), 'base64url'))
    const salt = createHash('sha256').update(transcript).digest()
    result.secret = Buffer.from(hkdfSync('sha256', shared, salt, 'webmcp-kit secret', 32))
  })
  return { ...ends, result }
}

function authBridge(secret: Buffer, options: { squat?: boolean; echoNonce?: boolean } = {}) {
  return channel(async (next, send) => {
    const hello = await next()
    const nonce = options.echoNonce ? String(hello.nonce) : b64(randomBytes(32))
    const proof = options.squat
      ? b64(randomBytes(32))
      : mac(secret, 'bridge', ORIGIN, String(hello.nonce), nonce)
    send({ type: 'challenge', nonce, proof })
    const auth = await next()
    if (auth.proof === mac(secret, 'extension', ORIGIN, nonce, String(hello.nonce))) {
      send({ type: 'ready', client: 'Claude' })
    } else send({ type: 'error', code: 'bad-proof' })
  })
}

describe('pairing', () => {
  it('derives the bridge’s secret from the code, with the code typed in any case and dashed', async () => {
    const bridge = pairingBridge('ABCD2345')
    const secret = await pair(bridge.channel, ORIGIN, 'abcd-2345')
    await bridge.ended
    expect(secret.length).toBe(32)
    expect(Buffer.from(secret).equals(bridge.result.secret!)).toBe(true)
    expect(bridge.sent.map((m) => m.type)).toEqual(['pair', 'pair-proof'])
  })

  it('refuses a bridge that answers a wrong code, and one that cannot prove the code', async () => {
    const wrong = pairingBridge('ABCD2345')
    await expect(pair(wrong.channel, ORIGIN, 'ZZZZ-2345')).rejects.toMatchObject({
      name: 'HandshakeError',
      code: 4401,
      message: 'The bridge did not accept the pairing code.',
    })
    const impostor = pairingBridge('ABCD2345', { wrongProof: true })
    await expect(pair(impostor.channel, ORIGIN, 'ABCD-2345')).rejects.toMatchObject({ code: 4401 })
  })

  it('sends no proof to a bridge whose key is not a P-256 point', async () => {
    const ends = channel(async (next, send) => {
      await next()
      send({ type: 'pair-challenge', pub: b64(Buffer.alloc(65, 4)), nonce: b64(randomBytes(32)) })
    })
    await expect(pair(ends.channel, ORIGIN, 'ABCD-2345')).rejects.toMatchObject({ code: 4400 })
    expect(ends.sent.map((m) => m.type)).toEqual(['pair'])
  })
})

describe('authentication', () => {
  const secret = randomBytes(32)
  const bytes = () => new Uint8Array(secret)

  it('proves the secret both ways over fresh nonces, and names the client', async () => {
    const first = authBridge(secret)
    expect(await authenticate(first.channel, ORIGIN, bytes())).toBe('Claude')
    const second = authBridge(secret)
    await authenticate(second.channel, ORIGIN, bytes())
    expect(first.sent[0]!.nonce).not.toBe(second.sent[0]!.nonce)
    expect(first.sent.map((m) => m.type)).toEqual(['hello', 'auth'])
  })

  it('refuses a squatter that cannot prove the secret, before proving anything itself', async () => {
    const squatter = authBridge(secret, { squat: true })
    const failure = await authenticate(squatter.channel, ORIGIN, bytes()).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(HandshakeError)
    expect(failure).toMatchObject({
      code: 4401,
      message: 'The peer could not prove the pairing secret.',
    })
    expect(squatter.sent.map((m) => m.type)).toEqual(['hello'])
  })

  it('refuses a challenge that reflects its own nonce, and one of the wrong secret', async () => {
    const reflect = authBridge(secret, { echoNonce: true })
    await expect(authenticate(reflect.channel, ORIGIN, bytes())).rejects.toMatchObject({
      code: 4400,
    })
    expect(reflect.sent.map((m) => m.type)).toEqual(['hello'])
    const other = authBridge(randomBytes(32))
    await expect(authenticate(other.channel, ORIGIN, bytes())).rejects.toMatchObject({ code: 4401 })
    expect(other.sent.map((m) => m.type)).toEqual(['hello'])
  })
})
