import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { normaliseCode, newPairingCode, showCode } from '../src/protocol/handshake-crypto'
import { isExtensionOrigin, parseMessage } from '../src/protocol/wire'
import { loadPairing, savePairing, secretFilePath } from '../src/extension/secret-store'
import { siteLabel, SiteNames } from '../src/extension/site-names'
import { newSecret, ORIGIN } from './extension-peer'
import type { ToolPlace } from '../src/extension/site-names'

const place = (tab: number, name: string, extra: Partial<ToolPlace> = {}): ToolPlace => ({
  tab,
  frame: 0,
  origin: 'https://shop.example.com',
  source: 'native',
  name,
  ...extra,
})

describe('site names', () => {
  it('labels a site by its host (and a port that is not the default)', () => {
    expect(siteLabel('https://shop.example.com')).toBe('shop_example_com')
    expect(siteLabel('http://localhost:5171')).toBe('localhost_5171')
    expect(siteLabel('https://my-site.test:443')).toBe('my_site_test')
    expect(siteLabel('http://[::1]:8080')).toBe('1_8080')
    expect(siteLabel('null')).toBe('site')
  })

  it('names tools <site>__<tool>, with the tab ordinal on a collision, within 64 characters', () => {
    const names = new SiteNames()
    expect(names.assign([place(10, 'search'), place(20, 'search'), place(30, 'a b.c')])).toEqual([
      'shop_example_com__search',
      'shop_example_com__search-2',
      'shop_example_com__a_b_c',
    ])
    const long = names.assign([place(10, 'x'.repeat(200)), place(20, 'x'.repeat(200))])
    expect(long.every((name) => /^[A-Za-z0-9_-]{1,64}$/.test(name))).toBe(true)
    expect(new Set(long).size).toBe(2)
  })

  it('never gives a name to another tab, origin or source; keeps it across navigations', () => {
    const names = new SiteNames()
    names.assign([place(1, 'send')])
    // Tab 1 closes; tab 2 has the same tool: a new name.
    expect(names.assign([place(2, 'send')])).toEqual(['shop_example_com__send-2'])
    // Tab 1 comes back (the same tab, navigated): its own name again.
    expect(names.assign([place(2, 'send'), place(1, 'send', { frame: 3 })])).toEqual([
      'shop_example_com__send-2',
      'shop_example_com__send',
    ])
    // Another origin with the same label (http), or a page-asserted twin, in tab 1: never its name.
    expect(
      names.assign([
        place(1, 'send', { origin: 'http://shop.example.com' }),
        place(1, 'send', { source: 'page-asserted' }),
      ]),
    ).toEqual(['shop_example_com__send-1', 'page-shop_example_com__send'])
  })

  it('keeps page-asserted names apart from native ones, whatever the host', () => {
    const names = new SiteNames()
    const asserted = names.assign([place(1, 'x', { source: 'page-asserted' })])[0]!
    // A host made to look like the prefix still yields a name without "-" before "__".
    const native = names.assign([place(2, 'x', { origin: 'https://page-shop.example.com' })])[0]!
    expect(asserted).toBe('page-shop_example_com__x')
    expect(native).toBe('page_shop_example_com__x')
  })
})

describe('messages', () => {
  it('reads each message of the protocol, and refuses what is not', () => {
    const nonce = Buffer.alloc(32, 1).toString('base64url')
    expect(parseMessage(JSON.stringify({ type: 'hello', v: 1, nonce }))).toEqual({
      type: 'hello',
      v: 1,
      nonce,
    })
    for (const text of [
      'null',
      '[]',
      JSON.stringify({ type: 'hello', v: 2, nonce }),
      JSON.stringify({ type: 'hello', v: 1, nonce: `${nonce}=` }),
      JSON.stringify({ type: 'hello', v: 1, nonce: Buffer.alloc(16).toString('base64url') }),
      JSON.stringify({ type: 'pair', v: 1, nonce, pub: nonce }),
      JSON.stringify({ type: 'result', id: -1, ok: true }),
      JSON.stringify({ type: 'result', id: 1, ok: false, error: 'x' }),
      JSON.stringify({ type: 'tools', tab: 1, frame: 0, document: 'd', origin: 'o', tools: [{}] }),
      JSON.stringify({ type: 'gone', tab: 1.5 }),
      JSON.stringify({ type: 'call', id: 1 }),
    ]) {
      expect(parseMessage(text), text).toBe('invalid')
    }
    expect(parseMessage(JSON.stringify({ type: 'tabs', tabs: Array(257).fill({ tab: 1 }) }))).toBe(
      'too-many-tabs',
    )
    expect(
      parseMessage(
        JSON.stringify({
          type: 'result',
          id: 3,
          ok: false,
          error: { name: 'NotAllowedError', message: 'No.', stack: 'x' },
        }),
      ),
    ).toEqual({
      type: 'result',
      id: 3,
      ok: false,
      error: { name: 'NotAllowedError', message: 'No.' },
    })
  })

  it('takes extension origins only, whole', () => {
    expect(isExtensionOrigin(ORIGIN)).toBe(true)
    expect(isExtensionOrigin('moz-extension://0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b')).toBe(true)
    for (const origin of [
      undefined,
      'null',
      'http://localhost:5171',
      `${ORIGIN}/`,
      `${ORIGIN}x`,
      'chrome-extension://short',
      'chrome-extension://ABCDEFGHIJKLMNOPABCDEFGHIJKLMNOP',
    ]) {
      expect(isExtensionOrigin(origin), String(origin)).toBe(false)
    }
  })

  it('makes codes of the 31 unambiguous characters, shown XXXX-XXXX', () => {
    const codes = Array.from({ length: 200 }, newPairingCode)
    expect(codes.every((code) => /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/.test(code))).toBe(true)
    expect(new Set(codes).size).toBe(200)
    expect(showCode('ABCD2345')).toBe('ABCD-2345')
    expect(normaliseCode('abcd-2345')).toBe('ABCD2345')
  })
})

describe('the stored pairing', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'webmcp-kit-secret-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('lives under $XDG_CONFIG_HOME, else ~/.config', () => {
    expect(secretFilePath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/webmcp-kit/extension-secret')
    expect(secretFilePath({})).toBe(join(homedir(), '.config/webmcp-kit/extension-secret'))
  })

  it('reads back what it saved; none when there is no file', async () => {
    const file = join(dir, 'a', 'secret')
    expect(await loadPairing(file, {})).toBeUndefined()
    const pairing = { origin: ORIGIN, secret: newSecret() }
    await savePairing(file, pairing)
    expect(await loadPairing(file, {})).toEqual(pairing)
  })

  it('refuses a file others can read, one that is not a pairing, and half the environment', async () => {
    const file = join(dir, 'secret')
    await writeFile(file, JSON.stringify({ origin: ORIGIN, secret: 'short' }), { mode: 0o600 })
    await expect(loadPairing(file, {})).rejects.toThrow('the secret must be 32 bytes in base64url')
    await chmod(file, 0o644)
    await expect(loadPairing(file, {})).rejects.toThrow(`run chmod 600 ${file}`)
    await expect(loadPairing(file, { WEBMCP_KIT_EXTENSION_SECRET: 'x' })).rejects.toThrow(
      'set both WEBMCP_KIT_EXTENSION_SECRET and WEBMCP_KIT_EXTENSION_ORIGIN, or neither',
    )
    await expect(
      loadPairing(file, {
        WEBMCP_KIT_EXTENSION_SECRET: Buffer.from(newSecret()).toString('base64url'),
        WEBMCP_KIT_EXTENSION_ORIGIN: 'http://localhost:5171',
      }),
    ).rejects.toThrow("the origin must be an extension's")
  })
})
