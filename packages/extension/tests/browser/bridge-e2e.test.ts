// The connector end to end: the official MCP SDK client drives the real bridge
// (createExtensionBridge, in process) and the real extension in headless Chromium, on a native page
// (WebMCP flag on) and on a polyfill page (flag off, the page loads the repo's polyfill). Pairing
// takes no click (see e2e.ts). Covered: list (and tools/list_changed) and call; a second tab with
// the same tools gets distinct names; MCP cancellation aborts the tool’s signal in the page; a
// closed tab takes its tools away, announced; the person's confirmation in the extension's own
// window, run, declined, closed, cancelled, and under "every tool that is not read-only"; a shared
// tab that navigates takes its tools (and its calls) with it, and its names go to no other tool; a
// tab nobody shared is never listed, nor reachable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { Target } from 'puppeteer-core'
import { confirmWindow, connectChromium, firstName, placeOf, ranIn, textOf } from './e2e'
import type { Connected } from './e2e'
import { hooks, launchChromium, openShared } from './launch'
import type { Launched } from './launch'
import { startPages } from './pages'

let pages: Awaited<ReturnType<typeof startPages>>
beforeAll(async () => {
  pages = await startPages()
})
afterAll(() => pages?.server.close())

const names = (tools: Tool[]) => tools.map((t) => t.name).sort((a, b) => a.localeCompare(b))
const ofTab = (tools: Tool[], tab: number) => tools.filter((t) => placeOf(t)?.tab === tab)
const named = (tools: Tool[], tab: number, name: string) => {
  const found = ofTab(tools, tab).find(
    (t) => t.name.endsWith(`__${name}`) || t.name.includes(`__${name}-`),
  )
  if (!found) throw new Error(`No ${name} of tab ${tab} in ${names(tools).join(', ')}`)
  return found
}

for (const native of [true, false]) {
  describe(`the MCP SDK client through the bridge and the extension, Chromium ${native ? 'native' : 'polyfill'}`, () => {
    let launched: Launched
    let c: Connected
    /** Every confirm window the extension opened (their targets, in order). */
    const confirms: Target[] = []
    beforeAll(async () => {
      launched = await launchChromium(native)
      launched.browser.on('targetcreated', (target: Target) => {
        if (/\/confirm\.html#/.test(target.url())) confirms.push(target)
      })
      c = await connectChromium(launched)
    })
    afterAll(async () => {
      await c?.client.close()
      await c?.bridge.close()
      await launched?.browser.close()
    })
    const nextConfirm = () => confirmWindow(launched.browser)
    const call = (name: string, args: Record<string, unknown> = {}, signal?: AbortSignal) =>
      c.client.callTool({ name, arguments: args }, undefined, signal && { signal })

    it('lists a shared tab’s tools and calls one', async () => {
      expect(names(await c.listed(() => true))).toEqual([])
      const before = c.changes()
      const { tab } = await openShared(launched, pages.tools(native, 1))
      await c.listed((listed) => listed.length === 2)
      // The change is announced too (debounced, so it may come after the listing saw it).
      await c.listed(() => c.changes() > before)
      const { tools } = await c.client.listTools()
      const echo = named(tools, tab, 'echo')
      expect(named(tools, tab, 'wait')).toBeDefined()
      if (native) expect(echo.name).not.toMatch(/^page-/)
      else expect(echo.name).toMatch(/^page-/)
      expect(placeOf(echo)).toEqual({
        tab,
        frame: 0,
        origin: pages.server.origin,
        source: native ? 'native' : 'page-asserted',
      })
      expect(echo.annotations?.readOnlyHint).toBe(true)

      const result = await call(echo.name, { text: 'hi' })
      expect(result.isError).toBeFalsy()
      expect(JSON.parse(textOf(result))).toEqual({ echoed: 'hi' })
    })

    it('names a second tab’s same tools apart, and MCP cancellation reaches the tool’s signal', async () => {
      const { page, tab } = await openShared(launched, pages.tools(native, 2))
      const all = await c.listed((listed) => listed.length === 4)
      expect(new Set(names(all)).size).toBe(4)
      const wait = named(all, tab, 'wait')
      const controller = new AbortController()
      const settled = call(wait.name, {}, controller.signal).then(
        () => 'resolved',
        (error: Error) => `rejected ${error.message}`,
      )
      await page.waitForFunction(() => (window as { waitStarted?: boolean }).waitStarted === true)
      controller.abort()
      expect(await settled).toMatch(/^rejected /)
      await page.waitForFunction(
        () => (window as { waitCancelled?: boolean }).waitCancelled === true,
      )
    })

    it('takes a closed tab’s tools away, and announces it', async () => {
      const before = names(await c.listed(() => true))
      const opened = c.changes()
      const { page } = await openShared(launched, pages.tools(native, 3))
      await c.listed((listed) => listed.length === before.length + 2)
      // The opening is announced first (a close inside the same debounce window would net to none).
      await c.listed(() => c.changes() > opened)
      const changes = c.changes()
      await page.close()
      expect(names(await c.listed((listed) => listed.length === before.length))).toEqual(before)
      await c.listed(() => c.changes() > changes)
    })

    describe('confirmation in the browser', () => {
      let acts: Awaited<ReturnType<typeof openShared>>
      let tools: Tool[]
      beforeAll(async () => {
        acts = await openShared(launched, pages.acts(native, 1))
        tools = await c.listed((listed) => ofTab(listed, acts.tab).length === 3)
      })
      const send = () => named(tools, acts.tab, 'send').name
      const note = () => named(tools, acts.tab, 'note').name
      const look = () => named(tools, acts.tab, 'look').name

      it('runs a consequential tool once the person presses Run, after showing the request', async () => {
        expect(named(tools, acts.tab, 'send').annotations).toMatchObject({
          destructiveHint: true,
        })
        const opened = confirms.length
        const result = call(send(), { text: 'hello' })
        const window = await nextConfirm()
        expect(confirms.length).toBe(opened + 1)
        expect(window.shown).toEqual({
          name: 'send',
          origin: pages.server.origin,
          source: native
            ? 'The browser lists this tool for this page.'
            : 'The page itself describes this tool; the browser does not vouch for it.',
          input: { text: 'hello' },
        })
        // Not run while the person has not answered.
        expect(await ranIn(acts.page)).toEqual([])
        await window.press('#run')
        const answer = await result
        expect(answer.isError).toBeFalsy()
        expect(JSON.parse(textOf(answer))).toEqual({ ran: 'send', input: { text: 'hello' } })
        expect(await ranIn(acts.page)).toEqual([{ name: 'send', input: { text: 'hello' } }])
        expect((await hooks.state(launched.worker)).confirming).toBe(0)
      })

      it('answers a decline with a NotAllowedError, and the tool does not run', async () => {
        const before = await ranIn(acts.page)
        const result = call(send(), { text: 'no' })
        const window = await nextConfirm()
        await window.press('#decline')
        const answer = await result
        expect(answer.isError).toBe(true)
        expect(textOf(answer)).toBe(
          `NotAllowedError: The person declined to run send on ${pages.server.origin}.`,
        )
        expect(answer._meta?.['webmcp-kit/error']).toMatchObject({ name: 'NotAllowedError' })
        // A read-only call through the same document after it: it runs with no window, and the
        // declined call has still not reached the page.
        const opened = confirms.length
        const looked = await call(look())
        expect(looked.isError).toBeFalsy()
        expect(confirms.length).toBe(opened)
        expect(await ranIn(acts.page)).toEqual([...before, { name: 'look', input: {} }])
      })

      it('declines when the person closes the window', async () => {
        const before = await ranIn(acts.page)
        const result = call(send(), { text: 'closed' })
        const window = await nextConfirm()
        await window.page.close()
        const answer = await result
        expect(answer.isError).toBe(true)
        expect(textOf(answer)).toMatch(/^NotAllowedError: The person declined to run send/)
        await call(look())
        expect(await ranIn(acts.page)).toEqual([...before, { name: 'look', input: {} }])
      })

      it('closes the window when the agent cancels the call, and the tool does not run', async () => {
        const before = await ranIn(acts.page)
        const controller = new AbortController()
        const result = call(send(), { text: 'cancelled' }, controller.signal).then(
          () => 'resolved',
          () => 'rejected',
        )
        const window = await nextConfirm()
        controller.abort()
        expect(await result).toBe('rejected')
        await window.closed
        expect((await hooks.state(launched.worker)).confirming).toBe(0)
        await call(look())
        expect(await ranIn(acts.page)).toEqual([...before, { name: 'look', input: {} }])
      })

      it('asks before every tool that is not read-only under that setting, and only then', async () => {
        const before = await ranIn(acts.page)
        // Default: a tool without hints runs unasked.
        let opened = confirms.length
        expect((await call(note(), { text: 'unasked' })).isError).toBeFalsy()
        expect(confirms.length).toBe(opened)

        await hooks.setConfirm(launched.worker, 'non-read-only')
        try {
          const result = call(note(), { text: 'asked' })
          const window = await nextConfirm()
          expect(window.shown.name).toBe('note')
          expect(await ranIn(acts.page)).toEqual([
            ...before,
            { name: 'note', input: { text: 'unasked' } },
          ])
          await window.press('#run')
          expect((await result).isError).toBeFalsy()
          // Read-only still runs unasked.
          opened = confirms.length
          expect((await call(look())).isError).toBeFalsy()
          expect(confirms.length).toBe(opened)
        } finally {
          await hooks.setConfirm(launched.worker, 'consequential')
        }
        expect(await ranIn(acts.page)).toEqual([
          ...before,
          { name: 'note', input: { text: 'unasked' } },
          { name: 'note', input: { text: 'asked' } },
          { name: 'look', input: {} },
        ])
      })
    })

    it('takes a navigated tab’s tools and calls with it, announced, and gives its names to no other tool', async () => {
      const { page, tab } = await openShared(launched, pages.tools(native, 4))
      const first = ofTab(await c.listed((listed) => ofTab(listed, tab).length === 2), tab)
      const echo = named(first, tab, 'echo').name
      const wait = named(first, tab, 'wait').name
      const running = call(wait)
      await page.waitForFunction(() => (window as { waitStarted?: boolean }).waitStarted === true)
      const changes = c.changes()

      // The tab goes to the other origin's tools page, with the same tool names.
      await page.goto(pages.tools(native, 4, pages.server.otherOrigin))
      const ended = await running
      expect(ended.isError).toBe(true)
      expect(textOf(ended)).toMatch(/^AbortError: /)
      await c.listed((listed) => ofTab(listed, tab).length === 0)
      await c.listed(() => c.changes() > changes)
      await expect(call(echo, { text: 'stale' })).rejects.toThrow(/Unknown tool/)

      // Another tab with the same tools on the first origin gets other names.
      const other = await openShared(launched, pages.tools(native, 5))
      const second = ofTab(
        await c.listed((listed) => ofTab(listed, other.tab).length === 2),
        other.tab,
      )
      expect(names(second)).not.toContain(echo)
      expect(names(second)).not.toContain(wait)
      await expect(call(echo, { text: 'stale' })).rejects.toThrow(/Unknown tool/)

      // Shared again, the navigated tab lists the new document's tools under new names.
      await page.bringToFront()
      await page.triggerExtensionAction(launched.extension)
      await hooks.share(launched.worker, tab)
      const again = ofTab(await c.listed((listed) => ofTab(listed, tab).length === 2), tab)
      expect(again.map((t) => placeOf(t)?.origin)).toEqual([
        pages.server.otherOrigin,
        pages.server.otherOrigin,
      ])
      for (const name of names(again)) expect([echo, wait, ...names(second)]).not.toContain(name)
      const result = await call(named(again, tab, 'echo').name, { text: 'moved' })
      expect(JSON.parse(textOf(result))).toEqual({ echoed: 'moved' })
      await expect(call(echo, { text: 'stale' })).rejects.toThrow(/Unknown tool/)
    })

    it('never lists a tab nobody shared, and its tools are not reachable by any name', async () => {
      // At an origin no other tool in this suite is from: had it been listed, its `look` would
      // have had the first name for it.
      const unshared = await launched.browser.newPage()
      await unshared.goto(pages.acts(native, 9, pages.server.otherOrigin))
      await unshared.waitForFunction(() => Array.isArray((window as { ran?: unknown }).ran))
      const barrier = await openShared(launched, pages.tools(native, 6))
      const listed = await c.listed((tools) => ofTab(tools, barrier.tab).length === 2)
      const state = await hooks.state(launched.worker)
      const sharedTabs = new Set(state.tabs.map((t) => t.tab))
      expect(sharedTabs.has(barrier.tab)).toBe(true)
      for (const tool of listed) expect(sharedTabs.has(placeOf(tool)?.tab ?? -1)).toBe(true)
      for (const frame of state.frames) expect(sharedTabs.has(frame.tab)).toBe(true)
      expect(state.tabs.map((t) => t.url)).not.toContain(unshared.url())
      const unsharedTools = listed.filter(
        (t) => placeOf(t)?.origin === pages.server.otherOrigin && /__(send|note|look)/.test(t.name),
      )
      expect(unsharedTools).toEqual([])

      const label = firstName(pages.server.otherOrigin, 'look', native)
      await expect(call(label)).rejects.toThrow(/Unknown tool/)
      expect(await ranIn(unshared)).toEqual([])

      // That is the name its `look` would have had: a shared tab of that origin gets it.
      const shared = await openShared(launched, pages.acts(native, 8, pages.server.otherOrigin))
      const now = await c.listed((tools) => ofTab(tools, shared.tab).length === 3)
      expect(named(now, shared.tab, 'look').name).toBe(label)
      expect((await call(label)).isError).toBeFalsy()
      expect(await ranIn(shared.page)).toEqual([{ name: 'look', input: {} }])
      expect(await ranIn(unshared)).toEqual([])
    })
  })
}
