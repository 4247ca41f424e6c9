// The extension's side of pairing and of each connection's mutual proof, with the cryptography of
// the shared protocol module (see its handshake-crypto for the scheme). The extension checks the
// bridge's proof before it proves anything itself, so a process squatting the port learns nothing
// and gets no call. The secret never travels.
import {
  authProofs,
  CLOSE,
  fromBase64Url,
  newNonce,
  newPairingKeys,
  pairingProofs,
  pairingSecret,
  sameProof,
} from './protocol'

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
  const mine = await newPairingKeys()
  channel.send({ type: 'pair', v: 1, pub: mine.pub, nonce: mine.nonce })
  const challenge = await expect(channel, 'pair-challenge')
  const { pub, nonce } = challenge
  if (typeof pub !== 'string' || !fromBase64Url(nonce, 32)) {
    throw new HandshakeError('A malformed pair-challenge.', CLOSE.outOfOrder)
  }
  const transcript = {
    origin,
    extensionPub: mine.pub,
    extensionNonce: mine.nonce,
    bridgePub: pub,
    bridgeNonce: nonce as string,
  }
  // Derived first: a key that is not a P-256 point ends the pairing before any proof is sent.
  const secret = await pairingSecret(mine.keys.privateKey, pub, transcript).catch(() => {
    throw new HandshakeError('The bridge sent an invalid key or nonce.', CLOSE.outOfOrder)
  })
  const proofs = await pairingProofs(code, transcript)
  channel.send({ type: 'pair-proof', proof: proofs.extension })
  const paired = await expect(channel, 'paired')
  if (!sameProof(paired.proof, proofs.bridge)) {
    throw new HandshakeError('The peer could not prove the pairing code.', CLOSE.badProof)
  }
  await expect(channel, 'ready')
  return secret
}

/** Every later connection: proves the secret both ways; resolves with the bridge's client name. */
export async function authenticate(
  channel: HandshakeChannel,
  origin: string,
  secret: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const extensionNonce = newNonce()
  channel.send({ type: 'hello', v: 1, nonce: extensionNonce })
  const challenge = await expect(channel, 'challenge')
  const bridgeNonce = challenge.nonce
  if (!fromBase64Url(bridgeNonce, 32) || bridgeNonce === extensionNonce) {
    throw new HandshakeError('A malformed challenge.', CLOSE.outOfOrder)
  }
  const proofs = await authProofs(secret, origin, extensionNonce, bridgeNonce as string)
  if (!sameProof(challenge.proof, proofs.bridge)) {
    throw new HandshakeError('The peer could not prove the pairing secret.', CLOSE.badProof)
  }
  channel.send({ type: 'auth', proof: proofs.extension })
  const ready = await expect(channel, 'ready')
  return typeof ready.client === 'string' ? ready.client.slice(0, 200) : ''
}
