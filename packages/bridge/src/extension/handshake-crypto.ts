import { randomInt, timingSafeEqual, webcrypto } from 'node:crypto'
import { toB64url } from './protocol'

/**
 * The cryptography of pairing and authentication, with WebCrypto (the same API the extension
 * uses, so both sides compute the same bytes). Every value that is joined is text (base64url
 * for bytes), and `a|b` is the parts joined with "\n".
 */

const { subtle } = webcrypto
const encoder = new TextEncoder()

/** The characters of a pairing code (no 0/O, 1/I/L: easy to read and type). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A new pairing code: 8 characters of {@link CODE_ALPHABET}, uniformly random. */
export function newPairingCode(): string {
  let code = ''
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

/** The code as people read it: `XXXX-XXXX`. */
export const showCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`

/** The code as both sides hash it: upper case, without the dash (or spaces). */
export const normaliseCode = (code: string) => code.toUpperCase().replace(/[-\s]/g, '')

/** Fresh random bytes (32 by default), as base64url. */
export const newNonce = (length = 32) => toB64url(webcrypto.getRandomValues(new Uint8Array(length)))

const join = (...parts: string[]) => parts.join('\n')

async function hmac(key: Uint8Array, ...parts: string[]): Promise<string> {
  const hmacKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  return toB64url(
    new Uint8Array(await subtle.sign('HMAC', hmacKey, encoder.encode(join(...parts)))),
  )
}

const sha256 = async (text: string) =>
  new Uint8Array(await subtle.digest('SHA-256', encoder.encode(text)))

/** Whether two base64url proofs are the same, in constant time. */
export function sameProof(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The bridge's half of a pairing: its ECDH P-256 key pair and nonce. */
export interface PairingKeys {
  keys: webcrypto.CryptoKeyPair
  /** The raw (uncompressed, 65-byte) public key, base64url. */
  pub: string
  nonce: string
}

export async function newPairingKeys(): Promise<PairingKeys> {
  const keys = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])) as webcrypto.CryptoKeyPair
  const pub = toB64url(new Uint8Array(await subtle.exportKey('raw', keys.publicKey)))
  return { keys, pub, nonce: newNonce() }
}

/** What both sides of a pairing agree on. */
export interface Transcript {
  origin: string
  extensionPub: string
  extensionNonce: string
  bridgePub: string
  bridgeNonce: string
}

const transcriptText = (t: Transcript) =>
  join('webmcp-kit pair v1', t.origin, t.extensionPub, t.extensionNonce, t.bridgePub, t.bridgeNonce)

/** The pairing proofs for `code`: what the extension must send, and what the bridge answers. */
export async function pairingProofs(
  code: string,
  transcript: Transcript,
): Promise<{ extension: string; bridge: string }> {
  const codeKey = await sha256(join('webmcp-kit code', normaliseCode(code)))
  const text = transcriptText(transcript)
  return {
    extension: await hmac(codeKey, 'extension', text),
    bridge: await hmac(codeKey, 'bridge', text),
  }
}

/**
 * The 32-byte secret of a pairing: HKDF-SHA-256 over the ECDH shared secret, salted with the
 * transcript's SHA-256. Throws when the extension's public key is not a P-256 point.
 */
export async function pairingSecret(
  privateKey: webcrypto.CryptoKey,
  transcript: Transcript,
): Promise<Uint8Array> {
  const extensionKey = await subtle.importKey(
    'raw',
    Buffer.from(transcript.extensionPub, 'base64url'),
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  )
  const shared = await subtle.deriveBits({ name: 'ECDH', public: extensionKey }, privateKey, 256)
  const ikm = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveBits'])
  const bits = await subtle.deriveBits(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: await sha256(transcriptText(transcript)),
      info: encoder.encode('webmcp-kit secret'),
    },
    ikm,
    256,
  )
  return new Uint8Array(bits)
}

/** The proofs of one authentication: the bridge's (in `challenge`) and the extension's (in `auth`). */
export async function authProofs(
  secret: Uint8Array,
  origin: string,
  extensionNonce: string,
  bridgeNonce: string,
): Promise<{ bridge: string; extension: string }> {
  return {
    bridge: await hmac(secret, 'bridge', origin, extensionNonce, bridgeNonce),
    extension: await hmac(secret, 'extension', origin, bridgeNonce, extensionNonce),
  }
}
