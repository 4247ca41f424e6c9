import { differential } from './harness'
import type { Case } from './harness'

// The lazy frame link of a top-level document, with no attacker: the page has no frames when its
// polyfill installs, so its end of the protocol is built by the first message of a legitimate frame
// inserted later into a shadow tree (which `window.length` leaves out): a same-origin frame's
// question through the top's polyfill, or a cross-origin frame's `ask`. Whether that frame registers
// in its first script or later (when the top asks it to, well after load), its registration
// resolves and both documents list each other's tools, as natively. Differential.

const cases: Case[] = [false, true].flatMap((cross) =>
  [true, false].map((early): Case => ({
    name: `a ${cross ? 'cross-origin frame with allow="tools"' : 'same-origin frame'} in an open shadow root of a page that had no frames ${early ? 'registers in its first script' : 'registers late, when the page asks it to'}: it registers, and both list each other’s tools`,
    path: `/?${cross ? 'cross&' : ''}${early ? 'early' : ''}`,
    run: async (h) => {
      const query = new URLSearchParams(location.search)
      const there = query.has('cross') ? h.otherOrigin : h.origin
      await h.register('topTool', {}, { exposedTo: [there] })
      const host = document.createElement('div')
      document.body.append(host)
      const root = host.attachShadow({ mode: 'open' })
      // The frame's page: with `early`, its first script registers `childTool`.
      const early = `<script>window.registered = document.modelContext.registerTool({ name: 'childTool', description: 'd', execute: () => 'C' }, { exposedTo: ['${h.origin}'] }).then(() => 'registered', (e) => e.name)</script>`
      const f = await h.frame(
        `${there}/?body=${encodeURIComponent(query.has('early') ? early : '')}`,
        query.has('cross') ? { allow: 'tools' } : {},
        root as unknown as Element,
      )
      const [, registered] = await h.inFrame(f, () => {
        const w = window as unknown as { registered?: Promise<string> }
        // Late: registered now, in a task of its own well after load.
        return (w.registered ??= document
          .modelContext!.registerTool(
            { name: 'childTool', description: 'd', execute: () => 'C' },
            { exposedTo: [document.referrer ? new URL(document.referrer).origin : ''] },
          )
          .then(
            () => 'registered',
            (e: Error) => e.name,
          ))
      })
      const names = (tools: Array<{ name: string }>) => tools.map((t) => t.name)
      const [, childSees] = await h.inFrame(
        f,
        async (origin: string) =>
          (await document.modelContext!.getTools({ fromOrigins: [origin] })).map((t) => t.name),
        h.origin,
      )
      return {
        registered,
        top: names(await h.mc.getTools({ fromOrigins: [there] })),
        childSees,
      }
    },
    expected: {
      registered: 'registered',
      top: ['childTool', 'topTool'],
      childSees: ['childTool', 'topTool'],
    },
  })),
)

cases.push({
  name: 'a page whose polyfill loads after its shadow-tree frames (same-origin, and cross-origin with allow="tools"): both register in their first script and again later, and each lists the tools exposed to it',
  path: '/?nopolyfill&agent',
  run: async ({ origin, otherOrigin, inFrame }) => {
    const enc = encodeURIComponent
    const source = await (await fetch('/webmcp-standalone.iife.js')).text()
    const register = (name: string) =>
      `document.modelContext.registerTool({ name: '${name}', description: 'd', execute: () => 'x' }, { exposedTo: ['${origin}'] }).then(() => 'registered', (e) => e.name)`
    const insert = (base: string, name: string, allow?: string) => {
      const f = document.createElement('iframe')
      if (allow) f.allow = allow
      f.src = `${base}/?agent&body=${enc(`<script>window.early = ${register(`${name}Early`)}</script>`)}`
      const loaded = new Promise((resolve) => f.addEventListener('load', resolve, { once: true }))
      const host = document.createElement('div')
      document.body.append(host)
      host.attachShadow({ mode: 'open' }).append(f)
      return loaded.then(() => f)
    }
    const frames = await Promise.all([
      insert(origin, 'same'),
      insert(otherOrigin, 'cross', 'tools'),
    ])
    // The polyfill, now, in one task (natively it leaves native WebMCP alone).
    const script = document.createElement('script')
    script.textContent = source
    document.documentElement.append(script)
    const mc = document.modelContext!
    await mc.registerTool(
      { name: 'topTool', description: 'd', execute: () => 'T' },
      { exposedTo: [otherOrigin] },
    )
    const outcome: Record<string, unknown> = {}
    for (const [f, name] of [
      [frames[0], 'same'],
      [frames[1], 'cross'],
    ] as const) {
      const early = await inFrame(f, () => (window as unknown as { early: unknown }).early)
      // Late: in a task of its own, when this page asks.
      const late = await inFrame(
        f,
        ([n, exposed]: [string, string]) =>
          document
            .modelContext!.registerTool(
              { name: n, description: 'd', execute: () => 'x' },
              { exposedTo: [exposed] },
            )
            .then(
              () => 'registered',
              (e: Error) => e.name,
            ),
        [`${name}Late`, origin] as [string, string],
      )
      const sees = await inFrame(
        f,
        async (from: string) =>
          (await document.modelContext!.getTools({ fromOrigins: [from] })).map((t) => t.name),
        origin,
      )
      outcome[name] = [early[1], late[1], sees[1]]
    }
    outcome.top = (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)
    return outcome
  },
  expected: {
    same: ['registered', 'registered', ['sameEarly', 'sameLate', 'topTool']],
    cross: ['registered', 'registered', ['crossEarly', 'crossLate', 'topTool']],
    top: ['crossEarly', 'crossLate', 'sameEarly', 'sameLate', 'topTool'],
  },
})

differential('frames, the lazy link of a page without frames', cases)
