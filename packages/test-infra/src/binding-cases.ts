// The binding suites' cases: one list, run by every binding's browser suite in every engine
// `WEBMCP_ENGINES` selects, through the adapter its page hands `startBindingPage` (binding-page.ts).
// A binding's test file is `describeBindingSuite(...)`, with the cases only it has.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { connect } from './engines'
import type { BindingKit } from './binding-page'
import type { Browser } from './engines'

/** The page's `window.kit` (binding-page.ts), as case bodies running in the page see it. */
declare const kit: BindingKit

/** One case: `run` runs in a fresh page, and what it returns must equal `expected`. */
export interface BindingCase {
  name: string
  /** Runs in the page: self-contained (serialised with Function.prototype.toString). */
  run: () => Promise<unknown>
  expected: unknown
  /** What `run` returns under native WebMCP (`chromium-native`), where that differs. */
  expectedNative?: unknown
  /** Leave out the polyfill's classic script: the page has only what the browser and the case bring. */
  nopolyfill?: boolean
}

/** The cases every binding runs. */
export const bindingCases: BindingCase[] = [
  {
    name: 'mount registers exactly once, unmount unregisters, no errors',
    run: async () => {
      const changes = kit.countToolchanges()
      // Each registration a mount makes but the last is withdrawn again (StrictMode: two).
      const mountChanges = 2 * (kit.binding.mountRegistrations?.() ?? 1) - 1
      const app = await kit.binding.tool(() => ({
        name: 'counter',
        description: 'Counts.',
        execute: () => 1,
      }))
      await kit.until(() => app.text() === 'registered false 0' && changes.count === mountChanges)
      // A second registration or toolchange would show by now.
      await kit.drained()
      const mounted = [app.text(), await kit.names(), changes.count - mountChanges]
      app.unmount()
      const afterUnmount = await kit.names()
      await kit.until(() => changes.count === mountChanges + 1)
      await kit.drained()
      return [app.first, mounted, afterUnmount, changes.count - mountChanges, kit.problems]
    },
    // The component starts idle (as on the server): the tool registers from the mount on.
    expected: ['idle false 0', ['registered false 0', ['counter'], 0], [], 1, []],
  },
  {
    name: 'toggling the component and a remount end with one registration, no errors',
    run: async () => {
      const show = kit.binding.box(true)
      const tool = () => ({ name: 'toggled', description: 'Comes and goes.', execute: () => 'ok' })
      const app = await kit.binding.conditional({ show: () => show.value, tool })
      const registered = (text: () => string) => async () =>
        text() === 'registered false 0' && kit.same(await kit.names(), ['toggled'])
      await kit.until(registered(app.text))
      for (let i = 0; i < 10; i++) {
        show.value = !show.value
        await kit.binding.flush()
      }
      await kit.until(registered(app.text))
      const afterFlushes = [await kit.names(), app.text()]
      // Eleven toggles before one flush: where the framework batches, the component goes once.
      for (let i = 0; i < 11; i++) show.value = !show.value
      await kit.binding.flush()
      const hidden = [await kit.names(), app.text()]
      show.value = true
      await kit.until(registered(app.text))
      const shown = [await kit.names(), app.text()]
      // Unmount, and mount the same tool again at once.
      app.unmount()
      const again = await kit.binding.tool(tool)
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
    name: 'enabled from reactive state: off unregisters, on registers',
    run: async () => {
      const enabled = kit.binding.box(false)
      const app = await kit.binding.tool(
        () => ({ name: 'gated', description: 'Only sometimes.', execute: () => 'ok' }),
        { enabled: () => enabled.value },
      )
      await kit.drained()
      const off = [await kit.names(), app.text()]
      enabled.value = true
      await kit.until(() => app.text() === 'registered false 0')
      const on = [await kit.names(), app.text()]
      for (let i = 0; i < 7; i++) enabled.value = !enabled.value
      await kit.until(async () => (await kit.names()).length === 0 && app.text() === 'idle false 0')
      const toggledOff = [await kit.names(), app.text()]
      app.unmount()
      return [off, on, toggledOff, kit.problems]
    },
    expected: [[[], 'idle false 0'], [['gated'], 'registered false 0'], [[], 'idle false 0'], []],
  },
  {
    name: 'name, description and schema changes re-register; a new execute does not',
    run: async () => {
      const name = kit.binding.box('search')
      const description = kit.binding.box('Searches.')
      const fields = kit.binding.box(['query'])
      const version = kit.binding.box(1)
      const app = await kit.binding.tool(() => {
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
      await kit.until(async () => kit.same(await kit.names(), ['search']))
      const changes = kit.countToolchanges()
      const listed = async () =>
        (await kit.context().getTools()).map((t) => [t.name, t.description, t.inputSchema])
      const steps: unknown[] = []
      for (let i = 2; i <= 50; i++) {
        version.value = i
        // Several flushes, each with a new execute.
        if (i % 10 === 0) await kit.binding.flush()
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
      const count = kit.binding.box(0)
      const factor = kit.binding.box(1)
      let release = () => {}
      const gate = new Promise<void>((resolve) => (release = resolve))
      const app = await kit.binding.tool(() => {
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
      })
      await kit.until(async () => kit.same(await kit.names(), ['increment']))
      const changes = kit.countToolchanges()
      factor.value = 10
      // The framework's flush swaps the new execute in; no toolchange may follow.
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
    name: "an agent's cancel aborts the signal execute was given",
    run: async () => {
      let started = (_signal: AbortSignal) => {}
      const running = new Promise<AbortSignal>((resolve) => (started = resolve))
      const app = await kit.binding.tool(() => ({
        name: 'slow_export',
        description: 'Exports until cancelled.',
        execute: (_input, { signal }) => {
          started(signal)
          return new Promise((resolve) =>
            signal.addEventListener('abort', () => resolve('stopped')),
          )
        },
      }))
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
      const app = await kit.binding.tool(
        () => ({ name: 'shared_tool', description: 'For another origin too.', execute: () => 1 }),
        { exposedTo: () => ['https://agent.example'] },
      )
      await kit.until(() => !/^(idle|registering)/.test(app.text()))
      const result = [app.text(), await kit.names()]
      app.unmount()
      return [result, kit.problems]
    },
    expected: [['registered false 0', ['shared_tool']], []],
  },
  {
    name: "modelContext: an iframe's context gets the tool, and the tool list lists it there",
    run: async () => {
      const { iframe, modelContext: frameContext } = await kit.frame('/')
      const app = await kit.binding.tool(
        () => ({ name: 'in_frame', description: 'Lives in the frame.', execute: () => 'ok' }),
        { modelContext: frameContext },
      )
      const list = await kit.binding.list({ modelContext: frameContext })
      await kit.until(() => list.text() === 'in_frame' && app.text() === 'registered false 0')
      const inFrame = (await frameContext.getTools()).map((t) => [
        t.name,
        t.window === iframe.contentWindow,
      ])
      // The parent lists its same-origin frame's tools too, with the frame's window.
      const here = (await kit.context().getTools()).map((t) => [
        t.name,
        t.window === iframe.contentWindow,
      ])
      const rendered = [app.text(), list.text()]
      app.unmount()
      await kit.until(() => list.text() === '')
      list.unmount()
      return [inFrame, here, rendered, await kit.names(frameContext), kit.problems]
    },
    expected: [
      [['in_frame', true]],
      [['in_frame', true]],
      ['registered false 0', 'in_frame'],
      [],
      [],
    ],
  },
  {
    name: "the binding's polyfill set-up gives a page without the script a working modelContext",
    nopolyfill: true,
    run: async () => {
      await kit.binding.install()
      const app = await kit.binding.tool(() => ({
        name: 'anywhere',
        description: 'Works with or without native WebMCP.',
        execute: () => 'ok',
      }))
      await kit.until(() => app.text() === 'registered false 0')
      const result = [await kit.names(), app.text()]
      app.unmount()
      return [result, kit.problems]
    },
    expected: [[['anywhere'], 'registered false 0'], []],
  },
  {
    name: 'the tool list renders the live list of tools',
    run: async () => {
      const count = kit.binding.box(1)
      const list = await kit.binding.list()
      const tools = await kit.binding.conditional({
        show: () => true,
        count: () => count.value,
        tool: (index) => ({ name: `tool_${index}`, description: 'A tool.', execute: () => index }),
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

/** Options of {@link describeBindingSuite}. */
export interface BindingSuiteCases {
  /** The page's body: the binding's page script (its route in `bindingSuiteSetup`). */
  body: string
  /** The binding's own cases, run after the shared ones. */
  cases?: BindingCase[]
  /** Run every case once per mode, handed to the adapter's `mode` first (React's StrictMode). */
  modes?: string[]
}

/**
 * A binding's browser suite: per engine `WEBMCP_ENGINES` selects (native WebMCP in
 * `chromium-native`, the polyfill elsewhere), a check that it runs on the WebMCP it is meant to
 * test, then {@link bindingCases} and the binding's own `cases`, each in a fresh page.
 */
export function describeBindingSuite(
  title: string,
  { body, cases = [], modes }: BindingSuiteCases,
): void {
  for (const [engine, endpoint] of Object.entries(inject('engineEndpoints'))) {
    describe(`${title} [${engine}]`, () => {
      let browser: Browser
      const origin = inject('origin')
      beforeAll(async () => {
        browser = await connect(endpoint!)
      })
      afterAll(() => browser?.close())

      it('runs on the WebMCP it is meant to test', async () => {
        const page = await browser.newPage()
        try {
          await page.goto(`${origin}/?nopolyfill`)
          const native = await page.evaluate(() => 'modelContext' in document)
          expect(native).toBe(engine === 'chromium-native')
        } finally {
          await page.close()
        }
      })

      for (const mode of modes ?? [undefined]) {
        for (const c of [...bindingCases, ...cases]) {
          it(mode ? `${mode}: ${c.name}` : c.name, async () => {
            const page = await browser.newPage()
            try {
              const query = `${c.nopolyfill ? 'nopolyfill&' : ''}body=${encodeURIComponent(body)}`
              await page.goto(`${origin}/?${query}`)
              await page.waitForFunction(() => 'kit' in window)
              if (mode) await page.evaluate((m) => kit.binding.mode?.(m), mode)
              const expected =
                engine === 'chromium-native' && 'expectedNative' in c
                  ? c.expectedNative
                  : c.expected
              expect(await page.evaluate(`(${c.run.toString()})()`)).toEqual(expected)
            } finally {
              await page.close()
            }
          })
        }
      }
    })
  }
}
