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
    name: 'its response pending, the page submits the form again: that submission counts as the agent’s too, and the call still waits for the first response',
    path,
    run: async ({ mc, capture, next }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const seen: string[] = []
      f.addEventListener('submit', (e) => {
        seen.push(`submit:${e.agentInvoked}`)
        e.preventDefault()
        if (e.agentInvoked) e.respondWith(new Promise(() => {}))
      })
      const tool = (await mc.getTools()).find((t) => t.name === 't')!
      const activated = next(mc, 'toolactivated')
      const call = capture(() => mc.executeTool(tool, { a: 'x' }))
      await activated
      f.requestSubmit()
      const outcome = await Promise.race([
        call,
        new Promise((r) => setTimeout(() => r('pending'), 3000)),
      ])
      return [outcome, seen]
    },
    expected: ['pending', ['submit:true', 'submit:true']],
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
      return Promise.race([call, new Promise((r) => setTimeout(() => r('pending'), 3000))])
    },
    expected: ['err', 'UnknownError'],
  },
])
