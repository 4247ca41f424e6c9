import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createExtensionBridge } from '../src/index'
import { newSecret, ORIGIN, OTHER_ORIGIN, Peer, randomNonce } from './extension-peer'
import type { ExtensionBridge, ExtensionBridgeOptions } from '../src/index'

let dir: string
const open: ExtensionBridge[] = []
const peers: Peer[] = []
let logs: string[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'webmcp-kit-bridge-'))
  logs = []
})
afterEach(async () => {
  vi.useRealTimers()
  for (const peer of peers.splice(0)) peer.ws.terminate()
  await Promise.all(open.splice(0).map((bridge) => bridge.close()))
  await rm(dir, { recursive: true, force: true })
})

async function start(options: ExtensionBridgeOptions = {}) {
  const bridge = await createExtensionBridge({
    port: 0,
    env: {},
    secretFile: join(dir, 'config', 'extension-secret'),
    log: (message) => logs.push(message),
    ...options,
  })
  open.push(bridge)
  return bridge
}
function connect(bridge: ExtensionBridge, options?: ConstructorParameters<typeof Peer>[1]) {
  const peer = new Peer(bridge.port, options)
  peers.push(peer)
  return peer
}
const paired = () => start({ pairing: { origin: ORIGIN, secret: newSecret() } })

describe('pairing', () => {
  it('pairs with the code the bridge shows, and both sides hold the same secret, kept 0600', async () => {
    const shown: string[] = []
    const bridge = await start({ onPairingCode: (code) => shown.push(code) })
    expect(shown).toEqual([bridge.pairingCode])
    expect(bridge.pairingCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)
    const peer = connect(bridge)
    const connected = new Promise((resolve) => bridge.onConnectionChanged(resolve))
    const secret = await peer.pair(bridge.pairingCode!.toLowerCase())
    expect(await connected).toBe(true)
    expect(bridge.connected).toBe(true)
    expect(bridge.pairingCode).toBeUndefined()
    const file = join(dir, 'config', 'extension-secret')
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      origin: ORIGIN,
      secret: Buffer.from(secret).toString('base64url'),
    })
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await stat(join(dir, 'config'))).mode & 0o777).toBe(0o700)

    // The next bridge reads the file, opens no pairing, and the extension authenticates.
    await peer.close()
    await bridge.close()
    const next = await start()
    expect(next.pairingCode).toBeUndefined()
    expect(await connect(next).auth(secret)).toEqual({ type: 'ready', client: 'an MCP client' })
  })

  it('prints the code on stderr when nobody takes it, never on stdout', async () => {
    const stdout = vi.spyOn(process.stdout, 'write')
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const bridge = await createExtensionBridge({
      port: 0,
      env: {},
      secretFile: join(dir, 'secret'),
    })
    open.push(bridge)
    expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toContain(
      `pairing code ${bridge.pairingCode} (valid 10 minutes, 5 tries)`,
    )
    expect(stdout).not.toHaveBeenCalled()
    stderr.mockRestore()
    stdout.mockRestore()
  })

  it('refuses a wrong code (bad-code, 4401), and the right one still pairs after it', async () => {
    const bridge = await start()
    const wrong = connect(bridge)
    await expect(wrong.pair('2222-2222')).rejects.toThrow('"code":"bad-code"')
    expect(await wrong.closed).toMatchObject({ code: 4401 })
    expect(bridge.connected).toBe(false)
    await connect(bridge).pair(bridge.pairingCode!)
    expect(bridge.connected).toBe(true)
  })

  it('closes pairing after 5 wrong codes: the right code no longer pairs', async () => {
    const bridge = await start()
    const code = bridge.pairingCode!
    for (let i = 0; i < 5; i++) {
      const peer = connect(bridge)
      await expect(peer.pair('2222-2222')).rejects.toThrow('bad-code')
      expect(await peer.closed).toMatchObject({ code: 4401 })
    }
    expect(bridge.pairingCode).toBeUndefined()
    // With pairing closed and nothing paired, no extension origin is admitted at all.
    expect(await connect(bridge).opened).toBe(403)
    expect(bridge.connected).toBe(false)
    expect(code).toMatch(/-/)
  })

  it('refuses the code once it expired (10 minutes)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const bridge = await start()
    const code = bridge.pairingCode!
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1)
    const peer = connect(bridge)
    await expect(peer.pair(code)).rejects.toThrow('"code":"code-expired"')
    expect(await peer.closed).toMatchObject({ code: 4401 })
    expect(bridge.pairingCode).toBeUndefined()
  })

  it('refuses pairing when already paired, unless asked to pair again', async () => {
    const bridge = await paired()
    const peer = connect(bridge)
    expect(await peer.opened).toBe('open')
    await expect(peer.pair('2222-2222')).rejects.toThrow('"code":"not-pairing"')
    expect(await peer.closed).toMatchObject({ code: 4401 })
    await expect(
      start({ pair: true, pairing: { origin: ORIGIN, secret: newSecret() } }),
    ).rejects.toThrow('pair opens a new pairing')
  })
})

describe('authentication', () => {
  it('authenticates with the stored secret from the environment, proving both ways', async () => {
    const secret = newSecret()
    const bridge = await start({
      env: {
        WEBMCP_KIT_EXTENSION_SECRET: Buffer.from(secret).toString('base64url'),
        WEBMCP_KIT_EXTENSION_ORIGIN: ORIGIN,
      },
    })
    expect(bridge.pairingCode).toBeUndefined()
    await connect(bridge).auth(secret)
    expect(bridge.connected).toBe(true)
  })

  it('refuses a wrong secret (bad proof, 4401); the peer also sees the bridge cannot prove it', async () => {
    const bridge = await paired()
    const peer = connect(bridge)
    await expect(peer.auth(newSecret())).rejects.toThrow('the bridge did not prove the secret')
    // A fake extension without the secret answers anything: refused.
    peer.send({ type: 'auth', proof: Buffer.alloc(32).toString('base64url') })
    expect(await peer.closed).toMatchObject({ code: 4401 })
    expect(bridge.connected).toBe(false)
  })

  it('refuses a replayed handshake: the same nonce, or the recorded answer to an old challenge', async () => {
    const secret = newSecret()
    const bridge = await start({ pairing: { origin: ORIGIN, secret } })
    const first = connect(bridge)
    const nonce = randomNonce()
    await first.auth(secret, nonce)
    const recorded = first.sent
    await first.close()
    const again = connect(bridge)
    await again.opened
    again.send(recorded[0]!)
    expect(await again.next()).toEqual({ type: 'error', code: 'replay' })
    expect(await again.closed).toMatchObject({ code: 4401 })
    // A new nonce, with the recorded proof: the bridge's nonce is new, so the proof is wrong.
    const replay = connect(bridge)
    await replay.opened
    replay.send({ type: 'hello', v: 1, nonce: randomNonce() })
    expect(await replay.next()).toMatchObject({ type: 'challenge' })
    replay.send(recorded[1]!)
    expect(await replay.next()).toEqual({ type: 'error', code: 'bad-proof' })
    expect(await replay.closed).toMatchObject({ code: 4401 })
    expect(bridge.connected).toBe(false)
  })

  it('refuses messages out of order (4400), and ones before the handshake', async () => {
    const bridge = await paired()
    const early = connect(bridge)
    await early.opened
    early.send({ type: 'auth', proof: Buffer.alloc(32).toString('base64url') })
    expect(await early.closed).toMatchObject({ code: 4400 })
    const tools = connect(bridge)
    await tools.opened
    tools.send({ type: 'tabs', tabs: [] })
    expect(await tools.closed).toMatchObject({ code: 4400 })
    const junk = connect(bridge)
    await junk.opened
    junk.ws.send('not json')
    expect(await junk.closed).toMatchObject({ code: 4400 })
  })

  it('closes a connection that does not finish its handshake in time (4408)', async () => {
    const bridge = await start({
      pairing: { origin: ORIGIN, secret: newSecret() },
      handshakeMs: 50,
    })
    const peer = connect(bridge)
    expect(await peer.opened).toBe('open')
    expect(await peer.next()).toEqual({ type: 'error', code: 'timeout' })
    expect(await peer.closed).toMatchObject({ code: 4408 })
  })

  it('refuses a second connection while one is authenticated (4409)', async () => {
    const secret = newSecret()
    const bridge = await start({ pairing: { origin: ORIGIN, secret } })
    await connect(bridge).auth(secret)
    const second = connect(bridge)
    expect(await second.next()).toEqual({ type: 'error', code: 'busy' })
    expect(await second.closed).toMatchObject({ code: 4409 })
    expect(bridge.connected).toBe(true)
  })
})

describe('the listener', () => {
  it('refuses an extension origin that was never paired, and a look-alike of the paired one', async () => {
    const bridge = await paired()
    for (const origin of [
      OTHER_ORIGIN,
      `${ORIGIN}/`,
      `${ORIGIN}.evil.test`,
      ORIGIN.toUpperCase(),
      'moz-extension://abcdefghijklmnopabcdefghijklmnop',
    ]) {
      expect(await connect(bridge, { origin }).opened, origin).toBe(403)
    }
  })

  it('refuses web pages (http/https/null origins) and clients with no Origin', async () => {
    const bridge = await start()
    for (const origin of ['http://localhost:5171', 'https://evil.example', 'null', null]) {
      expect(await connect(bridge, { origin }).opened, String(origin)).toBe(403)
    }
    expect(logs).toContain('refused a connection from http://localhost:5171: not an extension')
    expect(logs).toContain('refused a connection from a client without Origin: not an extension')
  })

  it('refuses a Host that is not this machine and port (DNS rebinding)', async () => {
    const bridge = await paired()
    const port = bridge.port
    for (const host of [
      `evil.test:${port}`,
      'evil.test',
      '127.0.0.1',
      `127.0.0.1:${port + 1}`,
      `127.1:${port}`,
      `localhost.evil.test:${port}`,
    ]) {
      expect(await connect(bridge, { host }).opened, host).toBe(403)
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect(await connect(bridge, { host }).opened, host).toBe('open')
    }
  })

  it('answers a fetch or CORS preflight from a page with an error and no CORS headers', async () => {
    const bridge = await paired()
    for (const method of ['GET', 'POST', 'OPTIONS']) {
      const response = await new Promise<{ status: number; headers: Record<string, unknown> }>(
        (resolve, reject) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: bridge.port,
              method,
              path: '/',
              headers: {
                origin: 'http://localhost:5171',
                'access-control-request-method': 'POST',
              },
            },
            (res) => {
              res.resume()
              resolve({ status: res.statusCode!, headers: res.headers })
            },
          )
          req.on('error', reject)
          req.end()
        },
      )
      expect(response.status, method).toBe(426)
      expect(Object.keys(response.headers).filter((h) => h.startsWith('access-control'))).toEqual(
        [],
      )
    }
  })

  it('closes on a message over 1 MiB (1009) and on a binary frame (1003)', async () => {
    const secret = newSecret()
    const bridge = await start({ pairing: { origin: ORIGIN, secret } })
    const big = connect(bridge)
    await big.auth(secret)
    const bigGone = new Promise((resolve) => bridge.onConnectionChanged(resolve))
    big.send({ type: 'tabs', tabs: [], pad: 'x'.repeat(1024 * 1024) })
    expect(await big.closed).toMatchObject({ code: 1009 })
    expect(await bigGone).toBe(false)
    const binary = connect(bridge)
    await binary.auth(secret)
    const disconnected = new Promise((resolve) => bridge.onConnectionChanged(resolve))
    binary.ws.send(Buffer.from('{"type":"ping"}'))
    expect(await binary.closed).toMatchObject({ code: 1003 })
    expect(await disconnected).toBe(false)
    expect(bridge.connected).toBe(false)
  })

  it('listens on 127.0.0.1 only, and says so when the port is taken', async () => {
    const bridge = await paired()
    await expect(start({ port: bridge.port })).rejects.toThrow(`port ${bridge.port} is in use`)
    expect(logs).toContain(`listening for the extension on ws://127.0.0.1:${bridge.port}`)
  })
})
