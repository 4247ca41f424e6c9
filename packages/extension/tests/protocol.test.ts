// The shared protocol as the extension reads it: the bridge's messages checked field by field, the
// encodings, and frames counted in UTF-8 bytes as the bridge's limit counts them.
import { describe, expect, it } from 'vitest'
import { byteLength, fromBase64Url, parseBridgeMessage, toBase64Url } from '../src/lib/protocol'

describe('the bridge’s messages', () => {
  it('reads a call, a cancel, ping and pong, with nothing more than the protocol’s fields', () => {
    const call = {
      type: 'call',
      id: 4,
      tab: 2,
      frame: 0,
      document: 'd',
      name: 'echo',
      input: { a: 1 },
    }
    expect(parseBridgeMessage({ ...call, extra: true })).toEqual(call)
    expect(parseBridgeMessage({ ...call, input: undefined })).toEqual({ ...call, input: {} })
    expect(parseBridgeMessage({ type: 'cancel', id: 4 })).toEqual({ type: 'cancel', id: 4 })
    expect(parseBridgeMessage({ type: 'ping', id: 1 })).toEqual({ type: 'ping' })
    expect(parseBridgeMessage({ type: 'pong' })).toEqual({ type: 'pong' })
  })

  it('refuses anything else', () => {
    const call = { type: 'call', id: 4, tab: 2, frame: 0, document: 'd', name: 'echo' }
    for (const message of [
      null,
      [],
      'call',
      { type: 'result', id: 1, ok: true },
      { type: 'cancel' },
      { type: 'cancel', id: '4' },
      { ...call, id: -1 },
      { ...call, id: 1.5 },
      { ...call, tab: '2' },
      { ...call, frame: Number.NaN },
      { ...call, document: 7 },
      { ...call, document: 'd'.repeat(257) },
      { ...call, name: 'n'.repeat(257) },
      { ...call, name: undefined },
    ]) {
      expect(parseBridgeMessage(message), JSON.stringify(message)).toBe(undefined)
    }
  })
})

describe('encodings', () => {
  it('writes base64url without padding and reads back only that, canonical', () => {
    const bytes = new Uint8Array([0, 251, 255, 62, 63, 1])
    const text = toBase64Url(bytes)
    expect(text).toBe(Buffer.from(bytes).toString('base64url'))
    expect(fromBase64Url(text)).toEqual(bytes)
    expect(fromBase64Url(text, 6)).toEqual(bytes)
    expect(fromBase64Url(text, 32)).toBe(undefined)
    for (const bad of [`${text}=`, 'a+b/', 'abcde', 'AB', undefined, 7]) {
      expect(fromBase64Url(bad), String(bad)).toBe(undefined)
    }
    // "AB" decodes, but its last character carries bits no encoder writes: not canonical.
    expect(fromBase64Url('AA')).toEqual(new Uint8Array([0]))
  })

  it('counts a frame in UTF-8 bytes, as TextEncoder does, lone surrogates included', () => {
    for (const text of ['', 'ascii', 'é€', '😀x', '\ud83d', 'a\udc00b', '€'.repeat(1000)]) {
      expect(byteLength(text), JSON.stringify(text)).toBe(new TextEncoder().encode(text).length)
    }
  })
})
