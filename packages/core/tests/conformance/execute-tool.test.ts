import { differential } from './harness'

/** Native's reads of the watched arguments, in order. */
const READS = [
  'annotations',
  'description',
  'inputSchema',
  'name',
  'origin',
  'title',
  'window',
  'options.signal',
]
/** Where the watched arguments throw: the `at` of a case below (its body runs in the page). */
const ATS = [...READS, 'toJSON', 'nested toJSON', 'toJSON TypeError', 'nested getter']

/** Why Firefox and WebKit word some rejections otherwise (docs/conformance.md, Engines). */
const SERIALISER =
  "the serialiser's own TypeError (a cycle, a BigInt): after native's prefix, the engine's own text"

differential('executeTool', [
  {
    name: 'a RegisteredTool missing name, description, origin or window rejects TypeError',
    run: async ({ mc, capture }) => {
      const base = { name: 'a', description: 'd', origin: location.origin, window }
      const out = []
      for (const key of ['name', 'description', 'origin', 'window'] as const) {
        const t: Record<string, unknown> = { ...base }
        delete t[key]
        out.push((await capture(() => mc.executeTool(t as never, {})))[1])
      }
      out.push((await capture(() => mc.executeTool(undefined as never)))[1])
      out.push((await capture(() => mc.executeTool(5 as never)))[1])
      return out
    },
    expected: Array(6).fill('TypeError'),
  },
  {
    name: 'a window that is not a Window rejects TypeError',
    run: async ({ mc, capture }) => [
      (
        await capture(() =>
          mc.executeTool(
            { name: 'a', description: 'd', origin: location.origin, window: {} } as never,
            {},
          ),
        )
      )[1],
      (
        await capture(() =>
          mc.executeTool(
            { name: 'a', description: 'd', origin: location.origin, window: document } as never,
            {},
          ),
        )
      )[1],
    ],
    expected: ['TypeError', 'TypeError'],
  },
  {
    name: 'the RegisteredTool members are read in lexicographic order',
    run: async ({ mc, register, find }) => {
      await register('a')
      const t = await find('a')
      const reads: string[] = []
      const proxy = new Proxy(t, {
        get(target, key) {
          if (typeof key === 'string') reads.push(key)
          return target[key as keyof typeof t]
        },
      })
      await mc.executeTool(proxy, {})
      return reads
    },
    expected: ['annotations', 'description', 'inputSchema', 'name', 'origin', 'title', 'window'],
  },
  {
    name: 'an opaque or unparsable origin rejects NotSupportedError',
    run: async ({ mc, capture, register, find }) => {
      await register('a')
      const t = await find('a')
      return [
        (await capture(() => mc.executeTool({ ...t, origin: 'null' }, {})))[1],
        (await capture(() => mc.executeTool({ ...t, origin: 'garbage' }, {})))[1],
        (await capture(() => mc.executeTool({ ...t, origin: 'data:text/plain,x' }, {})))[1],
      ]
    },
    expected: ['NotSupportedError', 'NotSupportedError', 'NotSupportedError'],
  },
  {
    name: 'input that is not an object (string, number, null, boolean) rejects TypeError',
    run: async ({ mc, capture, register, find }) => {
      await register('a')
      const t = await find('a')
      const out = []
      for (const input of ['{}', 5, null, true])
        out.push((await capture(() => mc.executeTool(t, input as never)))[1])
      return out
    },
    expected: Array(4).fill('TypeError'),
  },
  {
    name: 'input that does not serialise (BigInt, cycle, toJSON → undefined) rejects TypeError',
    messages: { firefox: SERIALISER, webkit: SERIALISER },
    run: async ({ mc, capture, register, find }) => {
      await register('a')
      const t = await find('a')
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      return [
        (await capture(() => mc.executeTool(t, { n: BigInt(1) })))[1],
        (await capture(() => mc.executeTool(t, cyclic)))[1],
        (await capture(() => mc.executeTool(t, { toJSON() {} })))[1],
      ]
    },
    expected: ['TypeError', 'TypeError', 'TypeError'],
  },
  {
    // V8's fast serialiser crashes the renderer on a cycle found beside a long array of numbers.
    name: 'a cycle beside a long array rejects TypeError, bare, nested, through a getter, a proxy or a toJSON',
    messages: { firefox: SERIALISER, webkit: SERIALISER },
    run: async ({ mc, capture, register, find }) => {
      await register('a')
      const t = await find('a')
      const cycle = () => {
        const a: unknown[] = [Array(30_000).fill(0)]
        a.push(a)
        return a
      }
      const inputs = [
        { a: cycle() },
        { outer: { inner: { a: cycle() } } },
        {
          get a() {
            return cycle()
          },
        },
        new Proxy({ a: 1 }, { get: (_, key) => (key === 'a' ? cycle() : undefined) }),
        { toJSON: () => cycle() },
      ]
      const out = []
      for (const input of inputs) out.push((await capture(() => mc.executeTool(t, input)))[1])
      return out
    },
    expected: Array(5).fill('TypeError'),
  },
  {
    name: 'a result holding a cycle beside a long array rejects UnknownError',
    run: async ({ mc, capture, register, find }) => {
      await register('a', {
        execute: () => {
          const a: unknown[] = [Array(30_000).fill(0)]
          a.push(a)
          return { a }
        },
      })
      const t = await find('a')
      return [(await capture(() => mc.executeTool(t, {})))[1]]
    },
    expected: ['UnknownError'],
  },
  {
    name: 'an omitted input arrives as {}; arrays arrive as arrays',
    run: async ({ mc, register, find }) => {
      await register('a', { execute: (input) => JSON.stringify([Array.isArray(input), input]) })
      const t = await find('a')
      return [
        await mc.executeTool(t),
        await mc.executeTool(t, undefined),
        await mc.executeTool(t, [1, 2, 3]),
      ]
    },
    expected: ['[false,{}]', '[false,{}]', '[true,[1,2,3]]'],
  },
  {
    name: 'input crosses as JSON: functions and undefined dropped, dates as strings, a fresh object',
    run: async ({ mc, register, find }) => {
      const sent = {
        f() {},
        u: undefined,
        d: new Date(0),
        nested: { n: NaN, a: [undefined, () => 1] },
      }
      let received: unknown
      await register('a', {
        execute: (input) => {
          received = input
          return JSON.stringify(input)
        },
      })
      const result = await mc.executeTool(await find('a'), sent)
      return [result, received === sent, Object.getPrototypeOf(received) === Object.prototype]
    },
    expected: ['{"d":"1970-01-01T00:00:00.000Z","nested":{"n":null,"a":[null,null]}}', false, true],
  },
  {
    name: 'a "__proto__" key stays an own key of the input and pollutes nothing',
    run: async ({ mc, register, find }) => {
      let own = false
      let polluted = false
      await register('a', {
        execute: (input: Record<string, unknown>) => {
          own = Object.hasOwn(input, '__proto__')
          polluted = ({} as Record<string, unknown>).polluted === true
          return 'x'
        },
      })
      await mc.executeTool(await find('a'), JSON.parse('{"__proto__": {"polluted": true}}'))
      return [own, polluted, ({} as Record<string, unknown>).polluted === true]
    },
    expected: [true, false, false],
  },
  {
    name: 'an already-aborted signal rejects with its reason before any other microtask; the tool never runs',
    run: async ({ mc, register, find, drained }) => {
      let ran = false
      await register('a', { execute: () => (ran = true) })
      const t = await find('a')
      const log: unknown[] = []
      const reason = { why: 'x' }
      mc.executeTool(t, {}, { signal: AbortSignal.abort(reason) }).catch((e) =>
        log.push(e === reason),
      )
      queueMicrotask(() => log.push('microtask'))
      await drained()
      return [log, ran]
    },
    expected: [[true, 'microtask'], false],
  },
  {
    name: 'a signal that is not an AbortSignal rejects TypeError',
    run: async ({ mc, capture, register, find }) => {
      await register('a')
      return (
        await capture(async () =>
          mc.executeTool(await find('a'), {}, { signal: {} as AbortSignal }),
        )
      )[1]
    },
    expected: 'TypeError',
  },
  {
    name: 'an unknown tool name, a stale tool and a wrong origin reject UnknownError',
    run: async ({ mc, capture, register, find }) => {
      const controller = new AbortController()
      await register('a', {}, { signal: controller.signal })
      const t = await find('a')
      const unknown = await capture(() => mc.executeTool({ ...t, name: 'nope' }, {}))
      const wrongOrigin = await capture(() =>
        mc.executeTool({ ...t, origin: 'https://example.com' }, {}),
      )
      controller.abort()
      const stale = await capture(() => mc.executeTool(t, {}))
      return [unknown[1], wrongOrigin[1], stale[1]]
    },
    expected: ['UnknownError', 'UnknownError', 'UnknownError'],
  },
  {
    name: 'a RegisteredTool of an unregistered-then-reregistered name runs the new definition',
    run: async ({ mc, register, find }) => {
      const controller = new AbortController()
      await register('a', { execute: () => 'old' }, { signal: controller.signal })
      const t = await find('a')
      controller.abort()
      await register('a', { execute: () => 'new' })
      return mc.executeTool(t, {})
    },
    expected: 'new',
  },
  {
    name: 'execute gets (input, {signal}) with a live signal even when the caller passed none',
    run: async ({ mc, register, find }) => {
      let seen: unknown[] = []
      await register('a', {
        execute: (...args: unknown[]) => {
          const options = args[1] as { signal: AbortSignal }
          seen = [
            args.length,
            Object.keys(options),
            options.signal instanceof AbortSignal,
            options.signal.aborted,
          ]
          return 'x'
        },
      })
      await mc.executeTool(await find('a'), { q: 1 })
      return seen
    },
    expected: [2, ['signal'], true, false],
  },
  {
    name: 'execute is called with an undefined this',
    run: async ({ mc, register, find }) => {
      let strictThis: unknown = 'unset'
      await register('a', {
        execute: function (this: unknown) {
          'use strict'
          // eslint-disable-next-line @typescript-eslint/no-this-alias -- `this` is what is observed
          strictThis = this
          return 'x'
        },
      })
      await mc.executeTool(await find('a'), {})
      return strictThis === undefined
    },
    expected: true,
  },
  {
    name: 'results: strings raw, other primitives as strings, objects as JSON, "" as "Operation succeeded"',
    run: async ({ mc, register, find }) => {
      const values: Record<string, () => unknown> = {
        string: () => 'hello',
        quoted: () => '"q"',
        empty: () => '',
        number: () => 5,
        nan: () => NaN,
        negativeZero: () => -0,
        boolean: () => true,
        null: () => null,
        undefined: () => undefined,
        bigint: () => BigInt(12),
        object: () => ({ a: 1, u: undefined }),
        array: () => [1, 'x', undefined],
        date: () => new Date(0),
        toJSONUndefined: () => ({ toJSON() {} }),
        function: () => () => 1,
        promise: async () => 'async',
        thenable: () => ({ then: (resolve: (v: unknown) => void) => resolve({ via: 'thenable' }) }),
      }
      const out: Record<string, unknown> = {}
      for (const [name, execute] of Object.entries(values)) {
        await register(name, { execute })
        out[name] = await mc.executeTool(await find(name), {})
      }
      return out
    },
    expected: {
      string: 'hello',
      quoted: '"q"',
      empty: 'Operation succeeded',
      number: '5',
      nan: 'NaN',
      negativeZero: '0',
      boolean: 'true',
      null: 'null',
      undefined: 'undefined',
      bigint: '12',
      object: '{"a":1}',
      array: '[1,"x",null]',
      date: '"1970-01-01T00:00:00.000Z"',
      toJSONUndefined: 'undefined',
      function: 'undefined',
      promise: 'async',
      thenable: '{"via":"thenable"}',
    },
  },
  {
    name: 'a throwing, rejecting or unserialisable result rejects UnknownError without an error event',
    run: async ({ mc, capture, register, find, drained }) => {
      let errors = 0
      window.addEventListener('error', () => errors++)
      window.addEventListener('unhandledrejection', () => errors++)
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      const tools: Record<string, () => unknown> = {
        throws: () => {
          throw new Error('boom')
        },
        rejects: () => Promise.reject(new Error('boom')),
        rejectsLater: () =>
          new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 5)),
        throwsString: () => {
          throw 'plain'
        },
        cyclic: () => cyclic,
        bigintInside: () => ({ n: BigInt(1) }),
      }
      const out: Record<string, unknown> = {}
      for (const [name, execute] of Object.entries(tools)) {
        await register(name, { execute })
        out[name] = (await capture(async () => mc.executeTool(await find(name), {})))[1]
      }
      await drained()
      return [out, errors]
    },
    expected: [
      {
        throws: 'UnknownError',
        rejects: 'UnknownError',
        rejectsLater: 'UnknownError',
        throwsString: 'UnknownError',
        cyclic: 'UnknownError',
        bigintInside: 'UnknownError',
      },
      0,
    ],
  },
  {
    name: 'toolactivated fires once at the ModelContext, after execute and its microtasks, before other tasks',
    run: async ({ mc, register, find, drained }) => {
      const log: string[] = []
      let event: Event | undefined
      mc.addEventListener('toolactivated', (e) => {
        event = e
        log.push(`activated:${(e as Event & { toolName: string }).toolName}`)
      })
      window.addEventListener('toolactivated', () => log.push('window'))
      await register('a', {
        execute: () => {
          log.push('execute')
          queueMicrotask(() => {
            log.push('m1')
            queueMicrotask(() => log.push('m2'))
          })
          Promise.resolve()
            .then(() => log.push('p1'))
            .then(() => log.push('p2'))
            .then(() => log.push('p3'))
          setTimeout(() => log.push('timeout'))
          return 'r'
        },
      })
      const result = mc.executeTool(await find('a'), {})
      log.push('called')
      await result.then(() => log.push('resolved'))
      await drained()
      return [
        log,
        event!.constructor.name,
        [event!.bubbles, event!.cancelable, event!.composed, event!.target === mc],
      ]
    },
    expected: [
      ['called', 'execute', 'm1', 'p1', 'm2', 'p2', 'p3', 'activated:a', 'timeout', 'resolved'],
      'ToolActivatedEvent',
      [false, false, false, true],
    ],
  },
  {
    name: 'toolactivated fires even when execute throws synchronously',
    run: async ({ mc, capture, register, find }) => {
      const log: string[] = []
      mc.ontoolactivated = () => log.push('activated')
      await register('a', {
        execute: () => {
          log.push('execute')
          throw new Error('x')
        },
      })
      log.push((await capture(async () => mc.executeTool(await find('a'), {})))[1] as string)
      return log
    },
    expected: ['execute', 'activated', 'UnknownError'],
  },
  {
    name: "cancelling: the caller rejects with its reason, then the tool's signal aborts with AbortError, then toolcancel",
    run: async ({ mc, register, find, next, drained }) => {
      const log: string[] = []
      mc.addEventListener('toolactivated', () => log.push('activated'))
      mc.addEventListener('toolcancel', (e) => {
        const event = e as Event & { toolName: string }
        log.push(`toolcancel:${event.toolName}:${e.constructor.name}:${e.bubbles}:${e.cancelable}`)
      })
      await register('slow', {
        execute: (_input, { signal }) => {
          log.push('started')
          signal.addEventListener('abort', () => log.push(`signal:${signal.reason.name}`))
          return new Promise(() => {})
        },
      })
      const controller = new AbortController()
      const activated = next(mc, 'toolactivated')
      const p = mc.executeTool(await find('slow'), {}, { signal: controller.signal })
      p.catch((e) => log.push(`rejected:${e}`))
      await activated
      const cancelled = next(mc, 'toolcancel')
      controller.abort('custom')
      log.push('aborted')
      await cancelled
      await drained()
      return log
    },
    expected: [
      'started',
      'activated',
      'aborted',
      'rejected:custom',
      'signal:AbortError',
      'toolcancel:slow:ToolCancelEvent:false:false',
    ],
  },
  {
    name: 'a tool resolving after the caller aborted changes nothing',
    run: async ({ mc, register, find, next, drained }) => {
      let finish: (v: unknown) => void = () => {}
      await register('a', { execute: () => new Promise((resolve) => (finish = resolve)) })
      const controller = new AbortController()
      const activated = next(mc, 'toolactivated')
      const outcome = mc.executeTool(await find('a'), {}, { signal: controller.signal }).then(
        (v) => `resolved:${v}`,
        (e) => `rejected:${e}`,
      )
      await activated
      controller.abort('stop')
      finish('late')
      await drained()
      return outcome
    },
    expected: 'rejected:stop',
  },
  {
    name: 'aborting after the execution completed fires no toolcancel',
    run: async ({ mc, register, find, drained }) => {
      let cancels = 0
      mc.ontoolcancel = () => cancels++
      await register('a')
      const controller = new AbortController()
      const result = await mc.executeTool(await find('a'), {}, { signal: controller.signal })
      controller.abort()
      await drained()
      return [result, cancels]
    },
    expected: ['ok', 0],
  },
  {
    name: 'aborting before the tool started rejects the caller, yet the tool still runs, uncancelled',
    run: async ({ mc, register, find, next, drained }) => {
      const log: string[] = []
      await register('a', { execute: () => log.push('ran') })
      mc.ontoolcancel = () => log.push('toolcancel')
      const t = await find('a')
      const controller = new AbortController()
      const activated = next(mc, 'toolactivated')
      const p = mc
        .executeTool(t, {}, { signal: controller.signal })
        .catch((e) => log.push(`rejected:${e}`))
      controller.abort('early')
      await p
      await activated
      await drained()
      return log
    },
    expected: ['rejected:early', 'ran'],
  },
  {
    name: 'concurrent executions of one tool get independent signals',
    run: async ({ mc, register, find, until, next }) => {
      const signals: AbortSignal[] = []
      const finishers: Array<(v: unknown) => void> = []
      await register('a', {
        execute: (input, { signal }) => {
          signals.push(signal)
          return new Promise((resolve) => finishers.push(() => resolve(`done:${input.id}`)))
        },
      })
      const t = await find('a')
      const first = new AbortController()
      const p1 = mc
        .executeTool(t, { id: 1 }, { signal: first.signal })
        .catch((e) => `rejected:${e}`)
      const p2 = mc.executeTool(t, { id: 2 })
      // Both runs started: aborting before a run starts does not cancel it.
      await until(() => signals.length === 2)
      const cancelled = next(mc, 'toolcancel')
      first.abort('one')
      await cancelled
      finishers.forEach((f) => f(undefined))
      return [await p1, await p2, signals.map((s) => s.aborted)]
    },
    expected: ['rejected:one', 'done:2', [true, false]],
  },
  {
    name: 'executeTool inside execute works, and forwarding the signal cascades the cancellation',
    run: async ({ mc, register, find, until, drained }) => {
      const log: string[] = []
      mc.ontoolcancel = (e) =>
        log.push(`toolcancel:${(e as Event & { toolName: string }).toolName}`)
      let innerStarted = false
      await register('inner', {
        execute: (_input, { signal }) =>
          new Promise((_, reject) => {
            innerStarted = true
            signal.addEventListener('abort', () => reject(signal.reason))
          }),
      })
      await register('outer', {
        execute: async (_input, { signal }) => mc.executeTool(await find('inner'), {}, { signal }),
      })
      await register('plainOuter', {
        execute: async () => `inner said ${await mc.executeTool(await find('a'), {})}`,
      })
      await register('a', { execute: () => 'hi' })
      const plain = await mc.executeTool(await find('plainOuter'), {})
      const controller = new AbortController()
      const p = mc
        .executeTool(await find('outer'), {}, { signal: controller.signal })
        .catch((e) => `rejected:${e}`)
      // The outer tool started and called the inner one, which runs.
      await until(() => innerStarted)
      controller.abort('stop')
      const outcome = await p
      await until(() => log.length >= 2)
      await drained()
      return [plain, outcome, log.sort()]
    },
    expected: ['inner said hi', 'rejected:stop', ['toolcancel:inner', 'toolcancel:outer']],
  },
  {
    name: 'unregistering a running tool (even from inside execute) does not cancel it',
    run: async ({ mc, register, find, drained }) => {
      const controller = new AbortController()
      let signal: AbortSignal | undefined
      await register(
        'a',
        {
          execute: async (_input, options) => {
            signal = options.signal
            controller.abort()
            await new Promise((resolve) => setTimeout(resolve, 5))
            return 'finished'
          },
        },
        { signal: controller.signal },
      )
      const result = await mc.executeTool(await find('a'), {})
      await drained()
      return [result, signal!.aborted, (await mc.getTools()).length]
    },
    expected: ['finished', false, 0],
  },
  {
    name: 'the result is delivered in a later task than the one that settled the tool',
    run: async ({ mc, register, find }) => {
      const log: string[] = []
      await register('a', {
        execute: () => {
          setTimeout(() => log.push('timeout'))
          return 'r'
        },
      })
      await mc.executeTool(await find('a'), {})
      log.push('resolved')
      return log
    },
    expected: ['timeout', 'resolved'],
  },
  {
    name: 'what the page’s own code throws while the arguments are converted (a getter, an input’s toJSON, a nested one) rejects as that very object, after native’s reads',
    run: async ({ mc, register, find, trap }) => {
      await register('a')
      const listed = await find('a')
      // ATS, again.
      const at = [
        ...['annotations', 'description', 'inputSchema', 'name', 'origin', 'title', 'window'],
        ...['options.signal', 'toJSON', 'nested toJSON', 'toJSON TypeError', 'nested getter'],
      ]
      const out: unknown[] = []
      for (const where of at) {
        const { reads, thrown, fail, watched } = trap(where)
        const input = where.startsWith('nested')
          ? {
              a:
                where === 'nested getter'
                  ? {
                      get b() {
                        return fail()
                      },
                    }
                  : { toJSON: fail },
            }
          : where.startsWith('toJSON')
            ? { toJSON: fail }
            : { a: 1 }
        const options = watched('options.', { signal: new AbortController().signal })
        try {
          await mc.executeTool(watched('', { ...listed, title: 't' }), input, options)
          out.push([where, 'ran', reads])
        } catch (e) {
          out.push([where, e === thrown, reads])
        }
      }
      return out
    },
    // Each getter's throw stops the reads at its own; a toJSON runs after every member was read.
    expected: ATS.map((where) => [
      where,
      true,
      READS.slice(0, READS.indexOf(where) + 1 || READS.length),
    ]),
  },
])

// The polyfill hook's `executeTool` (webmcp/hook.ts), through which the bridge runs a page's tools:
// where native has no hook, the page's own `executeTool` runs the same case.
type Run = (tool: unknown, input?: unknown, options?: unknown) => Promise<unknown>
type HookHolder = Record<
  symbol,
  { executeTool?: (context: unknown, ...args: unknown[]) => Promise<unknown> } | undefined
>

differential('executeTool through the polyfill hook', [
  {
    name: 'the hook’s executeTool converts, checks and answers as native’s executeTool',
    run: async ({ mc, capture, register, find }) => {
      const hook = (Object.getPrototypeOf(mc).constructor as HookHolder)[
        Symbol.for('webmcp-kit/polyfill')
      ]
      const run: Run = (...args) =>
        hook?.executeTool ? hook.executeTool(mc, ...args) : mc.executeTool(...(args as [never]))
      await register('a', { execute: () => ({ x: 1 }) })
      await register('b', {
        execute: () => {
          throw new RangeError('no')
        },
      })
      const a = await find('a')
      const b = await find('b')
      const out = []
      out.push(await capture(() => run(undefined)))
      out.push(await capture(() => run({ ...a, window: {} })))
      out.push(await capture(() => run(a, 5)))
      out.push(await capture(() => run(a, {}, { signal: {} })))
      out.push(await capture(() => run(a, {}, { signal: AbortSignal.abort('stop') })))
      out.push(await capture(() => run({ ...a, origin: 'nope' }, {})))
      out.push(await capture(() => run({ ...a, name: 'missing' }, {})))
      out.push(await capture(() => run(a, { n: 1n })))
      out.push(await capture(() => run(a, {})))
      out.push(await capture(() => run(a)))
      out.push(await capture(() => run(b, {})))
      return out
    },
    expected: [
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['throw', 'stop'],
      ['err', 'NotSupportedError'],
      ['err', 'UnknownError'],
      ['err', 'TypeError'],
      ['ok', '{"x":1}'],
      ['ok', '{"x":1}'],
      ['err', 'UnknownError'],
    ],
    messages: { firefox: SERIALISER, webkit: SERIALISER },
  },
  {
    name: 'the hook’s executeTool answers as soon as the tool settles: before the tasks the tool queued, and before toolactivated',
    polyfillOnly: 'native has no polyfill hook; its answer to DevTools leaves as the tool settles',
    run: async ({ mc, register, find, next }) => {
      const hook = (Object.getPrototypeOf(mc).constructor as HookHolder)[
        Symbol.for('webmcp-kit/polyfill')
      ]!
      const log: string[] = []
      const queued: Array<Promise<unknown>> = []
      // A timer task and a message task, queued by the tool as it answers.
      const queue = () => {
        queued.push(new Promise((resolve) => setTimeout(() => resolve(log.push('timer')))))
        const channel = new MessageChannel()
        queued.push(
          new Promise((resolve) => {
            channel.port1.onmessage = () => resolve(log.push('message'))
          }),
        )
        channel.port2.postMessage(0)
      }
      mc.ontoolactivated = () => log.push('activated')
      await register('now', {
        execute: () => {
          log.push('now')
          queue()
          return 'now'
        },
      })
      await register('later', {
        execute: () =>
          new Promise((resolve) =>
            setTimeout(() => {
              log.push('later')
              queue()
              resolve('later')
            }),
          ),
      })
      const out = []
      for (const name of ['now', 'later']) {
        log.length = queued.length = 0
        const activated = next(mc, 'toolactivated')
        const answer = hook.executeTool!(mc, await find(name), {}).then((v) =>
          log.push(`answer:${v}`),
        )
        await Promise.all([activated, answer])
        await Promise.all(queued)
        out.push(log.slice(0, 3), log.slice(3).sort())
      }
      return out
    },
    expected: [
      ['now', 'answer:now', 'activated'],
      ['message', 'timer'],
      ['activated', 'later', 'answer:later'],
      ['message', 'timer'],
    ],
  },
  {
    name: 'the hook’s executeTool runs the polyfill’s own method when the page replaced it, and leaves the page’s next call to the page’s timing',
    polyfillOnly: 'native has no polyfill hook',
    run: async ({ mc, register, find }) => {
      const hook = (Object.getPrototypeOf(mc).constructor as HookHolder)[
        Symbol.for('webmcp-kit/polyfill')
      ]!
      const proto = Object.getPrototypeOf(mc) as { executeTool: Run }
      const own = proto.executeTool
      const log: string[] = []
      mc.ontoolactivated = () => log.push('activated')
      await register('a', { execute: () => 'a' })
      const tool = await find('a')
      proto.executeTool = function () {
        log.push('replaced')
        return Promise.resolve('forged')
      }
      let answer: unknown
      try {
        answer = await hook.executeTool!(mc, tool, {}).then((v) => log.push(`hook:${v}`) && v)
      } finally {
        proto.executeTool = own
      }
      // The hook's answer comes before its toolactivated; the page's own call answers a task after
      // the tool, so after its toolactivated.
      await mc.executeTool(tool, {}).then((v) => log.push(`answer:${v}`))
      return [answer, log]
    },
    expected: ['a', ['hook:a', 'activated', 'activated', 'answer:a']],
  },
])
