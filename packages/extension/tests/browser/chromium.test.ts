// The extension in headless Chromium, against a protocol peer playing the bridge: pairing, a shared
// tab's tools listed, run and cancelled, on a native page (WebMCP flag on: the browser's tools) and
// on a polyfill page (flag off: the page's tools, marked page-asserted); a tab nobody shared is
// never listed, a peer without the secret is refused, a native page's forged tools are not listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toBase64Url } from '../../src/lib/protocol'
import type { ExtensionMessage, WireError } from '../../src/lib/protocol'
import { hooks, launchChromium, openShared } from './launch'
import type { Launched } from './launch'
import { startPages } from './pages'
import { startPeer } from './peer'
import type { Peer } from './peer'

type Tools = Extract<ExtensionMessage, { type: 'tools' }>
type Result = { type: 'result'; id: number; ok: boolean; output?: unknown; error?: WireError }

let pages: Awaited<ReturnType<typeof startPages>>
beforeAll(async () => {
  pages = await startPages()
})
afterAll(() => pages?.server.close())

const toolsOf = (peer: Peer, tab: number, names: string[]) =>
  peer.waitFor<Tools>(
    (m) =>
      m.type === 'tools' &&
      m.tab === tab &&
      JSON.stringify((m as Tools).tools.map((t) => t.name).sort()) === JSON.stringify(names),
  )
let nextId = 1
async function call(peer: Peer, listed: Tools, name: string, input: object) {
  const id = nextId++
  peer.send({
    type: 'call',
    id,
    tab: listed.tab,
    frame: listed.frame,
    document: listed.document,
    name,
    input,
  })
  return { id, result: peer.waitFor<Result>((m) => m.type === 'result' && m.id === id) }
}

describe('Chromium with native WebMCP', () => {
  let launched: Launched
  let peer: Peer
  beforeAll(async () => {
    peer = await startPeer({ code: 'ABCD-2345' })
    launched = await launchChromium(true)
    await hooks.pair(launched.worker, 'abcd2345', peer.port)
  })
  afterAll(async () => {
    await launched?.browser.close()
    await peer?.close()
  })

  it('pairs with the code, from the extension origin', async () => {
    await expect.poll(async () => (await hooks.state(launched.worker)).link).toBe('ready')
    expect(peer.origin).toMatch(/^chrome-extension:\/\/[a-p]{32}$/)
    expect(peer.secret?.length).toBe(32)
    expect((await hooks.state(launched.worker)).paired).toBe(true)
  })

  it('lists a shared tab’s native tools, runs one and cancels one', async () => {
    const unshared = await launched.browser.newPage()
    await unshared.goto(pages.tools(true, 9))
    const { page, tab } = await openShared(launched, pages.tools(true, 1))
    const listed = await toolsOf(peer, tab, ['echo', 'wait'])
    expect(listed.frame).toBe(0)
    expect(listed.origin).toBe(pages.server.origin)
    expect(listed.tools.every((t) => t.source === 'native')).toBe(true)
    expect(listed.tools.find((t) => t.name === 'echo')?.annotations?.readOnlyHint).toBe(true)
    const tabs = await peer.waitFor<{ type: 'tabs'; tabs: { tab: number; url: string }[] }>(
      (m) => m.type === 'tabs' && (m.tabs as { tab: number }[]).some((t) => t.tab === tab),
    )
    expect(tabs.tabs.map((t) => t.url)).toEqual([pages.tools(true, 1)])

    const echo = await call(peer, listed, 'echo', { text: 'hi' })
    expect(await echo.result).toMatchObject({ ok: true, output: '{"echoed":"hi"}' })

    const wait = await call(peer, listed, 'wait', {})
    await page.waitForFunction(() => (window as { waitStarted?: boolean }).waitStarted === true)
    peer.send({ type: 'cancel', id: wait.id })
    const cancelled = await wait.result
    expect(cancelled.ok).toBe(false)
    expect(cancelled.error?.name).toBe('AbortError')
    await page.waitForFunction(() => (window as { waitCancelled?: boolean }).waitCancelled === true)

    // The tab nobody shared: never in a tabs or tools message, nor among the worker's frames.
    const unsharedTab = await launched.worker.evaluate(async () => {
      const tabs = await (
        globalThis as unknown as {
          chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } }
        }
      ).chrome.tabs.query({})
      return tabs.map((t) => t.id)
    })
    const others = unsharedTab.filter((id) => id !== tab)
    expect(others.length).toBeGreaterThan(0)
    const state = await hooks.state(launched.worker)
    expect(state.frames.map((f) => f.tab)).toEqual([tab])
    for (const message of peer.messages) {
      if (message.type === 'tools') expect(message.tab).toBe(tab)
      if (message.type !== 'tabs') continue
      for (const listedTab of message.tabs as { tab: number }[]) expect(listedTab.tab).toBe(tab)
    }
  })

  it('lists a native page’s real tools, not the ones its script forges', async () => {
    const { tab } = await openShared(launched, pages.forged())
    const listed = await toolsOf(peer, tab, ['echo', 'wait'])
    expect(listed.tools.map((t) => t.source)).toEqual(['native', 'native'])
    const forged = peer.messages.filter(
      (m) => m.type === 'tools' && (m as Tools).tools.some((t) => t.name === 'forged'),
    )
    expect(forged).toEqual([])
  })

  it('refuses a peer on its port that cannot prove the secret', async () => {
    const squatter = await startPeer({ squat: true })
    const secret = toBase64Url(peer.secret ?? new Uint8Array())
    await hooks.pairWithSecret(launched.worker, secret, squatter.port)
    await expect.poll(() => squatter.closes).toContain(4401)
    expect(squatter.handshake.map((m) => m.type)).toEqual(['hello'])
    expect((await hooks.state(launched.worker)).error).toMatch(/could not prove the pairing secret/)
    await squatter.close()
  })
})

describe('Chromium without WebMCP (the polyfill)', () => {
  let launched: Launched
  let peer: Peer
  const secret = crypto.getRandomValues(new Uint8Array(32))
  beforeAll(async () => {
    peer = await startPeer({ secret })
    launched = await launchChromium(false)
    await hooks.pairWithSecret(launched.worker, toBase64Url(secret), peer.port)
  })
  afterAll(async () => {
    await launched?.browser.close()
    await peer?.close()
  })

  it('lists the page’s tools as page-asserted, runs one and cancels one', async () => {
    const { page, tab } = await openShared(launched, pages.tools(false, 2))
    const listed = await toolsOf(peer, tab, ['echo', 'wait'])
    expect(listed.tools.map((t) => t.source)).toEqual(['page-asserted', 'page-asserted'])
    const echo = await call(peer, listed, 'echo', { text: 'polyfill' })
    expect(await echo.result).toMatchObject({ ok: true, output: '{"echoed":"polyfill"}' })
    const wait = await call(peer, listed, 'wait', {})
    await page.waitForFunction(() => (window as { waitStarted?: boolean }).waitStarted === true)
    peer.send({ type: 'cancel', id: wait.id })
    expect((await wait.result).error?.name).toBe('AbortError')
    await page.waitForFunction(() => (window as { waitCancelled?: boolean }).waitCancelled === true)
  })
})
