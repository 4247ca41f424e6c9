import { page } from './declarative-helpers'
import { differential } from './harness'

// A pending executeTool() on a form tool whose form is removed, or loses its toolname, while the
// agent's call is in flight: native Chromium 156's outcome in each ordering (before the fill, while
// the form waits for its submission, during the agent's submit event, after respondWith()).

/** Runs in the page: the outcome of every ordering, with `kill` removing the form or its toolname. */
async function orderings(how: 'remove' | 'toolname') {
  const mc = document.modelContext!
  const kill = (form: HTMLFormElement) =>
    how === 'remove' ? form.remove() : form.removeAttribute('toolname')
  let n = 0
  /** A new form tool (submitting into the frame `sink`), once it is listed. */
  const make = async (autosubmit: boolean) => {
    const name = `t${++n}`
    const form = document.createElement('form')
    form.setAttribute('toolname', name)
    form.setAttribute('tooldescription', 'd')
    if (autosubmit) form.setAttribute('toolautosubmit', '')
    form.target = 'sink'
    form.action = '/x'
    form.innerHTML = '<input name=a><button>go</button>'
    document.body.append(form)
    let tool
    while (!(tool = (await mc.getTools()).find((t) => t.name === name))) await d.changes()
    return { form, tool }
  }
  const out: Record<string, unknown> = {}
  const cancels: string[] = []
  mc.addEventListener('toolcancel', (e) =>
    cancels.push((e as Event & { toolName: string }).toolName),
  )
  {
    // In the task that calls executeTool: before the form is filled.
    const { form, tool } = await make(true)
    const result = d.settle(mc.executeTool(tool, { a: 'x' }))
    kill(form)
    out['before the fill'] = [
      await result,
      (form.elements.namedItem('a') as HTMLInputElement).value,
    ]
  }
  {
    // Filled, waiting for the person to submit.
    const { form, tool } = await make(false)
    const activated = d.activated()
    const result = d.settle(mc.executeTool(tool, { a: 'x' }))
    await activated
    kill(form)
    out['filled, waiting'] = [
      await result,
      (form.elements.namedItem('a') as HTMLInputElement).value,
    ]
  }
  const duringSubmit = async (
    label: string,
    listener: (e: SubmitEvent, f: HTMLFormElement) => void,
  ) => {
    const { form, tool } = await make(true)
    form.addEventListener('submit', (e) => listener(e, form))
    out[label] = await d.settle(mc.executeTool(tool, { a: 'x' }))
  }
  await duringSubmit('submit event, before respondWith', (e, f) => {
    e.preventDefault()
    kill(f)
    e.respondWith(Promise.resolve('R'))
  })
  await duringSubmit('submit event, after respondWith', (e, f) => {
    e.preventDefault()
    e.respondWith(Promise.resolve('R'))
    kill(f)
  })
  await duringSubmit('submit event, in a microtask after respondWith', (e, f) => {
    e.preventDefault()
    e.respondWith(Promise.resolve('R'))
    queueMicrotask(() => kill(f))
  })
  await duringSubmit('submit event, not prevented', (_e, f) => kill(f))
  await duringSubmit('submit event, prevented without respondWith', (e, f) => {
    e.preventDefault()
    kill(f)
  })
  {
    // During the submit event, with a response that settles later.
    const { form, tool } = await make(true)
    let resolve!: (value: string) => void
    form.addEventListener('submit', (e) => {
      e.preventDefault()
      e.respondWith(new Promise((r) => (resolve = r)))
      kill(form)
    })
    const activated = d.activated()
    const result = d.settle(mc.executeTool(tool, { a: 'x' }))
    await activated
    resolve('late')
    out['submit event, the response settling later'] = await result
  }
  {
    // After the submit event (at toolactivated), the response still pending.
    const { form, tool } = await make(true)
    let resolve!: (value: string) => void
    form.addEventListener('submit', (e) => {
      e.preventDefault()
      e.respondWith(new Promise((r) => (resolve = r)))
    })
    mc.addEventListener('toolactivated', () => kill(form), { once: true })
    const result = d.settle(mc.executeTool(tool, { a: 'x' }))
    await d.activated()
    resolve('late')
    out['after the submit event, the response pending'] = await result
  }
  {
    // The person submits; the page's submit listener removes the form, then responds.
    const { form, tool } = await make(false)
    form.addEventListener('submit', (e) => {
      e.preventDefault()
      kill(form)
      e.respondWith(Promise.resolve('R'))
    })
    const activated = d.activated()
    const result = d.settle(mc.executeTool(tool, { a: 'x' }))
    await activated
    form.querySelector('button')!.click()
    out['the person’s submit event'] = await result
  }
  {
    // The person submitted and the response settled: the result is the agent's already.
    const { form, tool } = await make(false)
    let resolve!: (value: string) => void
    form.addEventListener('submit', (e) => {
      e.preventDefault()
      e.respondWith(new Promise((r) => (resolve = r)))
    })
    const activated = d.activated()
    const result = d.settle(mc.executeTool(tool, { a: 'x' }))
    await activated
    form.querySelector('button')!.click()
    resolve('z')
    const settled = await result
    kill(form)
    out['after the response settled'] = settled
  }
  out.toolcancel = cancels.length
  return out
}

const NATIVE = {
  'before the fill': ['err:UnknownError', ''],
  'filled, waiting': ['err:UnknownError', 'x'],
  'submit event, before respondWith': 'ok:string:R',
  'submit event, after respondWith': 'ok:string:R',
  'submit event, in a microtask after respondWith': 'ok:string:R',
  'submit event, not prevented': 'ok:object:null',
  'submit event, prevented without respondWith': 'err:UnknownError',
  'submit event, the response settling later': 'ok:string:late',
  'after the submit event, the response pending': 'err:UnknownError',
  'the person’s submit event': 'ok:string:R',
  'after the response settled': 'ok:string:z',
  toolcancel: 0,
}

differential('declarative: the form goes while the agent’s call is in flight', [
  {
    name: 'the form removed: UnknownError before the submit event and after it, its response during it',
    path: page('<iframe name=sink></iframe>'),
    run: new Function('h', `return (${orderings.toString()})('remove')`) as () => unknown,
    expected: NATIVE,
  },
  {
    name: 'its toolname removed: the same outcomes',
    path: page('<iframe name=sink></iframe>'),
    run: new Function('h', `return (${orderings.toString()})('toolname')`) as () => unknown,
    expected: NATIVE,
  },
])
