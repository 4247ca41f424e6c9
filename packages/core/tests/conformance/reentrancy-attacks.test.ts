import { differential } from './harness'
import type { Case } from './harness'

// Re-entrancy and storms: tools that call back into the API while they run (executeTool on
// themselves, registerTool, aborting their own call), in one document and across frames, and
// toolchange storms through a deep frame tree. Each case checks that every call settles (an answer
// arrives at all) and what it settles with, against native Chromium.

/** A tool event (`toolactivated`, `toolcancel`). */
type Named = Event & { toolName: string }

const cases: Case[] = [
  {
    name: 'a tool that runs itself through executeTool, three deep, and one that runs itself with the signal of its own call',
    run: async ({ mc, register, find, capture }) => {
      await register('recurse', {
        execute: async (input) => {
          const n = (input as { n: number }).n
          if (n === 0) return 'bottom'
          return `${n}>${await mc.executeTool(await find('recurse'), { n: n - 1 })}`
        },
      })
      let depth = 0
      await register('forward', {
        execute: async (_input, { signal }) => {
          if (++depth > 2) return 'deep'
          return `f>${await mc.executeTool(await find('forward'), {}, { signal })}`
        },
      })
      return [
        await capture(async () => mc.executeTool(await find('recurse'), { n: 3 })),
        await capture(async () => mc.executeTool(await find('forward'), {})),
      ]
    },
    expected: [
      ['ok', '3>2>1>bottom'],
      ['ok', 'f>f>deep'],
    ],
  },
  {
    name: 'a tool that aborts its own call while execute runs: the caller rejects with the reason; the tool has not started, so it goes on with a signal never aborted and no toolcancel',
    run: async ({ mc, register, find, capture, next, drained, sleep }) => {
      const log: string[] = []
      mc.addEventListener('toolcancel', (e) => log.push(`toolcancel:${(e as Named).toolName}`))
      mc.addEventListener('toolactivated', (e) =>
        log.push(`toolactivated:${(e as Named).toolName}`),
      )
      const controller = new AbortController()
      let seen: AbortSignal | undefined
      await register('suicidal', {
        execute: async (_input, { signal }) => {
          seen = signal
          controller.abort(new DOMException('from inside', 'AbortError'))
          log.push(`aborted inside:${signal.aborted}`)
          await new Promise((resolve) => setTimeout(resolve))
          log.push(`later:${signal.aborted}`)
          return 'finished anyway'
        },
      })
      // Bounded: natively it comes within a task or two; its absence is an outcome, not a hang.
      const cancelled = Promise.race([next(mc, 'toolcancel'), sleep(3000)])
      const outcome = await capture(async () =>
        mc.executeTool(await find('suicidal'), {}, { signal: controller.signal }),
      )
      await cancelled
      await drained()
      return [outcome, seen!.aborted, log]
    },
    expected: [
      ['err', 'AbortError'],
      false,
      ['aborted inside:false', 'toolactivated:suicidal', 'later:false'],
    ],
  },
  {
    name: 'a tool that unregisters itself and registers a new one of its name while it runs: its call gets its own result, the next call the new tool’s',
    run: async ({ mc, register, find, capture, drained }) => {
      const controller = new AbortController()
      const log: string[] = []
      mc.addEventListener('toolchange', () => log.push('toolchange'))
      await register(
        'shifty',
        {
          execute: async () => {
            controller.abort()
            const again = await capture(() =>
              register('shifty', { execute: () => 'second definition' }),
            )
            const twice = await capture(() => register('shifty'))
            return `first definition ${again[0]} ${twice[1]}`
          },
        },
        { signal: controller.signal },
      )
      await drained()
      log.length = 0
      const stale = await find('shifty')
      const first = await capture(() => mc.executeTool(stale, {}))
      const second = await capture(async () => mc.executeTool(await find('shifty'), {}))
      const byStale = await capture(() => mc.executeTool(stale, {}))
      await drained()
      return [first, second, byStale, log]
    },
    expected: [
      ['ok', 'first definition ok InvalidStateError'],
      ['ok', 'second definition'],
      ['ok', 'second definition'],
      ['toolchange', 'toolchange'],
    ],
  },
  {
    name: 'across frames: the parent runs a cross-origin child’s tool, which runs the parent’s tool and itself before it answers',
    run: async ({ mc, register, frame, inFrame, otherOrigin, origin, capture }) => {
      await register(
        'parentTool',
        { execute: (input) => `parent(${JSON.stringify(input)})` },
        {
          exposedTo: [otherOrigin],
        },
      )
      const child = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      await inFrame(
        child,
        (parent: string) => {
          const mc = document.modelContext!
          return mc.registerTool(
            {
              name: 'childTool',
              description: 'd',
              execute: async (input) => {
                const depth = (input as { depth?: number }).depth ?? 0
                const tools = await mc.getTools({ fromOrigins: [parent] })
                const up = tools.find((t) => t.name === 'parentTool')
                const fromParent = await mc.executeTool(up!, { depth })
                if (depth > 0) return `inner:${fromParent}`
                const self = (await mc.getTools()).find((t) => t.name === 'childTool')!
                return `${fromParent}|${await mc.executeTool(self, { depth: 1 })}`
              },
            },
            { exposedTo: [parent] },
          )
        },
        origin,
      )
      const tool = (await mc.getTools({ fromOrigins: [otherOrigin] })).find(
        (t) => t.name === 'childTool',
      )
      return capture(() => mc.executeTool(tool!, {}))
    },
    expected: ['ok', 'parent({"depth":0})|inner:parent({"depth":1})'],
  },
  {
    name: 'across frames: a child’s tool that calls back into the parent’s tool, which aborts the parent’s call: both calls reject, both tools see toolcancel',
    run: async ({ mc, register, frame, inFrame, otherOrigin, origin, capture, until }) => {
      const controller = new AbortController()
      const log: string[] = []
      mc.addEventListener('toolcancel', (e) => log.push(`top:${(e as Named).toolName}`))
      await register(
        'trap',
        {
          execute: (_input, { signal }) =>
            new Promise((_resolve, reject) => {
              // The parent's tool, reached from the child's, aborts the parent's own call.
              signal.addEventListener('abort', () => reject(signal.reason))
              controller.abort(new DOMException('stop', 'AbortError'))
            }),
        },
        { exposedTo: [otherOrigin] },
      )
      const child = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      await inFrame(
        child,
        (parent: string) => {
          const mc = document.modelContext!
          const w = window as unknown as { log: string[] }
          w.log = []
          mc.addEventListener('toolcancel', (e) => w.log.push(`child:${(e as Named).toolName}`))
          return mc.registerTool(
            {
              name: 'relay',
              description: 'd',
              execute: async (_input, { signal }) => {
                const tools = await mc.getTools({ fromOrigins: [parent] })
                const up = tools.find((t) => t.name === 'trap')
                try {
                  return await mc.executeTool(up!, {}, { signal })
                } catch (e) {
                  w.log.push(`relay caught:${(e as Error).name}`)
                  throw e
                }
              },
            },
            { exposedTo: [parent] },
          )
        },
        origin,
      )
      const relay = (await mc.getTools({ fromOrigins: [otherOrigin] })).find(
        (t) => t.name === 'relay',
      )
      const outcome = await capture(() => mc.executeTool(relay!, {}, { signal: controller.signal }))
      const read = () => inFrame(child, () => (window as unknown as { log: string[] }).log)
      await until(async () => ((await read())[1] as string[]).length >= 2)
      await until(() => log.length >= 1)
      return [outcome, ((await read())[1] as string[]).sort(), log]
    },
    expected: [['err', 'AbortError'], ['child:relay', 'relay caught:AbortError'], ['top:trap']],
  },
  {
    name: 'a toolchange storm four frames deep (a cross-origin frame between): 200 registrations and unregistrations in the deepest frame; every document ends listing what is left, the top hears of it',
    run: async ({ mc, frame, inFrame, origin, otherOrigin, until }) => {
      let heard = 0
      mc.addEventListener('toolchange', () => heard++)
      // top (origin) > a (other origin) > b (origin) > c (origin), each allowed tools: each page's
      // body holds the next frame, so a's load waits for them all.
      const inner = (src: string) =>
        `&body=${encodeURIComponent(`<iframe allow=tools src="${src}"></iframe>`)}`
      const cSrc = `${origin}/?agent`
      const bSrc = `${origin}/?agent${inner(cSrc)}`
      const a = await frame(`${otherOrigin}/?agent${inner(bSrc)}`, { allow: 'tools' })
      const c = a.contentWindow![0]![0]!
      const storm = await inFrame(
        c,
        async (origins: string[]) => {
          const mc = document.modelContext!
          let own = 0
          mc.addEventListener('toolchange', () => own++)
          const controllers: AbortController[] = []
          const registering: Promise<unknown>[] = []
          // 100 in one task, then 100 more, each aborted as soon as it is asked for.
          for (let i = 0; i < 100; i++) {
            const controller = new AbortController()
            controllers.push(controller)
            registering.push(
              mc.registerTool(
                { name: `burst${i}`, description: 'd', execute: () => i },
                { exposedTo: origins, signal: controller.signal },
              ),
            )
          }
          for (let i = 0; i < 100; i++) {
            const controller = new AbortController()
            const p = mc.registerTool(
              { name: `flicker${i}`, description: 'd', execute: () => i },
              { exposedTo: origins, signal: controller.signal },
            )
            controller.abort()
            registering.push(p.catch(() => undefined))
          }
          await Promise.all(registering)
          controllers.forEach((c, i) => i % 50 !== 0 && c.abort())
          await mc.registerTool(
            { name: 'survivor', description: 'd', execute: () => 's' },
            { exposedTo: origins },
          )
          const listed = (await mc.getTools()).map((t) => t.name)
          return { own: own > 0, listed }
        },
        [origin, otherOrigin],
      )
      const names = async () =>
        (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)
      await until(async () => (await names()).includes('survivor'))
      const fromA = await inFrame(
        a,
        async (o: string) =>
          (await document.modelContext!.getTools({ fromOrigins: [o] })).map((t) => t.name),
        origin,
      )
      return { storm, top: await names(), fromA, heard: heard > 0 }
    },
    expected: {
      storm: ['ok', { own: true, listed: ['burst0', 'burst50', 'survivor'] }],
      top: ['burst0', 'burst50', 'survivor'],
      fromA: ['ok', ['burst0', 'burst50', 'survivor']],
      heard: true,
    },
  },
]

differential('re-entrancy and storms', cases)
