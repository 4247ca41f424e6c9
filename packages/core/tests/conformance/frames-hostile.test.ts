import { afterAll, expect } from 'vitest'
import { differential } from './harness'

// A hostile frame of a third origin posts forged protocol messages: copied from the traffic it
// sees, with guessed and stolen ids, claiming membership and others' identities. It must get
// nothing and break nothing. The protocol is the polyfill's, so these cases run against it only.
const HOSTILE = 'the frame protocol is the polyfill’s own (native Chromium has none)'
const forged: number[] = []

afterAll(() => {
  console.info(`hostile-frame tests: ${forged.reduce((a, b) => a + b, 0)} forged messages, all refused`)
})

differential('hostile frames', [
  {
    name: 'third-origin frames, with and without allow="tools", get nothing and break nothing',
    polyfillOnly: HOSTILE,
    run: async ({ mc, frame, inFrame, otherOrigin, thirdOrigin, sleep }) => {
      // The page: a private tool, a tool exposed to the cross-origin partner, and a running
      // execution of the partner's tool.
      const docs: string[] = []
      addEventListener('message', (e) => {
        if (e.data?.__webmcp === 'hello') docs.push(e.data.doc)
      })
      await mc.registerTool({ name: 'secret', description: 'd', execute: () => 'secret' })
      await mc.registerTool({ name: 'shared', description: 'd', execute: () => 'shared' }, { exposedTo: [otherOrigin] })
      const partner = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      await inFrame(partner, async (parent: string) => {
        const w = window as unknown as { runIds: string[]; log: string[] }
        w.runIds = []
        w.log = []
        addEventListener('message', (e) => {
          if (e.data?.__webmcp === 'run') w.runIds.push(e.data.id)
        })
        document.modelContext!.ontoolcancel = () => w.log.push('toolcancel')
        await document.modelContext!.registerTool(
          {
            name: 'slow',
            description: 'd',
            execute: (_: unknown, { signal }: { signal: AbortSignal }) =>
              new Promise((resolve) => {
                signal.addEventListener('abort', () => w.log.push('aborted'))
                setTimeout(() => resolve('finished'), 1500)
              }),
          },
          { exposedTo: [parent] },
        )
      }, location.origin)
      const [slow] = await mc.getTools({ fromOrigins: [otherOrigin] }).then((t) => t.filter((x) => x.name === 'slow'))
      const running = mc.executeTool(slow!, {})
      await sleep(50)
      const [, runIds] = (await inFrame(partner, () => (window as unknown as { runIds: string[] }).runIds)) as [string, string[]]
      let changes = 0
      mc.addEventListener('toolchange', () => changes++)

      // The hostile frames steal the ids they can find: the partner's document id (from its hello)
      // and the id of the running execution.
      const attack = async (stolen: { runId: string; doc: string }) => {
  const w = window as unknown as { seen: unknown[] }
  const received: unknown[] = []
  addEventListener('message', (e) => {
    if (e.data?.__webmcp) received.push(e.data)
  })
  const targets: Window[] = [top!]
  for (let i = 0; i < top!.length; i++) targets.push(top![i] as Window)
  let sent = 0
  const send = (target: Window, message: object) => {
    target.postMessage({ __webmcp: 'x', ...message }, '*')
    sent++
  }
  const round = () => {
    for (const target of targets) {
      if (target === window) continue
      send(target, { __webmcp: 'list', id: `l${sent}` })
      for (const name of ['secret', 'shared', 'slow', 'mine']) {
        send(target, { __webmcp: 'run', id: `r${sent}`, name, input: '{}' })
      }
      send(target, { __webmcp: 'change', id: `c${sent}` })
      send(target, { __webmcp: 'cancel', id: stolen.runId })
      send(target, { __webmcp: 'reply', id: stolen.runId, value: [true, 'forged result'] })
      send(target, { __webmcp: 'reply', id: '1', value: [{ name: 'fake', description: 'd' }] })
      send(target, { __webmcp: 'bye', doc: stolen.doc })
      send(target, { __webmcp: 'list', id: 5, extra: { toString: null } })
      send(target, { __webmcp: 'run', id: `s${sent}`, name: { toString: null }, input: 7 })
      send(target, { __webmcp: 'ask', id: 'q', index: 'location', origin: location.origin })
    }
  }
  round()
  // Claim membership, as a joining polyfill would, and try again.
  for (const target of targets) if (target !== window) send(target, { __webmcp: 'hello', doc: stolen.doc })
  await new Promise((resolve) => setTimeout(resolve, 200))
  round()
  await new Promise((resolve) => setTimeout(resolve, 300))
  const replies = received.filter((m) => (m as { __webmcp: string }).__webmcp === 'reply')
  w.seen = received
  return { sent, replies: replies.map((m) => (m as { value: unknown }).value) }
}
      const result = { sent: 0, replies: [] as unknown[] }
      const changesAfter: number[] = []
      for (const attributes of [{}, { allow: 'tools *' }] as Array<Record<string, string>>) {
        const hostile = await frame(`${thirdOrigin}/?agent&nopolyfill`, attributes)
        const [, outcome] = (await inFrame(hostile, attack, { runId: runIds[0]!, doc: docs[0]! })) as [
          string,
          { sent: number; replies: unknown[] },
        ]
        result.sent += outcome.sent
        result.replies.push(...outcome.replies)
        changesAfter.push(changes)
      }
      const leaked = JSON.stringify(result.replies).match(/secret|shared|slow|forged/g)
      return [
        result.sent > 100 && docs.length > 0,
        leaked,
        result.replies.every((r) => (Array.isArray(r) ? r.length === 0 || r[0] === false : r === undefined || r === null)),
        await running,
        (await inFrame(partner, () => (window as unknown as { log: string[] }).log))[1],
        // An allowed frame may make toolchange fire (natively it can, by registering a tool exposed
        // to this origin); a frame that is not allowed may not.
        changesAfter,
        (await mc.getTools()).map((t) => t.name),
        (await mc.getTools({ fromOrigins: [otherOrigin, thirdOrigin] })).map((t) => t.name),
        result.sent,
      ]
    },
    report: (outcome) => forged.push((outcome as number[])[8]!),
    expected: [true, null, true, 'finished', [], [0, 1], ['secret', 'shared'], ['secret', 'shared', 'slow'], expect.any(Number)],
  },
])
