#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { parseArgs, USAGE } from './cli-args'
import { createBridge } from '../create-bridge'
import { createExtensionBridge } from '../extension/extension-bridge'
import { serveHttp } from '../http/serve-http'

// stdout carries MCP (stdio); everything for people goes to stderr.
const log = (message: string) => process.stderr.write(`webmcp-kit-bridge: ${message}\n`)

async function main(argv: string[]) {
  const options = parseArgs(argv, process.env)
  if (options.help) return void process.stdout.write(`${USAGE}\n`)
  if (options.extension) return serveExtension(options.port, options.pair)
  const bridge = await createBridge({
    url: options.url,
    cdp: options.cdp,
    native: options.native,
    headed: options.headed,
    executablePath: options.chromium,
    confirm: options.confirm,
  })
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await bridge.close().catch(() => {})
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  const count = (await bridge.listTools()).length
  log(
    `${bridge.page.url()} (${bridge.engine === 'native' ? 'native WebMCP' : 'the polyfill'}), ${count} tools`,
  )
  if (options.http !== undefined) {
    const endpoint = await serveHttp(bridge, {
      port: options.http,
      host: options.host,
      token: options.token,
      allowedOrigins: options.allowOrigins,
    })
    log(`serving MCP (Streamable HTTP) at ${endpoint.url}`)
    if (!options.token) {
      log(`clients send "Authorization: Bearer ${endpoint.token}" (a new token each start)`)
    }
  } else {
    const transport = new StdioServerTransport()
    transport.onclose = stop
    process.stdin.on('end', stop)
    await bridge.server.connect(transport)
  }
}

/** `--extension`: the shared tabs of the person's browser, over stdio. */
async function serveExtension(port: number, pair: boolean) {
  const bridge = await createExtensionBridge({ port, pair, log })
  const stop = async () => {
    await bridge.close().catch(() => {})
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  const transport = new StdioServerTransport()
  transport.onclose = stop
  process.stdin.on('end', stop)
  await bridge.server.connect(transport)
}

main(process.argv.slice(2)).catch((error: Error) => {
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
})
