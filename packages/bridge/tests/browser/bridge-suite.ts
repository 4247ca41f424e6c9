import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { CallToolResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js'

/** How one test file reaches a bridge: it starts one per mode, and closes it. */
export interface Connect {
  (options: { url: string; native: boolean }): Promise<{
    transport: Transport
    /** Reads the demo's task texts from its DOM, where the test can reach the page. */
    taskTexts?: () => Promise<string[]>
    close(): Promise<void>
  }>
}

const POLL = { timeout: 20_000, interval: 100 }

const THE_TOOLS = [
  'add_task',
  'broken',
  'complete_task',
  'delete_all_tasks',
  'export_tasks',
  'find_teammate',
  'find_teammate.2',
  'go',
  'list_tasks',
  'page_state',
  'quick_add',
  'refuse',
  'send_message',
  'slow',
]

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text

/**
 * The end-to-end suite, for each transport: an MCP client (the SDK's) against the fixture page, which
 * has tools of its own and the React demo (with its cross-origin widget) in a frame, in Chromium with
 * native WebMCP and with the polyfill.
 */
export function describeBridge(transportName: string, connect: Connect) {
  describe.each([
    ['native', true],
    ['polyfill', false],
  ] as const)(`webmcp-kit-bridge over ${transportName}, %s`, (_mode, native) => {
    let client: Client
    let connection: Awaited<ReturnType<Connect>>
    const changes: number[] = []
    const answers: ElicitResult[] = []
    const asked: string[] = []

    beforeAll(async () => {
      connection = await connect({ url: inject('fixtureUrl'), native })
      client = new Client(
        { name: 'bridge-test', version: '1.0.0' },
        { capabilities: { elicitation: {} } },
      )
      client.setNotificationHandler(
        ToolListChangedNotificationSchema,
        () => void changes.push(Date.now()),
      )
      client.setRequestHandler(ElicitRequestSchema, async ({ params }) => {
        asked.push(params.message)
        return answers.shift() ?? { action: 'cancel' }
      })
      await client.connect(connection.transport)
    })
    afterAll(async () => {
      await client?.close()
      await connection?.close()
    })

    const names = async () => (await client.listTools()).tools.map((tool) => tool.name).sort()
    const call = (name: string, args: Record<string, unknown> = {}) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>
    const pageState = async () => JSON.parse(text(await call('page_state')))
    const tasks = async () =>
      (JSON.parse(text(await call('list_tasks'))) as Array<{ text: string }>).map((t) => t.text)

    it('lists the tools of every frame, with unique names, annotations and their documents', async () => {
      await expect.poll(names, POLL).toEqual(THE_TOOLS)
      const { tools } = await client.listTools()
      const tool = (name: string) => tools.find((t) => t.name === name)!
      const demo = inject('demoOrigin')
      const widget = demo.replace('localhost', '127.0.0.1')
      expect(tool('find_teammate')._meta).toMatchObject({
        'webmcp-kit/name': 'find_teammate',
        'webmcp-kit/frame': { origin: new URL(inject('fixtureUrl')).origin, top: true },
      })
      // The widget's tool of the same name, in a frame of the frame: second in tree order.
      expect(tool('find_teammate.2')._meta).toMatchObject({
        'webmcp-kit/name': 'find_teammate',
        'webmcp-kit/frame': { origin: widget, top: false },
      })
      expect(tool('list_tasks')._meta?.['webmcp-kit/frame']).toMatchObject({ origin: demo })
      expect(tool('add_task')).toMatchObject({
        title: 'Add a task',
        description: 'Adds a task to the board.',
        inputSchema: { type: 'object', required: ['text'] },
      })
      expect(tool('page_state').annotations).toEqual({ readOnlyHint: true, openWorldHint: false })
      expect(tool('send_message').annotations).toEqual({
        title: 'Send a message',
        readOnlyHint: false,
        destructiveHint: true,
        openWorldHint: false,
      })
      expect(tool('find_teammate').annotations).toEqual({ readOnlyHint: true, openWorldHint: true })
      // The demo's tools (whose hints the demo may change): MCP's hints follow the page's.
      for (const name of ['list_tasks', 'add_task', 'delete_all_tasks', 'find_teammate.2']) {
        const { annotations, _meta } = tool(name)
        const hints = _meta?.['webmcp-kit/annotations'] as Record<string, boolean> | undefined
        if (!hints) {
          expect(annotations).toBeUndefined()
          continue
        }
        expect(annotations?.readOnlyHint).toBe(hints.readOnlyHint)
        expect(annotations?.openWorldHint).toBe(hints.untrustedContentHint)
        if (!hints.readOnlyHint) expect(annotations?.destructiveHint).toBe(hints.consequentialHint)
      }
      expect(tool('list_tasks').annotations?.readOnlyHint).toBe(true)
      expect(tool('go').annotations).toBeUndefined()
    })

    it('calls tools in the page and in its frames, and the page changes', async () => {
      const added = await call('add_task', { text: 'Bridged', priority: 'low' })
      expect(added.isError).toBeFalsy()
      expect(added.structuredContent).toMatchObject({
        text: 'Bridged',
        priority: 'low',
        done: false,
      })
      expect(await tasks()).toEqual(['Try WebMCP', 'Bridged'])
      if (connection.taskTexts) await expect.poll(connection.taskTexts, POLL).toContain('Bridged')
      const found = await call('find_teammate.2', { name: 'Ada' })
      expect(found.structuredContent).toMatchObject({ email: 'ada@example.com' })
      const own = await call('find_teammate')
      expect(own.structuredContent).toEqual({ name: 'Someone from the fixture' })
      // untrustedContentHint marks the output.
      expect(own._meta).toMatchObject({ 'webmcp-kit/untrustedContent': true })
      expect(found._meta?.['webmcp-kit/untrustedContent']).toBeUndefined()
    })

    it('maps a throwing tool to an isError result with its message, and refuses unknown tools', async () => {
      const failed = await call('broken', { id: 99 })
      expect(failed.isError).toBe(true)
      expect(text(failed)).toBe('RangeError: No order 99.')
      expect(failed._meta).toMatchObject({
        'webmcp-kit/error': { name: 'RangeError', message: 'No order 99.' },
      })
      const refused = await call('refuse')
      expect(text(refused)).toBe('NotAllowedError: Not today.')
      await expect(call('no_such_tool')).rejects.toThrow(/Unknown tool: no_such_tool/)
    })

    it('cancels a call in the page when the MCP request is cancelled', async () => {
      const controller = new AbortController()
      const running = client.callTool({ name: 'slow', arguments: {} }, undefined, {
        signal: controller.signal,
      })
      running.catch(() => {})
      await expect.poll(async () => (await pageState()).slow, POLL).toBe('running')
      controller.abort()
      await expect(running).rejects.toThrow()
      await expect.poll(async () => (await pageState()).slow, POLL).toBe('aborted')
    })

    it('asks the person before a consequential tool, and runs it only when accepted', async () => {
      answers.push({ action: 'decline' })
      const declined = await call('send_message', { text: 'hello' })
      expect(declined.isError).toBe(true)
      expect(text(declined)).toMatch(/^NotAllowedError: The person declined send_message/)
      expect(asked.at(-1)).toContain('Send a message')
      expect((await pageState()).sent).toEqual([])
      answers.push({ action: 'accept', content: {} })
      expect(text(await call('send_message', { text: 'hello' }))).toBe('Sent: hello')
      expect((await pageState()).sent).toEqual(['hello'])
      // Read-only and ordinary tools run without asking.
      const before = asked.length
      await call('page_state')
      await call('add_task', { text: 'No question asked' })
      expect(asked.length).toBe(before)
    })

    it('announces tools/list_changed after a navigation, with the new page’s tools', async () => {
      const before = changes.length
      expect(text(await call('go'))).toBe('Opening the second page.')
      await expect.poll(() => changes.length, POLL).toBeGreaterThan(before)
      await expect.poll(names, POLL).toEqual(['back', 'second_only'])
      const again = changes.length
      expect(text(await call('back'))).toBe('Going back.')
      await expect.poll(() => changes.length, POLL).toBeGreaterThan(again)
      await expect.poll(names, POLL).toEqual(THE_TOOLS)
    })
  })
}
