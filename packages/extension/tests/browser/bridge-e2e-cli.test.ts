// The command an MCP client launches, end to end: the SDK's stdio client spawns
// `webmcp-kit-bridge --extension --port 0` (built from source), paired through the environment
// (`WEBMCP_KIT_EXTENSION_SECRET`, `WEBMCP_KIT_EXTENSION_ORIGIN`), with the real extension in headless
// Chromium (native WebMCP) pairing by the worker's hook, and lists and calls a shared tab's tool.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Readable } from 'node:stream'
import { buildFromSource } from '../../../bridge/scripts/from-source.mjs'
import { toBase64Url } from '../../src/lib/protocol'
import { placeOf, textOf, watchedClient } from './e2e'
import type { Watched } from './e2e'
import { hooks, launchChromium, openShared } from './launch'
import type { Launched } from './launch'
import { startPages } from './pages'

let pages: Awaited<ReturnType<typeof startPages>>
let launched: Launched
let watched: Watched | undefined
let config: string
beforeAll(async () => {
  config = await mkdtemp(join(tmpdir(), 'webmcp-kit-e2e-cli-'))
  pages = await startPages()
  launched = await launchChromium(true)
})
afterAll(async () => {
  await watched?.client.close()
  await launched?.browser.close()
  await pages?.server.close()
  await rm(config, { recursive: true, force: true })
})

it('lists and calls a shared tab’s tool through the command over stdio', async () => {
  const { cli } = await buildFromSource()
  const secret = crypto.getRandomValues(new Uint8Array(32))
  // The client's environment, without any pairing of this machine's own, plus the test's.
  const env: Record<string, string> = {
    XDG_CONFIG_HOME: config,
    WEBMCP_KIT_EXTENSION_SECRET: toBase64Url(secret),
    WEBMCP_KIT_EXTENSION_ORIGIN: `chrome-extension://${launched.extension.id}`,
  }
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('WEBMCP_KIT_') && !(key in env)) env[key] = value
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, '--extension', '--port', '0'],
    env,
    stderr: 'pipe',
  })
  const lines: string[] = []
  const wakes = new Set<() => void>()
  ;(transport.stderr as Readable).on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean))
    for (const wake of [...wakes]) wake()
  })
  const line = async (pattern: RegExp) => {
    for (;;) {
      const found = lines.map((l) => pattern.exec(l)).find(Boolean)
      if (found) return found
      await new Promise<void>((resolve) => wakes.add(resolve))
    }
  }
  watched = await watchedClient(transport)
  const { client, listed } = watched
  const port = Number((await line(/listening for the extension on ws:\/\/127\.0\.0\.1:(\d+)/))[1])

  await hooks.pairWithSecret(launched.worker, toBase64Url(secret), port)
  await line(/the extension chrome-extension:\/\/[a-p]{32} is connected/)
  expect((await client.listTools()).tools).toEqual([])

  const { tab } = await openShared(launched, pages.tools(true, 1))
  const tools = await listed((now) => now.length === 2)
  const echo = tools.find((t) => t.name.endsWith('__echo'))
  expect(echo && placeOf(echo)).toEqual({
    tab,
    frame: 0,
    origin: pages.server.origin,
    source: 'native',
  })
  const result = await client.callTool({ name: echo?.name ?? '', arguments: { text: 'stdio' } })
  expect(result.isError).toBeFalsy()
  expect(JSON.parse(textOf(result))).toEqual({ echoed: 'stdio' })

  // Paired through the environment: no code opened, nothing written to the config folder.
  expect(lines.filter((l) => l.includes('pairing code'))).toEqual([])
  expect(await readdir(config)).toEqual([])
})
