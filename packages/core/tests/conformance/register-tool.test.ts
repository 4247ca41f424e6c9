import { differential } from './harness'

/** Where the watched arguments throw: the `at` of a case below (its body runs in the page). */
const ATS = [
  ...['annotations', 'annotations.consequentialHint', 'annotations.untrustedContentHint'],
  ...['description', 'execute', 'inputSchema', 'name', 'title', 'options.exposedTo'],
  ...['options.signal', 'toJSON', 'nested toJSON', 'toJSON TypeError', 'nested getter'],
]
/** Native's reads of the watched arguments, in order. */
const READS = [
  'annotations',
  'annotations.consequentialHint',
  'annotations.debugging',
  'annotations.readOnlyHint',
  'annotations.untrustedContentHint',
  'description',
  'execute',
  'inputSchema',
  'name',
  'title',
  'options.exposedTo',
  'options.signal',
]

/** Why Firefox and WebKit word some rejections otherwise (docs/conformance.md, Engines). */
/** An `AbortSignal.abort()`'s default reason is the engine's own `AbortError`, in its words. */
const ABORTED = "an aborted signal's default reason is the engine's own AbortError"
const SERIALISER =
  "the serialiser's own TypeError (a cycle, a BigInt): after native's prefix, the engine's own text"

/** The names the name case tries (its body, which runs in the page, lists them again). */
const NAMES = [
  ...['a', 'A', '0', 'valid-name.with_extras-123', 'a b'],
  ...'@#$%^&*()+=[]{}|\\:;"\'<>?/`~,',
  ...['\u200b', 'имя', 'a\uff0db', 'é', '\n'],
]

differential('registerTool', [
  {
    name: 'returns a promise and reports every failure as a rejection, never a throw',
    run: ({ mc }) => {
      try {
        const p = mc.registerTool(undefined as never)
        p.catch(() => {})
        return p instanceof Promise
      } catch {
        return 'threw'
      }
    },
    expected: true,
  },
  {
    name: 'a missing or non-object tool rejects TypeError',
    run: async ({ mc, capture }) => [
      await capture(() => mc.registerTool(undefined as never)),
      await capture(() => mc.registerTool(null as never)),
      await capture(() => mc.registerTool(5 as never)),
    ],
    expected: [
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
    ],
  },
  {
    name: 'a missing name, description or execute rejects TypeError',
    run: async ({ mc, capture }) => [
      await capture(() => mc.registerTool({ description: 'd', execute() {} } as never)),
      await capture(() => mc.registerTool({ name: 'a', execute() {} } as never)),
      await capture(() => mc.registerTool({ name: 'a', description: 'd' } as never)),
      await capture(() => mc.registerTool({ name: 'a', description: 'd', execute: 5 } as never)),
    ],
    expected: [
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
    ],
  },
  {
    name: 'dictionary members are read in lexicographic order, each once',
    run: async ({ mc }) => {
      const reads: string[] = []
      const values: Record<string, unknown> = {
        annotations: {},
        description: 'd',
        execute() {},
        inputSchema: {},
        name: 'ordered',
        title: 't',
      }
      const proxy = new Proxy(values, {
        get(target, key) {
          if (typeof key === 'string') reads.push(key)
          return target[key as string]
        },
      })
      await mc.registerTool(proxy as never)
      return reads
    },
    expected: ['annotations', 'description', 'execute', 'inputSchema', 'name', 'title'],
  },
  {
    name: 'annotation members are read in lexicographic order and coerced to booleans',
    run: async ({ mc, find }) => {
      const reads: string[] = []
      const annotations = new Proxy(
        { readOnlyHint: 'yes', debugging: 0, consequentialHint: {} } as Record<string, unknown>,
        {
          get(target, key) {
            if (typeof key === 'string') reads.push(key)
            return target[key as string]
          },
        },
      )
      await mc.registerTool({ name: 'a', description: 'd', execute() {}, annotations } as never)
      return [reads, (await find('a')).annotations]
    },
    expected: [
      ['consequentialHint', 'debugging', 'readOnlyHint', 'untrustedContentHint'],
      {
        consequentialHint: true,
        debugging: false,
        readOnlyHint: true,
        untrustedContentHint: false,
      },
    ],
  },
  {
    name: 'name and description are converted to strings',
    run: async ({ mc, find }) => {
      await mc.registerTool({
        name: 123,
        description: { toString: () => 'described' },
        execute() {},
      } as never)
      const t = await find('123')
      return [t.name, t.description]
    },
    expected: ['123', 'described'],
  },
  {
    name: 'a duplicate name rejects InvalidStateError, checked before the description',
    run: async ({ mc, register }) => {
      await register('a')
      try {
        await mc.registerTool({ name: 'a', description: '', execute() {} })
      } catch (e) {
        return [(e as DOMException).name, (e as DOMException).message]
      }
      return 'resolved'
    },
    expected: ['InvalidStateError', 'Duplicate tool name'],
  },
  {
    name: 'the empty name rejects InvalidStateError',
    run: ({ capture, register }) => capture(() => register('')),
    expected: ['err', 'InvalidStateError'],
  },
  {
    name: 'a 128-character name is accepted, 129 rejects InvalidStateError',
    run: async ({ capture, register }) => [
      await capture(() => register('a'.repeat(128))),
      await capture(() => register('b'.repeat(129))),
    ],
    expected: [
      ['ok', undefined],
      ['err', 'InvalidStateError'],
    ],
  },
  {
    name: 'names allow only ASCII letters, digits, _ - and .',
    run: async ({ capture, register }) => {
      const out: Record<string, string> = {}
      // NAMES, again: the first four are valid.
      const names = [
        ...['a', 'A', '0', 'valid-name.with_extras-123', 'a b'],
        ...'@#$%^&*()+=[]{}|\\:;"\'<>?/`~,',
        ...['\u200b', 'имя', 'a\uff0db', 'é', '\n'],
      ]
      for (const name of names)
        out[name] = (await capture(() => register(name)))[1] === undefined ? 'ok' : 'rejected'
      return out
    },
    expected: Object.fromEntries(NAMES.map((name, i) => [name, i < 4 ? 'ok' : 'rejected'])),
  },
  {
    name: 'an invalid name is reported before an empty description',
    run: async ({ mc }) => {
      try {
        await mc.registerTool({ name: 'a b', description: '', execute() {} })
      } catch (e) {
        return [(e as DOMException).name, (e as DOMException).message]
      }
      return 'resolved'
    },
    expected: ['InvalidStateError', 'Invalid tool name'],
  },
  {
    name: 'an empty description rejects InvalidStateError',
    run: async ({ mc }) => {
      try {
        await mc.registerTool({ name: 'a', description: '', execute() {} })
      } catch (e) {
        return [(e as DOMException).name, (e as DOMException).message]
      }
      return 'resolved'
    },
    expected: ['InvalidStateError', 'Description is required'],
  },
  {
    name: 'an inputSchema that is not an object (null, string, BigInt) rejects TypeError',
    run: async ({ capture, register }) => [
      await capture(() => register('a', { inputSchema: null as never })),
      await capture(() => register('b', { inputSchema: 'x' as never })),
      await capture(() => register('c', { inputSchema: BigInt(42) as never })),
    ],
    expected: [
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
    ],
  },
  {
    name: 'an inputSchema that does not serialise (toJSON → undefined, cycle, BigInt, function) rejects TypeError',
    messages: { firefox: SERIALISER, webkit: SERIALISER },
    run: async ({ capture, register }) => {
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      return [
        await capture(() => register('a', { inputSchema: { toJSON() {} } })),
        await capture(() => register('b', { inputSchema: cyclic })),
        await capture(() => register('c', { inputSchema: { n: BigInt(1) } })),
        await capture(() => register('d', { inputSchema: function () {} })),
      ]
    },
    expected: [
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
    ],
  },
  {
    name: 'an unserialisable inputSchema wins over an aborted signal',
    messages: { firefox: SERIALISER, webkit: SERIALISER },
    run: ({ capture, register }) => {
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      return capture(() =>
        register('a', { inputSchema: cyclic }, { signal: AbortSignal.abort('reason') }),
      )
    },
    expected: ['err', 'TypeError'],
  },
  {
    name: 'a schema serialising to a non-object registers, but getTools leaves the tool out; arrays are listed',
    run: async ({ mc, capture, register }) => [
      await capture(() => register('u', { inputSchema: { toJSON: () => 'undefined' } })),
      await capture(() => register('n', { inputSchema: { toJSON: () => null } })),
      await capture(() => register('five', { inputSchema: { toJSON: () => 5 } })),
      await capture(() => register('arr', { inputSchema: [1, 2] })),
      (await mc.getTools()).map((t) => [t.name, t.inputSchema]),
    ],
    expected: [
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      [['arr', [1, 2]]],
    ],
  },
  {
    name: 'any JSON object is accepted as inputSchema (no schema validation)',
    run: async ({ register, find }) => {
      const schema = {
        $ref: '#/$defs/x',
        format: 'weird',
        additionalProperties: true,
        type: 'nonsense',
      }
      await register('a', { inputSchema: schema })
      return (await find('a')).inputSchema
    },
    expected: { $ref: '#/$defs/x', format: 'weird', additionalProperties: true, type: 'nonsense' },
  },
  {
    name: 'an already-aborted signal rejects with exactly its reason, before exposedTo is checked',
    messages: { firefox: ABORTED, webkit: ABORTED },
    run: async ({ capture, register }) => {
      const reason = { custom: true }
      let got
      try {
        await register('a', {}, { signal: AbortSignal.abort(reason), exposedTo: ['*'] })
      } catch (e) {
        got = e
      }
      return [
        got === reason,
        await capture(() => register('b', {}, { signal: AbortSignal.abort() })),
      ]
    },
    expected: [true, ['err', 'AbortError']],
  },
  {
    name: 'an aborted registration leaves no tool and fires no toolchange',
    run: async ({ mc, register, drained }) => {
      let changes = 0
      mc.addEventListener('toolchange', () => changes++)
      await register('a', {}, { signal: AbortSignal.abort() }).catch(() => {})
      await drained()
      return [changes, (await mc.getTools()).length]
    },
    expected: [0, 0],
  },
  {
    name: 'insecure or unparsable exposedTo origins reject SecurityError',
    run: async ({ capture, register }) => {
      const out = []
      let i = 0
      for (const origin of [
        '/',
        '*',
        'https://example:bogus',
        'https://\ud800.com',
        'http://example.com',
        'ftp://example.com',
        'about:blank',
        'about:srcdoc',
        'data:text/plain,x',
        'javascript:1',
        'https://a.com:99999',
        'http://127.0.0.1.example.com',
      ]) {
        out.push(
          (
            await capture(() =>
              register(`t${i++}`, {}, { exposedTo: ['https://ok.example', origin] }),
            )
          )[1],
        )
      }
      return out
    },
    expected: Array(12).fill('SecurityError'),
  },
  {
    name: 'secure exposedTo origins are accepted (https, wss, loopback http, file, blob)',
    run: async ({ capture, register }) => {
      const out = []
      let i = 0
      for (const origin of [
        'https://example.com',
        'HTTPS://EXAMPLE.COM:443/path?q#f',
        'wss://example.com',
        'http://localhost:3000',
        'http://localhost.',
        'http://127.0.0.1',
        'http://127.1',
        'http://0x7f.0.0.1',
        'http://a.localhost',
        'http://[::1]:8080',
        'ws://localhost',
        'file:///tmp',
        'blob:https://example.com/uuid',
      ]) {
        out.push((await capture(() => register(`t${i++}`, {}, { exposedTo: [origin] })))[0])
      }
      return out
    },
    expected: Array(13).fill('ok'),
  },
  {
    name: 'exposedTo that is not a sequence and signal that is not an AbortSignal reject TypeError',
    run: async ({ capture, register }) => [
      await capture(() => register('a', {}, { exposedTo: 'https://example.com' })),
      await capture(() => register('b', {}, { signal: {} })),
      await capture(() => register('c', {}, 5 as never)),
      await capture(() => register('d', {}, null as never)),
    ],
    expected: [
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['ok', undefined],
    ],
  },
  {
    name: 'the registration promise resolves with undefined after toolchange has fired',
    run: async ({ mc, register }) => {
      const log: string[] = []
      mc.addEventListener('toolchange', () => log.push('toolchange'))
      const p = register('a').then((v) => log.push(`resolved:${v}`))
      log.push('sync')
      await p
      return log
    },
    expected: ['sync', 'toolchange', 'resolved:undefined'],
  },
  {
    name: 'toolchange is a plain, non-bubbling, non-cancelable Event at the ModelContext',
    run: async ({ mc, register }) => {
      let seen: unknown[] = []
      mc.addEventListener('toolchange', (e) => {
        seen = [
          e.constructor.name,
          e.bubbles,
          e.cancelable,
          e.composed,
          e.target === mc,
          e.eventPhase,
        ]
      })
      await register('a')
      return seen
    },
    expected: ['Event', false, false, false, true, 2],
  },
  {
    name: 'the schema is stored as a JSON snapshot at registration',
    run: async ({ register, find }) => {
      const schema: Record<string, unknown> = {
        type: 'object',
        properties: { a: { type: 'string' } },
      }
      await register('a', { inputSchema: schema })
      schema.type = 'changed'
      return (await find('a')).inputSchema
    },
    expected: { type: 'object', properties: { a: { type: 'string' } } },
  },
  {
    name: 'aborting before the promise settles rejects with the reason, unregisters, and fires two toolchanges',
    run: async ({ mc, register, until, drained }) => {
      const log: string[] = []
      mc.addEventListener('toolchange', () => log.push('toolchange'))
      const controller = new AbortController()
      const p = register('a', {}, { signal: controller.signal })
      controller.abort('stop')
      await p.catch((e) => log.push(`rejected:${e}`))
      await until(() => log.length >= 3)
      await drained()
      return [log, (await mc.getTools()).length]
    },
    expected: [['rejected:stop', 'toolchange', 'toolchange'], 0],
  },
  {
    name: 'aborting after registration unregisters and fires toolchange',
    run: async ({ mc, register, until, drained }) => {
      const controller = new AbortController()
      await register('a', {}, { signal: controller.signal })
      let changes = 0
      mc.addEventListener('toolchange', () => changes++)
      controller.abort()
      const immediately = (await mc.getTools()).length
      await until(() => changes >= 1)
      await drained()
      return [immediately, changes]
    },
    expected: [0, 1],
  },
  {
    name: 'the same name can be registered again in the same tick as the abort',
    run: async ({ capture, register }) => {
      const controller = new AbortController()
      await register('a', {}, { signal: controller.signal })
      controller.abort()
      return capture(() => register('a'))
    },
    expected: ['ok', undefined],
  },
  {
    name: "aborting an old registration's signal does not remove a newer one of the same name",
    run: async ({ mc, register, drained }) => {
      const first = new AbortController()
      await register('a', {}, { signal: first.signal })
      first.abort()
      const second = new AbortController()
      await register('a', { description: 'second' }, { signal: second.signal })
      first.abort()
      await drained()
      return (await mc.getTools()).map((t) => t.description)
    },
    expected: ['second'],
  },
  {
    name: 'one failed registration does not affect others',
    run: async ({ mc, capture, register }) => {
      await register('a')
      await capture(() => register('a'))
      await capture(() => register('b b'))
      return (await mc.getTools()).map((t) => t.name)
    },
    expected: ['a'],
  },
  {
    name: 'title is a USVString: absent gives "", lone surrogates become U+FFFD',
    run: async ({ register, find }) => {
      await register('a')
      await register('b', { title: 'x\ud800y' })
      await register('c', { title: 5 as never })
      return [(await find('a')).title, (await find('b')).title, (await find('c')).title]
    },
    expected: ['', 'x\ufffdy', '5'],
  },
  {
    name: 'without inputSchema the listed tool has no inputSchema key',
    run: async ({ register, find }) => {
      await register('a')
      const t = await find('a')
      return ['inputSchema' in t, t.inputSchema]
    },
    expected: [false, undefined],
  },
  {
    name: 'empty annotations list all four hints as false; no annotations leaves the key out',
    run: async ({ register, find }) => {
      await register('a', { annotations: {} })
      await register('b')
      return [(await find('a')).annotations, 'annotations' in (await find('b'))]
    },
    expected: [
      {
        consequentialHint: false,
        debugging: false,
        readOnlyHint: false,
        untrustedContentHint: false,
      },
      false,
    ],
  },
  {
    name: 'what the page’s own code throws while the arguments are converted (a getter, a toJSON, a nested toJSON) rejects as that very object, after native’s reads',
    run: async ({ mc, trap }) => {
      // ATS, again.
      const at = [
        ...['annotations', 'annotations.consequentialHint', 'annotations.untrustedContentHint'],
        ...['description', 'execute', 'inputSchema', 'name', 'title', 'options.exposedTo'],
        ...['options.signal', 'toJSON', 'nested toJSON', 'toJSON TypeError', 'nested getter'],
      ]
      const out: unknown[] = []
      for (const where of at) {
        const { reads, thrown, fail, watched } = trap(where)
        const schema = where.startsWith('nested')
          ? {
              properties:
                where === 'nested getter'
                  ? {
                      get a() {
                        return fail()
                      },
                    }
                  : { a: { toJSON: fail } },
            }
          : where.startsWith('toJSON')
            ? { toJSON: fail }
            : { type: 'object' }
        const tool = watched('', {
          annotations: watched('annotations.', {
            consequentialHint: true,
            untrustedContentHint: false,
          }),
          description: 'd',
          execute: () => 'ok',
          inputSchema: schema,
          name: `t${out.length}`,
          title: 't',
        })
        const options = watched('options.', { exposedTo: [], signal: new AbortController().signal })
        try {
          await mc.registerTool(tool, options)
          out.push([where, 'registered', reads])
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
