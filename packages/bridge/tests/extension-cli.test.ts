import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { buildFromSource } from '../scripts/from-source.mjs'
import { newSecret, ORIGIN, Peer } from './extension-peer'
import type { Readable } from 'node:stream'

// `webmcp-kit-bridge --extension` (built from source), spawned by the SDK's stdio client, with the
// test's protocol peer as the extension.
let cli: string
let dir: string
const cleanups: Array<() => Promise<unknown> | void> = []

beforeAll(async () => {
  cli = (await buildFromSource()).cli
}, 60_000)
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await rm(dir, { recursive: true, force: true })
})

/** Starts the command with `env`; resolves the connected client, the port and stderr's lines. */
async function start(env: Record<string, string>) {
  dir = await mkdtemp(join(tmpdir(), 'webmcp-kit-cli-'))
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !entry[0].startsWith('WEBMCP_KIT_'),
    ),
  )
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, '--extension', '--port', '0'],
    env: { ...base, XDG_CONFIG_HOME: join(dir, 'config'), ...env },
    stderr: 'pipe',
  })
  const lines: string[] = []
  const waiters: Array<() => void> = []
  ;(transport.stderr as Readable).on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean))
    for (const wake of waiters.splice(0)) wake()
  })
  const line = async (pattern: RegExp) => {
    for (;;) {
      const found = lines.map((l) => pattern.exec(l)).find(Boolean)
      if (found) return found
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  const client = new Client({ name: 'cli-test', version: '1.0.0' })
  await client.connect(transport)
  cleanups.push(() => client.close())
  const port = Number((await line(/listening for the extension on ws:\/\/127\.0\.0\.1:(\d+)/))[1])
  return { client, port, line, lines }
}

function peerOn(port: number) {
  const peer = new Peer(port)
  cleanups.push(() => peer.ws.terminate())
  return peer
}

it('pairs with the code printed on stderr, and serves the shared tab over stdio', async () => {
  const { client, port, line } = await start({})
  const code = (await line(/pairing code ([A-Z0-9]{4}-[A-Z0-9]{4})/))[1]!
  const peer = peerOn(port)
  const secret = await peer.pair(code)
  await line(/paired with chrome-extension:/)
  const stored = JSON.parse(
    await readFile(join(dir, 'config', 'webmcp-kit', 'extension-secret'), 'utf8'),
  ) as { origin: string; secret: string }
  expect(stored).toEqual({ origin: ORIGIN, secret: Buffer.from(secret).toString('base64url') })

  const changed = new Promise<void>((resolve) =>
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
  )
  peer.send({ type: 'tabs', tabs: [{ tab: 1, title: 'Notes', url: 'http://localhost:5171/' }] })
  peer.send({
    type: 'tools',
    tab: 1,
    frame: 0,
    document: 'd1',
    origin: 'http://localhost:5171',
    tools: [{ name: 'add_note', description: 'Adds a note.', source: 'native' }],
  })
  await changed
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['localhost_5171__add_note'])
  const result = client.callTool({ name: 'localhost_5171__add_note', arguments: { text: 'hi' } })
  const call = await peer.nextOf('call')
  expect(call).toMatchObject({ name: 'add_note', input: { text: 'hi' }, tab: 1, frame: 0 })
  peer.send({ type: 'result', id: call.id, ok: true, output: 'Added.' })
  expect(await result).toEqual({ content: [{ type: 'text', text: 'Added.' }] })
}, 30_000)

it('takes the pairing from the environment, opens no pairing, and keeps stdout for MCP', async () => {
  const secret = newSecret()
  const { client, port, lines } = await start({
    WEBMCP_KIT_EXTENSION_SECRET: Buffer.from(secret).toString('base64url'),
    WEBMCP_KIT_EXTENSION_ORIGIN: ORIGIN,
  })
  expect(await peerOn(port).auth(secret)).toEqual({ type: 'ready', client: 'cli-test' })
  expect((await client.listTools()).tools).toEqual([])
  expect(lines.some((l) => l.includes('pairing code'))).toBe(false)
}, 30_000)
