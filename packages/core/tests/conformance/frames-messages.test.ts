import { differential } from './harness'
import type { Case, Helpers } from './harness'

// What `executeTool` rejects with when the tool lives in another frame and something happened to it
// between `getTools()` and the call (its frame navigated, the tool unregistered), or it throws
// there. The harness compares each rejection's name and message with native Chromium's. (A removed
// frame's tool, and a form tool there that refuses its input, reject otherwise natively: see
// docs/conformance.md.)

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
    ([exposed, throws]: [string, boolean]) => {
      const controller = new AbortController()
      ;(window as unknown as { controller: AbortController }).controller = controller
      const execute = () => {
        if (throws) throw new Error('no')
        return 'x'
      }
      return document.modelContext!.registerTool(
        { name: 'tool', description: 'd', execute },
        { exposedTo: [exposed], signal: controller.signal },
      )
    },
    [origin, what === 'throws'] as [string, boolean],
  )
  const [tool] = await mc.getTools({ fromOrigins: [there] })
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

const cases: Case[] = [
  ['navigated', 'whose frame navigated to a page without it after getTools()'],
  ['unregistered', 'unregistered (its signal aborted) after getTools()'],
  ['throws', 'that throws there'],
].flatMap(([what, name]) =>
  [false, true].map((cross): Case => ({
    name: `a tool of ${cross ? 'a cross-origin' : 'a same-origin'} frame ${name} rejects with native’s message`,
    path: `/?what=${what}${cross ? '&cross' : ''}`,
    run,
    expected: ['err', 'UnknownError'],
  })),
)

differential('frames, rejection messages', cases)
