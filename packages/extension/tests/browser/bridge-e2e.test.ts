// The connector end to end: the official MCP SDK client drives the real bridge
// (createExtensionBridge, in process) and the real extension in headless Chromium, on a native page
// (WebMCP flag on) and on a polyfill page (flag off, the page loads the repo's polyfill). Pairing
// takes no click: the bridge is given the secret and the extension's origin, the worker's test hook
// the same secret. Covered: list (and tools/list_changed) and call; a second tab with the same
// tools gets distinct names; MCP cancellation aborts the tool’s signal in the page; a closed tab
// takes its tools away, announced.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { createExtensionBridge } from '@webmcp-kit/bridge'
import type { ExtensionBridge } from '@webmcp-kit/bridge'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { toBase64Url } from '../../src/lib/protocol'
import { hooks, launchChromium, openShared } from './launch'
import type { Launched } from './launch'
import { startPages } from './pages'

let pages: Awaited<ReturnType<typeof startPages>>
beforeAll(async () => {
  pages = await startPages()
})
afterAll(() => pages?.server.close())

interface Connected {
  launched: Launched
  bridge: ExtensionBridge
  client: Client
  /** How many tools/list_changed notifications the client has had. */
  changes: () => number
  /** The client's tool names once `test` passes them (checked now and on each tools/list_changed). */
  listed: (test: (names: string[]) => boolean) => Promise<string[]>
}

async function connect(native: boolean): Promise<Connected> {
  const launched = await launchChromium(native)
  // launchChromium can hand back the worker before its script has set the test hooks.
  await vi.waitFor(async () => {
    const set = await launched.worker.evaluate(() => 'webmcpKit' in globalThis)
    if (!set) throw new Error('The worker has not set its test hooks yet.')
  })
  const secret = crypto.getRandomValues(new Uint8Array(32))
  const bridge = await createExtensionBridge({
    port: 0,
    pairing: { origin: `chrome-extension://${launched.extension.id}`, secret },
    log: () => {},
  })
  const connected = new Promise<void>((resolve) =>
    bridge.onConnectionChanged((up) => up && resolve()),
  )
  await hooks.pairWithSecret(launched.worker, toBase64Url(secret), bridge.port)
  await connected
  const client = new Client({ name: 'e2e-client', version: '1.0.0' })
  let changes = 0
  const waiters = new Set<() => void>()
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes++
    for (const wake of waiters) wake()
  })
  const listed = async (test: (names: string[]) => boolean) => {
    for (;;) {
      const changed = new Promise<void>((resolve) => waiters.add(resolve))
      const now = await names(client)
      if (test(now)) return now
      await changed
    }
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await bridge.createServer().connect(serverSide)
  await client.connect(clientSide)
  return { launched, bridge, client, changes: () => changes, listed }
}

const names = async (client: Client) =>
  (await client.listTools()).tools.map((t) => t.name).sort((a, b) => a.localeCompare(b))

for (const native of [true, false]) {
  describe(`the MCP SDK client through the bridge and the extension, Chromium ${native ? 'native' : 'polyfill'}`, () => {
    let c: Connected
    beforeAll(async () => {
      c = await connect(native)
    })
    afterAll(async () => {
      await c?.client.close()
      await c?.bridge.close()
      await c?.launched.browser.close()
    })

    it('lists a shared tab’s tools and calls one', async () => {
      expect(await names(c.client)).toEqual([])
      const before = c.changes()
      const { tab } = await openShared(c.launched, pages.tools(native, 1))
      await c.listed((listed) => listed.length === 2)
      // The change is announced too (debounced, so it may come after the listing saw it).
      await c.listed(() => c.changes() > before)
      const { tools } = await c.client.listTools()
      const echo = tools.find((t) => t.name.endsWith('__echo'))
      const wait = tools.find((t) => t.name.endsWith('__wait'))
      expect(echo).toBeDefined()
      expect(wait).toBeDefined()
      if (native) expect(echo?.name).not.toMatch(/^page-/)
      else expect(echo?.name).toMatch(/^page-/)
      expect(echo?._meta?.['webmcp-kit/frame']).toEqual({
        tab,
        frame: 0,
        origin: pages.server.origin,
        source: native ? 'native' : 'page-asserted',
      })
      expect(echo?.annotations?.readOnlyHint).toBe(true)

      const result = await c.client.callTool({ name: echo?.name ?? '', arguments: { text: 'hi' } })
      expect(result.isError).toBeFalsy()
      expect(JSON.stringify(result.content)).toContain('echoed')
      expect(JSON.stringify(result.content)).toContain('hi')
    })

    it('names a second tab’s same tools apart, and MCP cancellation reaches the tool’s signal', async () => {
      const { page, tab } = await openShared(c.launched, pages.tools(native, 2))
      const all = await c.listed((listed) => listed.length === 4)
      expect(new Set(all).size).toBe(4)
      const { tools } = await c.client.listTools()
      const ofTab = (t: (typeof tools)[number]) =>
        (t._meta?.['webmcp-kit/frame'] as { tab?: number } | undefined)?.tab
      const wait = tools.find((t) => ofTab(t) === tab && t.name.includes('__wait'))
      expect(wait).toBeDefined()
      const controller = new AbortController()
      const running = c.client.callTool({ name: wait?.name ?? '', arguments: {} }, undefined, {
        signal: controller.signal,
      })
      const settled = running.then(
        () => 'resolved',
        () => 'rejected',
      )
      await page.waitForFunction(() => (window as { waitStarted?: boolean }).waitStarted === true)
      controller.abort()
      expect(await settled).toBe('rejected')
      await page.waitForFunction(
        () => (window as { waitCancelled?: boolean }).waitCancelled === true,
      )
    })

    it('takes a closed tab’s tools away, and announces it', async () => {
      const before = await names(c.client)
      const opened = c.changes()
      const { page } = await openShared(c.launched, pages.tools(native, 3))
      await c.listed((listed) => listed.length === before.length + 2)
      // The opening is announced first (a close inside the same debounce window would net to none).
      await c.listed(() => c.changes() > opened)
      const changes = c.changes()
      await page.close()
      expect(await c.listed((listed) => listed.length === before.length)).toEqual(before)
      await c.listed(() => c.changes() > changes)
    })
  })
}
