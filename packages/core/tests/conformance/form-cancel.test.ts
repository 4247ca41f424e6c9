import { page } from './declarative-helpers'
import { differential } from './harness'

// A form tool's pending execution (the agent's submit event prevented, its respondWith() response
// not settled yet) ended by something other than the agent's call: another submission of the form,
// or the form's removal. The rejections' names and messages are compared with native's.
const path = page(
  '<form id=f toolname=t tooldescription=d toolautosubmit><input name=a><button>Go</button></form>',
)

differential('declarative: a pending execution cancelled', [
  {
    name: 'prevented without respondWith(): UnknownError with native’s message',
    path,
    run: async ({ mc, capture }) => {
      const f = document.getElementById('f') as HTMLFormElement
      f.addEventListener('submit', (e) => e.preventDefault())
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      return capture(() => mc.executeTool(tool, { a: 'x' }))
    },
    expected: ['err', 'UnknownError'],
  },
  {
    name: 'its response pending, the page submits the form again: that submission counts as the agent’s too, and the first of the two responses to settle is the result',
    path,
    run: async ({ mc, capture, next }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const seen: string[] = []
      let responses: Array<(value: string) => void> = []
      f.addEventListener('submit', (e) => {
        seen.push(`submit:${e.agentInvoked}`)
        e.preventDefault()
        if (e.agentInvoked) e.respondWith(new Promise((resolve) => responses.push(resolve)))
      })
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      // The outcome shows the call waited: had the second submission ended it, it would not hold
      // either response.
      for (const settling of [0, 1]) {
        responses = []
        const activated = next(mc, 'toolactivated')
        const call = capture(() => mc.executeTool(tool, { a: 'x' }))
        await activated
        f.requestSubmit()
        responses[settling]!(`response ${settling}`)
        seen.push(String(await call))
        responses[1 - settling]!('too late')
      }
      return seen
    },
    expected: [
      'submit:true',
      'submit:true',
      'ok,response 0',
      'submit:true',
      'submit:true',
      'ok,response 1',
    ],
  },
  {
    name: 'its response pending, the form is removed: UnknownError with native’s message',
    path,
    run: async ({ mc, capture, next }) => {
      const f = document.getElementById('f') as HTMLFormElement
      f.addEventListener('submit', (e) => {
        e.preventDefault()
        e.respondWith(new Promise(() => {}))
      })
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      const activated = next(mc, 'toolactivated')
      const call = capture(() => mc.executeTool(tool, { a: 'x' }))
      await activated
      f.remove()
      return call
    },
    expected: ['err', 'UnknownError'],
  },
])
