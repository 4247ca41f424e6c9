// The same tests in every engine, each through its own driver (sessions.ts), against pages with
// imperative, form and cross-origin frame tools (pages.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { TimeoutError, lint, webmcp } from '../../src'
import { ADD } from './pages'
import { sessions, until } from './sessions'
import type { Session } from './sessions'
import type { WebMCPTarget } from '../../src'

const origin = inject('origin')
const otherOrigin = inject('otherOrigin')
/** The tools of pages.ts's imperative page, sorted. */
const IMPERATIVE_TOOLS = [
  'add',
  'echo',
  'export_tasks',
  'fails',
  'greet',
  'nothing',
  'open_settings',
]

for (const { label, start } of sessions()) {
  describe(label, () => {
    let session: Session
    let page: WebMCPTarget
    beforeAll(async () => void (session = await start()))
    afterAll(() => session?.close())

    describe('imperative tools', () => {
      beforeAll(async () => void (page = await session.open(`${origin}/imperative`)))

      it('lists the frame’s tools in the shape of Playwright’s page.webmcp.tools()', async () => {
        const tools = await webmcp(page).tools()
        expect(tools.map((tool) => tool.name).sort()).toEqual(IMPERATIVE_TOOLS)
        expect(tools.find((tool) => tool.name === 'add')).toEqual({
          ...ADD,
          annotations: { readOnly: true },
        })
        expect(tools.find((tool) => tool.name === 'echo')).toEqual({
          name: 'echo',
          description: 'Answers with the input it was given.',
        })
        expect(tools.find((tool) => tool.name === 'export_tasks')?.annotations).toEqual({
          consequential: true,
        })
      })

      it('parses results as Playwright does: JSON, plain text, undefined; input defaults to {}', async () => {
        const mcp = webmcp(page)
        expect(await mcp.callTool('add', { a: 2, b: 40 })).toEqual({
          content: [{ type: 'text', text: '42' }],
        })
        expect(await mcp.callTool('greet')).toBe('Hello, agent')
        expect(await mcp.callTool('nothing')).toBeUndefined()
        expect(await mcp.callTool('echo')).toEqual({})
        expect(await mcp.callTool('echo', { list: [1, 'a', null], nested: { ok: true } })).toEqual({
          list: [1, 'a', null],
          nested: { ok: true },
        })
      })

      it('rejects as Playwright does: an unknown name lists the tools; a failure names the page’s error', async () => {
        const mcp = webmcp(page)
        await expect(mcp.callTool('nope')).rejects.toThrow(
          'webMCP.callTool: No WebMCP tool named "nope". Available tools: ',
        )
        const error = (await mcp.callTool('fails').catch((reason: unknown) => reason)) as Error
        expect(error).toBeInstanceOf(Error)
        expect(error.message).toMatch(/^webMCP\.callTool: UnknownError: /)
        // The polyfill also tells what the tool threw; native WebMCP keeps it to itself.
        if (session.native) expect(error.cause).toBeUndefined()
        else expect(error.cause).toMatchObject({ name: 'RangeError', message: 'out of range' })
      })

      it('cancels the execution in the page when the signal aborts: its signal aborts, toolcancel fires', async () => {
        const mcp = webmcp(page)
        const controller = new AbortController()
        const outcome = mcp.call('export_tasks', {}, { signal: controller.signal })
        await until(page, 'window.exporting')
        controller.abort(new Error('the test changed its mind'))
        const cancelled = await outcome
        expect(cancelled.ok).toBe(false)
        expect(cancelled.ok || cancelled.error).toEqual(new Error('the test changed its mind'))
        expect(cancelled.events).toEqual([
          { type: 'toolactivated', toolName: 'export_tasks' },
          { type: 'toolcancel', toolName: 'export_tasks' },
        ])
        expect(
          await session.evaluate(
            '[window.exportSignal.aborted, window.exportSignal.reason.name, window.exporting, window.rolledBack]',
          ),
        ).toEqual([true, 'AbortError', false, true])
        // Aborted before it starts: nothing runs.
        const early = new Error('never mind')
        await expect(mcp.call('greet', {}, { signal: AbortSignal.abort(early) })).resolves.toEqual({
          ok: false,
          error: early,
          events: [],
        })
      })

      it('times out with a TimeoutError, and cancels the execution in the page', async () => {
        await session.evaluate('(window.rolledBack = false, window.exportSignal = undefined)')
        const error = await webmcp(page)
          .callTool('export_tasks', {}, { timeout: 1000 })
          .catch((reason: unknown) => reason)
        expect(error).toBeInstanceOf(TimeoutError)
        expect(error).toMatchObject({
          name: 'TimeoutError',
          message: 'webMCP.callTool: Timeout 1000ms exceeded.',
        })
        expect(await session.evaluate('[window.exportSignal.aborted, window.rolledBack]')).toEqual([
          true,
          true,
        ])
      })

      it('runs a long call to its end when nothing cancels it', async () => {
        const running = webmcp(page).callTool('export_tasks')
        await until(page, 'window.exporting && !window.exportSignal.aborted')
        await session.evaluate('window.later()')
        expect(await running).toBe('id,text')
      })

      it('reports the events a call caused: toolactivated, and toolchange for a tool it registered', async () => {
        const mcp = webmcp(page)
        const opened = await mcp.call('open_settings')
        expect(opened).toEqual({
          ok: true,
          result: 'Settings are open.',
          events: [{ type: 'toolactivated', toolName: 'open_settings' }, { type: 'toolchange' }],
        })
        expect(await mcp.callTool('set_theme')).toBe('done')
        const failed = await mcp.call('fails')
        expect(failed.ok).toBe(false)
        expect(failed.events).toEqual([{ type: 'toolactivated', toolName: 'fails' }])
      })

      it('waits for a tool that comes later, and times out on one that never does', async () => {
        const mcp = webmcp(page)
        await session.evaluate('window.registerLater()')
        expect(await mcp.waitForTool('late_tool')).toEqual({
          name: 'late_tool',
          description: 'Registered a moment after the page asked for it.',
          origin,
        })
        expect(await mcp.callTool('late_tool')).toBe('late')
        await expect(mcp.waitForTool('never_registered', { timeout: 500 })).rejects.toThrow(
          /^webMCP\.waitForTool: Timeout 500ms exceeded waiting for a tool named "never_registered" \(listed: /,
        )
      })
    })

    describe('declarative form tools', () => {
      beforeAll(async () => void (page = await session.open(`${origin}/form`)))

      it('lists the form as a tool with its schema, and calls it: filled, submitted, answered', async () => {
        const mcp = webmcp(page)
        const [tool] = await mcp.tools()
        expect(tool).toMatchObject({
          name: 'quick_add',
          description: 'Adds a task from a short text.',
          inputSchema: {
            type: 'object',
            properties: {
              text: { type: 'string', description: 'What needs doing.' },
              priority: { type: 'string', enum: ['normal', 'high'] },
            },
            required: ['text'],
          },
        })
        const added = await mcp.call('quick_add', { text: 'Water the plants', priority: 'high' })
        expect(added).toMatchObject({
          ok: true,
          result: { added: 'Water the plants', priority: 'high' },
        })
        expect(added.events).toContainEqual({ type: 'toolactivated', toolName: 'quick_add' })
        expect(await session.evaluate('document.querySelector("input").value')).toBe(
          'Water the plants',
        )
      })
    })

    describe('frames', () => {
      beforeAll(async () => {
        page = await session.open(`${origin}/frames`)
        await session.frame(`${origin}/child`)
        await session.frame(`${otherOrigin}/widget`)
        page = await session.top()
      })

      it('lists the frame tree’s tools as the page’s getTools sees them, with fromOrigins', async () => {
        const mcp = webmcp(page)
        await mcp.waitForTool('child_tool', { origin })
        await mcp.waitForTool('find_teammate', { origin: otherOrigin })
        const tree = await mcp.tools({ fromOrigins: [otherOrigin] })
        expect(
          tree
            .filter((tool) => tool.name !== 'set_theme')
            .map((tool) => `${tool.origin} ${tool.name}`)
            .sort(),
        ).toEqual(
          [
            ...[...IMPERATIVE_TOOLS, 'child_tool'].map((name) => `${origin} ${name}`),
            `${otherOrigin} find_teammate`,
          ].sort(),
        )
        expect(tree.find((tool) => tool.name === 'find_teammate')).toEqual({
          name: 'find_teammate',
          description: 'Looks a teammate up by first name.',
          inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
          annotations: { readOnly: true },
          origin: otherOrigin,
        })
        // Without fromOrigins: the frame's own tools, as Playwright's.
        expect((await mcp.tools()).map((tool) => tool.name)).not.toContain('child_tool')
      })

      it('lints the frame tree’s tools: add is marked read-only under a name that writes', async () => {
        const findings = lint(await webmcp(page).tools({ fromOrigins: [otherOrigin] }))
        expect(
          findings.map((finding) => `${finding.tool}: ${finding.rule} ${finding.severity}`),
        ).toEqual([`add (${origin}): hint-read-only error`])
      })

      it('calls a cross-origin frame’s exposed tool from the top page, by origin', async () => {
        const mcp = webmcp(page)
        expect(
          await mcp.callTool('find_teammate', { name: 'Ada' }, { origin: otherOrigin }),
        ).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' })
        expect(await mcp.callTool('child_tool', {}, { origin })).toBe('from the child')
        await expect(mcp.callTool('private_tool', {}, { origin: otherOrigin })).rejects.toThrow(
          `webMCP.callTool: No WebMCP tool named "private_tool". Available tools: find_teammate (${otherOrigin}).`,
        )
      })

      it('lists and calls a frame’s own tools through that frame', async () => {
        const widget = await session.frame(`${otherOrigin}/widget`)
        const mcp = webmcp(widget)
        expect((await mcp.tools()).map((tool) => tool.name).sort()).toEqual([
          'find_teammate',
          'private_tool',
        ])
        expect(await mcp.callTool('private_tool')).toBe('private')
        const child = await session.frame(`${origin}/child`)
        expect(await webmcp(child).callTool('child_tool')).toBe('from the child')
      })
    })
  })
}
