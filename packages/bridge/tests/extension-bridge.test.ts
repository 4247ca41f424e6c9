import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createExtensionBridge } from '../src/index'
import { newSecret, ORIGIN, Peer } from './extension-peer'
import type { ExtensionBridge } from '../src/index'
import type { Message } from './extension-peer'

let dir: string
let bridge: ExtensionBridge
let peer: Peer
let client: Client

const send = { type: 'object', properties: { text: { type: 'string' } } }
const tool = (name: string, extra: object = {}) => ({
  name,
  description: `Does ${name}.`,
  inputSchema: send,
  source: 'native',
  ...extra,
})

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'webmcp-kit-bridge-'))
  const secret = newSecret()
  bridge = await createExtensionBridge({
    port: 0,
    env: {},
    secretFile: join(dir, 'secret'),
    pairing: { origin: ORIGIN, secret },
    log: () => {},
  })
  client = new Client({ name: 'test-client', version: '1.0.0' })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([bridge.server.connect(serverSide), client.connect(clientSide)])
  peer = new Peer(bridge.port)
  expect(await peer.auth(secret)).toEqual({ type: 'ready', client: 'test-client' })
})
afterEach(async () => {
  peer.ws.terminate()
  await client.close()
  await bridge.close()
  await rm(dir, { recursive: true, force: true })
})

/** Resolves at the next `tools/list_changed` the client gets, with the names listed then. */
function nextListChange(): Promise<string[]> {
  return new Promise((resolve) => {
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      client.removeNotificationHandler('notifications/tools/list_changed')
      resolve((await client.listTools()).tools.map((t) => t.name))
    })
  })
}
/** Sends the extension's messages, and waits for the client to hear the list changed. */
async function report(...messages: object[]): Promise<string[]> {
  const changed = nextListChange()
  for (const message of messages) peer.send(message)
  return changed
}
const tabs = (...ids: number[]) => ({
  type: 'tabs',
  tabs: ids.map((tab) => ({ tab, title: `Tab ${tab}`, url: `https://shop.test/${tab}` })),
})
const frame = (tab: number, tools: object[], extra: object = {}) => ({
  type: 'tools',
  tab,
  frame: 0,
  document: `doc-${tab}`,
  origin: 'https://shop.test',
  tools,
  ...extra,
})

describe('the extension bridge over MCP (the SDK client)', () => {
  it('lists the shared tabs’ tools as <site>__<tool>, with the frame in _meta, and calls them', async () => {
    expect((await client.listTools()).tools).toEqual([])
    const names = await report(
      tabs(4),
      frame(4, [tool('add_to_cart', { annotations: { readOnlyHint: false, extra: 1 } })]),
    )
    expect(names).toEqual(['shop_test__add_to_cart'])
    const [listed] = (await client.listTools()).tools
    expect(listed).toMatchObject({
      name: 'shop_test__add_to_cart',
      description: 'Does add_to_cart.',
      inputSchema: send,
      annotations: { readOnlyHint: false, destructiveHint: false },
      _meta: {
        'webmcp-kit/name': 'add_to_cart',
        'webmcp-kit/frame': { tab: 4, frame: 0, origin: 'https://shop.test', source: 'native' },
        'webmcp-kit/annotations': { readOnlyHint: false },
      },
    })

    const result = client.callTool({ name: 'shop_test__add_to_cart', arguments: { text: 'tea' } })
    const call = await peer.nextOf('call')
    expect(call).toEqual({
      type: 'call',
      id: expect.any(Number),
      tab: 4,
      frame: 0,
      document: 'doc-4',
      name: 'add_to_cart',
      input: { text: 'tea' },
    })
    peer.send({ type: 'result', id: call.id, ok: true, output: '{"items":1}' })
    expect(await result).toEqual({
      content: [{ type: 'text', text: '{"items":1}' }],
      structuredContent: { items: 1 },
    })
  })

  it('maps a decline in the browser to a clear tool error, and other errors by name', async () => {
    await report(tabs(1), frame(1, [tool('pay')]))
    const declined = client.callTool({ name: 'shop_test__pay', arguments: {} })
    const call = await peer.nextOf('call')
    const message = 'The person declined to run pay on https://shop.test.'
    peer.send({
      type: 'result',
      id: call.id,
      ok: false,
      error: { name: 'NotAllowedError', message },
    })
    expect(await declined).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: `NotAllowedError: ${message}` }],
    })
    await expect(client.callTool({ name: 'shop_test__nope', arguments: {} })).rejects.toThrow(
      'Unknown tool: shop_test__nope (the shared tabs have: shop_test__pay)',
    )
  })

  it('sends MCP cancellation to the extension as cancel{id}', async () => {
    await report(tabs(1), frame(1, [tool('slow')]))
    const abort = new AbortController()
    const result = client
      .callTool({ name: 'shop_test__slow', arguments: {} }, undefined, { signal: abort.signal })
      .catch((error: Error) => error)
    const call = await peer.nextOf('call')
    abort.abort()
    expect(await peer.nextOf('cancel')).toEqual({ type: 'cancel', id: call.id })
    expect(await result).toMatchObject({ message: expect.stringContaining('AbortError') })
    // A late result of the cancelled call is ignored.
    peer.send({ type: 'result', id: call.id, ok: true, output: 'late' })
    peer.send({ type: 'ping' })
    expect(await peer.next()).toEqual({ type: 'pong' })
  })

  it('keeps names across two tabs with the same tool, and across navigation; never moves one', async () => {
    expect(
      await report(tabs(1, 2), frame(1, [tool('search')]), frame(2, [tool('search')])),
    ).toEqual(['shop_test__search', 'shop_test__search-2'])
    // Tab 1 navigates (gone), then its new document has the tool again: the same name.
    expect(await report({ type: 'gone', tab: 1 })).toEqual(['shop_test__search-2'])
    expect(await report(frame(1, [tool('search')], { document: 'doc-1b' }))).toEqual([
      'shop_test__search',
      'shop_test__search-2',
    ])
    // Tab 1 closes: its name is not given to tab 2's tool, nor to a new tab's.
    expect(await report(tabs(2, 3), frame(3, [tool('search')]))).toEqual([
      'shop_test__search-2',
      'shop_test__search-3',
    ])
    await expect(client.callTool({ name: 'shop_test__search', arguments: {} })).rejects.toThrow(
      'Unknown tool',
    )
  })

  it('marks page-asserted tools, which never take a native tool’s name', async () => {
    const names = await report(
      tabs(1, 2),
      frame(1, [tool('checkout', { source: 'page-asserted' })]),
      frame(2, [tool('checkout')]),
    )
    expect(names).toEqual(['page-shop_test__checkout', 'shop_test__checkout'])
    const listed = (await client.listTools()).tools[0]!
    expect(listed.description).toMatch(/^\[page-asserted: the page itself vouches/)
    expect(listed._meta?.['webmcp-kit/frame']).toMatchObject({ source: 'page-asserted' })
  })

  it('never lists a tab that is not shared, and drops a tab when sharing stops', async () => {
    peer.send(frame(9, [tool('secret')]))
    expect(await report(tabs(1), frame(1, [tool('open')]))).toEqual(['shop_test__open'])
    expect(await report(tabs())).toEqual([])
  })

  it('ends a call when its tab goes away or the extension disconnects', async () => {
    await report(tabs(1, 2), frame(1, [tool('a')]), frame(2, [tool('b')]))
    const first = client.callTool({ name: 'shop_test__a', arguments: {} })
    await peer.nextOf('call')
    peer.send({ type: 'gone', tab: 1 })
    expect(await first).toMatchObject({ isError: true, content: [{ text: /AbortError: The tab/ }] })
    const second = client.callTool({ name: 'shop_test__b', arguments: {} })
    await peer.nextOf('call')
    const listed = nextListChange()
    peer.ws.terminate()
    expect(await second).toMatchObject({
      isError: true,
      content: [{ text: 'AbortError: The browser extension disconnected during the call.' }],
    })
    expect(await listed).toEqual([])
  })

  it('bounds a flood of calls at 64 in flight; the rest are refused at once', async () => {
    await report(tabs(1), frame(1, [tool('echo')]))
    const calls: Message[] = []
    const results = Array.from({ length: 80 }, () =>
      client.callTool({ name: 'shop_test__echo', arguments: {} }),
    )
    for (let i = 0; i < 64; i++) calls.push(await peer.nextOf('call'))
    const refused = (await Promise.all(results.slice(64))).map((r) => r.content)
    expect(refused).toEqual(
      Array(16).fill([
        {
          type: 'text',
          text: 'QuotaExceededError: 64 calls are already running in the browser; wait for one to finish.',
        },
      ]),
    )
    for (const call of calls) peer.send({ type: 'result', id: call.id, ok: true, output: 'ok' })
    expect((await Promise.all(results.slice(0, 64))).every((r) => !r.isError)).toBe(true)
  })

  it('refuses a call whose input would be over 1 MiB, without sending it', async () => {
    await report(tabs(1), frame(1, [tool('store')]))
    const result = await client.callTool({
      name: 'shop_test__store',
      arguments: { text: 'x'.repeat(1024 * 1024) },
    })
    expect(result).toMatchObject({
      isError: true,
      content: [
        { text: 'QuotaExceededError: The input is over 1 MiB, more than the extension takes.' },
      ],
    })
    peer.send({ type: 'ping' })
    expect(await peer.next()).toEqual({ type: 'pong' })
  })

  it('refuses a frame with too many tools, and tabs beyond the bound, with an error message', async () => {
    const many = Array.from({ length: 513 }, (_, i) => tool(`t${i}`))
    peer.send(frame(1, many))
    expect(await peer.next()).toEqual({ type: 'error', code: 'too-many-tools' })
    for (let frameId = 0; frameId < 256; frameId++) {
      peer.send(frame(1, [tool('x')], { frame: frameId, document: `d${frameId}` }))
    }
    peer.send(frame(1, [tool('x')], { frame: 256, document: 'd256' }))
    expect(await peer.next()).toEqual({ type: 'error', code: 'too-many-frames' })
    peer.send({ type: 'tools', tab: 'x' })
    expect(await peer.next()).toEqual({ type: 'error', code: 'invalid' })
  })
})
