import { page } from './declarative-helpers'
import type { Helpers } from './harness'
import { differential } from './harness'

// respondWith() at its edges, on a form tool an agent runs (`toolautosubmit`: the agent's submit
// event comes at once): called twice, late, with a thenable, with a promise that rejects, with a
// value that is no promise. What each call gives back (`capture`) is the outcome, and every
// rejection, the call's own and those `respondWith()` throws, is compared by name and message with
// native Chromium's.

declare global {
  /**
   * Runs the tool `t` once per step; each step gets the agent's submit event, prevented unless the
   * step is `unprevented`. After each call, `after()` (when given) adds its outcome too.
   */
  var respondSteps: (
    capture: Helpers['capture'],
    steps: Array<(e: SubmitEvent) => unknown>,
    after?: () => unknown,
    unprevented?: (e: SubmitEvent) => unknown,
  ) => Promise<unknown[]>
}

function install() {
  window.respondSteps = async (capture, list, after, unprevented) => {
    const mc = document.modelContext!
    const tool = (await mc.getTools()).find((t) => t.name === 't')!
    let step = list[0]!
    document.getElementById('f')!.addEventListener('submit', (e) => {
      if (step !== unprevented) e.preventDefault()
      step(e)
    })
    const out = []
    for (step of list) {
      out.push(await capture(() => mc.executeTool(tool, {})))
      if (after) out.push(await after())
    }
    return out
  }
}

const path = page(
  `<script>(${install.toString()})()</script>` +
    '<form id=f toolname=t tooldescription=d toolautosubmit><input name=a></form>',
)

differential('declarative: respondWith() at its edges', [
  {
    name: 'called twice: the last call wins, whether the first is pending, settled or rejected',
    path,
    run: ({ capture }) => {
      const rejected = () => {
        const p = Promise.reject(new Error('no'))
        p.catch(() => {})
        return p
      }
      let later: Promise<unknown> | undefined
      return respondSteps(capture, [
        (e) => (e.respondWith(new Promise(() => {})), e.respondWith('two')),
        (e) => (e.respondWith(rejected()), e.respondWith('two')),
        (e) => (e.respondWith('one'), e.respondWith(rejected())),
        // The first response has settled by the second call, made microtasks later in the dispatch.
        (e) => {
          e.respondWith(Promise.resolve('one'))
          later = (async () => {
            for (let i = 0; i < 5; i++) await null
            return capture(() => e.respondWith('two'))
          })()
        },
      ]).then(async (out) => [...out, await later])
    },
    expected: [
      ['ok', 'two'],
      ['ok', 'two'],
      ['err', 'UnknownError'],
      ['ok', 'two'],
      ['ok', undefined],
    ],
  },
  {
    name: 'called late: InvalidStateError from toolactivated on, the call keeps the response it had',
    path,
    run: async ({ mc, capture }) => {
      const tries: Array<Promise<[string, unknown]>> = []
      let first = (_: unknown) => {}
      let seen: SubmitEvent | undefined
      // Before preventDefault(), then after it (this step prevents the event itself).
      const early = (e: SubmitEvent) => {
        tries.push(capture(() => e.respondWith('early')))
        e.preventDefault()
        e.respondWith('prevented')
      }
      const list = [
        // A second call at toolactivated, then in a later task; the first response settles after.
        (e: SubmitEvent) => {
          e.respondWith(new Promise((resolve) => (first = resolve)))
          mc.addEventListener(
            'toolactivated',
            () => {
              tries.push(capture(() => e.respondWith('at toolactivated')))
              setTimeout(() => {
                tries.push(capture(() => e.respondWith('a task later')))
                first('first')
              })
            },
            { once: true },
          )
        },
        // The first call at toolactivated: prevented without respondWith().
        (e: SubmitEvent) =>
          mc.addEventListener(
            'toolactivated',
            () => tries.push(capture(() => e.respondWith('at toolactivated'))),
            { once: true },
          ),
        // The first call twenty microtasks after the listener: still in the dispatch.
        (e: SubmitEvent) =>
          void (async () => {
            for (let i = 0; i < 20; i++) await null
            tries.push(capture(() => e.respondWith('deep')))
          })(),
        // No response: the event is kept for a call after the outcome.
        (e: SubmitEvent) => {
          seen = e
        },
        early,
      ]
      const out = await respondSteps(capture, list, () => Promise.all(tries.splice(0)), early)
      // After the call settled, on the event of the step that gave no response.
      out.push(await capture(() => seen!.respondWith('after')))
      // A submission no agent started, of a form that is no tool.
      const g = document.createElement('form')
      g.addEventListener('submit', (e) => {
        tries.push(capture(() => e.respondWith('x')))
        e.preventDefault()
      })
      document.body.append(g)
      g.requestSubmit()
      // A submit event script makes: no agent's.
      const synthetic = new SubmitEvent('submit', { cancelable: true })
      synthetic.preventDefault()
      tries.push(capture(() => synthetic.respondWith('x')))
      out.push(await Promise.all(tries))
      return out
    },
    expected: [
      ['ok', 'first'],
      [
        ['err', 'InvalidStateError'],
        ['err', 'InvalidStateError'],
      ],
      ['err', 'UnknownError'],
      [['err', 'InvalidStateError']],
      ['ok', 'deep'],
      [['ok', undefined]],
      ['err', 'UnknownError'],
      [],
      ['ok', 'prevented'],
      [['err', 'InvalidStateError']],
      ['err', 'InvalidStateError'],
      [
        ['err', 'InvalidStateError'],
        ['err', 'InvalidStateError'],
      ],
    ],
  },
  {
    name: 'a thenable is taken as a promise: its then() runs, its fulfilment is the result, its failure rejects',
    path,
    run: ({ capture }) => {
      type Callback = (value: unknown) => void
      const responses = [
        { then: (resolve: Callback) => resolve('T') },
        { then: (resolve: Callback) => setTimeout(() => resolve({ later: true })) },
        { then: (resolve: Callback) => resolve({ then: (again: Callback) => again('nested') }) },
        { then: (_: Callback, reject: Callback) => reject(new Error('x')) },
        {
          then() {
            throw new Error('x')
          },
        },
        {
          get then() {
            throw new Error('x')
          },
        },
        { then: 5 },
      ]
      return respondSteps(
        capture,
        responses.map((response) => (e: SubmitEvent) => e.respondWith(response)),
      )
    },
    expected: [
      ['ok', 'T'],
      ['ok', '{"later":true}'],
      ['ok', 'nested'],
      ['err', 'UnknownError'],
      ['err', 'UnknownError'],
      ['err', 'UnknownError'],
      ['ok', '{"then":5}'],
    ],
  },
  {
    name: 'a promise that rejects, with any reason, or fulfils with what JSON cannot hold: UnknownError with native’s message',
    path,
    run: ({ capture }) => {
      const rejected = (reason: unknown) => () => {
        const p = Promise.reject(reason)
        p.catch(() => {})
        return p
      }
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      const responses = [
        rejected(new Error('no')),
        rejected('no'),
        rejected(undefined),
        rejected(new DOMException('gone', 'AbortError')),
        () => Promise.resolve(cyclic),
        () => ({ big: 10n }),
        () => ({
          toJSON() {
            throw new Error('j')
          },
        }),
        () => ({
          get field() {
            throw new Error('g')
          },
        }),
      ]
      return respondSteps(
        capture,
        responses.map((response) => (e: SubmitEvent) => e.respondWith(response())),
      )
    },
    expected: Array(8).fill(['err', 'UnknownError']),
  },
  {
    name: 'a value that is no promise is the response: String() of a primitive, the JSON of an object or a function',
    path,
    run: ({ capture }) => {
      const responses = [
        7,
        undefined,
        null,
        true,
        '',
        'x',
        10n,
        function named() {
          return 1
        },
        new Date(0),
        document.body,
        [1, undefined, () => 1],
        { a: undefined, b: () => 1, c: 'c' },
      ]
      return respondSteps(
        capture,
        responses.map((response) => (e: SubmitEvent) => e.respondWith(response)),
      )
    },
    expected: [
      ['ok', '7'],
      ['ok', 'undefined'],
      ['ok', 'null'],
      ['ok', 'true'],
      ['ok', ''],
      ['ok', 'x'],
      ['ok', '10'],
      ['ok', 'undefined'],
      ['ok', '"1970-01-01T00:00:00.000Z"'],
      ['ok', '{}'],
      ['ok', '[1,null,null]'],
      ['ok', '{"c":"c"}'],
    ],
  },
  {
    name: 'a symbol is the response: its String()',
    polyfillOnly: 'native Chromium’s renderer crashes when respondWith() gets a symbol',
    path,
    run: ({ capture }) => respondSteps(capture, [(e) => e.respondWith(Symbol('s'))]),
    expected: [['ok', 'Symbol(s)']],
  },
])
