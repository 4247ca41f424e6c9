import {
  authProofs,
  newNonce,
  newPairingCode,
  newPairingKeys,
  pairingProofs,
  pairingSecret,
  sameProof,
} from '../protocol/handshake-crypto'
import { CLOSE } from '../protocol/wire'
import type { PairingKeys, Transcript } from '../protocol/handshake-crypto'
import type { HandshakeMessage } from '../protocol/wire'
import type { Pairing } from './secret-store'

/** How long (ms) a pairing code is valid. */
export const CODE_MS = 10 * 60_000
/** How many wrong codes a pairing code takes before it is dead. */
export const CODE_ATTEMPTS = 5
/** How many of the extension's nonces the bridge remembers (to refuse a replay). */
const NONCES_KEPT = 100_000

/** The one-time code of a pairing, while it lasts. */
interface Code {
  code: string
  expires: number
  attemptsLeft: number
}

/**
 * What the bridge knows across connections: the pairing (if any), the pairing code while one is
 * open, and every nonce the extension has used.
 */
export class PairingState {
  #pairing: Pairing | undefined
  #code: Code | undefined
  readonly #nonces = new Set<string>()
  readonly #onPaired: (pairing: Pairing) => Promise<void> | void

  constructor(pairing: Pairing | undefined, onPaired: (pairing: Pairing) => Promise<void> | void) {
    this.#pairing = pairing
    this.#onPaired = onPaired
  }

  get pairing(): Pairing | undefined {
    return this.#pairing
  }

  /** Opens pairing with a new code (valid {@link CODE_MS}, {@link CODE_ATTEMPTS} tries) and returns it. */
  openPairing(now = Date.now()): string {
    const code = newPairingCode()
    this.#code = { code, expires: now + CODE_MS, attemptsLeft: CODE_ATTEMPTS }
    return code
  }

  /** Whether an extension of `origin` may open a connection: the paired one, or any while pairing. */
  admits(origin: string): boolean {
    return this.#code !== undefined || this.#pairing?.origin === origin
  }

  /** Whether `nonce` is new; it is never new again. */
  fresh(nonce: string): boolean {
    if (this.#nonces.has(nonce)) return false
    if (this.#nonces.size >= NONCES_KEPT) this.#nonces.delete(this.#nonces.values().next().value!)
    this.#nonces.add(nonce)
    return true
  }

  /** The open code, or why there is none. */
  code(now = Date.now()): Code | 'not-pairing' | 'code-expired' {
    const code = this.#code
    if (!code) return 'not-pairing'
    if (now > code.expires || code.attemptsLeft <= 0) {
      this.#code = undefined
      return 'code-expired'
    }
    return code
  }

  /** Counts a wrong code; the last one closes pairing. */
  wrongCode(code: Code): void {
    code.attemptsLeft--
    if (code.attemptsLeft <= 0 && this.#code === code) this.#code = undefined
  }

  async paired(pairing: Pairing): Promise<void> {
    this.#code = undefined
    this.#pairing = pairing
    await this.#onPaired(pairing)
  }
}

/** What a handshake step asks the connection to do. */
export type Step =
  | { send: object[] }
  | { send: object[]; ready: true }
  | { send: object[]; close: number; reason: string }

const refuse = (close: number, code: string, reason: string): Step => ({
  send: [{ type: 'error', code }],
  close,
  reason,
})

/**
 * One connection's handshake, message by message: pairing (`pair`, `pair-proof`) or
 * authentication (`hello`, `auth`). Each step says what to send, and whether the connection is now
 * ready or must close (and with which code).
 */
export class Handshake {
  readonly #state: PairingState
  readonly #origin: string
  readonly #client: () => string
  #expect: 'first' | 'pair-proof' | 'auth' | 'done' = 'first'
  #pair: { keys: PairingKeys; transcript: Transcript } | undefined
  #auth: { secret: Uint8Array<ArrayBuffer>; proof: string } | undefined

  constructor(state: PairingState, origin: string, client: () => string) {
    this.#state = state
    this.#origin = origin
    this.#client = client
  }

  async step(message: HandshakeMessage): Promise<Step> {
    const expect = this.#expect
    this.#expect = 'done'
    if (expect === 'first' && message.type === 'pair') return this.#startPairing(message)
    if (expect === 'first' && message.type === 'hello') return this.#challenge(message.nonce)
    if (expect === 'pair-proof' && message.type === 'pair-proof')
      return this.#finishPairing(message.proof)
    if (expect === 'auth' && message.type === 'auth') return this.#finishAuth(message.proof)
    return refuse(CLOSE.outOfOrder, 'out-of-order', `${message.type} out of order`)
  }

  async #startPairing(message: { pub: string; nonce: string }): Promise<Step> {
    const code = this.#state.code()
    if (typeof code === 'string') {
      return refuse(CLOSE.badProof, code, 'pairing is not open (restart the bridge with --pair)')
    }
    if (!this.#state.fresh(message.nonce)) return refuse(CLOSE.badProof, 'replay', 'nonce reused')
    const keys = await newPairingKeys()
    this.#pair = {
      keys,
      transcript: {
        origin: this.#origin,
        extensionPub: message.pub,
        extensionNonce: message.nonce,
        bridgePub: keys.pub,
        bridgeNonce: keys.nonce,
      },
    }
    this.#expect = 'pair-proof'
    return { send: [{ type: 'pair-challenge', pub: keys.pub, nonce: keys.nonce }] }
  }

  async #finishPairing(proof: string): Promise<Step> {
    const { keys, transcript } = this.#pair!
    const code = this.#state.code()
    if (typeof code === 'string') return refuse(CLOSE.badProof, code, 'the pairing code is over')
    const proofs = await pairingProofs(code.code, transcript)
    if (!sameProof(proof, proofs.extension)) {
      this.#state.wrongCode(code)
      return refuse(CLOSE.badProof, 'bad-code', 'wrong pairing code')
    }
    let secret: Uint8Array<ArrayBuffer>
    try {
      secret = await pairingSecret(keys.keys.privateKey, transcript.extensionPub, transcript)
    } catch {
      return refuse(CLOSE.badProof, 'bad-key', 'the public key is not a P-256 point')
    }
    await this.#state.paired({ origin: this.#origin, secret })
    return {
      send: [
        { type: 'paired', proof: proofs.bridge },
        { type: 'ready', client: this.#client() },
      ],
      ready: true,
    }
  }

  async #challenge(extensionNonce: string): Promise<Step> {
    const pairing = this.#state.pairing
    if (!pairing || pairing.origin !== this.#origin) {
      return refuse(CLOSE.badProof, 'not-paired', 'this extension is not paired')
    }
    if (!this.#state.fresh(extensionNonce)) return refuse(CLOSE.badProof, 'replay', 'nonce reused')
    const bridgeNonce = newNonce()
    const proofs = await authProofs(pairing.secret, this.#origin, extensionNonce, bridgeNonce)
    this.#auth = { secret: pairing.secret, proof: proofs.extension }
    this.#expect = 'auth'
    return { send: [{ type: 'challenge', nonce: bridgeNonce, proof: proofs.bridge }] }
  }

  async #finishAuth(proof: string): Promise<Step> {
    const auth = this.#auth!
    // A pairing made meanwhile (with --pair) replaces the secret this challenge was made with.
    if (this.#state.pairing?.secret !== auth.secret || !sameProof(proof, auth.proof)) {
      return refuse(CLOSE.badProof, 'bad-proof', 'wrong proof')
    }
    return { send: [{ type: 'ready', client: this.#client() }], ready: true }
  }
}
