import type { ConfirmPolicy } from './types'

/** The port `--http` listens on when none is given. */
export const DEFAULT_HTTP_PORT = 5180

export const USAGE = `Usage: webmcp-bridge <url> [options]

Serves the WebMCP tools of a web page (every frame, native WebMCP or the polyfill) to MCP clients.
Speaks MCP on stdin/stdout unless --http is given.

Options:
  --http [port]       Serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead (default ${DEFAULT_HTTP_PORT})
  --host <address>    Address --http listens on (default 127.0.0.1: only this machine)
  --native            Launch Chromium with native WebMCP (--enable-experimental-web-platform-features)
  --cdp <endpoint>    Attach to a running Chromium (e.g. http://127.0.0.1:9222) instead of launching one;
                      <url> is then optional (default: its first tab)
  --headed            Show the browser window
  --chromium <path>   The Chromium to launch (default $CHROMIUM_PATH, else /usr/bin/chromium)
  --confirm <which>   Tools to confirm with the person first, through MCP elicitation:
                      consequential (default: tools with consequentialHint), writes (every tool
                      without readOnlyHint) or never
  -h, --help          Show this help

Example (a desktop MCP client's config): { "command": "npx", "args": ["webmcp-bridge", "http://localhost:5171"] }`

/** What the command line asks for. */
export interface CliOptions {
  help: boolean
  url?: string
  /** The port, when serving HTTP. */
  http?: number
  host: string
  native: boolean
  cdp?: string
  headed: boolean
  chromium?: string
  confirm: ConfirmPolicy
}

const fail = (message: string): never => {
  throw new Error(`webmcp-bridge: ${message}. Run webmcp-bridge --help for the options.`)
}

/**
 * Reads `webmcp-bridge`'s arguments. Throws an `Error` saying what is wrong and what to pass.
 *
 * @example
 * ```ts
 * parseArgs(['http://localhost:5171', '--http', '5180']) // { url, http: 5180, … }
 * ```
 */
export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = {
    help: false,
    host: '127.0.0.1',
    native: false,
    headed: false,
    confirm: 'consequential',
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
    } else if (arg === '--host') options.host = value('an address, e.g. 127.0.0.1')
    else if (arg === '--native') options.native = true
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
  if (!options.help && !options.url && !options.cdp) fail('pass the URL of the page to serve')
  if (options.cdp && (options.native || options.headed || options.chromium)) {
    fail(
      '--native, --headed and --chromium choose how to launch Chromium; with --cdp it is already running',
    )
  }
  return options
}
