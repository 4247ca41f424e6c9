import { describe, expect, it } from 'vitest'
import { DEFAULT_HTTP_PORT, parseArgs, USAGE } from '../src/cli-args'

describe('parseArgs', () => {
  it('reads a URL and defaults to stdio, the polyfill-or-native page as it is, and consequential confirmation', () => {
    expect(parseArgs(['http://localhost:5171'])).toEqual({
      help: false,
      url: 'http://localhost:5171',
      host: '127.0.0.1',
      native: false,
      headed: false,
      confirm: 'consequential',
    })
  })

  it('reads every option', () => {
    expect(
      parseArgs([
        'http://localhost:5171/',
        '--http',
        '5181',
        '--host',
        '::1',
        '--native',
        '--headed',
        '--chromium',
        '/opt/chromium',
        '--confirm',
        'writes',
      ]),
    ).toMatchObject({
      http: 5181,
      host: '::1',
      native: true,
      headed: true,
      chromium: '/opt/chromium',
      confirm: 'writes',
    })
    expect(parseArgs(['--http', 'http://localhost:5171'])).toMatchObject({
      http: DEFAULT_HTTP_PORT,
      url: 'http://localhost:5171',
    })
    expect(parseArgs(['--cdp', 'http://127.0.0.1:9222'])).toMatchObject({
      cdp: 'http://127.0.0.1:9222',
    })
    expect(parseArgs(['--help']).help).toBe(true)
  })

  it('throws plain Errors that say what to pass', () => {
    expect(() => parseArgs([])).toThrow(
      'webmcp-bridge: pass the URL of the page to serve. Run webmcp-bridge --help',
    )
    expect(() => parseArgs(['localhost'])).toThrow(
      /is not a URL: pass a full one, e.g. http:\/\/localhost:5171\//,
    )
    expect(() => parseArgs(['http://a', 'http://b'])).toThrow(
      'one URL only (got http://a and http://b)',
    )
    expect(() => parseArgs(['http://a', '--confirm', 'maybe'])).toThrow(
      '--confirm takes consequential, writes or never, not maybe',
    )
    expect(() => parseArgs(['http://a', '--cdp'])).toThrow('--cdp needs a DevTools endpoint')
    expect(() => parseArgs(['http://a', '--port', '1'])).toThrow('unknown option --port')
    expect(() => parseArgs(['http://a', '--http', '70000'])).toThrow('--http 70000 is not a port')
    expect(() => parseArgs(['--cdp', 'http://127.0.0.1:9222', '--native'])).toThrow(
      /with --cdp it is already running/,
    )
    expect(() => parseArgs([])).toThrow(Error)
  })

  it('documents every option in the help', () => {
    for (const option of [
      '--http',
      '--host',
      '--native',
      '--cdp',
      '--headed',
      '--chromium',
      '--confirm',
      '--help',
    ]) {
      expect(USAGE).toContain(option)
    }
  })
})
