import { differential } from './harness'
import type { Case, Helpers } from './harness'

// What `executeTool` rejects with when the tool lives in another frame and something happened to it
// between `getTools()` and the call (its frame navigated or was removed, the tool unregistered), or
// while it ran (its frame removed), or it fails there (it throws; a form tool refuses its input).
// The harness compares each rejection's name and message with native Chromium's.

/**
 * One body for every case (the harness sends its source, so it is self-contained): the page's
 * query says what happens (`what`) and whether the frame is cross-origin (`cross`: with
 * `allow="tools"`, its tool exposed to this page).
 */
async function run({ mc, frame, inFrame, capture, origin, otherOrigin, until }: Helpers) {
  const query = new URLSearchParams(location.search)
  const what = query.get('what')
  const there = query.has('cross') ? otherOrigin : origin
  const f = await frame(`${there}/`, query.has('cross') ? { allow: 'tools' } : {})
  await inFrame(
    f,
    ([exposed, what]: [string, string | null]) => {
      if (what === 'form') {
        // A form tool, which refuses a value its number field cannot take.
        document.body.innerHTML =
          '<form toolname="tool" tooldescription="d"><input name="n" type="number"><button>Go</button></form>'
        return
      }
      const scope = window as unknown as { controller: AbortController; started: Promise<void> }
      const controller = (scope.controller = new AbortController())
      let start = () => {}
      scope.started = new Promise((resolve) => (start = resolve))
      const execute = () => {
        start()
        if (what === 'throws') throw new Error('no')
        // Still running when its frame is removed.
        if (what === 'running') return new Promise(() => {})
        return 'x'
      }
      return document.modelContext!.registerTool(
        { name: 'tool', description: 'd', execute },
        { exposedTo: [exposed], signal: controller.signal },
      )
    },
    [origin, what] as [string, string | null],
  )
  // (A form tool registers a task after its form is in the document.)
  await until(async () => (await mc.getTools({ fromOrigins: [there] })).length)
  const [tool] = await mc.getTools({ fromOrigins: [there] })
  if (what === 'removed') f.remove()
  if (what === 'running') {
    const running = mc.executeTool(tool!, {})
    await inFrame(f, () => (window as unknown as { started: Promise<void> }).started)
    f.remove()
    return capture(() => running)
  }
  if (what === 'form') return capture(() => mc.executeTool(tool!, { n: 'abc' }))
  if (what === 'navigated') {
    // The new document has loaded and its test agent says it is ready.
    const ready = new Promise((resolve) =>
      addEventListener('message', (e) => {
        if (e.source === f.contentWindow && e.data?.__testReady !== undefined) resolve(0)
      }),
    )
    const loaded = new Promise((resolve) => (f.onload = resolve))
    f.src = `${there}/?agent&next`
    await Promise.all([loaded, ready])
  }
  if (what === 'unregistered') {
    await inFrame(f, () =>
      (window as unknown as { controller: AbortController }).controller.abort(),
    )
    await until(async () => !(await mc.getTools({ fromOrigins: [there] })).length)
  }
  return capture(() => mc.executeTool(tool!, {}))
}

const cases: Case[] = (
  [
    ['navigated', 'whose frame navigated to a page without it after getTools()'],
    ['unregistered', 'unregistered (its signal aborted) after getTools()'],
    ['throws', 'that throws there'],
    ['removed', 'whose frame was removed after getTools()', 'InvalidStateError'],
    ['running', 'whose frame is removed while it runs'],
    // (A form tool is listed to its own origin only: no cross-origin case.)
    ['form', 'that is a form refusing its input', 'UnknownError', false],
  ] as const
).flatMap(([what, name, error = 'UnknownError', cross = true]) =>
  [false, ...(cross ? [true] : [])].map((cross): Case => ({
    name: `a tool of ${cross ? 'a cross-origin' : 'a same-origin'} frame ${name} rejects with native’s message`,
    path: `/?what=${what}${cross ? '&cross' : ''}`,
    run,
    expected: ['err', error],
  })),
)

differential('frames, rejection messages', cases)
