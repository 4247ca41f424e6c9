import { fromBase64Url, join, toBase64Url } from './wire'

/**
 * The cryptography of pairing and authentication, for both ends, with WebCrypto alone (the
 * extension's worker and Node have the same `globalThis.crypto`, so both sides compute the same
 * bytes with the same code). Every value that is joined is text (base64url for bytes), and `a|b`
 * is the parts joined with "\n".
 *
 * Pairing: ECDH P-256 keys and fresh nonces both ways; each side proves the one-time code by an
 * HMAC over the transcript, and both derive the 256-bit secret by HKDF from the shared key. Later
 * connections: each side proves the secret by an HMAC over the other's fresh nonce. The secret
 * never travels.
 */

const encoder = new TextEncoder()
const subtle = () => globalThis.crypto.subtle

/** The characters of a pairing code (no 0/O, 1/I/L: easy to read and type). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A new pairing code: 8 characters of {@link CODE_ALPHABET}, uniformly random. */
export function newPairingCode(): string {
  const size = CODE_ALPHABET.length
  // Bytes at or above the largest multiple of the alphabet's size are drawn again (no bias).
  const limit = 256 - (256 % size)
  let code = ''
  while (code.length < 8) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < limit && code.length < 8) code += CODE_ALPHABET[byte % size]
    }
  }
  return code
}

/** The code as people read it: `XXXX-XXXX`. */
export const showCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`

/** The code as both sides hash it: upper case, without the dash (or spaces). */
export const normaliseCode = (code: string): string => code.toUpperCase().replace(/[-\s]/g, '')

/** Whether a code has the bridge's shape (8 characters of its alphabet, a dash allowed). */
export const isCode = (code: string): boolean =>
  new RegExp(`^[${CODE_ALPHABET}]{8}$`).test(normaliseCode(code))

/** Fresh random bytes (32 by default), as base64url. */
export const newNonce = (length = 32): string =>
  toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(length)))

async function hmac(key: Uint8Array<ArrayBuffer>, ...parts: string[]): Promise<string> {
  const hmacKey = await subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  return toBase64Url(
    new Uint8Array(await subtle().sign('HMAC', hmacKey, encoder.encode(join(...parts)))),
  )
}

const sha256 = async (text: string): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await subtle().digest('SHA-256', encoder.encode(text)))

/** Whether a proof that was given is the one expected, in time that depends on its length only. */
export function sameProof(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false
  let difference = 0
  for (let i = 0; i < given.length; i++) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i)
  return difference === 0
}

/** One side's half of a pairing: its ECDH P-256 key pair and nonce. */
export interface PairingKeys {
  keys: CryptoKeyPair
  /** The raw (uncompressed, 65-byte) public key, base64url. */
  pub: string
  nonce: string
}

export async function newPairingKeys(): Promise<PairingKeys> {
  const keys = await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])
  const pub = toBase64Url(new Uint8Array(await subtle().exportKey('raw', keys.publicKey)))
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
 * The 32-byte secret of a pairing: HKDF-SHA-256 over the ECDH shared secret of `privateKey` and
 * the other side's public key `otherPub`, salted with the transcript's SHA-256. Throws when
 * `otherPub` is not a P-256 point.
 */
export async function pairingSecret(
  privateKey: CryptoKey,
  otherPub: string,
  transcript: Transcript,
): Promise<Uint8Array<ArrayBuffer>> {
  const raw = fromBase64Url(otherPub, 65)
  if (!raw) throw new TypeError('The public key is not 65 bytes of base64url.')
  const other = await subtle().importKey(
    'raw',
    raw,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  )
  const shared = await subtle().deriveBits({ name: 'ECDH', public: other }, privateKey, 256)
  const ikm = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveBits'])
  const bits = await subtle().deriveBits(
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
  secret: Uint8Array<ArrayBuffer>,
  origin: string,
  extensionNonce: string,
  bridgeNonce: string,
): Promise<{ bridge: string; extension: string }> {
  return {
    bridge: await hmac(secret, 'bridge', origin, extensionNonce, bridgeNonce),
    extension: await hmac(secret, 'extension', origin, bridgeNonce, extensionNonce),
  }
}
