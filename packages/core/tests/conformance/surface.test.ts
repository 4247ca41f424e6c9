import { chromium } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { connect } from '@webmcp-kit/test-infra/engines'
import { differential } from './harness'

describe('implementation under test', () => {
  const engines = inject('engines')
  const modes = engines.includes('chromium') ? (['native', 'polyfill'] as const) : []
  for (const mode of modes) {
    it(`${mode} mode runs the ${mode} implementation`, async () => {
      const browser = await chromium.connect(inject(`${mode}Endpoint`))
      const page = await browser.newPage()
      await page.goto(inject('origin'))
      // The page loads the polyfill in both modes: with native WebMCP it must leave it alone.
      const native = await page.evaluate(() =>
        String(document.modelContext!.registerTool).includes('[native code]'),
      )
      expect(native).toBe(mode === 'native')
      await browser.close()
    })
  }

  for (const engine of engines.filter((name) => name !== 'chromium')) {
    it(`${engine} runs the polyfill (it has no WebMCP of its own)`, async () => {
      const browser = await connect(inject('engineEndpoints')[engine]!)
      const page = await browser.newPage()
      await page.goto(`${inject('origin')}/?nopolyfill`)
      const bare = await page.evaluate(() => 'modelContext' in document)
      await page.goto(inject('origin'))
      const installed = await page.evaluate(() => [
        typeof ModelContext,
        String(document.modelContext!.registerTool).includes('[native code]'),
      ])
      await browser.close()
      expect([bare, installed]).toEqual([false, ['function', false]])
    })
  }
})

differential('surface', [
  {
    name: 'document.modelContext is absent in an insecure context',
    path: 'http://insecure.test:PORT/',
    run: () => [
      'modelContext' in document,
      typeof (globalThis as Record<string, unknown>).ModelContext,
    ],
    expected: [false, 'undefined'],
  },
  {
    name: 'document.modelContext is a ModelContext, an EventTarget, the same object every time',
    run: ({ mc }) => [
      mc instanceof ModelContext,
      mc instanceof EventTarget,
      document.modelContext === mc,
      Object.prototype.toString.call(mc),
    ],
    expected: [true, true, true, '[object ModelContext]'],
  },
  {
    name: 'the modelContext accessor lives on Document.prototype',
    run: () => {
      const d = Object.getOwnPropertyDescriptor(Document.prototype, 'modelContext')!
      return [
        typeof d.get,
        typeof d.set,
        d.enumerable,
        d.configurable,
        Object.hasOwn(document, 'modelContext'),
      ]
    },
    expected: ['function', 'undefined', true, true, false],
  },
  {
    name: 'ModelContext has no constructor; its prototype has the three methods and three handlers',
    run: async ({ capture }) => [
      await capture(() => new ModelContext()),
      await capture(() => ModelContext()),
      Object.getOwnPropertyNames(ModelContext.prototype).sort(),
      Object.getPrototypeOf(ModelContext.prototype) === EventTarget.prototype,
      'unregisterTool' in document.modelContext!,
    ],
    expected: [
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      [
        'constructor',
        'executeTool',
        'getTools',
        'ontoolactivated',
        'ontoolcancel',
        'ontoolchange',
        'registerTool',
      ],
      true,
      false,
    ],
  },
  {
    name: 'ToolActivatedEvent and ToolCancelEvent: type required, toolName defaults to ""',
    run: async ({ capture }) => {
      const out = []
      for (const E of [ToolActivatedEvent, ToolCancelEvent]) {
        const e = new E('x', { toolName: 'n', bubbles: true, cancelable: true, composed: true })
        const d = new E('y')
        out.push(
          E.name,
          await capture(() => new (E as unknown as new () => Event)()),
          [e.type, e.toolName, e.bubbles, e.cancelable, e.composed, e instanceof Event],
          [d.toolName, d.bubbles],
          Object.prototype.toString.call(e),
        )
      }
      return out
    },
    expected: [
      'ToolActivatedEvent',
      ['err', 'TypeError'],
      ['x', 'n', true, true, true, true],
      ['', false],
      '[object ToolActivatedEvent]',
      'ToolCancelEvent',
      ['err', 'TypeError'],
      ['x', 'n', true, true, true, true],
      ['', false],
      '[object ToolCancelEvent]',
    ],
  },
  {
    name: 'event handler attributes: functions are called with this, other objects stored, primitives become null',
    run: async ({ mc, register }) => {
      const calls: unknown[] = []
      mc.ontoolchange = function (this: unknown, e: Event) {
        calls.push([this === mc, e.type])
      }
      const initial = typeof mc.ontoolchange
      await register('a')
      const obj = { handleEvent() {} }
      mc.ontoolactivated = obj as never
      const stored = mc.ontoolactivated === (obj as never)
      mc.ontoolcancel = 5 as never
      return [initial, calls, stored, mc.ontoolcancel]
    },
    expected: ['function', [[true, 'toolchange']], true, null],
  },
  {
    name: 'a handler set to null stops being called',
    run: async ({ mc, register }) => {
      let calls = 0
      mc.ontoolchange = () => calls++
      await register('a')
      mc.ontoolchange = null
      await register('b')
      return calls
    },
    expected: 1,
  },
  {
    name: 'a frameless document has its own ModelContext, whose methods reject InvalidStateError',
    polyfillOnly: "a frameless document's ModelContext crashes native Chromium 156's renderer",
    run: async ({ capture }) => {
      const doc = document.implementation.createHTMLDocument()
      const mc = doc.modelContext!
      return [
        mc === document.modelContext,
        mc === doc.modelContext,
        await capture(() => mc.registerTool({ name: 'a', description: 'd', execute() {} })),
        await capture(() => mc.getTools()),
        await capture(() =>
          mc.executeTool({ name: 'x', description: 'd', origin: location.origin, window } as never),
        ),
      ]
    },
    expected: [
      false,
      true,
      ['err', 'InvalidStateError'],
      ['err', 'InvalidStateError'],
      ['err', 'InvalidStateError'],
    ],
  },
  {
    name: 'a detached iframe keeps its ModelContext, whose methods reject InvalidStateError',
    run: async ({ frame, register, find }) => {
      await register('x')
      const tool = await find('x')
      const iframe = await frame()
      const mc = iframe.contentDocument!.modelContext!
      iframe.remove()
      // Read with then(), not await: awaiting a promise of the detached document's realm queues a
      // job in that realm, and Firefox never runs it (the HTML spec runs no script of a document that
      // is not fully active); then() runs its callbacks in this realm.
      const settle = (promise: Promise<unknown>) =>
        new Promise((resolve) =>
          promise.then(
            (value) => resolve(['ok', value]),
            (error: Error) => resolve(['err', error.name]),
          ),
        )
      return [
        typeof mc,
        await settle(mc.registerTool({ name: 'a', description: 'd', execute() {} })),
        await settle(mc.getTools()),
        await settle(mc.executeTool(tool, {})),
      ]
    },
    expected: [
      'object',
      ['err', 'InvalidStateError'],
      ['err', 'InvalidStateError'],
      ['err', 'InvalidStateError'],
    ],
  },
  {
    name: 'methods called on something else reject TypeError',
    run: async ({ mc, capture }) => [
      await capture(() => mc.registerTool.call({}, { name: 'a', description: 'd', execute() {} })),
      await capture(() => mc.getTools.call({})),
      await capture(() => mc.executeTool.call({} as never, {} as never)),
    ],
    expected: [
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
    ],
  },
  {
    name: 'a site-keyed agent cluster (Origin-Agent-Cluster: ?0) rejects every method with SecurityError',
    path: '/?oac=0',
    run: async ({ mc, capture }) => [
      window.originAgentCluster,
      await capture(() => mc.registerTool({ name: 'a', description: 'd', execute() {} })),
      await capture(async () => (await mc.getTools()).map((tool) => tool.name)),
      await capture(() =>
        mc.executeTool(
          { name: 'a', description: 'd', origin: location.origin, window } as never,
          {},
        ),
      ),
    ],
    expected: [false, ['err', 'SecurityError'], ['err', 'SecurityError'], ['err', 'SecurityError']],
    // Where the polyfill cannot tell the page's opt-out from the engine's default, it follows the
    // newest draft, which has no such check (model-context.ts, check()).
    engines: {
      firefox: {
        expected: [false, ['ok', undefined], ['ok', ['a']], ['ok', 'undefined']],
        reason:
          'Firefox keys agent clusters by site by default: originAgentCluster is false on every page without Origin-Agent-Cluster: ?1, so ?0 cannot be told from the default',
      },
      webkit: {
        expected: [undefined, ['ok', undefined], ['ok', ['a']], ['ok', 'undefined']],
        reason: 'WebKit has no origin-keyed agent clusters (no originAgentCluster)',
      },
    },
  },
])
