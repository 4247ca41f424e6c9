import { DEFAULT_EXTENSION_PORT } from '../protocol/wire'
import { TOKEN } from '../http/http-guard'
import type { ConfirmPolicy } from '../types'

/** The port `--http` listens on when none is given. */
export const DEFAULT_HTTP_PORT = 5180

/** The environment variable that gives `--http` its bearer token. */
export const TOKEN_ENV = 'WEBMCP_BRIDGE_TOKEN'

export const USAGE = `Usage: npx -y @webmcp-kit/bridge <url> [options]
       npx -y @webmcp-kit/bridge --extension [--port <port>] [--pair]
   (the command is webmcp-kit-bridge once @webmcp-kit/bridge is installed)

Serves the WebMCP tools of a web page (every frame, native WebMCP or the polyfill) to MCP clients.
Speaks MCP on stdin/stdout unless --http is given.

Options:
  --http [port]       Serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead (default ${DEFAULT_HTTP_PORT});
                      clients send "Authorization: Bearer <token>" (a random token, printed once
                      on stderr, unless --token or $${TOKEN_ENV} gives one)
  --token <token>     The bearer token for --http (16+ visible ASCII characters; prefer
                      $${TOKEN_ENV}: other users of this machine can read command lines)
  --allow-origin <o>  Let web pages of origin <o> (e.g. http://localhost:6274) call --http, with
                      CORS; repeatable. Default none: requests from any web page are refused
  --host <address>    Address --http listens on (default 127.0.0.1: only this machine)
  --native            Launch Chromium with native WebMCP (--enable-experimental-web-platform-features)
  --cdp <endpoint>    Attach to a running Chromium (e.g. http://127.0.0.1:9222) instead of launching one;
                      <url> is then optional (default: its first tab)
  --headed            Show the browser window
  --chromium <path>   The Chromium to launch (default $CHROMIUM_PATH, else /usr/bin/chromium)
  --confirm <which>   Tools to confirm with the person first, through MCP elicitation:
                      consequential (default: tools with consequentialHint), writes (every tool
                      without readOnlyHint) or never
  --extension         Serve the tabs shared in your own browser, through the webmcp-kit extension
                      (no <url>, no debug port): listens on ws://127.0.0.1:<port> for the extension
                      only. On first use it prints a one-time pairing code on stderr
  --port <port>       The port --extension listens on (default ${DEFAULT_EXTENSION_PORT}; the extension must use the same)
  --pair              With --extension: pair again (a new code), replacing the stored pairing
  -h, --help          Show this help

Example (a desktop MCP client's config):
  { "command": "npx", "args": ["-y", "@webmcp-kit/bridge", "http://localhost:5171"] }`

/** What the command line asks for. */
export interface CliOptions {
  help: boolean
  url?: string
  /** The port, when serving HTTP. */
  http?: number
  /** The bearer token for HTTP (else a random one). */
  token?: string
  /** Origins whose web pages may call over HTTP. */
  allowOrigins: string[]
  host: string
  native: boolean
  cdp?: string
  headed: boolean
  chromium?: string
  confirm: ConfirmPolicy
  /** Serve the shared tabs of the person's browser, through the extension. */
  extension: boolean
  /** The extension listener's port. */
  port: number
  /** Pair with the extension again. */
  pair: boolean
}

const fail = (message: string): never => {
  throw new Error(
    `webmcp-kit-bridge: ${message}. Run npx -y @webmcp-kit/bridge --help for the options.`,
  )
}

/**
 * Reads `webmcp-kit-bridge`'s arguments (and `$WEBMCP_BRIDGE_TOKEN` from `env`). Throws an `Error`
 * saying what is wrong and what to pass.
 *
 * @example
 * ```ts
 * parseArgs(['http://localhost:5171', '--http', '5180']) // { url, http: 5180, … }
 * ```
 */
export function parseArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliOptions {
  const options: CliOptions = {
    help: false,
    allowOrigins: [],
    host: '127.0.0.1',
    native: false,
    headed: false,
    confirm: 'consequential',
    extension: false,
    port: DEFAULT_EXTENSION_PORT,
    pair: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const value = (what: string) => {
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('--')) fail(`${arg} needs ${what}`)
      i++
      return next!
    }
    if (arg === '-h' || arg === '--help') options.help = true
    else if (arg === '--http') {
      const next = argv[i + 1]
      if (next !== undefined && /^\d+$/.test(next)) {
        options.http = Number(next)
        i++
      } else options.http = DEFAULT_HTTP_PORT
      if (options.http > 65535) fail(`--http ${options.http} is not a port (0-65535)`)
    } else if (arg === '--token') options.token = value('a token')
    else if (arg === '--allow-origin') {
      const origin = value('an origin, e.g. http://localhost:6274')
      if (!URL.canParse(origin) || new URL(origin).origin === 'null') {
        fail(`--allow-origin ${origin} is not an origin: pass one such as http://localhost:6274`)
      }
      options.allowOrigins.push(new URL(origin).origin)
    } else if (arg === '--host') options.host = value('an address, e.g. 127.0.0.1')
    else if (arg === '--extension') options.extension = true
    else if (arg === '--pair') options.pair = true
    else if (arg === '--port') {
      const port = value('a port, e.g. 47615')
      if (!/^\d+$/.test(port) || Number(port) > 65535)
        fail(`--port ${port} is not a port (0-65535)`)
      options.port = Number(port)
    } else if (arg === '--native') options.native = true
    else if (arg === '--cdp') options.cdp = value('a DevTools endpoint, e.g. http://127.0.0.1:9222')
    else if (arg === '--headed') options.headed = true
    else if (arg === '--chromium') options.chromium = value('the path of a Chromium executable')
    else if (arg === '--confirm') {
      const which = value('consequential, writes or never')
      if (which !== 'consequential' && which !== 'writes' && which !== 'never') {
        fail(`--confirm takes consequential, writes or never, not ${which}`)
      }
      options.confirm = which as ConfirmPolicy
    } else if (arg.startsWith('-')) fail(`unknown option ${arg}`)
    else if (options.url) fail(`one URL only (got ${options.url} and ${arg})`)
    else {
      if (!URL.canParse(arg))
        fail(`${arg} is not a URL: pass a full one, e.g. http://localhost:5171/`)
      options.url = arg
    }
  }
  if (options.extension) return extensionOptions(argv, options)
  if (argv.includes('--port') || options.pair) fail('--port and --pair are for --extension')
  if (!options.help && !options.url && !options.cdp) fail('pass the URL of the page to serve')
  options.token ??= env[TOKEN_ENV] || undefined
  if (options.token !== undefined && !TOKEN.test(options.token)) {
    fail('the token (--token or $WEBMCP_BRIDGE_TOKEN) must be 16 to 512 visible ASCII characters')
  }
  if (options.http === undefined && (options.allowOrigins.length || argv.includes('--token'))) {
    fail('--token and --allow-origin are for --http')
  }
  if (options.cdp && (options.native || options.headed || options.chromium)) {
    fail(
      '--native, --headed and --chromium choose how to launch Chromium; with --cdp it is already running',
    )
  }
  return options
}

/** The options of `--extension`, which serves the browser's shared tabs and launches nothing. */
function extensionOptions(argv: readonly string[], options: CliOptions): CliOptions {
  const other = ['--http', '--token', '--allow-origin', '--host', '--native', '--cdp', '--headed']
  const given = argv.filter((arg) => [...other, '--chromium', '--confirm'].includes(arg))
  if (options.url || given.length) {
    fail(
      `--extension serves the tabs you share in your browser, over stdio: drop ${[options.url, ...given].filter(Boolean).join(', ')} (the extension asks you in the browser before consequential tools run)`,
    )
  }
  return options
}
