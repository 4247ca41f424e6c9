import { describe, expect, it } from 'vitest'
import { trustworthyOrigin, tupleOrigin } from '../src/webmcp/origin'

// The `exposedTo` / `fromOrigins` rule (Chromium's "potentially trustworthy origin"), through the
// same URL parser the browsers use. The browser suites check it against native Chromium.
describe('trustworthyOrigin', () => {
  it('takes https, wss and file origins as they are', () => {
    expect(trustworthyOrigin('https://example.com/a?b')).toBe('https://example.com')
    expect(trustworthyOrigin('wss://example.com:8443')).toBe('wss://example.com:8443')
    expect(trustworthyOrigin('file:///tmp/x.html')).toBe('file://')
  })

  it('takes http on loopback hosts only: localhost and its subdomains, [::1], 127.x.y.z', () => {
    const loopback = [
      'http://localhost:8000',
      'http://LOCALHOST',
      'http://localhost.',
      'http://a.localhost',
      'http://a.b.localhost.',
      'http://[::1]:9',
      'http://127.0.0.1',
      'http://127.255.1.2:80',
      'http://127.1',
      'ws://localhost',
    ]
    for (const input of loopback)
      expect(trustworthyOrigin(input), input).toBe(new URL(input).origin)
    const other = [
      'http://example.com',
      'http://localhost.com',
      'http://xlocalhost',
      'http://128.0.0.1',
      'http://[::2]',
      'http://10.0.0.1',
      'http://localhost..',
    ]
    for (const input of other) expect(trustworthyOrigin(input), input).toBeUndefined()
  })

  it('reads a blob: URL by the origin inside it, and refuses opaque and unparsable input', () => {
    expect(trustworthyOrigin('blob:http://localhost:1/uuid')).toBe('http://localhost:1')
    expect(trustworthyOrigin('blob:http://example.com/uuid')).toBeUndefined()
    expect(trustworthyOrigin('data:text/html,x')).toBeUndefined()
    expect(trustworthyOrigin('not a url')).toBeUndefined()
  })
})

describe('tupleOrigin', () => {
  it('serialises tuple origins and refuses opaque ones', () => {
    expect(tupleOrigin('http://example.com:80/x')).toBe('http://example.com')
    expect(tupleOrigin('about:blank')).toBeUndefined()
    expect(tupleOrigin('')).toBeUndefined()
  })
})
