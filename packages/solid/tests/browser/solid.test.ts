import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { connect } from '@webmcp-kit/test-infra/engines'
import type { Browser } from '@webmcp-kit/test-infra/engines'

/** The page's script (page.ts), as case bodies running in the page see it. */
declare const kit: typeof import('./page')

interface Case {
  name: string
  /** Runs in the page: self-contained (serialised with Function.prototype.toString). */
  run: () => Promise<unknown>
  expected: unknown
  /** Leave out the polyfill's classic script: the page has only what the browser and the case bring. */
  nopolyfill?: boolean
}

const body = '<script src="/solid-page.js"></script>'

const cases: Case[] = [
  {
    name: 'mount registers exactly once, cleanup unregisters, no errors',
    run: async () => {
      const { h } = kit
      const changes = kit.countToolchanges()
      let first = ''
      const app = kit.mount(() => {
        const tool = kit.WebMCPSolid.createWebMCPTool(() => ({
          name: 'counter',
          description: 'Counts.',
          execute: () => 1,
        }))
        first = tool.status()
        return h('p', () => tool.status())
      })
      await kit.until(() => app.text() === 'registered' && changes.count === 1)
      // A second registration or toolchange would show by now.
      await kit.drained()
      const mounted = [app.text(), await kit.names(), changes.count]
      app.unmount()
      const afterUnmount = await kit.names()
      await kit.until(() => changes.count === 2)
      await kit.drained()
      return [first, mounted, afterUnmount, changes.count, kit.problems]
    },
    // The component's body sees idle (as the server does): the tool registers when it mounts.
    expected: ['idle', ['registered', ['counter'], 1], [], 2, []],
  },
  {
    name: '<Show> toggling and a synchronous remount end with one registration, no errors',
    run: async () => {
      const { h, Solid } = kit
      const [show, setShow] = Solid.createSignal(true)
      const Tool = () => {
        const tool = kit.WebMCPSolid.createWebMCPTool(() => ({
          name: 'toggled',
          description: 'Comes and goes.',
          execute: () => 'ok',
        }))
        return h('span', () => tool.status())
      }
      const app = kit.mount(() =>
        h(
          Solid.Show,
          {
            get when() {
              return show()
            },
          },
          () => h(Tool),
        ),
      )
      const registered = (text: () => string | null) => async () =>
        text() === 'registered' && kit.same(await kit.names(), ['toggled'])
      await kit.until(registered(app.text))
      // Eleven toggles, each applied at once (Solid is synchronous): it ends hidden.
      for (let i = 0; i < 11; i++) setShow(!show())
      const hidden = [await kit.names(), app.text()]
      setShow(true)
      await kit.until(registered(app.text))
      const shown = [await kit.names(), app.text()]
      // Clean up and mount the same tool in one task.
      app.unmount()
      const again = kit.mount(() => h(Tool))
      await kit.until(registered(again.text))
      const remounted = [await kit.names(), again.text()]
      again.unmount()
      return [hidden, shown, remounted, await kit.names(), kit.problems]
    },
    expected: [[[], ''], [['toggled'], 'registered'], [['toggled'], 'registered'], [], []],
  },
  {
    name: 'enabled from a signal: off unregisters, on registers',
    run: async () => {
      const { h, Solid } = kit
      const [enabled, setEnabled] = Solid.createSignal(false)
      const app = kit.mount(() => {
        const tool = kit.WebMCPSolid.createWebMCPTool(
          () => ({ name: 'gated', description: 'Only sometimes.', execute: () => 'ok' }),
          { enabled },
        )
        return h('p', () => tool.status())
      })
      await kit.drained()
      const off = [await kit.names(), app.text()]
      setEnabled(true)
      await kit.until(() => app.text() === 'registered')
      const on = [await kit.names(), app.text()]
      for (let i = 0; i < 7; i++) setEnabled(!enabled())
      await kit.until(async () => (await kit.names()).length === 0)
      const toggledOff = [await kit.names(), app.text()]
      app.unmount()
      return [off, on, toggledOff, kit.problems]
    },
    expected: [[[], 'idle'], [['gated'], 'registered'], [[], 'idle'], []],
  },
  {
    name: 'name, description and schema changes re-register; a new execute does not',
    run: async () => {
      const { Solid } = kit
      const [name, setName] = Solid.createSignal('search')
      const [description, setDescription] = Solid.createSignal('Searches.')
      const [fields, setFields] = Solid.createSignal(['query'])
      const [version, setVersion] = Solid.createSignal(1)
      const app = kit.mount(() => {
        kit.WebMCPSolid.createWebMCPTool(() => {
          const current = version()
          return {
            name: name(),
            description: description(),
            inputSchema: {
              type: 'object',
              properties: Object.fromEntries(fields().map((f) => [f, { type: 'string' }])),
            },
            execute: () => current,
          }
        })
        return null
      })
      await kit.until(async () => kit.same(await kit.names(), ['search']))
      const changes = kit.countToolchanges()
      const listed = async () =>
        (await kit.context().getTools()).map((t) => [t.name, t.description, t.inputSchema])
      const steps: unknown[] = []
      for (let i = 2; i <= 50; i++) setVersion(i)
      await kit.drained()
      steps.push(changes.count)
      setName('find')
      await kit.until(() => changes.count === 2)
      steps.push(changes.count, await listed())
      setDescription('Finds.')
      await kit.until(() => changes.count === 4)
      steps.push(changes.count, await listed())
      setFields(['query', 'limit'])
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
      const { h, Solid } = kit
      const [count, setCount] = Solid.createSignal(0)
      const [factor, setFactor] = Solid.createSignal(1)
      let release = () => {}
      const gate = new Promise<void>((resolve) => (release = resolve))
      const app = kit.mount(() => {
        const tool = kit.WebMCPSolid.createWebMCPTool(() => {
          const f = factor()
          return {
            name: 'increment',
            description: 'Increments the counter.',
            inputSchema: { type: 'object', properties: { by: { type: 'number' } } },
            execute: async ({ by = 1 }) => {
              await gate
              return setCount(count() + by * f)
            },
          }
        })
        return h(
          'p',
          () => `${count()} ${tool.isExecuting()} ${tool.executionCount()} ${tool.lastResult()}`,
        )
      })
      await kit.until(async () => kit.same(await kit.names(), ['increment']))
      const changes = kit.countToolchanges()
      setFactor(10)
      // The new execute is swapped in at once; no toolchange may follow.
      await kit.drained()
      const call = kit.context().executeTool(await kit.find('increment'), { by: 2 })
      await kit.until(() => app.text()!.includes('true'))
      const during = app.text()
      release()
      const result = await call
      await kit.until(() => app.text()!.includes('false'))
      const after = app.text()
      app.unmount()
      return [during, result, after, changes.count, kit.problems]
    },
    expected: ['0 true 0 undefined', '20', '20 false 1 20', 0, []],
  },
  {
    name: "an agent's cancel aborts the signal execute was given",
    run: async () => {
      let started = (_signal: AbortSignal) => {}
      const running = new Promise<AbortSignal>((resolve) => (started = resolve))
      const app = kit.mount(() => {
        kit.WebMCPSolid.createWebMCPTool(() => ({
          name: 'slow_export',
          description: 'Exports until cancelled.',
          execute: (_input, { signal }) => {
            started(signal)
            return new Promise((resolve) =>
              signal.addEventListener('abort', () => resolve('stopped')),
            )
          },
        }))
        return null
      })
      await kit.until(async () => kit.same(await kit.names(), ['slow_export']))
      const controller = new AbortController()
      const call = kit
        .context()
        .executeTool(await kit.find('slow_export'), {}, { signal: controller.signal })
        .then(
          () => 'resolved',
          (error: DOMException) => error.name,
        )
      const signal = await running
      const before = signal.aborted
      controller.abort()
      const outcome = await call
      await kit.until(() => signal.aborted)
      app.unmount()
      return [before, outcome, signal.aborted, kit.problems]
    },
    expected: [false, 'AbortError', true, []],
  },
  {
    name: 'exposedTo registers the tool for the origins given',
    run: async () => {
      const { h } = kit
      const app = kit.mount(() => {
        const tool = kit.WebMCPSolid.createWebMCPTool(
          () => ({ name: 'shared_tool', description: 'For another origin too.', execute: () => 1 }),
          { exposedTo: () => ['https://agent.example'] },
        )
        return h('p', () => tool.status())
      })
      await kit.until(() => app.text() !== 'registering' && app.text() !== 'idle')
      const result = [app.text(), await kit.names()]
      app.unmount()
      return [result, kit.problems]
    },
    expected: [['registered', ['shared_tool']], []],
  },
  {
    name: "modelContext: an iframe's document.modelContext gets the tool and is listed",
    run: async () => {
      const { h } = kit
      const iframe = await kit.frame('/')
      const frameContext = (iframe.contentDocument as Document & { modelContext: never })
        .modelContext as ReturnType<typeof kit.context>
      const app = kit.mount(() => {
        kit.WebMCPSolid.createWebMCPTool(
          () => ({ name: 'in_frame', description: 'Lives in the frame.', execute: () => 'ok' }),
          { modelContext: frameContext },
        )
        const tools = kit.WebMCPSolid.createWebMCPTools({ modelContext: frameContext })
        return h('p', () =>
          tools()
            .map((t) => t.name)
            .join(','),
        )
      })
      await kit.until(() => app.text() === 'in_frame')
      const inFrame = (await frameContext.getTools()).map((t) => [
        t.name,
        t.window === iframe.contentWindow,
      ])
      const here = await kit.names()
      const rendered = app.text()
      app.unmount()
      return [inFrame, here, rendered, await kit.names(frameContext), kit.problems]
    },
    // The page lists its same-origin frame's tools too.
    expected: [[['in_frame', true]], ['in_frame'], 'in_frame', [], []],
  },
  {
    name: 'installModelContext() gives a page without the script a working modelContext',
    nopolyfill: true,
    run: async () => {
      const { h } = kit
      kit.WebMCPSolid.installModelContext()
      const app = kit.mount(() => {
        const tool = kit.WebMCPSolid.createWebMCPTool(() => ({
          name: 'anywhere',
          description: 'Works with or without native WebMCP.',
          execute: () => 'ok',
        }))
        return h('p', () => tool.status())
      })
      await kit.until(() => app.text() === 'registered')
      const result = [await kit.names(), app.text()]
      app.unmount()
      return [result, kit.problems]
    },
    expected: [[['anywhere'], 'registered'], []],
  },
  {
    name: 'createWebMCPTools renders the live list of tools',
    run: async () => {
      const { h, Solid } = kit
      const [count, setCount] = Solid.createSignal(1)
      const Tool = (props: { name: string }) => {
        kit.WebMCPSolid.createWebMCPTool(() => ({
          name: props.name,
          description: 'A tool.',
          execute: () => props.name,
        }))
        return null
      }
      const all = ['tool_0', 'tool_1', 'tool_2']
      const app = kit.mount(() => {
        const tools = kit.WebMCPSolid.createWebMCPTools()
        return h('div', [
          h('p', () =>
            tools()
              .map((t) => t.name)
              .join(','),
          ),
          // Re-created on every change (hyperscript has no keyed For): tool_0 is cleaned up and
          // mounted again in one update, and stays registered.
          h('span', () => all.slice(0, count()).map((name) => h(Tool, { name }))),
        ])
      })
      await kit.until(() => app.text() === 'tool_0')
      const one = app.text()
      setCount(3)
      await kit.until(() => app.text() === 'tool_0,tool_1,tool_2')
      const three = app.text()
      setCount(0)
      await kit.until(() => app.text() === '')
      const none = app.text()
      app.unmount()
      return [one, three, none, kit.problems]
    },
    expected: ['tool_0', 'tool_0,tool_1,tool_2', '', []],
  },
]

// Every engine WEBMCP_ENGINES selects: native WebMCP in `chromium-native`, the polyfill elsewhere.
for (const [engine, endpoint] of Object.entries(inject('engineEndpoints'))) {
  describe(`@webmcp-kit/solid [${engine}]`, () => {
    let browser: Browser
    const origin = inject('origin')
    beforeAll(async () => {
      browser = await connect(endpoint!)
    })
    afterAll(() => browser?.close())

    it('runs on the WebMCP it is meant to test', async () => {
      const page = await browser.newPage()
      try {
        await page.goto(`${origin}/?body=${encodeURIComponent(body)}`)
        const polyfill = await page.evaluate(() => kit.isPolyfill(kit.context()))
        expect(polyfill).toBe(engine !== 'chromium-native')
      } finally {
        await page.close()
      }
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
