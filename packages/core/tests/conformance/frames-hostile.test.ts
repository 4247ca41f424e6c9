import { afterAll, expect } from 'vitest'
import { differential } from './harness'

// A hostile frame of a third origin posts forged protocol messages: copied from the traffic it
// sees, with guessed and stolen ids, claiming membership and others' identities. It must get
// nothing and break nothing. The protocol is the polyfill's, so these cases run against it only.
const HOSTILE = 'the frame protocol is the polyfill’s own (native Chromium has none)'
const forged: number[] = []

afterAll(() => {
  console.info(
    `hostile-frame tests: ${forged.reduce((a, b) => a + b, 0)} forged messages, all refused`,
  )
})

differential('hostile frames', [
  {
    name: 'third-origin frames, with and without allow="tools", get nothing and break nothing',
    polyfillOnly: HOSTILE,
    run: async ({ mc, frame, inFrame, otherOrigin, thirdOrigin, sleep }) => {
      // The page: a private tool, a tool exposed to the cross-origin partner, and a running
      // execution of the partner's tool.
      await mc.registerTool({ name: 'secret', description: 'd', execute: () => 'secret' })
      await mc.registerTool(
        { name: 'shared', description: 'd', execute: () => 'shared' },
        { exposedTo: [otherOrigin] },
      )
      const partner = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      await inFrame(
        partner,
        async (parent: string) => {
          const w = window as unknown as { log: string[] }
          w.log = []
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
        },
        location.origin,
      )
      const [slow] = await mc
        .getTools({ fromOrigins: [otherOrigin] })
        .then((t) => t.filter((x) => x.name === 'slow'))
      // Steal the id of the execution as it leaves: the worst case for the tests below.
      const runIds: string[] = []
      const post = MessagePort.prototype.postMessage
      MessagePort.prototype.postMessage = function (
        this: MessagePort,
        message: unknown,
        ...rest: [never]
      ) {
        if ((message as { __webmcp?: string })?.__webmcp === 'run')
          runIds.push((message as { id: string }).id)
        return post.call(this, message, ...rest)
      }
      const running = mc.executeTool(slow!, {})
      await sleep(50)

      let changes = 0
      mc.addEventListener('toolchange', () => changes++)

      // The hostile frames are given the id of the running execution, as if they had stolen it.
      const attack = async (stolen: { runId: string }) => {
        const received: unknown[] = []
        const record = (e: MessageEvent) => {
          if (e.data?.__webmcp) received.push(e.data)
        }
        addEventListener('message', record)
        const targets: Window[] = [top!]
        for (let i = 0; i < top!.length; i++)
          if (top![i] !== window) targets.push(top![i] as Window)
        let sent = 0
        const requests = (id: string) => [
          ...['secret', 'shared', 'slow', 'mine'].map((name) => ({
            __webmcp: 'run',
            id: `r${id}${name}`,
            name,
            input: '{}',
          })),
          { __webmcp: 'cancel', id: stolen.runId },
          { __webmcp: 'result', id: stolen.runId, ok: true, value: 'forged result' },
          {
            __webmcp: 'tools',
            v: 1,
            changes: 1,
            tools: [
              { name: 'fake', title: '', description: 'd', inputSchema: '', annotations: null },
            ],
          },
          { __webmcp: 'ack', v: 1 },
          { __webmcp: 'answer', id: '1', allowed: true },
          { __webmcp: 'ask', id: `q${id}`, index: 0, origin: location.origin, own: false },
          { __webmcp: 'welcome', doc: 'forged' },
          { __webmcp: 'bye' },
          { __webmcp: 'ping' },
          { __webmcp: 'tools', v: { toString: null }, tools: 7, changes: -1 },
          { __webmcp: 'run', id: 's', name: { toString: null }, input: 7 },
        ]
        // 1. Protocol messages posted to every window, as window messages.
        for (const target of targets) {
          for (const m of requests(`w${sent}`)) {
            target.postMessage(m, '*')
            sent++
          }
        }
        // 2. Claim membership with a port of its own, as a joining polyfill does, then send the
        //    same requests on the port.
        for (const target of targets) {
          const { port1, port2 } = new MessageChannel()
          port1.onmessage = (e) => received.push(e.data)
          target.postMessage({ __webmcp: 'hello', doc: `hostile${sent}` }, '*', [port2])
          sent++
          await new Promise((resolve) => setTimeout(resolve, 100))
          for (const m of requests(`p${sent}`)) {
            port1.postMessage(m)
            sent++
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 300))
        removeEventListener('message', record)
        return {
          sent,
          replies: received
            .filter((m) => ['result', 'tools'].includes((m as { __webmcp: string }).__webmcp))
            .map(
              (m) =>
                (m as { value?: unknown; tools?: unknown[] }).tools ??
                (m as { value: unknown }).value,
            ),
        }
      }
      const result = { sent: 0, replies: [] as unknown[] }
      const changesAfter: number[] = []
      for (const attributes of [{}, { allow: 'tools *' }] as Array<Record<string, string>>) {
        const hostile = await frame(`${thirdOrigin}/?agent&nopolyfill`, attributes)
        const [, outcome] = (await inFrame(hostile, attack, { runId: runIds[0]! })) as [
          string,
          { sent: number; replies: unknown[] },
        ]
        result.sent += outcome.sent
        result.replies.push(...outcome.replies)
        changesAfter.push(changes)
      }
      const leaked = JSON.stringify(result.replies).match(/secret|shared|slow|forged/g)
      return [
        result.sent > 100,
        leaked,
        result.replies.every((r) => (Array.isArray(r) ? r.length === 0 : r === false)),
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
    expected: [
      true,
      null,
      true,
      'finished',
      [],
      [0, 1],
      ['secret', 'shared'],
      ['secret', 'shared', 'slow'],
      expect.any(Number),
    ],
  },
])
