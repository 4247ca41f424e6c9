import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { connect } from '@webmcp-kit/test-infra/engines'
import type { Browser } from '@webmcp-kit/test-infra/engines'

/** The page's script (page.svelte.ts), as case bodies running in the page see it. */
declare const kit: typeof import('./page.svelte')

interface Case {
  name: string
  /** Runs in the page: self-contained (serialised with Function.prototype.toString). */
  run: () => Promise<unknown>
  expected: unknown
  /** Leave out the polyfill's classic script: the page has only what the browser and the case bring. */
  nopolyfill?: boolean
}

const body = '<script src="/svelte-page.js"></script>'

const cases: Case[] = [
  {
    name: 'mount registers exactly once, unmount unregisters, no errors',
    run: async () => {
      const changes = kit.countToolchanges()
      const app = kit.mount(kit.Probe, {
        tool: { name: 'counter', description: 'Counts.', execute: () => 1 },
      })
      const first = app.text()
      await kit.until(() => app.text().startsWith('registered') && changes.count === 1)
      // A second registration or toolchange would show by now.
      await kit.drained()
      const mounted = [app.text(), await kit.names(), changes.count]
      app.unmount()
      const afterUnmount = await kit.names()
      await kit.until(() => changes.count === 2)
      await kit.drained()
      return [first, mounted, afterUnmount, changes.count, kit.problems]
    },
    // The first render shows idle (as on the server): the tool registers from the mount on.
    expected: ['idle false 0', ['registered false 0', ['counter'], 1], [], 2, []],
  },
  {
    name: '{#if} toggling and a synchronous remount end with one registration, no errors',
    run: async () => {
      const show = kit.box(true)
      const tools = () => ({ name: 'toggled', description: 'Comes and goes.', execute: () => 'ok' })
      const app = kit.mount(kit.Conditional, { show: () => show.value, tools })
      const registered = (text: () => string) => async () =>
        text().startsWith('registered') && kit.same(await kit.names(), ['toggled'])
      await kit.until(registered(app.text))
      for (let i = 0; i < 10; i++) {
        show.value = !show.value
        kit.Svelte.flushSync()
      }
      await kit.until(registered(app.text))
      const afterFlushes = [await kit.names(), app.text()]
      // Eleven toggles before one flush: the block goes once.
      for (let i = 0; i < 11; i++) show.value = !show.value
      kit.Svelte.flushSync()
      const hidden = [await kit.names(), app.text()]
      show.value = true
      await kit.until(registered(app.text))
      const shown = [await kit.names(), app.text()]
      // Unmount and mount the same tool in one task.
      app.unmount()
      const again = kit.mount(kit.Probe, { tool: tools() })
      await kit.until(registered(again.text))
      const remounted = [await kit.names(), again.text()]
      again.unmount()
      return [afterFlushes, hidden, shown, remounted, await kit.names(), kit.problems]
    },
    expected: [
      [['toggled'], 'registered false 0'],
      [[], ''],
      [['toggled'], 'registered false 0'],
      [['toggled'], 'registered false 0'],
      [],
      [],
    ],
  },
  {
    name: 'enabled from a getter: off unregisters, on registers',
    run: async () => {
      const enabled = kit.box(false)
      const app = kit.mount(kit.Probe, {
        tool: { name: 'gated', description: 'Only sometimes.', execute: () => 'ok' },
        options: { enabled: () => enabled.value },
      })
      await kit.drained()
      const off = [await kit.names(), app.text()]
      enabled.value = true
      await kit.until(() => app.text().startsWith('registered'))
      const on = [await kit.names(), app.text()]
      for (let i = 0; i < 7; i++) enabled.value = !enabled.value
      await kit.until(async () => (await kit.names()).length === 0)
      const toggledOff = [await kit.names(), app.text()]
      app.unmount()
      return [off, on, toggledOff, kit.problems]
    },
    expected: [[[], 'idle false 0'], [['gated'], 'registered false 0'], [[], 'idle false 0'], []],
  },
  {
    name: 'name, description and schema changes re-register; a new execute does not',
    run: async () => {
      const name = kit.box('search')
      const description = kit.box('Searches.')
      const fields = kit.box(['query'])
      const version = kit.box(1)
      const app = kit.mount(kit.Probe, {
        tool: () => {
          const current = version.value
          return {
            name: name.value,
            description: description.value,
            inputSchema: {
              type: 'object',
              properties: Object.fromEntries(fields.value.map((f) => [f, { type: 'string' }])),
            },
            execute: () => current,
          }
        },
      })
      await kit.until(async () => kit.same(await kit.names(), ['search']))
      const changes = kit.countToolchanges()
      const listed = async () =>
        (await kit.context().getTools()).map((t) => [t.name, t.description, t.inputSchema])
      const steps: unknown[] = []
      for (let i = 2; i <= 50; i++) {
        version.value = i
        // Several flushes, each with a new execute.
        if (i % 10 === 0) kit.Svelte.flushSync()
      }
      await kit.drained()
      steps.push(changes.count)
      name.value = 'find'
      await kit.until(() => changes.count === 2)
      steps.push(changes.count, await listed())
      description.value = 'Finds.'
      await kit.until(() => changes.count === 4)
      steps.push(changes.count, await listed())
      fields.value = ['query', 'limit']
      await kit.until(() => changes.count === 6)
      await kit.drained()
      steps.push(changes.count, await listed())
      const result = await kit.context().executeTool(await kit.find('find'), {})
      app.unmount()
      return [steps, result, kit.problems]
    },
    expected: [
      [
        0,
        2,
        [['find', 'Searches.', { type: 'object', properties: { query: { type: 'string' } } }]],
        4,
        [['find', 'Finds.', { type: 'object', properties: { query: { type: 'string' } } }]],
        6,
        [
          [
            'find',
            'Finds.',
            {
              type: 'object',
              properties: { query: { type: 'string' }, limit: { type: 'string' } },
            },
          ],
        ],
      ],
      '50',
      [],
    ],
  },
  {
    name: "an agent call reaches the component's latest execute and updates what it renders",
    run: async () => {
      const count = kit.box(0)
      const factor = kit.box(1)
      let release = () => {}
      const gate = new Promise<void>((resolve) => (release = resolve))
      const app = kit.mount(kit.Probe, {
        tool: () => {
          const f = factor.value
          return {
            name: 'increment',
            description: 'Increments the counter.',
            inputSchema: { type: 'object', properties: { by: { type: 'number' } } },
            execute: async ({ by = 1 }: { by?: number }) => {
              await gate
              count.value += by * f
              return count.value
            },
          }
        },
      })
      await kit.until(async () => kit.same(await kit.names(), ['increment']))
      const changes = kit.countToolchanges()
      factor.value = 10
      // Svelte's effect swaps the new execute in; no toolchange may follow.
      await kit.drained()
      const call = kit.context().executeTool(await kit.find('increment'), { by: 2 })
      await kit.until(() => app.text().includes('true'))
      const during = app.text()
      release()
      const result = await call
      await kit.until(() => app.text().includes('false'))
      const after = [app.text(), count.value]
      app.unmount()
      return [during, result, after, changes.count, kit.problems]
    },
    expected: ['registered true 0', '20', ['registered false 1 20', 20], 0, []],
  },
  {
    name: 'in an $effect.root, as in a .svelte.ts module: registers, and cleanup unregisters',
    run: async () => {
      const { value: tool, cleanup } = kit.root(() =>
        kit.WebMCPSvelte.useWebMCPTool({
          name: 'module_tool',
          description: 'Lives in a module.',
          execute: () => 'from a module',
        }),
      )
      await kit.until(() => tool.status === 'registered')
      const registered = [tool.status, await kit.names()]
      const result = await kit.context().executeTool(await kit.find('module_tool'), {})
      const state = [tool.executionCount, tool.lastResult]
      cleanup()
      return [registered, result, state, tool.status, await kit.names(), kit.problems]
    },
    expected: [
      ['registered', ['module_tool']],
      'from a module',
      [1, 'from a module'],
      'idle',
      [],
      [],
    ],
  },
  {
    name: 'a Standard Schema (Zod) validates the input: the agent gets the issues, execute never runs',
    run: async () => {
      const added: string[] = []
      const app = kit.mount(kit.Probe, {
        tool: {
          name: 'add_todo',
          description: 'Adds a to-do.',
          inputSchema: kit.z.object({ text: kit.z.string().min(1) }),
          execute: ({ text }: { text: string }) => (added.push(text), `Added ${text}`),
        },
      })
      await kit.until(async () => kit.same(await kit.names(), ['add_todo']))
      const tool = await kit.find('add_todo')
      const rejected = JSON.parse((await kit.context().executeTool(tool, { text: '' }))!)
      const accepted = await kit.context().executeTool(tool, { text: 'milk' })
      app.unmount()
      return [rejected.issues.map((i: { path: unknown }) => i.path), accepted, added, kit.problems]
    },
    expected: [[['text']], 'Added milk', ['milk'], []],
  },
  {
    name: "modelContext: an iframe's context gets the tool, and useWebMCPTools lists it there",
    run: async () => {
      const iframe = await kit.frame('/')
      const frameContext = (iframe.contentDocument as Document & { modelContext: never })
        .modelContext as ReturnType<typeof kit.context>
      const app = kit.mount(kit.Probe, {
        tool: { name: 'in_frame', description: 'Lives in the frame.', execute: () => 'ok' },
        options: { modelContext: frameContext },
      })
      const list = kit.mount(kit.List, { options: { modelContext: frameContext } })
      await kit.until(() => list.text() === 'in_frame')
      const inFrame = (await frameContext.getTools()).map((t) => [
        t.name,
        t.window === iframe.contentWindow,
      ])
      // The parent lists its same-origin frame's tools too, with the frame's window.
      const here = (await kit.context().getTools()).map((t) => t.window === iframe.contentWindow)
      app.unmount()
      await kit.until(() => list.text() === '')
      list.unmount()
      return [inFrame, here, await kit.names(frameContext), kit.problems]
    },
    expected: [[['in_frame', true]], [true], [], []],
  },
  {
    name: 'installModelContext gives a page without the script a working modelContext',
    nopolyfill: true,
    run: async () => {
      kit.WebMCPSvelte.installModelContext()
      const app = kit.mount(kit.Probe, {
        tool: {
          name: 'anywhere',
          description: 'Works with or without native WebMCP.',
          execute: () => 'ok',
        },
      })
      await kit.until(() => app.text().startsWith('registered'))
      const result = [await kit.names(), app.text()]
      app.unmount()
      return [result, kit.problems]
    },
    expected: [[['anywhere'], 'registered false 0'], []],
  },
  {
    name: 'useWebMCPTools renders the live list of tools',
    run: async () => {
      const count = kit.box(1)
      const list = kit.mount(kit.List, {})
      const tools = kit.mount(kit.Conditional, {
        show: () => true,
        count: () => count.value,
        tools: (index: number) => ({
          name: `tool_${index}`,
          description: 'A tool.',
          execute: () => index,
        }),
      })
      await kit.until(() => list.text() === 'tool_0')
      const one = list.text()
      count.value = 3
      await kit.until(() => list.text() === 'tool_0,tool_1,tool_2')
      const three = list.text()
      count.value = 0
      await kit.until(() => list.text() === '')
      const none = list.text()
      tools.unmount()
      list.unmount()
      return [one, three, none, kit.problems]
    },
    expected: ['tool_0', 'tool_0,tool_1,tool_2', '', []],
  },
]

// Every engine WEBMCP_ENGINES selects: native WebMCP in `chromium-native`, the polyfill elsewhere.
for (const [engine, endpoint] of Object.entries(inject('engineEndpoints'))) {
  describe(`@webmcp-kit/svelte [${engine}]`, () => {
    let browser: Browser
    const origin = inject('origin')
    beforeAll(async () => {
      browser = await connect(endpoint!)
    })
    afterAll(() => browser?.close())

    it('runs on the WebMCP it is meant to test', async () => {
      const page = await browser.newPage()
      await page.goto(`${origin}/?nopolyfill`)
      const native = await page.evaluate(() => 'modelContext' in document)
      await page.close()
      expect(native).toBe(engine === 'chromium-native')
    })

    for (const c of cases) {
      it(c.name, async () => {
        const page = await browser.newPage()
        try {
          const query = `${c.nopolyfill ? 'nopolyfill&' : ''}body=${encodeURIComponent(body)}`
          await page.goto(`${origin}/?${query}`)
          expect(await page.evaluate(`(${c.run.toString()})()`)).toEqual(c.expected)
        } finally {
          await page.close()
        }
      })
    }
  })
}
