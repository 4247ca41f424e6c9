import { differential } from './harness'
import type { Helpers } from './harness'

// WebIDL converts a method's arguments once, in order, before anything else happens: a page's
// getters run once even when the call has to wait (a registration in the task that installed the
// polyfill, before its frame link settled; a frame still waiting for its parent's answer).

/**
 * Page script: dictionaries whose every member is a getter that logs its read into `window.reads`,
 * then the three methods called at once (while the document may still be waiting) into
 * `window.calls`.
 */
function callAtOnce() {
  const reads: string[] = []
  const dict = (label: string, values: Record<string, unknown>) => {
    const out = {} as never
    for (const [key, value] of Object.entries(values)) {
      Object.defineProperty(out, key, {
        enumerable: true,
        get: () => (reads.push(`${label}.${key}`), value),
      })
    }
    return out
  }
  const mc = document.modelContext!
  const tool = dict('tool', {
    name: 'a',
    title: 'T',
    description: 'd',
    inputSchema: { type: 'object' },
    execute: () => 'ok',
    annotations: { readOnlyHint: true },
  })
  const registered = dict('registered', {
    name: 'a',
    title: 'T',
    description: 'd',
    inputSchema: { type: 'object' },
    window,
    origin: location.origin,
    annotations: { readOnlyHint: true },
  })
  const settle = (p: Promise<unknown>) =>
    p.then(
      (value) => ['ok', value],
      (error: Error) => ['err', error.name],
    )
  const w = window as unknown as { reads: string[]; calls: Promise<unknown[]> }
  w.reads = reads
  w.calls = Promise.all([
    settle(mc.registerTool(tool, dict('options', { exposedTo: [], signal: undefined }))),
    settle(
      mc.getTools(dict('getOptions', { fromOrigins: [] })).then((ts) => ts.map((t) => t.name)),
    ),
    settle(
      mc.executeTool(
        registered,
        dict('input', { q: 1 }),
        dict('execOptions', { signal: undefined }),
      ),
    ),
  ])
}

const READS = [
  'tool.annotations',
  'tool.description',
  'tool.execute',
  'tool.inputSchema',
  'tool.name',
  'tool.title',
  'options.exposedTo',
  'options.signal',
  'getOptions.fromOrigins',
  'registered.annotations',
  'registered.description',
  'registered.inputSchema',
  'registered.name',
  'registered.origin',
  'registered.title',
  'registered.window',
  'execOptions.signal',
  'input.q',
]

/**
 * Page script: `exposedTo` and `fromOrigins` as iterables whose `Symbol.iterator` is a getter; what
 * the page saw (each read of the getter, each step of the iterator) and how the call settled.
 */
async function iterableOnce({ mc, capture, origin }: Helpers) {
  const log: string[] = []
  const iterable = (label: string, items: unknown[]) => ({
    get [Symbol.iterator]() {
      log.push(`${label}: @@iterator`)
      return function* () {
        for (const item of items) {
          log.push(`${label}: next`)
          yield item
        }
      }
    },
  })
  const options = (exposedTo: unknown) => ({ exposedTo }) as never
  const name = 'iterable-once'
  const execute = () => 'ok'
  const registered = await capture(() =>
    mc.registerTool({ name, description: 'd', execute }, options(iterable('exposedTo', [origin]))),
  )
  const listed = await capture(async () =>
    (await mc.getTools({ fromOrigins: iterable('fromOrigins', [origin]) } as never)).map(
      (tool) => tool.name,
    ),
  )
  // A conversion that throws on an element leaves the iterator as it is (no return()); a Symbol
  // does not convert to a string.
  const throwing = (value: unknown) => ({
    [Symbol.iterator]: () => {
      let done = false
      return {
        next: () => {
          log.push('throwing: next')
          const step = { done, value }
          done = true
          return step
        },
        return: () => (log.push('throwing: return'), { done: true }),
      }
    },
  })
  const rejected = (value: unknown) =>
    capture(() =>
      mc.registerTool({ name: 'other', description: 'd', execute }, options(throwing(value))),
    )
  const thrown = await rejected({
    toString() {
      throw new RangeError('no string')
    },
  })
  const symbol = await rejected(Symbol('x'))
  // Nor does a Symbol where a string member is converted (WebIDL's ToString throws on it).
  const s = Symbol('s')
  const strings = await Promise.all([
    capture(() => mc.registerTool({ name: s, description: 'd', execute } as never)),
    capture(() => mc.registerTool({ name: 'b', description: s, execute } as never)),
    capture(() => mc.registerTool({ name: 'c', title: s, description: 'd', execute } as never)),
    capture(() => mc.executeTool({ name: 'a', description: 'd', origin: s, window } as never, {})),
  ])
  return [registered, listed, thrown, symbol, strings, log]
}

const script = (body: string) => `<script>${body}</script>`
const OUTCOMES = [
  ['ok', undefined],
  ['ok', ['a']],
  ['ok', 'ok'],
]

/** Why Firefox and WebKit word some rejections otherwise (docs/conformance.md, Engines). */
const SERIALISER =
  "the serialiser's own TypeError (a cycle, a BigInt): after native's prefix, the engine's own text"

differential('WebIDL: arguments are converted once, before any wait', [
  {
    name: 'in the task that installs the polyfill: every getter runs once, in order',
    // The core's exports without the classic script: install and call in one script (one task).
    path: `/?nopolyfill&body=${encodeURIComponent(
      '<script src="/webmcp-kit.js"></script>' +
        script(`WebMCPKit.installModelContext();(${callAtOnce.toString()})()`),
    )}`,
    run: async () => {
      const w = window as unknown as { reads: string[]; calls: Promise<unknown[]> }
      return [await w.calls, w.reads]
    },
    expected: [OUTCOMES, READS],
  },
  {
    name: 'in a frame still waiting for its parent: every getter runs once, in order',
    // The page keeps the frame's script as text.
    path: `/?body=${encodeURIComponent(script(`window.callAtOnce=${JSON.stringify(callAtOnce.toString())}`))}`,
    run: async ({ frame }) => {
      // The frame calls from its first script, before its parent can have answered it.
      const body = `<script>(${(window as unknown as { callAtOnce: string }).callAtOnce})()</script>`
      const iframe = await frame(`/?body=${encodeURIComponent(body)}`, { allow: 'tools' })
      const w = iframe.contentWindow as unknown as { reads: string[]; calls: Promise<unknown[]> }
      return [await w.calls, w.reads]
    },
    expected: [OUTCOMES, READS],
  },
  {
    name: 'a sequence reads @@iterator once and converts each item as it comes; a Symbol is no string',
    run: iterableOnce,
    expected: [
      ['ok', undefined],
      ['ok', ['iterable-once']],
      ['err', 'RangeError'],
      ['err', 'TypeError'],
      [
        ['err', 'TypeError'],
        ['err', 'TypeError'],
        ['err', 'TypeError'],
        ['err', 'TypeError'],
      ],
      [
        'exposedTo: @@iterator',
        'exposedTo: next',
        'fromOrigins: @@iterator',
        'fromOrigins: next',
        'throwing: next',
        'throwing: next',
      ],
    ],
  },
  {
    // V8's fast JSON.stringify crashed the polyfill's renderer here (the fuzz suite's seed 867977924).
    name: 'a cycle beside a long array rejects as native does, in a schema, an input and a result',
    messages: { firefox: SERIALISER, webkit: SERIALISER },
    run: async ({ mc, capture }) => {
      const cyclic = () => {
        const value: unknown[] = [Array(100_000).fill(false)]
        value.push(value)
        return value
      }
      const nest = (levels: number) => {
        let value = {}
        for (let i = 0; i < levels; i++) value = { a: value }
        return value
      }
      let result: unknown
      await mc.registerTool({ name: 'echo', description: 'd', execute: () => result })
      const echo = (await mc.getTools()).find((t) => t.name === 'echo')!
      const run = (value: unknown) => ((result = value), capture(() => mc.executeTool(echo, {})))
      return [
        await capture(() =>
          mc.registerTool({ name: 'a', description: 'd', execute() {}, inputSchema: cyclic() }),
        ),
        await capture(() => mc.executeTool(echo, cyclic())),
        await run(cyclic()),
        await run({ list: cyclic() }),
        (await run(nest(3000)))[0],
        await run(nest(6000)),
      ]
    },
    expected: [
      ['err', 'TypeError'],
      ['err', 'TypeError'],
      ['err', 'UnknownError'],
      ['err', 'UnknownError'],
      'ok',
      ['err', 'UnknownError'],
    ],
  },
])
