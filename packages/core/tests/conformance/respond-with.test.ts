import { page } from './declarative-helpers'
import { differential } from './harness'

// respondWith() at its edges, on a form tool an agent runs (`toolautosubmit`: the agent's submit
// event comes at once, and the listener prevents it): called twice, late, with a thenable, with a
// promise that rejects, with a value that is no promise. Each step's `respond(e)` runs in the submit
// listener; what the call gives back (`capture`) is the outcome, and every rejection, the call's own
// and those `respondWith()` throws, is compared by name and message with native Chromium's.
const path = page('<form id=f toolname=t tooldescription=d toolautosubmit><input name=a></form>')

differential('declarative: respondWith() at its edges', [
  {
    name: 'called twice: the last call wins, whether the first is pending, settled or rejected',
    path,
    run: async ({ mc, capture }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      let respond = (e: SubmitEvent): unknown => e
      f.addEventListener('submit', (e) => {
        e.preventDefault()
        respond(e)
      })
      const rejected = () => {
        const p = Promise.reject(new Error('no'))
        p.catch(() => {})
        return p
      }
      let later: Promise<unknown> | undefined
      const steps: Array<(e: SubmitEvent) => unknown> = [
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
      ]
      const out = []
      for (respond of steps) {
        later = undefined
        out.push(await capture(() => mc.executeTool(tool, {})))
        if (later) out.push(await later)
      }
      return out
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
      const f = document.getElementById('f') as HTMLFormElement
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      let respond = (e: SubmitEvent): unknown => e
      // The last step prevents the event itself.
      let prevent = true
      f.addEventListener('submit', (e) => {
        if (prevent) e.preventDefault()
        respond(e)
      })
      const tries: Array<Promise<[string, unknown]>> = []
      let first = (_: unknown) => {}
      let seen: SubmitEvent | undefined
      const steps: Array<(e: SubmitEvent) => unknown> = [
        // A second call at toolactivated, then in a later task; the first response settles after.
        (e) => {
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
        (e) =>
          mc.addEventListener(
            'toolactivated',
            () => tries.push(capture(() => e.respondWith('at toolactivated'))),
            { once: true },
          ),
        // The first call twenty microtasks after the listener: still in the dispatch.
        (e) =>
          void (async () => {
            for (let i = 0; i < 20; i++) await null
            tries.push(capture(() => e.respondWith('deep')))
          })(),
        // No response: the event is kept for a call after the outcome.
        (e) => {
          seen = e
        },
        // Before preventDefault(), then after it.
        (e) => {
          tries.push(capture(() => e.respondWith('early')))
          e.preventDefault()
          e.respondWith('prevented')
        },
      ]
      const out = []
      for (respond of steps) {
        prevent = respond !== steps.at(-1)
        out.push(await capture(() => mc.executeTool(tool, {})), await Promise.all(tries.splice(0)))
      }
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
    run: async ({ mc, capture }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      let response: unknown
      f.addEventListener('submit', (e) => {
        e.preventDefault()
        e.respondWith(response)
      })
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
      const out = []
      for (response of responses) out.push(await capture(() => mc.executeTool(tool, {})))
      return out
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
    run: async ({ mc, capture }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      let response: () => unknown = () => null
      f.addEventListener('submit', (e) => {
        e.preventDefault()
        e.respondWith(response())
      })
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
      const out = []
      for (response of responses) out.push(await capture(() => mc.executeTool(tool, {})))
      return out
    },
    expected: Array(8).fill(['err', 'UnknownError']),
  },
  {
    name: 'a value that is no promise is the response: String() of a primitive, the JSON of an object or a function',
    path,
    run: async ({ mc, capture }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      let response: unknown
      f.addEventListener('submit', (e) => {
        e.preventDefault()
        e.respondWith(response)
      })
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
      const out = []
      for (response of responses) out.push(await capture(() => mc.executeTool(tool, {})))
      return out
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
    run: async ({ mc, capture }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      f.addEventListener('submit', (e) => {
        e.preventDefault()
        e.respondWith(Symbol('s'))
      })
      return capture(() => mc.executeTool(tool, {}))
    },
    expected: ['ok', 'Symbol(s)'],
  },
])
