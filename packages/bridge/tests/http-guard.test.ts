import { describe, expect, it } from 'vitest'
import { guard } from '../src/http/http-guard'
import type { GuardConfig } from '../src/http/http-guard'

const token = 'a-token-for-the-tests'
const config: GuardConfig = {
  path: '/mcp',
  loopbackOnly: true,
  token,
  origins: new Set(['http://localhost:6274']),
}
const ok = {
  host: '127.0.0.1:5180',
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
}
const status = (headers: Record<string, string>, method = 'POST', url = '/mcp') => {
  const verdict = guard({ method, url, headers }, config)
  return 'status' in verdict ? verdict.status : 200
}

describe('guard', () => {
  it('admits a request with the token, this machine as Host, and MCP headers', () => {
    expect(status(ok)).toBe(200)
    expect(status({ ...ok, host: 'localhost:5180' }, 'GET')).toBe(200)
    expect(status({ ...ok, host: '[::1]:5180' }, 'DELETE')).toBe(200)
    expect(status({ ...ok, 'content-type': 'Application/JSON; charset=utf-8' })).toBe(200)
  })

  it('refuses other paths, and Hosts that are not this machine (DNS rebinding)', () => {
    expect(status(ok, 'POST', '/other')).toBe(404)
    for (const host of ['evil.test', 'evil.test:5180', '[::ffff:127.0.0.1]:5180', '', '%%%']) {
      expect(status({ ...ok, host })).toBe(403)
    }
  })

  it('refuses every web page whose origin is not listed, opaque ones included', () => {
    for (const origin of [
      'http://localhost:5171',
      'http://127.0.0.1:6274',
      'https://evil.example',
      'http://evil.localhost:6274',
      'null',
      'http://localhost:6274/',
    ]) {
      expect(status({ ...ok, origin })).toBe(403)
    }
    expect(status({ ...ok, origin: 'http://localhost:6274' })).toBe(200)
  })

  it('answers a listed origin with CORS headers, and its preflight without the token', () => {
    const preflight = guard(
      {
        method: 'OPTIONS',
        url: '/mcp',
        headers: { host: ok.host, origin: 'http://localhost:6274' },
      },
      config,
    )
    expect(preflight).toMatchObject({
      status: 204,
      headers: {
        'access-control-allow-origin': 'http://localhost:6274',
        'access-control-allow-headers': expect.stringContaining('authorization'),
      },
    })
    const admitted = guard(
      { method: 'POST', url: '/mcp', headers: { ...ok, origin: 'http://localhost:6274' } },
      config,
    )
    expect(admitted).toEqual({
      headers: expect.objectContaining({
        'access-control-allow-origin': 'http://localhost:6274',
        'access-control-expose-headers': expect.stringContaining('mcp-session-id'),
      }),
    })
    const other = guard(
      { method: 'OPTIONS', url: '/mcp', headers: { host: ok.host, origin: 'http://localhost:1' } },
      config,
    )
    expect(other).toMatchObject({ status: 403 })
  })

  it('refuses a missing or wrong token with 401 and WWW-Authenticate', () => {
    const { authorization: _, ...none } = ok
    for (const headers of [
      none,
      { ...ok, authorization: token },
      { ...ok, authorization: `Bearer ${token}x` },
      { ...ok, authorization: `bearer ${token}` },
      { ...ok, authorization: 'Bearer ' },
    ]) {
      const verdict = guard({ method: 'POST', url: '/mcp', headers }, config)
      expect(verdict).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer' } })
    }
  })

  it('refuses what MCP does not take before any body is read: methods, Content-Type, Accept', () => {
    expect(status(ok, 'PUT')).toBe(405)
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      '',
    ]) {
      expect(status({ ...ok, 'content-type': type })).toBe(415)
    }
    for (const accept of ['*/*', 'application/json', 'text/event-stream', '']) {
      expect(status({ ...ok, accept })).toBe(406)
    }
  })

  it('checks no Host when the endpoint listens beyond this machine', () => {
    const open = { ...config, loopbackOnly: false }
    expect(
      'status' in guard({ method: 'POST', url: '/mcp', headers: { ...ok, host: 'box.lan' } }, open),
    ).toBe(false)
  })
})
