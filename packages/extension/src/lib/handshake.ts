// The extension's side of pairing and of each connection's mutual proof, with WebCrypto only.
// Pairing: ECDH P-256 keys and fresh nonces both ways, each side proves the one-time code by an
// HMAC over the transcript, and both derive the 256-bit secret by HKDF from the shared key. Later
// connections: each side proves the secret by an HMAC over the other's fresh nonce. The extension
// checks the bridge's proof before it proves anything itself, so a process squatting the port
// learns nothing and gets no call. The secret never travels.
import { CLOSE, fromBase64Url, join, toBase64Url } from './protocol'

const text = new TextEncoder()
const subtle = () => globalThis.crypto.subtle

/** Raised when the peer fails the handshake; `code` is the WebSocket close code to use. */
export class HandshakeError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
    this.name = 'HandshakeError'
  }
}

/** The two directions of one connection, as the handshake sees them. */
export interface HandshakeChannel {
  send(message: Record<string, unknown>): void
  /** The next message; rejects when the connection closes or the handshake times out. */
  receive(): Promise<Record<string, unknown>>
}

const nonce = (): string => toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(32)))

async function sha256(data: string | Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = typeof data === 'string' ? text.encode(data) : data
  return new Uint8Array(await subtle().digest('SHA-256', bytes))
}

const hmacKey = (secret: Uint8Array<ArrayBuffer>, usage: 'sign' | 'verify') =>
  subtle().importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [usage])

async function sign(secret: Uint8Array<ArrayBuffer>, message: string): Promise<string> {
  const key = await hmacKey(secret, 'sign')
  return toBase64Url(new Uint8Array(await subtle().sign('HMAC', key, text.encode(message))))
}

/** Checks an HMAC in constant time (WebCrypto's verify); false for anything malformed. */
async function verify(secret: Uint8Array<ArrayBuffer>, message: string, proof: unknown) {
  if (typeof proof !== 'string') return false
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = fromBase64Url(proof)
  } catch {
    return false
  }
  const key = await hmacKey(secret, 'verify')
  return subtle().verify('HMAC', key, bytes, text.encode(message))
}

/** The pairing code as the key derivation takes it: upper case, no dash or spaces. */
export const normaliseCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase()

/** Whether a code has the bridge's shape (8 characters of its alphabet, a dash allowed). */
export const isCode = (code: string): boolean =>
  /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/.test(normaliseCode(code))

async function expect(channel: HandshakeChannel, type: string) {
  const message = await channel.receive()
  if (message.type === 'error' && message.code === 'bad-code') {
    throw new HandshakeError('The bridge did not accept the pairing code.', CLOSE.badProof)
  }
  if (message.type !== type) {
    throw new HandshakeError(`Expected ${type}, got ${String(message.type)}.`, CLOSE.outOfOrder)
  }
  return message
}

/** First use: pairs with the bridge that shows `code`; resolves with the 32-byte secret. */
export async function pair(
  channel: HandshakeChannel,
  origin: string,
  code: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const keys = await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])
  const ePub = toBase64Url(new Uint8Array(await subtle().exportKey('raw', keys.publicKey)))
  const eNonce = nonce()
  channel.send({ type: 'pair', v: 1, pub: ePub, nonce: eNonce })
  const challenge = await expect(channel, 'pair-challenge')
  if (typeof challenge.pub !== 'string' || typeof challenge.nonce !== 'string') {
    throw new HandshakeError('A malformed pair-challenge.', CLOSE.outOfOrder)
  }
  let bridgeKey: CryptoKey
  try {
    const raw = fromBase64Url(challenge.pub)
    if (fromBase64Url(challenge.nonce).length !== 32) throw new TypeError('nonce')
    bridgeKey = await subtle().importKey(
      'raw',
      raw,
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      [],
    )
  } catch {
    throw new HandshakeError('The bridge sent an invalid key or nonce.', CLOSE.outOfOrder)
  }
  const transcript = join(
    'webmcp-kit pair v1',
    origin,
    ePub,
    eNonce,
    challenge.pub,
    challenge.nonce,
  )
  const codeKey = await sha256(join('webmcp-kit code', normaliseCode(code)))
  channel.send({ type: 'pair-proof', proof: await sign(codeKey, join('extension', transcript)) })
  const paired = await expect(channel, 'paired')
  if (!(await verify(codeKey, join('bridge', transcript), paired.proof))) {
    throw new HandshakeError('The peer could not prove the pairing code.', CLOSE.badProof)
  }
  const shared = await subtle().deriveBits(
    { name: 'ECDH', public: bridgeKey },
    keys.privateKey,
    256,
  )
  const hkdf = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveBits'])
  const secret = await subtle().deriveBits(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: await sha256(transcript),
      info: text.encode('webmcp-kit secret'),
    },
    hkdf,
    256,
  )
  await expect(channel, 'ready')
  return new Uint8Array(secret)
}

/** Every later connection: proves the secret both ways; resolves with the bridge's client name. */
export async function authenticate(
  channel: HandshakeChannel,
  origin: string,
  secret: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const eNonce = nonce()
  channel.send({ type: 'hello', v: 1, nonce: eNonce })
  const challenge = await expect(channel, 'challenge')
  const bNonce = challenge.nonce
  if (typeof bNonce !== 'string' || bNonce === eNonce) {
    throw new HandshakeError('A malformed challenge.', CLOSE.outOfOrder)
  }
  if (!(await verify(secret, join('bridge', origin, eNonce, bNonce), challenge.proof))) {
    throw new HandshakeError('The peer could not prove the pairing secret.', CLOSE.badProof)
  }
  channel.send({
    type: 'auth',
    proof: await sign(secret, join('extension', origin, bNonce, eNonce)),
  })
  const ready = await expect(channel, 'ready')
  return typeof ready.client === 'string' ? ready.client.slice(0, 200) : ''
}
