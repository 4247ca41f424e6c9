import { differential } from './harness'

// Frame trees. The top page is on `origin` (localhost); frames on `otherOrigin` (127.0.0.1) are
// cross-origin. `inFrame` runs a self-contained function inside a frame through the test agent.

differential('frames', [
  {
    name: 'a same-origin child lists the parent’s tools, and the parent the child’s, with window and origin',
    run: async ({ mc, register, frame, inFrame }) => {
      await register('parentTool')
      const child = await frame('/?agent')
      await inFrame(child, () =>
        document.modelContext!.registerTool({
          name: 'childTool',
          description: 'd',
          execute: () => 'c',
        }),
      )
      const fromParent = (await mc.getTools()).map((t) => [
        t.name,
        t.window === child.contentWindow,
        t.origin === location.origin,
      ])
      const fromChild = await inFrame(child, async () =>
        (await document.modelContext!.getTools()).map((t) => [
          t.name,
          t.window === top,
          t.window === window,
        ]),
      )
      return [fromParent, fromChild]
    },
    expected: [
      [
        ['childTool', true, true],
        ['parentTool', false, true],
      ],
      [
        'ok',
        [
          ['childTool', false, true],
          ['parentTool', true, false],
        ],
      ],
    ],
  },
  {
    name: 'getTools walks the whole tree: siblings and grandchildren, sorted by name',
    run: async ({ mc, frame, inFrame, origin }) => {
      const a = await frame('/?agent')
      const b = await frame('/?agent')
      await inFrame(a, () =>
        document.modelContext!.registerTool({ name: 'a1', description: 'd', execute: () => 1 }),
      )
      await inFrame(b, () =>
        document.modelContext!.registerTool({ name: 'b1', description: 'd', execute: () => 1 }),
      )
      await inFrame(
        b,
        (src: string) => {
          const inner = document.createElement('iframe')
          inner.src = src
          // Loaded, and its test agent says its polyfill has joined the tree.
          const ready = new Promise((resolve) =>
            addEventListener('message', (e) => {
              if (e.source === inner.contentWindow && e.data?.__testReady !== undefined) resolve(0)
            }),
          )
          const loaded = new Promise((resolve) => (inner.onload = resolve))
          document.body.append(inner)
          return Promise.all([loaded, ready]).then(() => undefined)
        },
        `${origin}/?agent`,
      )
      await inFrame(b.contentWindow![0]!, () =>
        document.modelContext!.registerTool({ name: 'a0', description: 'd', execute: () => 1 }),
      )
      const fromA = await inFrame(a, async () =>
        (await document.modelContext!.getTools()).map((t) => t.name),
      )
      return [(await mc.getTools()).map((t) => t.name), fromA]
    },
    expected: [
      ['a0', 'a1', 'b1'],
      ['ok', ['a0', 'a1', 'b1']],
    ],
  },
  {
    name: 'executeTool runs a same-origin frame’s tool there: toolactivated fires in the owner only',
    run: async ({ mc, frame, inFrame }) => {
      const child = await frame('/?agent')
      await inFrame(child, async () => {
        ;(window as unknown as { log: string[] }).log = []
        document.modelContext!.addEventListener('toolactivated', () =>
          (window as unknown as { log: string[] }).log.push('activated'),
        )
        await document.modelContext!.registerTool({
          name: 'echo',
          description: 'd',
          execute: (input: { x: number }) => ({
            doubled: input.x * 2,
            here: location.href.includes('agent'),
          }),
        })
      })
      let activatedHere = 0
      mc.ontoolactivated = () => activatedHere++
      const tool = (await mc.getTools())[0]!
      const result = await mc.executeTool(tool, { x: 21 })
      const log = await inFrame(child, () => (window as unknown as { log: string[] }).log)
      return [result, activatedHere, log]
    },
    expected: ['{"doubled":42,"here":true}', 0, ['ok', ['activated']]],
  },
  {
    name: 'a cross-origin frame’s tools are hidden without both exposedTo and fromOrigins',
    run: async ({ mc, frame, inFrame, otherOrigin }) => {
      const child = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      await inFrame(
        child,
        async (parent: string) => {
          const mc = document.modelContext!
          await mc.registerTool({ name: 'private', description: 'd', execute: () => 1 })
          await mc.registerTool(
            { name: 'shared', description: 'd', execute: () => 1 },
            { exposedTo: [parent] },
          )
          await mc.registerTool(
            { name: 'elsewhere', description: 'd', execute: () => 1 },
            { exposedTo: ['https://example.com'] },
          )
        },
        location.origin,
      )
      return [
        (await mc.getTools()).map((t) => t.name),
        (await mc.getTools({ fromOrigins: ['https://example.com'] })).map((t) => t.name),
        (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => [
          t.name,
          t.origin === otherOrigin,
          t.window === child.contentWindow,
        ]),
      ]
    },
    expected: [[], [], [['shared', true, true]]],
  },
  {
    name: 'a cross-origin child sees the parent’s tools only when exposed to it and asked for',
    run: async ({ register, frame, inFrame, otherOrigin }) => {
      await register('private')
      await register('shared', {}, { exposedTo: [otherOrigin] })
      const child = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      return [
        await inFrame(child, async () =>
          (await document.modelContext!.getTools()).map((t) => t.name),
        ),
        await inFrame(
          child,
          async (parent: string) =>
            (await document.modelContext!.getTools({ fromOrigins: [parent] })).map((t) => [
              t.name,
              t.origin === parent,
              t.window === top,
            ]),
          location.origin,
        ),
      ]
    },
    expected: [
      ['ok', []],
      ['ok', [['shared', true, true]]],
    ],
  },
  {
    name: 'a cross-origin frame without allow="tools" may not use tools: NotAllowedError, and is invisible',
    run: async ({ mc, register, frame, inFrame, otherOrigin }) => {
      await register('shared', {}, { exposedTo: [otherOrigin] })
      const child = await frame(`${otherOrigin}/?agent`)
      return [
        await inFrame(child, async () => {
          try {
            await document.modelContext!.registerTool({
              name: 'x',
              description: 'd',
              execute: () => 1,
            })
            return 'registered'
          } catch (e) {
            return (e as Error).name
          }
        }),
        await inFrame(child, async () => {
          try {
            return await document.modelContext!.getTools()
          } catch (e) {
            return (e as Error).name
          }
        }),
        (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name),
      ]
    },
    expected: [['ok', 'NotAllowedError'], ['ok', 'NotAllowedError'], ['shared']],
  },
  {
    name: 'allow="tools" lists: *, the frame’s origin, another origin, \'none\'',
    run: async ({ frame, inFrame, otherOrigin }) => {
      const out = []
      for (const allow of [
        'tools *',
        `tools ${otherOrigin}`,
        'tools https://example.com',
        "tools 'none'",
        'camera; tools',
        'tools; camera',
      ]) {
        const child = await frame(`${otherOrigin}/?agent`, { allow })
        out.push(
          await inFrame(child, async () => {
            try {
              await document.modelContext!.getTools()
              return 'allowed'
            } catch (e) {
              return (e as Error).name
            }
          }),
        )
        child.remove()
      }
      return out
    },
    expected: [
      ['ok', 'allowed'],
      ['ok', 'allowed'],
      ['ok', 'NotAllowedError'],
      ['ok', 'NotAllowedError'],
      ['ok', 'allowed'],
      ['ok', 'allowed'],
    ],
  },
  {
    name: 'a same-origin frame is allowed by default but not with allow="tools \'none\'"',
    run: async ({ frame, inFrame }) => {
      const probe = async () => {
        try {
          await document.modelContext!.getTools()
          return 'allowed'
        } catch (e) {
          return (e as Error).name
        }
      }
      return [
        await inFrame(await frame('/?agent'), probe),
        await inFrame(await frame('/?agent', { allow: "tools 'none'" }), probe),
      ]
    },
    expected: [
      ['ok', 'allowed'],
      ['ok', 'NotAllowedError'],
    ],
  },
  {
    name: 'executeTool runs a cross-origin tool exposed to the caller and returns its result',
    run: async ({ mc, frame, inFrame, otherOrigin }) => {
      const child = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      await inFrame(
        child,
        async (parent: string) => {
          await document.modelContext!.registerTool(
            {
              name: 'add',
              description: 'd',
              execute: ({ a, b }: { a: number; b: number }) => ({
                sum: a + b,
                origin: location.origin,
              }),
            },
            { exposedTo: [parent] },
          )
        },
        location.origin,
      )
      const [tool] = await mc.getTools({ fromOrigins: [otherOrigin] })
      return JSON.parse((await mc.executeTool(tool!, { a: 2, b: 3 }))!).sum
    },
    expected: 5,
  },
  {
    name: 'a forged RegisteredTool for a cross-origin tool not exposed to the caller rejects UnknownError',
    run: async ({ mc, frame, inFrame, otherOrigin, capture }) => {
      const child = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      await inFrame(child, () =>
        document.modelContext!.registerTool({
          name: 'secret',
          description: 'd',
          execute: () => 's',
        }),
      )
      const forged = {
        name: 'secret',
        description: 'd',
        origin: otherOrigin,
        window: child.contentWindow!,
      }
      return [
        await capture(() => mc.executeTool(forged as never, {})),
        await capture(() => mc.executeTool({ ...forged, origin: location.origin } as never, {})),
        await capture(() => mc.executeTool({ ...forged, name: 'missing' } as never, {})),
      ]
    },
    expected: [
      ['err', 'UnknownError'],
      ['err', 'UnknownError'],
      ['err', 'UnknownError'],
    ],
  },
  {
    name: 'a tool that throws in another frame rejects UnknownError in the caller',
    run: async ({ mc, frame, inFrame, capture }) => {
      const child = await frame('/?agent')
      await inFrame(child, () =>
        document.modelContext!.registerTool({
          name: 'boom',
          description: 'd',
          execute: () => {
            throw new Error('x')
          },
        }),
      )
      return capture(async () => mc.executeTool((await mc.getTools())[0]!, {}))
    },
    expected: ['err', 'UnknownError'],
  },
  {
    name: 'cancelling a cross-origin execution rejects the caller and aborts the tool’s signal with toolcancel in the owner',
    run: async ({ mc, frame, inFrame, otherOrigin, until }) => {
      const child = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      await inFrame(
        child,
        async (parent: string) => {
          const log: string[] = ((window as unknown as { log: string[] }).log = [])
          document.modelContext!.ontoolcancel = (e) =>
            log.push(`toolcancel:${(e as Event & { toolName: string }).toolName}`)
          await document.modelContext!.registerTool(
            {
              name: 'slow',
              description: 'd',
              execute: (_: unknown, { signal }: { signal: AbortSignal }) => {
                log.push('started')
                signal.addEventListener('abort', () => log.push(`aborted:${signal.reason.name}`))
                return new Promise(() => {})
              },
            },
            { exposedTo: [parent] },
          )
        },
        location.origin,
      )
      const [tool] = await mc.getTools({ fromOrigins: [otherOrigin] })
      const controller = new AbortController()
      const outcome = mc
        .executeTool(tool!, {}, { signal: controller.signal })
        .catch((e) => `rejected:${e}`)
      const log = async () =>
        (await inFrame(child, () => (window as unknown as { log: string[] }).log))[1] as string[]
      await until(async () => (await log()).includes('started'))
      controller.abort('stop')
      const result = await outcome
      await until(async () => (await log()).length === 3)
      return [result, ['ok', await log()]]
    },
    expected: ['rejected:stop', ['ok', ['started', 'aborted:AbortError', 'toolcancel:slow']]],
  },
  {
    name: 'toolchange reaches the documents a tool is exposed to, and only those',
    run: async ({ mc, frame, inFrame, otherOrigin, until, drained }) => {
      const same = await frame('/?agent')
      const cross = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      // A document's count once the toolchange events queued there have fired (getTools() answers
      // after them).
      const count = async () => {
        const w = window as unknown as { changes: number }
        if (w.changes === undefined) {
          w.changes = 0
          document.modelContext!.addEventListener('toolchange', () => w.changes++)
        }
        await document.modelContext!.getTools()
        return w.changes
      }
      let here = 0
      mc.addEventListener('toolchange', () => here++)
      await inFrame(same, count)
      await inFrame(cross, count)
      const counts = async () => {
        await drained()
        return [here, (await inFrame(same, count))[1], (await inFrame(cross, count))[1]]
      }
      const reached = (at: number[]) => async () =>
        (await counts()).every((n, i) => (n as number) >= at[i]!)
      // Each step waits for the events it must cause (natively another frame's may come after the
      // registration resolves); an event it must not cause would have come before them.
      await mc.registerTool({ name: 'private', description: 'd', execute: () => 1 })
      await until(reached([1, 1, 0]))
      const afterPrivate = await counts()
      await mc.registerTool(
        { name: 'shared', description: 'd', execute: () => 1 },
        { exposedTo: [otherOrigin] },
      )
      // Marker for `private` in `cross`: this document's changes reach `cross` in order, so a
      // toolchange `private` caused there came before the one of `shared`, which has fired once
      // `cross` lists `shared` and counts one.
      const listsShared = async (parent: string) =>
        (await document.modelContext!.getTools({ fromOrigins: [parent] })).some(
          (t) => t.name === 'shared',
        )
      await until(
        async () =>
          (await reached([2, 2, 1])()) && (await inFrame(cross, listsShared, location.origin))[1],
      )
      const afterShared = await counts()
      await inFrame(cross, () =>
        document.modelContext!.registerTool({ name: 'own', description: 'd', execute: () => 1 }),
      )
      // `own` is exposed to neither of the others: the polyfill resolves a registration once every
      // document it notified has fired toolchange, and counts() runs the events queued in each.
      await until(reached([2, 2, 2]))
      return [afterPrivate, afterShared, await counts()]
    },
    expected: [
      [1, 1, 0],
      [2, 2, 1],
      [2, 2, 2],
    ],
  },
  {
    // Native Chromium resolves the registration after the parent's toolchange; under load the
    // child's may come after that (frames have task queues of their own), so only the order of the
    // two toolchange events is checked: the child (same-origin, so it can read the parent's state
    // as it happens; clocks of two documents are rounded differently in Firefox) looks at whether
    // the parent's has fired.
    name: 'toolchange fires in the parent before the child',
    run: async ({ mc, frame, inFrame, until }) => {
      const child = await frame('/?agent')
      const state = window as unknown as { parentFired?: boolean }
      mc.addEventListener('toolchange', () => (state.parentFired = true))
      await inFrame(child, () => {
        document.modelContext!.addEventListener('toolchange', () => {
          const seen = (parent as unknown as { parentFired?: boolean }).parentFired === true
          ;(window as unknown as { parentFirst?: boolean }).parentFirst = seen
        })
        // A round trip through the browser first: native has been seen to leave out a child whose
        // ModelContext was this new.
        return document.modelContext!.getTools()
      })
      await mc.registerTool({ name: 't', description: 'd', execute: () => 1 })
      const registered = state.parentFired === true
      const parentFirst = () => (window as unknown as { parentFirst?: boolean }).parentFirst
      let seen: unknown
      await until(async () => (seen = (await inFrame(child, parentFirst))[1]) !== undefined)
      return [registered, seen]
    },
    expected: [true, true],
  },
  {
    name: 'removing a frame removes its tools and fails the executions waiting on it',
    run: async ({ mc, frame, inFrame, capture, until }) => {
      const child = await frame('/?agent')
      await inFrame(child, async () => {
        await document.modelContext!.registerTool({
          name: 'hang',
          description: 'd',
          execute: () => new Promise(() => {}),
        })
      })
      let started = false
      await inFrame(child, () => {
        document.modelContext!.ontoolactivated = () =>
          (top as unknown as { started(): void }).started()
      })
      ;(window as unknown as { started(): void }).started = () => (started = true)
      const [tool] = await mc.getTools()
      const pending = capture(() => mc.executeTool(tool!, {}))
      await until(() => started)
      child.remove()
      const outcome = await pending
      return [outcome, (await mc.getTools()).length]
    },
    expected: [['err', 'UnknownError'], 0],
  },
  {
    name: 'a frame that navigates away takes its tools with it',
    run: async ({ mc, frame, inFrame, otherOrigin, until }) => {
      const child = await frame('/?agent')
      await inFrame(child, () =>
        document.modelContext!.registerTool({ name: 'gone', description: 'd', execute: () => 1 }),
      )
      const before = (await mc.getTools()).length
      // The new document has loaded and its test agent says it is ready (it may not use tools).
      const ready = new Promise((resolve) =>
        addEventListener('message', (e) => {
          if (e.source === child.contentWindow && e.data?.__testReady !== undefined) resolve(0)
        }),
      )
      const loaded = new Promise((resolve) => (child.onload = resolve))
      child.src = `${otherOrigin}/?agent`
      await Promise.all([loaded, ready])
      // The old document said bye on its own port as it left: wait for it to be handled here.
      await until(async () => !(await mc.getTools()).length)
      return [
        before,
        (await mc.getTools()).length,
        (await mc.getTools({ fromOrigins: [otherOrigin] })).length,
      ]
    },
    expected: [1, 0, 0],
  },
  {
    name: 'when the calling frame goes away, its running executions are cancelled in the owner',
    run: async ({ mc, register, frame, inFrame, until }) => {
      const log: string[] = []
      mc.ontoolcancel = (e) =>
        log.push(`toolcancel:${(e as Event & { toolName: string }).toolName}`)
      await register('slow', {
        execute: (_input, { signal }) => {
          log.push('started')
          signal.addEventListener('abort', () => log.push('aborted'))
          return new Promise(() => {})
        },
      })
      const child = await frame('/?agent')
      void inFrame(child, async () => {
        const mc = document.modelContext!
        const [tool] = await mc.getTools()
        return mc.executeTool(tool!, {})
      })
      await until(() => log.includes('started'))
      child.remove()
      await until(() => log.length === 3)
      return log
    },
    expected: ['started', 'aborted', 'toolcancel:slow'],
  },
  {
    name: 'a tool exposed to a sibling’s origin: the sibling is notified and lists it, the parent neither',
    run: async ({ mc, frame, inFrame, otherOrigin, thirdOrigin, until, drained }) => {
      let parentChanges = 0
      mc.addEventListener('toolchange', () => parentChanges++)
      const b = await frame(`${otherOrigin}/?agent`, { allow: 'tools *' })
      const c = await frame(`${thirdOrigin}/?agent`, { allow: 'tools *' })
      await inFrame(c, () => {
        const w = window as unknown as { changes: number }
        w.changes = 0
        document.modelContext!.addEventListener('toolchange', () => w.changes++)
      })
      await inFrame(
        b,
        (sibling: string) =>
          document.modelContext!.registerTool(
            { name: 'forC', description: 'd', execute: () => 'c' },
            { exposedTo: [sibling] },
          ),
        thirdOrigin,
      )
      await until(
        async () =>
          (await inFrame(c, () => (window as unknown as { changes: number }).changes))[1] === 1,
      )
      // The polyfill resolves B's registration once every document it notified has fired
      // toolchange, and one queued here has fired once getTools() answers.
      await drained()
      return [
        parentChanges,
        (await inFrame(c, () => (window as unknown as { changes: number }).changes))[1],
        (await mc.getTools({ fromOrigins: [otherOrigin] })).length,
        await inFrame(
          c,
          async (owner: string) =>
            (await document.modelContext!.getTools({ fromOrigins: [owner] })).map((t) => t.name),
          otherOrigin,
        ),
        await inFrame(
          c,
          async (owner: string) => {
            const mc = document.modelContext!
            const [tool] = await mc.getTools({ fromOrigins: [owner] })
            return mc.executeTool(tool!, {})
          },
          otherOrigin,
        ),
      ]
    },
    expected: [0, 1, 0, ['ok', ['forC']], ['ok', 'c']],
  },
  {
    name: 'a cross-origin frame registering a tool not exposed to the parent fires no toolchange there',
    run: async ({ mc, frame, inFrame, otherOrigin, until, drained }) => {
      let changes = 0
      mc.addEventListener('toolchange', () => changes++)
      const child = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      await inFrame(child, () =>
        document.modelContext!.registerTool({ name: 'own', description: 'd', execute: () => 1 }),
      )
      // A marker: a tool the child exposes to this document afterwards. The child's changes reach
      // this document in order, so a toolchange `own` caused here came before the marker's, which
      // has fired once the marker is listed here and counted.
      await inFrame(
        child,
        (parent: string) =>
          document.modelContext!.registerTool(
            { name: 'marker', description: 'd', execute: () => 1 },
            { exposedTo: [parent] },
          ),
        location.origin,
      )
      const listed = async () =>
        (await mc.getTools({ fromOrigins: [otherOrigin] })).some((t) => t.name === 'marker')
      await until(async () => changes > 0 && (await listed()))
      await drained()
      return changes - 1
    },
    expected: 0,
  },
  {
    name: 'the policy follows the frame’s current document: allow="tools <origin>" then navigating elsewhere',
    run: async ({ frame, inFrame, otherOrigin, thirdOrigin }) => {
      const probe = async () => {
        try {
          await document.modelContext!.getTools()
          return 'allowed'
        } catch (e) {
          return (e as Error).name
        }
      }
      const child = await frame(`${otherOrigin}/?agent`, { allow: `tools ${otherOrigin}` })
      const before = await inFrame(child, probe)
      // The new document has loaded and its test agent says it is ready.
      const ready = new Promise((resolve) =>
        addEventListener('message', (e) => {
          if (e.source === child.contentWindow && e.data?.__testReady !== undefined) resolve(0)
        }),
      )
      const loaded = new Promise((resolve) => (child.onload = resolve))
      child.src = `${thirdOrigin}/?agent`
      await Promise.all([loaded, ready])
      return [before, await inFrame(child, probe)]
    },
    expected: [
      ['ok', 'allowed'],
      ['ok', 'NotAllowedError'],
    ],
  },
  {
    name: 'a cross-origin child runs and cancels a tool of its parent exposed to it',
    run: async ({ mc, register, frame, inFrame, otherOrigin, until }) => {
      const log: string[] = []
      mc.ontoolcancel = () => log.push('toolcancel')
      mc.ontoolactivated = (e) => {
        log.push('activated')
        // The child aborts once the parent's tool is running (toolactivated has fired).
        if ((e as Event & { toolName: string }).toolName === 'wait')
          child.contentWindow!.postMessage({ waitActivated: true }, '*')
      }
      await register(
        'greet',
        { execute: (input: { who?: string }) => `hello ${input.who}` },
        { exposedTo: [otherOrigin] },
      )
      await register(
        'wait',
        {
          execute: (_input, { signal }) =>
            new Promise((_, reject) =>
              signal.addEventListener('abort', () => (log.push('aborted'), reject(signal.reason))),
            ),
        },
        { exposedTo: [otherOrigin] },
      )
      const child = await frame(`${otherOrigin}/?agent`, { allow: 'tools' })
      const result = await inFrame(
        child,
        async (parent: string) => {
          const mc = document.modelContext!
          const activated = new Promise((resolve) =>
            addEventListener('message', (e) => e.data?.waitActivated && resolve(0)),
          )
          const tools = await mc.getTools({ fromOrigins: [parent] })
          const greeting = await mc.executeTool(
            tools.find((t) => t.name === 'greet')!,
            { who: 'parent' },
          )
          const controller = new AbortController()
          const waiting = mc
            .executeTool(
              tools.find((t) => t.name === 'wait')!,
              {},
              { signal: controller.signal },
            )
            .catch((e) => `rejected:${e}`)
          await activated
          controller.abort('enough')
          return [greeting, await waiting]
        },
        location.origin,
      )
      await until(() => log.length === 4)
      return [result, log]
    },
    expected: [
      ['ok', ['hello parent', 'rejected:enough']],
      ['activated', 'activated', 'aborted', 'toolcancel'],
    ],
  },
  {
    name: 'tools a frame registers as it loads reach the parent, with toolchange',
    run: async ({ mc, frame, until, drained }) => {
      let changes = 0
      mc.addEventListener('toolchange', () => changes++)
      // The child keeps its registration's promise, which this (same-origin) document awaits.
      const script = `<script>window.registered = document.modelContext.registerTool({ name: 'early', description: 'd', execute: () => 1 })</script>`
      const child = await frame(`/?body=${encodeURIComponent(script)}`)
      await (child.contentWindow as unknown as { registered: Promise<unknown> }).registered
      // The polyfill resolves it once this document has fired its toolchange (natively that may
      // come after).
      await until(() => changes > 0)
      await drained()
      return [changes, (await mc.getTools()).map((t) => t.name)]
    },
    expected: [1, ['early']],
  },
  {
    name: 'a top-level page that installs after its only frame, one in a shadow tree, loaded lists that frame’s tools',
    // No polyfill at load: it comes below (natively the page has WebMCP throughout).
    path: '/?nopolyfill',
    run: async ({ otherOrigin, origin }) => {
      const shadow = document.body.appendChild(document.createElement('div')).attachShadow({
        mode: 'open',
      })
      const child = document.createElement('iframe')
      child.allow = 'tools'
      const register = `document.modelContext.registerTool({ name: 'shadowed', description: 'd', execute: () => 1 }, { exposedTo: ['${origin}'] }); parent.postMessage('registered', '*')`
      child.src = `${otherOrigin}/?body=${encodeURIComponent(`<script>${register}</script>`)}`
      const registered = new Promise((resolve) =>
        addEventListener('message', (e) => e.data === 'registered' && resolve(0)),
      )
      shadow.append(child)
      await registered
      const script = document.createElement('script')
      script.src = '/webmcp.iife.js'
      await new Promise((resolve) => {
        script.onload = resolve
        document.head.append(script)
      })
      const mc = document.modelContext!
      const listed = async () =>
        (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)
      // A watchdog: without an introduction from this page, the frame's tools never came.
      const watchdog = new Promise((resolve) => setTimeout(() => resolve('hang'), 10_000))
      for (let names = await listed(); ; names = await listed()) {
        if (names.length) return names
        const changed = new Promise((resolve) =>
          mc.addEventListener('toolchange', resolve, { once: true }),
        )
        if ((await Promise.race([changed, watchdog])) === 'hang') return 'hang'
      }
    },
    expected: ['shadowed'],
  },
])
