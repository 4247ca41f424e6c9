import { describe, expect, it } from 'vitest'
import { DEFAULT_HTTP_PORT, parseArgs, TOKEN_ENV, USAGE } from '../src/cli/cli-args'

describe('parseArgs', () => {
  it('reads a URL and defaults to stdio, the polyfill-or-native page as it is, and consequential confirmation', () => {
    expect(parseArgs(['http://localhost:5171'])).toEqual({
      help: false,
      url: 'http://localhost:5171',
      allowOrigins: [],
      host: '127.0.0.1',
      native: false,
      headed: false,
      confirm: 'consequential',
      extension: false,
      port: 47615,
      pair: false,
    })
  })

  it('reads --extension, its --port and --pair, and refuses what belongs to a launched page', () => {
    expect(parseArgs(['--extension'])).toMatchObject({ extension: true, port: 47615, pair: false })
    expect(parseArgs(['--extension', '--port', '0', '--pair'])).toMatchObject({
      extension: true,
      port: 0,
      pair: true,
    })
    expect(() => parseArgs(['--extension', 'http://localhost:5171', '--http'])).toThrow(
      '--extension serves the tabs you share in your browser, over stdio: drop http://localhost:5171, --http',
    )
    expect(() => parseArgs(['--extension', '--port', '70000'])).toThrow(
      '--port 70000 is not a port',
    )
    expect(() => parseArgs(['http://localhost:5171', '--port', '1'])).toThrow(
      '--port and --pair are for --extension',
    )
    expect(USAGE).toContain('--extension')
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
        '--token',
        'a-token-of-16-chars',
        '--allow-origin',
        'http://localhost:6274/',
        '--allow-origin',
        'https://inspector.example',
      ]),
    ).toMatchObject({
      http: 5181,
      token: 'a-token-of-16-chars',
      allowOrigins: ['http://localhost:6274', 'https://inspector.example'],
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

  it('takes the token from the environment unless --token gives one', () => {
    const env = { [TOKEN_ENV]: 'from-the-environment' }
    expect(parseArgs(['http://a', '--http'], env).token).toBe('from-the-environment')
    expect(parseArgs(['http://a', '--http', '--token', 'from-the-command-line'], env).token).toBe(
      'from-the-command-line',
    )
    expect(parseArgs(['http://a', '--http'], {}).token).toBeUndefined()
  })

  it('throws plain Errors that say what to pass', () => {
    expect(() => parseArgs([])).toThrow(
      'webmcp-kit-bridge: pass the URL of the page to serve. Run npx -y @webmcp-kit/bridge --help',
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
    expect(() => parseArgs(['http://a', '--porta', '1'])).toThrow('unknown option --porta')
    expect(() => parseArgs(['http://a', '--http', '70000'])).toThrow('--http 70000 is not a port')
    expect(() => parseArgs(['--cdp', 'http://127.0.0.1:9222', '--native'])).toThrow(
      /with --cdp it is already running/,
    )
    expect(() => parseArgs(['http://a', '--http', '--token', 'short'])).toThrow(
      'the token (--token or $WEBMCP_BRIDGE_TOKEN) must be 16 to 512 visible ASCII characters',
    )
    expect(() =>
      parseArgs(['http://a', '--http'], { [TOKEN_ENV]: 'has spaces in it, see' }),
    ).toThrow(/must be 16 to 512 visible ASCII/)
    expect(() => parseArgs(['http://a', '--allow-origin', 'http://b'])).toThrow(
      '--token and --allow-origin are for --http',
    )
    expect(() => parseArgs(['http://a', '--http', '--allow-origin', 'localhost'])).toThrow(
      '--allow-origin localhost is not an origin',
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
      '--token',
      '--allow-origin',
      TOKEN_ENV,
      '--help',
    ]) {
      expect(USAGE).toContain(option)
    }
  })

  it('names our own package wherever it says how to run the bridge', () => {
    expect(USAGE).toContain('Usage: npx -y @webmcp-kit/bridge <url>')
    expect(USAGE).toContain('"args": ["-y", "@webmcp-kit/bridge", "http://localhost:5171"]')
    expect(USAGE).not.toMatch(/(?<![\w-])webmcp-bridge/)
  })
})
