import { differential } from './harness'

// The core's exports, bundled from source by the test server as the global `WebMCPKit`. The
// script is in the body, so it has run when the page's load event lets the case start.
const KIT = `/?body=${encodeURIComponent('<script src="/webmcp-kit.js"></script>')}`

declare const WebMCPKit: typeof import('../../src/index')

// Case bodies run in the page (serialised with Function.prototype.toString): each is self-contained.
differential('ToolRegistration', [
  {
    name: 'subscribe → unsubscribe → subscribe (StrictMode) leaves exactly one registration',
    path: KIT,
    run: async ({ mc, until, drained }) => {
      const unhandled: unknown[] = []
      addEventListener('unhandledrejection', (event) => unhandled.push(String(event.reason)))
      const errors: unknown[] = []
      const registration = new WebMCPKit.ToolRegistration(
        { name: 'strict', description: 'd', execute: () => 'ok' },
        { onError: (error) => errors.push(String(error)) },
      )
      registration.subscribe(() => {})()
      const unsubscribe = registration.subscribe(() => {})
      await until(() => registration.getSnapshot().status !== 'registering')
      const during = (await mc.getTools()).map((tool) => tool.name)
      const { status, error } = registration.getSnapshot()
      unsubscribe()
      await drained()
      return [during, status, error, (await mc.getTools()).length, errors, unhandled]
    },
    expected: [['strict'], 'registered', undefined, 0, [], []],
  },
  {
    name: 'ten StrictMode cycles in a row still end with one registration',
    path: KIT,
    run: async ({ mc, until, drained }) => {
      const unhandled: unknown[] = []
      addEventListener('unhandledrejection', (event) => unhandled.push(String(event.reason)))
      const registration = new WebMCPKit.ToolRegistration({
        name: 'cycles',
        description: 'd',
        execute: () => 'ok',
      })
      for (let i = 0; i < 10; i++) registration.subscribe(() => {})()
      const unsubscribe = registration.subscribe(() => {})
      await until(() => registration.getSnapshot().status !== 'registering')
      await drained()
      const tools = (await mc.getTools()).map((tool) => tool.name)
      const status = registration.getSnapshot().status
      unsubscribe()
      return [tools, status, unhandled]
    },
    expected: [['cycles'], 'registered', []],
  },
  {
    name: 'enabled: off unregisters, on registers, rapid toggles end in the last state',
    path: KIT,
    run: async ({ mc, until, drained }) => {
      const names = async () => (await mc.getTools()).map((tool) => tool.name)
      const errors: unknown[] = []
      const onError = (error: unknown) => errors.push(String(error))
      const tool = { name: 'toggled', description: 'd', execute: () => 'ok' }
      const registration = new WebMCPKit.ToolRegistration(tool, { enabled: false, onError })
      const settled = () => until(() => registration.getSnapshot().status !== 'registering')
      const unsubscribe = registration.subscribe(() => {})
      await drained()
      const off = [registration.getSnapshot().status, await names()]
      registration.update(tool, { enabled: true, onError })
      await settled()
      const on = [registration.getSnapshot().status, await names()]
      for (let i = 0; i < 51; i++) registration.update(tool, { enabled: i % 2 === 0, onError })
      await settled()
      const afterOn = [registration.getSnapshot().status, await names()]
      for (let i = 0; i < 51; i++) registration.update(tool, { enabled: i % 2 === 1, onError })
      await drained()
      const afterOff = [registration.getSnapshot().status, await names()]
      unsubscribe()
      return [off, on, afterOn, afterOff, errors]
    },
    expected: [
      ['idle', []],
      ['registered', ['toggled']],
      ['registered', ['toggled']],
      ['idle', []],
      [],
    ],
  },
  {
    name: 'a changed input schema re-registers; 1,000 execute-only updates fire no toolchange',
    path: KIT,
    run: async ({ mc, until, drained }) => {
      let toolchanges = 0
      mc.addEventListener('toolchange', () => toolchanges++)
      const tool = {
        name: 'schema',
        description: 'd',
        inputSchema: { type: 'object', properties: { a: { type: 'string' } } } as object,
        execute: (): unknown => 'v0',
      }
      const registration = new WebMCPKit.ToolRegistration(tool)
      const settled = () => until(() => registration.getSnapshot().status !== 'registering')
      const unsubscribe = registration.subscribe(() => {})
      await settled()
      toolchanges = 0
      for (let i = 1; i <= 1000; i++) {
        registration.update({
          ...tool,
          inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
          execute: () => `v${i}`,
        })
      }
      await drained()
      const quiet = toolchanges
      const [listed] = await mc.getTools()
      const latest = await mc.executeTool(listed!, {})
      registration.update({
        ...tool,
        inputSchema: { type: 'object', properties: { b: { type: 'number' } } },
      })
      await settled()
      const tools = await mc.getTools()
      const result = [
        quiet,
        latest,
        toolchanges > 0,
        tools.map((t) => [t.name, t.inputSchema]),
        registration.getSnapshot().status,
      ]
      unsubscribe()
      return result
    },
    expected: [
      0,
      'v1000',
      true,
      [['schema', { type: 'object', properties: { b: { type: 'number' } } }]],
      'registered',
    ],
  },
  {
    name: 'a new name replaces the old registration',
    path: KIT,
    run: async ({ mc, until }) => {
      const registration = new WebMCPKit.ToolRegistration({
        name: 'before',
        description: 'd',
        execute: () => 'ok',
      })
      const unsubscribe = registration.subscribe(() => {})
      registration.update({ name: 'after', description: 'd', execute: () => 'ok' })
      await until(() => registration.getSnapshot().status !== 'registering')
      const tools = (await mc.getTools()).map((tool) => tool.name)
      const status = registration.getSnapshot().status
      unsubscribe()
      return [tools, status]
    },
    expected: [['after'], 'registered'],
  },
  {
    name: 'a duplicate name lands in the snapshot; tearing it down leaves the other tool registered',
    path: KIT,
    run: async ({ mc, register, until, drained }) => {
      await register('taken')
      const errors: unknown[] = []
      const registration = new WebMCPKit.ToolRegistration(
        { name: 'taken', description: 'another', execute: () => 'ok' },
        { onError: (error) => errors.push((error as Error).name) },
      )
      const unsubscribe = registration.subscribe(() => {})
      await until(() => registration.getSnapshot().status !== 'registering')
      const { status, error } = registration.getSnapshot()
      unsubscribe()
      await drained()
      const tools = (await mc.getTools()).map((tool) => [tool.name, tool.description])
      return [status, (error as Error).name, errors, tools]
    },
    expected: ['error', 'InvalidStateError', ['InvalidStateError'], [['taken', 'd']]],
  },
  {
    name: "a failure replaced in the same tick never reaches the newer registration's state",
    path: KIT,
    run: async ({ mc, until, drained }) => {
      const errors: unknown[] = []
      const onError = (error: unknown) => errors.push(String(error))
      const tool = { name: 'exposed', description: 'd', execute: () => 'ok' }
      const registration = new WebMCPKit.ToolRegistration(tool, {
        exposedTo: ['http://insecure.example'],
        onError,
      })
      const unsubscribe = registration.subscribe(() => {})
      registration.update(tool, { exposedTo: ['https://secure.example'], onError })
      await until(() => registration.getSnapshot().status !== 'registering')
      await drained()
      const { status, error } = registration.getSnapshot()
      const tools = (await mc.getTools()).map((tool) => tool.name)
      unsubscribe()
      return [status, error, errors, tools]
    },
    expected: ['registered', undefined, [], ['exposed']],
  },
  {
    name: 'agent calls update the snapshot; overlapping calls are counted',
    path: KIT,
    run: async ({ mc, until }) => {
      const gates: Array<(value: string) => void> = []
      const registration = new WebMCPKit.ToolRegistration({
        name: 'slow',
        description: 'd',
        execute: () => new Promise<string>((resolve) => gates.push(resolve)),
      })
      const unsubscribe = registration.subscribe(() => {})
      await until(() => registration.getSnapshot().status !== 'registering')
      const [tool] = await mc.getTools()
      const first = mc.executeTool(tool!, {})
      const second = mc.executeTool(tool!, {})
      // Both calls have reached the tool's execute.
      await until(() => gates.length === 2)
      const running = registration.getSnapshot()
      gates[1]!('second')
      gates[0]!('first')
      const results = [await first, await second]
      const done = registration.getSnapshot()
      unsubscribe()
      return [
        [running.isExecuting, running.executingCount],
        results,
        [done.isExecuting, done.executingCount, done.executionCount, done.lastResult],
      ]
    },
    expected: [
      [true, 2],
      ['first', 'second'],
      [false, 0, 2, 'first'],
    ],
  },
  {
    name: 'a Standard Schema: its JSON Schema is registered; invalid input is answered with the issues',
    path: KIT,
    run: async ({ mc, until }) => {
      const calls: unknown[] = []
      // A minimal Standard Schema with the JSON Schema extension, as Zod 4 exposes one.
      const schema = {
        '~standard': {
          version: 1 as const,
          vendor: 'test',
          validate: (value: unknown) =>
            typeof (value as { n?: unknown }).n === 'number'
              ? { value: value as { n: number } }
              : { issues: [{ message: 'n must be a number', path: [{ key: 'n' }] }] },
          jsonSchema: {
            input: () => ({
              type: 'object',
              properties: { n: { type: 'number' } },
              required: ['n'],
            }),
          },
        },
      }
      const registration = new WebMCPKit.ToolRegistration({
        name: 'standard',
        description: 'd',
        inputSchema: schema,
        execute: (input: unknown) => {
          calls.push(input)
          return 'ran'
        },
      })
      const unsubscribe = registration.subscribe(() => {})
      await until(() => registration.getSnapshot().status !== 'registering')
      const [tool] = await mc.getTools()
      const invalid = JSON.parse((await mc.executeTool(tool!, { n: 'x' }))!)
      const valid = await mc.executeTool(tool!, { n: 1 })
      unsubscribe()
      return [tool!.inputSchema, invalid, valid, calls]
    },
    expected: [
      { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      {
        error: 'Invalid input for tool "standard". Correct the listed issues and call it again.',
        issues: [{ message: 'n must be a number', path: ['n'] }],
      },
      'ran',
      [{ n: 1 }],
    ],
  },
])

differential('ToolsObserver', [
  {
    name: 'lists the tools and follows toolchange, keeping its snapshot while nothing changed',
    path: KIT,
    run: async ({ register, until, drained }) => {
      await register('first')
      const observer = new WebMCPKit.ToolsObserver()
      let notified = 0
      const unsubscribe = observer.subscribe(() => notified++)
      await until(() => notified === 1)
      const initial = observer.getSnapshot()
      const controller = new AbortController()
      await register('second', {}, { signal: controller.signal })
      await until(() => notified === 2)
      const grown = observer.getSnapshot().map((tool) => tool.name)
      controller.abort()
      await until(() => notified === 3)
      const shrunk = observer.getSnapshot().map((tool) => tool.name)
      const before = observer.getSnapshot()
      // Two toolchange events whose net effect is no change: the snapshot keeps its identity.
      const transient = new AbortController()
      const pending = register('transient', {}, { signal: transient.signal }).catch(() => {})
      transient.abort()
      await pending
      // The two toolchanges, then the getTools() answers the observer asked for at each.
      await drained()
      await drained()
      const kept = observer.getSnapshot() === before
      unsubscribe()
      return [initial.map((tool) => tool.name), grown, shrunk, kept, notified]
    },
    expected: [['first'], ['first', 'second'], ['first'], true, 3],
  },
])
