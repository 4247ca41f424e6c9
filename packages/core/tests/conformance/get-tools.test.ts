import { differential } from './harness'

differential('getTools', [
  {
    name: 'resolves from a task, not within the microtasks of the call',
    run: async ({ mc }) => {
      let done = false
      const p = mc.getTools().then(() => (done = true))
      for (let i = 0; i < 20; i++) await Promise.resolve()
      const early = done
      await p
      return [early, done]
    },
    expected: [false, true],
  },
  {
    name: 'lists tools sorted by name in code-unit order, also after an unregistration',
    run: async ({ mc, register }) => {
      const controllers: Record<string, AbortController> = {}
      for (const name of ['b', 'a', 'C', '_', '0', '.x', '-y', 'aa', 'B']) {
        controllers[name] = new AbortController()
        await register(name, {}, { signal: controllers[name].signal })
      }
      const before = (await mc.getTools()).map((t) => t.name)
      controllers.b!.abort()
      return [before, (await mc.getTools()).map((t) => t.name)]
    },
    expected: [
      ['-y', '.x', '0', 'B', 'C', '_', 'a', 'aa', 'b'],
      ['-y', '.x', '0', 'B', 'C', '_', 'a', 'aa'],
    ],
  },
  {
    name: 'a RegisteredTool has its keys in dictionary order, the window and the serialised origin',
    run: async ({ register, find }) => {
      await register('a', {
        title: 'T',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
      })
      const t = await find('a')
      return [
        Object.keys(t),
        t.window === window,
        t.origin === location.origin,
        t.title,
        t.description,
      ]
    },
    expected: [
      ['annotations', 'description', 'inputSchema', 'name', 'origin', 'title', 'window'],
      true,
      true,
      'T',
      'd',
    ],
  },
  {
    name: 'each call returns fresh objects; mutating a listed schema changes nothing',
    run: async ({ mc, register }) => {
      await register('a', {
        inputSchema: { type: 'object', properties: { x: { type: 'string' } } },
        annotations: {},
      })
      const [first] = await mc.getTools()
      ;(first!.inputSchema as { properties: { x: { type: string } } }).properties.x.type = 'mutated'
      first!.annotations!.readOnlyHint = true
      const [second] = await mc.getTools()
      return [first === second, second!.inputSchema, second!.annotations!.readOnlyHint]
    },
    expected: [false, { type: 'object', properties: { x: { type: 'string' } } }, false],
  },
  {
    name: 'fromOrigins with an insecure or unparsable origin rejects SecurityError',
    run: async ({ mc, capture }) => {
      const out = []
      for (const origin of [
        'http://insecure.com',
        '*',
        'data:text/plain,x',
        'about:blank',
        'https://a.com:99999',
      ]) {
        out.push(
          (await capture(() => mc.getTools({ fromOrigins: ['https://ok.example', origin] })))[1],
        )
      }
      return out
    },
    expected: Array(5).fill('SecurityError'),
  },
  {
    name: 'fromOrigins accepts secure origins; a non-sequence or a non-object options rejects TypeError',
    run: async ({ mc, capture }) => [
      (
        await capture(() =>
          mc.getTools({ fromOrigins: ['https://a.com', 'http://localhost:1', 'file:///x'] }),
        )
      )[0],
      (await capture(() => mc.getTools({ fromOrigins: 'https://a.com' } as never)))[1],
      (await capture(() => mc.getTools(5 as never)))[1],
      (await capture(() => mc.getTools(null as never)))[0],
    ],
    expected: ['ok', 'TypeError', 'TypeError', 'ok'],
  },
  {
    name: 'with no tools the list is empty',
    run: ({ mc }) => mc.getTools(),
    expected: [],
  },
  {
    name: "a tool exposed to other origins is still listed for its own document, and fromOrigins naming the page's own origin changes nothing",
    run: async ({ mc, register }) => {
      await register('a', {}, { exposedTo: ['https://example.com'] })
      await register('b')
      return [
        (await mc.getTools()).map((t) => t.name),
        (await mc.getTools({ fromOrigins: [location.origin] })).map((t) => t.name),
      ]
    },
    expected: [
      ['a', 'b'],
      ['a', 'b'],
    ],
  },
])
