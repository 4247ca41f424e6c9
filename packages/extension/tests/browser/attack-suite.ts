// The attacks on the connector, each a test, run against the real extension in each engine (see
// chromium-attacks.test.ts, firefox-attacks.test.ts): a tab nobody shared, a page in a shared tab
// that floods the relay or lists tools beyond every bound, a peer on the socket that floods the
// extension with calls or sends what the protocol does not take, a page that forges origins and
// native names (through the real bridge, createExtensionBridge, which names the tools), and a
// process squatting the port; and a page churning its tools, seen through the real bridge by the
// MCP SDK client (churnSuite, also on native pages). Every wait is for a message or a state, never
// for time.
import { createExtensionBridge } from '@webmcp-kit/bridge'
import type { ExtensionBridge } from '@webmcp-kit/bridge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'puppeteer-core'
import { toBase64Url } from '../../src/lib/protocol'
import type { ExtensionMessage } from '../../src/lib/protocol'
import type { WorkerState } from '../../src/lib/worker'
import { startAttackPages } from './attack-pages'
import { connectBridge, textOf } from './e2e'
import type { Connected } from './e2e'
import { startPeer } from './peer'
import type { Peer } from './peer'

/** What the suite needs of an engine with the extension in it. */
export interface Engine {
  /** The extension's origin, as the bridge pins it. */
  origin: string
  /** Opens `url` in a new tab and shares it (the tab, or its site), as the person would. */
  openShared(url: string): Promise<Page>
  /** Opens `url` in a new tab that nobody shares. */
  openUnshared(url: string): Promise<Page>
  pairWithSecret(secret: string, port: number): Promise<void>
  state(): Promise<WorkerState>
  close(): Promise<void>
}

type Tools = Extract<ExtensionMessage, { type: 'tools' }>
type Result = {
  type: 'result'
  id: number
  ok: boolean
  output?: unknown
  error?: { name: string }
}

export function attackSuite(name: string, launch: () => Promise<Engine>): void {
  describe(`attacks on the connector, ${name}`, () => {
    let pages: Awaited<ReturnType<typeof startAttackPages>>
    let engine: Engine
    let peer: Peer
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const opened: Page[] = []
    const open = async (url: string, shared = true) => {
      const page = await (shared ? engine.openShared(url) : engine.openUnshared(url))
      opened.push(page)
      return page
    }
    beforeAll(async () => {
      pages = await startAttackPages()
      peer = await startPeer({ secret })
      engine = await launch()
      await engine.pairWithSecret(toBase64Url(secret), peer.port)
      // Ready: the extension's first message then is its list of shared tabs.
      await peer.waitFor((m) => m.type === 'tabs')
    })
    afterAll(async () => {
      await engine?.close()
      await peer?.close()
      await pages?.server.close()
    })

    const toolsWith = (test: (m: Tools) => boolean) =>
      peer.waitFor<Tools>((m) => m.type === 'tools' && test(m as unknown as Tools))
    const names = (m: Tools) => m.tools.map((t) => t.name)
    let nextId = 1
    const call = (at: Tools, tool: string, input: object = {}, document = at.document) => {
      const id = nextId++
      peer.send({ type: 'call', id, tab: at.tab, frame: at.frame, document, name: tool, input })
      return peer.waitFor<Result>((m) => m.type === 'result' && m.id === id)
    }

    it('never hands a tab nobody shared to the peer, not even after it reloads', async () => {
      const secretPage = await open(pages.url('private', 1, true), false)
      await open(pages.url('echo', 1))
      const first = await toolsWith(
        (m) => m.origin === pages.server.origin && names(m).includes('echo'),
      )
      // Later events in both tabs: the unshared one reloads, another shared one reports.
      await secretPage.reload()
      await secretPage.waitForFunction(() => document.readyState === 'complete')
      await open(pages.url('echo', 2))
      await toolsWith((m) => m.document !== first.document && names(m).includes('echo'))
      const leaked = JSON.stringify(peer.messages)
      expect(leaked).not.toContain('private_tool')
      expect(leaked).not.toContain(pages.server.otherOrigin)
      const state = await engine.state()
      expect(state.frames.map((f) => f.origin)).not.toContain(pages.server.otherOrigin)
      expect(state.tabs.map((t) => new URL(t.url).origin)).not.toContain(pages.server.otherOrigin)
    })

    it('reports a page’s flood of changes through the relay as a few lists, the last one last', async () => {
      const page = await open(pages.url('flood', 1))
      await toolsWith((m) => names(m).includes('flood'))
      const before = peer.messages.length
      await page.evaluate(() => (window as unknown as { flood(): void }).flood())
      const last = await toolsWith((m) =>
        m.tools.some((t) => t.name === 'flood' && t.description === 'final'),
      )
      const reports = peer.messages
        .slice(before)
        .filter((m) => m.type === 'tools' && (m as unknown as Tools).document === last.document)
      // 3001 changes: without the bound each would be one message to the bridge.
      expect(reports.length).toBeLessThan(50)
      expect(
        (reports.at(-1) as unknown as Tools).tools.find((t) => t.name === 'flood')?.description,
      ).toBe('final')
      expect(await call(last, 'echo', { text: 'still here' })).toMatchObject({ ok: true })
    })

    it('lists no more of a page’s tools than the bounds allow, and stays responsive', async () => {
      await open(pages.url('huge', 1))
      const listed = await toolsWith((m) => names(m).includes('long_description'))
      expect(listed.tools).toHaveLength(512)
      expect(names(listed)).toContain('echo')
      expect(names(listed)).not.toContain('huge_schema')
      expect(listed.tools.find((t) => t.name === 'long_description')?.description).toHaveLength(
        16 * 1024,
      )
      expect(listed.tools.every((t) => t.source === 'page-asserted')).toBe(true)
      expect(await call(listed, 'echo', { text: 'bounded' })).toMatchObject({ ok: true })
    })

    it('answers a peer’s flood of calls, each once, refusing what is over the bound', async () => {
      const at = await toolsWith(
        (m) => m.origin === pages.server.origin && names(m).includes('echo'),
      )
      const results = await Promise.all(
        Array.from({ length: 600 }, (_, i) =>
          call(at, 'echo', { text: `${i}` }, i % 2 ? at.document : 'gone'),
        ),
      )
      const byName = (r: Result) => (r.ok ? 'ok' : r.error?.name)
      // The bound on calls in flight comes first; past it, a call for no document is not found.
      const expected = (i: number) =>
        i % 2 ? ['ok', 'QuotaExceededError'] : ['NotFoundError', 'QuotaExceededError']
      expect(results.filter((r, i) => !expected(i).includes(byName(r) ?? ''))).toEqual([])
      expect(results.filter((_, i) => i % 2 === 0).map(byName)).toContain('NotFoundError')
      const ids = peer.messages.filter((m) => m.type === 'result').map((m) => m.id)
      expect(ids.length).toBe(new Set(ids).size)
      expect(await call(at, 'echo', { text: 'after' })).toMatchObject({ ok: true })
    })

    it('closes on a peer’s frame over 1 MiB and on a binary frame, then reconnects', async () => {
      const connections = peer.connections
      peer.sendRaw(JSON.stringify({ type: 'ping', pad: '€'.repeat(400_000) }))
      await expect.poll(() => peer.closes).toContain(4400)
      await expect.poll(() => peer.connections).toBe(connections + 1)
      await expect.poll(async () => (await engine.state()).link).toBe('ready')
      const mark = peer.messages.length
      peer.sendRaw(Buffer.from([1, 2, 3]))
      await expect.poll(() => peer.closes.filter((c) => c === 4400).length).toBe(2)
      await expect.poll(() => peer.connections).toBe(connections + 2)
      await expect.poll(async () => (await engine.state()).link).toBe('ready')
      // Republished on the new connection: the same documents, whose tools answer again.
      const at = await toolsWith(
        (m) => names(m).includes('echo') && peer.messages.indexOf(m) >= mark,
      )
      expect(await call(at, 'echo', { text: 'reconnected' })).toMatchObject({ ok: true })
    })

    describe('through the real bridge', () => {
      let bridge: ExtensionBridge
      beforeAll(async () => {
        for (const page of opened.splice(0)) await page.close()
        bridge = await createExtensionBridge({
          port: 0,
          pairing: { origin: engine.origin, secret },
          log: () => {},
        })
        const connected = new Promise<void>((resolve) =>
          bridge.onConnectionChanged((up) => up && resolve()),
        )
        await engine.pairWithSecret(toBase64Url(secret), bridge.port)
        await connected
      })
      afterAll(() => bridge?.close())

      const listed = async (count: number) => {
        for (;;) {
          const changed = new Promise<void>((resolve) => {
            const stop = bridge.onToolsChanged(() => (stop(), resolve()))
          })
          const tools = await bridge.listTools()
          if (tools.length === count) return tools
          await changed
        }
      }

      it('names a page’s forged tools by its own origin, page-asserted, never as another tab’s', async () => {
        const port = new URL(pages.server.origin).port
        await open(pages.url('echo', 3))
        await listed(1)
        await open(pages.url('forge', 1, true))
        const tools = await listed(3)
        const meta = (t: (typeof tools)[number]) =>
          t._meta?.['webmcp-kit/frame'] as { origin: string; source: string; tab: number }
        const honest = tools.find((t) => meta(t).origin === pages.server.origin)
        expect(honest?.name).toBe(`page-localhost_${port}__echo`)
        const forged = tools.filter((t) => meta(t).origin === pages.server.otherOrigin)
        expect(forged.map((t) => t.name).sort()).toEqual([
          `page-127_0_0_1_${port}__echo`,
          `page-127_0_0_1_${port}__localhost_${port}__echo`,
        ])
        for (const tool of forged) {
          expect(meta(tool).source).toBe('page-asserted')
          expect(meta(tool).tab).not.toBe(meta(honest!).tab)
          expect(tool.description).toMatch(/^\[page-asserted/)
        }
        const result = await bridge.callTool(honest!.name, { text: 'whose' })
        expect(JSON.stringify(result.content)).toContain(pages.server.origin)
      })
    })

    it('refuses a process on its port that cannot prove the secret, and sends it nothing', async () => {
      const squatter = await startPeer({ squat: true })
      await engine.pairWithSecret(toBase64Url(secret), squatter.port)
      await expect.poll(() => squatter.closes).toContain(4401)
      expect(squatter.handshake.map((m) => m.type)).toEqual(['hello'])
      expect(squatter.messages).toEqual([])
      expect((await engine.state()).error).toMatch(/could not prove the pairing secret/)
      await squatter.close()
    })
  })
}

/** The cycles of the churn: a shared page registering and aborting one tool this many times. */
const CYCLES = 3000

/**
 * A shared page's churn of tool changes, through the real bridge to the MCP SDK client, in an
 * engine whose pages are native (`native`) or polyfill pages: the other shared tab's tool answers
 * during it, and the client hears of it in a few tools/list_changed notifications, not thousands.
 */
export function churnSuite(name: string, launch: () => Promise<Engine>, native: boolean): void {
  describe(`a shared page's tool churn, ${name}`, () => {
    let pages: Awaited<ReturnType<typeof startAttackPages>>
    let engine: Engine
    let c: Connected
    beforeAll(async () => {
      pages = await startAttackPages()
      engine = await launch()
      c = await connectBridge(engine.origin, (secret, port) => engine.pairWithSecret(secret, port))
    })
    afterAll(async () => {
      await c?.client.close()
      await c?.bridge.close()
      await engine?.close()
      await pages?.server.close()
    })

    it(`answers another tab during ${CYCLES} register/abort cycles, in fewer than ${CYCLES / 20} notifications`, async () => {
      await engine.openShared(pages.url('echo', 5, false, native))
      const [echo] = await c.listed((now) => now.some((t) => t.name.endsWith('__echo')))
      const churning = await engine.openShared(pages.url('churn', 1, false, native))
      const before = c.changes()
      const churned = churning.evaluate(
        (cycles) => (window as unknown as { churn(n: number): Promise<void> }).churn(cycles),
        CYCLES,
      )
      await churning.waitForFunction(() => (window as unknown as { cycles: number }).cycles > 0)
      const result = await c.client.callTool({ name: echo!.name, arguments: { text: 'churn' } })
      const cycles = await churning.evaluate(() => (window as unknown as { cycles: number }).cycles)
      expect(result.isError).toBeFalsy()
      expect(JSON.parse(textOf(result))).toEqual({ echoed: 'churn', at: pages.server.origin })
      // The call came back while the page was still churning.
      expect(cycles).toBeLessThan(CYCLES)
      await churned
      const settled = await c.listed(
        (now) =>
          now.some((t) => t.name.endsWith('__churned')) &&
          !now.some((t) => t.name.endsWith('__churning')),
      )
      expect(settled.some((t) => t.name === echo!.name)).toBe(true)
      const notifications = c.changes() - before
      console.log(`${name}: ${CYCLES} cycles, ${notifications} tools/list_changed`)
      expect(notifications).toBeGreaterThanOrEqual(1)
      expect(notifications).toBeLessThan(CYCLES / 20)
    })
  })
}
