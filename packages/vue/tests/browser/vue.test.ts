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

const body = '<script src="/vue-page.js"></script>'

const cases: Case[] = [
  {
    name: 'mount registers exactly once, unmount unregisters, no errors',
    run: async () => {
      const { h } = kit.Vue
      const changes = kit.countToolchanges()
      const app = kit.mount({
        setup() {
          const { status } = kit.WebMCPVue.useWebMCPTool({
            name: 'counter',
            description: 'Counts.',
            execute: () => 1,
          })
          return () => h('p', status.value)
        },
      })
      const first = app.text()
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
    // The first render shows idle (as on the server): the tool registers when the component mounts.
    expected: ['idle', ['registered', ['counter'], 1], [], 2, []],
  },
  {
    name: 'v-if toggling and a synchronous remount end with one registration, no errors',
    run: async () => {
      const { h, ref, nextTick } = kit.Vue
      const show = ref(true)
      const Tool = {
        setup() {
          const { status } = kit.WebMCPVue.useWebMCPTool({
            name: 'toggled',
            description: 'Comes and goes.',
            execute: () => 'ok',
          })
          return () => h('span', status.value)
        },
      }
      const app = kit.mount({ setup: () => () => h('div', show.value ? [h(Tool)] : []) })
      const registered = (text: () => string | null) => async () =>
        text() === 'registered' && kit.same(await kit.names(), ['toggled'])
      await kit.until(registered(app.text))
      for (let i = 0; i < 10; i++) {
        show.value = !show.value
        await nextTick()
      }
      await kit.until(registered(app.text))
      const afterTicks = [await kit.names(), app.text()]
      // Eleven toggles in one tick: Vue flushes once, so the component unmounts once.
      for (let i = 0; i < 11; i++) show.value = !show.value
      await nextTick()
      const hidden = [await kit.names(), app.text()]
      show.value = true
      await kit.until(registered(app.text))
      const shown = [await kit.names(), app.text()]
      // Unmount and mount the same tool in one task.
      app.unmount()
      const again = kit.mount(Tool)
      await kit.until(registered(again.text))
      const remounted = [await kit.names(), again.text()]
      again.unmount()
      return [afterTicks, hidden, shown, remounted, await kit.names(), kit.problems]
    },
    expected: [
      [['toggled'], 'registered'],
      [[], ''],
      [['toggled'], 'registered'],
      [['toggled'], 'registered'],
      [],
      [],
    ],
  },
  {
    name: 'enabled from a ref: off unregisters, on registers',
    run: async () => {
      const { h, ref } = kit.Vue
      const enabled = ref(false)
      const app = kit.mount({
        setup() {
          const { status } = kit.WebMCPVue.useWebMCPTool(
            { name: 'gated', description: 'Only sometimes.', execute: () => 'ok' },
            { enabled },
          )
          return () => h('p', status.value)
        },
      })
      await kit.drained()
      const off = [await kit.names(), app.text()]
      enabled.value = true
      await kit.until(() => app.text() === 'registered')
      const on = [await kit.names(), app.text()]
      for (let i = 0; i < 7; i++) enabled.value = !enabled.value
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
      const { ref } = kit.Vue
      const name = ref('search')
      const description = ref('Searches.')
      const fields = ref(['query'])
      const version = ref(1)
      const app = kit.mount({
        setup() {
          kit.WebMCPVue.useWebMCPTool(() => {
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
          })
          return () => null
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
        if (i % 10 === 0) await kit.Vue.nextTick()
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
      const { h, ref } = kit.Vue
      const count = ref(0)
      const factor = ref(1)
      let release = () => {}
      const gate = new Promise<void>((resolve) => (release = resolve))
      const app = kit.mount({
        setup() {
          const { isExecuting, executionCount, lastResult } = kit.WebMCPVue.useWebMCPTool(() => {
            const f = factor.value
            return {
              name: 'increment',
              description: 'Increments the counter.',
              inputSchema: { type: 'object', properties: { by: { type: 'number' } } },
              execute: async ({ by = 1 }) => {
                await gate
                count.value += by * f
                return count.value
              },
            }
          })
          return () =>
            h(
              'p',
              `${count.value} ${isExecuting.value} ${executionCount.value} ${lastResult.value}`,
            )
        },
      })
      await kit.until(async () => kit.same(await kit.names(), ['increment']))
      const changes = kit.countToolchanges()
      factor.value = 10
      // Vue's flush swaps the new execute in; no toolchange may follow.
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
    name: 'KeepAlive: only the active view offers its tool; a cached view keeps its state',
    run: async () => {
      const { h, ref, KeepAlive } = kit.Vue
      const view = ref<'a' | 'b'>('a')
      const view_ = (name: string) => ({
        setup() {
          const { status, executionCount } = kit.WebMCPVue.useWebMCPTool({
            name,
            description: `The ${name} view's tool.`,
            execute: () => name,
          })
          return () => h('p', `${name} ${status.value} ${executionCount.value}`)
        },
      })
      const A = view_('view_a')
      const B = view_('view_b')
      const app = kit.mount({
        setup: () => () => h(KeepAlive, null, [view.value === 'a' ? h(A) : h(B)]),
      })
      const showing = (name: string, text: string) => async () =>
        app.text() === text && kit.same(await kit.names(), [name])
      await kit.until(showing('view_a', 'view_a registered 0'))
      const first = [await kit.names(), app.text()]
      await kit.context().executeTool(await kit.find('view_a'), {})
      view.value = 'b'
      await kit.until(showing('view_b', 'view_b registered 0'))
      const second = [await kit.names(), app.text()]
      view.value = 'a'
      await kit.until(showing('view_a', 'view_a registered 1'))
      const third = [await kit.names(), app.text()]
      app.unmount()
      return [first, second, third, await kit.names(), kit.problems]
    },
    expected: [
      [['view_a'], 'view_a registered 0'],
      [['view_b'], 'view_b registered 0'],
      [['view_a'], 'view_a registered 1'],
      [],
      [],
    ],
  },
  {
    name: "WebMCPPlugin with an iframe's modelContext: the app's tools register in the frame",
    run: async () => {
      const { h } = kit.Vue
      const iframe = await kit.frame('/')
      const frameContext = (iframe.contentDocument as Document & { modelContext: never })
        .modelContext as ReturnType<typeof kit.context>
      const app = kit.mount(
        {
          setup() {
            kit.WebMCPVue.useWebMCPTool({
              name: 'in_frame',
              description: 'Lives in the frame.',
              execute: () => 'ok',
            })
            const tools = kit.WebMCPVue.useWebMCPTools()
            return () => h('p', tools.value.map((t) => t.name).join(','))
          },
        },
        [[kit.WebMCPVue.WebMCPPlugin, { modelContext: frameContext }]],
      )
      await kit.until(() => app.text() === 'in_frame')
      const inFrame = (await frameContext.getTools()).map((t) => [
        t.name,
        t.window === iframe.contentWindow,
      ])
      const rendered = app.text()
      app.unmount()
      return [inFrame, rendered, await kit.names(frameContext), kit.problems]
    },
    expected: [[['in_frame', true]], 'in_frame', [], []],
  },
  {
    name: 'WebMCPPlugin { polyfill: true } gives a page without the script a working modelContext',
    nopolyfill: true,
    run: async () => {
      const { h } = kit.Vue
      const app = kit.mount(
        {
          setup() {
            const { status } = kit.WebMCPVue.useWebMCPTool({
              name: 'anywhere',
              description: 'Works with or without native WebMCP.',
              execute: () => 'ok',
            })
            return () => h('p', status.value)
          },
        },
        [[kit.WebMCPVue.WebMCPPlugin, { polyfill: true }]],
      )
      await kit.until(() => app.text() === 'registered')
      const result = [await kit.names(), app.text()]
      app.unmount()
      return [result, kit.problems]
    },
    expected: [[['anywhere'], 'registered'], []],
  },
  {
    name: 'useWebMCPTools renders the live list of tools',
    run: async () => {
      const { h, ref } = kit.Vue
      const count = ref(1)
      const Tool = (name: string) => ({
        setup() {
          kit.WebMCPVue.useWebMCPTool({ name, description: 'A tool.', execute: () => name })
          return () => null
        },
      })
      const tools_ = [Tool('tool_0'), Tool('tool_1'), Tool('tool_2')]
      const app = kit.mount({
        setup() {
          const tools = kit.WebMCPVue.useWebMCPTools()
          return () =>
            h('div', [
              h('p', tools.value.map((t) => t.name).join(',')),
              ...tools_.slice(0, count.value).map((component) => h(component)),
            ])
        },
      })
      await kit.until(() => app.text() === 'tool_0')
      const one = app.text()
      count.value = 3
      await kit.until(() => app.text() === 'tool_0,tool_1,tool_2')
      const three = app.text()
      count.value = 0
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
  describe(`@webmcp-kit/vue [${engine}]`, () => {
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
