import { afterAll } from 'vitest'
import { differential } from './harness'
import type { Case } from './harness'

// A second, independent attack pass on the frame protocol (issue 16), after the rewrite that answered
// the security review of 2026-12 (frames-attacks.test.ts holds the review's own findings). Other
// attacker positions and other message shapes: frames that navigate themselves, revoked frames,
// removed frames that keep their ports, opaque siblings, frames nested in shadow-root frames, page
// globals the polyfill reads, question floods, deadlines. Cases named `[open]` fail until the core
// owner fixes what they found; the others are attacks that hold. Differential wherever native
// Chromium can run the same setup; `polyfillOnly` where the attack speaks the polyfill's own protocol.

const PROTOCOL = 'the frame protocol is the polyfill’s own (native Chromium has none)'
const forged: number[] = []

afterAll(() => {
  const total = forged.reduce((a, b) => a + b, 0)
  if (total) console.info(`frame attacks (second pass): ${total} forged messages sent`)
})

/** A protocol channel a hostile page opened with `kit.speak`. */
interface Channel {
  /** Every protocol message that came back on the port. */
  got: Array<Record<string, unknown> & { __webmcp: string }>
  send(message: object): void
  /** Resolves once the other side has handled everything sent before (a `ping` answered `pong`). */
  barrier(): Promise<void>
  port: MessagePort
}

/** Page-side helpers, in the top page and in every page built with `kit.url`. */
interface Kit {
  source: string
  /** A page of `base` with the test agent and `script` in its body (`raw`: without the polyfill). */
  url(base: string, options?: { raw?: boolean; script?: string; query?: string }): string
  /** Inserts an iframe, resolves once it loaded and its agent said it joined its tree. */
  frame(src: string, attributes?: Record<string, string>, parent?: Node): Promise<HTMLIFrameElement>
  /** Resolves once `w`'s next document said it joined its tree (after a navigation). */
  ready(w: Window): Promise<void>
  /** Says `hello` to `target` with a port of its own, as a joining polyfill does. */
  speak(target: Window, doc?: string): Channel
  /** `getTools()` in this document: the names, or the error's name. */
  probe(): Promise<string[] | string>
}

declare global {
  interface Window {
    kit: Kit
  }
}

function installKit() {
  const readyFrom = new Map<Window, Array<() => void>>()
  addEventListener('message', (event) => {
    if (event.data?.__testReady === undefined) return
    for (const resolve of readyFrom.get(event.source as Window)?.splice(0) ?? []) resolve()
  })
  const kit: Kit = {
    source: `(${installKit.toString()})()`,
    url(base, { raw = false, script = '', query = '' } = {}) {
      const body = `<script>${kit.source}</script><script>${script}</script>`
      return `${base}/?agent${raw ? '&nopolyfill' : ''}${query}&body=${encodeURIComponent(body)}`
    },
    ready(w) {
      return new Promise((resolve) => {
        const list = readyFrom.get(w) ?? []
        list.push(resolve)
        readyFrom.set(w, list)
      })
    },
    frame(src, attributes = {}, parent = document.body) {
      const iframe = document.createElement('iframe')
      for (const [name, value] of Object.entries(attributes)) iframe.setAttribute(name, value)
      iframe.src = src
      const loaded = new Promise((resolve) =>
        iframe.addEventListener('load', resolve, { once: true }),
      )
      parent.appendChild(iframe)
      return Promise.all([loaded, kit.ready(iframe.contentWindow!)]).then(() => iframe)
    },
    speak(target, doc = crypto.randomUUID()) {
      const { port1, port2 } = new MessageChannel()
      const got: Channel['got'] = []
      let pongs = 0
      const waiting: Array<[number, () => void]> = []
      port1.onmessage = (event) => {
        if (event.data?.__webmcp === 'pong') {
          pongs++
          for (const [n, resolve] of waiting.splice(0)) {
            if (pongs >= n) resolve()
            else waiting.push([n, resolve])
          }
        } else if (event.data?.__webmcp) got.push(event.data)
      }
      target.postMessage({ __webmcp: 'hello', doc }, '*', [port2])
      let pings = 0
      return {
        got,
        port: port1,
        send: (message) => port1.postMessage(message),
        barrier() {
          const n = ++pings
          port1.postMessage({ __webmcp: 'ping' })
          return new Promise((resolve) => waiting.push([n, resolve]))
        },
      }
    },
    async probe() {
      try {
        return (await document.modelContext!.getTools()).map((t) => t.name)
      } catch (error) {
        return (error as Error).name
      }
    },
  }
  window.kit = kit
}

/** The top page of every case: the test page with the kit. */
const TOP = `/?body=${encodeURIComponent(`<script>(${installKit.toString()})()</script>`)}`

const cases: Case[] = [
  // F1: the navigation that fixes a frame's policy is any navigation, not only a change of `src`.
  {
    name: '[open] F1: allow changed after load, then the frame navigates itself: the policy of its new document follows allow as it is then',
    path: TOP,
    run: async ({ inFrame, otherOrigin }) => {
      const { kit } = window
      const out: Record<string, unknown> = {}
      const probeIn = async (f: HTMLIFrameElement) =>
        (await inFrame(f, () => window.kit.probe()))[1]
      // Navigates `f`'s document by `how` (run in the frame, or by the parent) and waits for its next one.
      const navigate = async (f: HTMLIFrameElement, how: string) => {
        const next = new Promise((resolve) => f.addEventListener('load', resolve, { once: true }))
        const ready = kit.ready(f.contentWindow!)
        if (how === 'parent') f.contentWindow!.location.href = kit.url(otherOrigin, { query: '&p' })
        else f.contentWindow!.postMessage({ __test: how, id: 0 }, '*')
        await Promise.all([next, ready])
      }
      const reload = '() => setTimeout(() => location.reload())'
      const elsewhere = `() => setTimeout(() => (location.href = location.href + '&again'))`
      // Revoked: allow removed after load; the frame reloads (natively its new document is refused).
      const a = await kit.frame(kit.url(otherOrigin), { allow: 'tools' })
      a.removeAttribute('allow')
      await navigate(a, reload)
      out.revokedThenReload = await probeIn(a)
      const b = await kit.frame(kit.url(otherOrigin), { allow: 'tools *' })
      b.removeAttribute('allow')
      await navigate(b, elsewhere)
      out.revokedThenNavigates = await probeIn(b)
      const c = await kit.frame(kit.url(otherOrigin), { allow: 'tools' })
      c.removeAttribute('allow')
      await navigate(c, 'parent')
      out.revokedThenParentNavigates = await probeIn(c)
      // Granted: allow added after load; the frame reloads (natively its new document is allowed).
      const d = await kit.frame(kit.url(otherOrigin))
      d.allow = 'tools'
      await navigate(d, reload)
      out.grantedThenReload = await probeIn(d)
      return out
    },
    expected: {
      revokedThenReload: 'NotAllowedError',
      revokedThenNavigates: 'NotAllowedError',
      revokedThenParentNavigates: 'NotAllowedError',
      grantedThenReload: [],
    },
  },

  // F2: a decision (and a sibling's vouch) is remembered per window and origin, not per document.
  {
    name: '[open] F2: a revoked frame whose new document never asks about itself is still taken in by its parent and siblings',
    polyfillOnly: PROTOCOL,
    path: TOP,
    run: async ({ mc, register, inFrame, otherOrigin, thirdOrigin }) => {
      const { kit } = window
      let runs = 0
      await register('shared', { execute: () => (runs++, 'SHARED') }, { exposedTo: [otherOrigin] })
      let changes = 0
      mc.addEventListener('toolchange', () => changes++)
      // A sibling that exposes a tool to the revoked frame's origin, and met its first document.
      const sibling = await kit.frame(kit.url(thirdOrigin), { allow: 'tools *' })
      await inFrame(
        sibling,
        (o: string) =>
          document.modelContext!.registerTool(
            { name: 'siblingTool', description: 'd', execute: () => 'SIBLING' },
            { exposedTo: [o] },
          ),
        otherOrigin,
      )
      const w = await kit.frame(kit.url(otherOrigin), { allow: 'tools' })
      // Revoked as the review's A10d revokes: allow removed, then a new navigation (natively refused).
      w.removeAttribute('allow')
      const next = new Promise((resolve) => w.addEventListener('load', resolve, { once: true }))
      const ready = kit.ready(w.contentWindow!)
      w.src = kit.url(otherOrigin, { raw: true })
      await Promise.all([next, ready])
      const outcome = await inFrame(w, async () => {
        const out: Record<string, unknown> = {}
        const tool = {
          name: 'fake',
          title: '',
          description: 'd',
          inputSchema: '',
          annotations: null,
        }
        for (const [name, target] of [
          ['top', top!],
          ['sibling', top!.frames[0]!],
        ] as const) {
          const channel = window.kit.speak(target)
          await channel.barrier()
          channel.send({ __webmcp: 'tools', v: 1, tools: [tool], changes: 1 })
          for (const tool of ['shared', 'siblingTool']) {
            channel.send({ __webmcp: 'run', id: tool, name: tool, input: '{}' })
          }
          await channel.barrier()
          // A tool that ran answers in a task of its own: give it one more round trip.
          await channel.barrier()
          out[name] = channel.got
            .filter((m) => m.__webmcp !== 'ack' && m.__webmcp !== 'welcome')
            .map((m) => `${m.__webmcp}:${JSON.stringify(m.value ?? m.tools ?? '')}`)
        }
        return out
      })
      await kit.probe()
      return [
        outcome,
        runs,
        changes,
        (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name),
      ]
    },
    report: () => forged.push(8),
    expected: [
      ['ok', { top: ['result:false', 'result:false'], sibling: ['result:false', 'result:false'] }],
      0,
      0,
      ['shared'],
    ],
  },

  // F3: liveness pings count a busy document as gone.
  {
    name: '[open] F3: a cross-origin tool that computes for 5 s in one task returns its result, and its frame stays listed',
    path: TOP,
    run: async ({ mc, inFrame, otherOrigin, capture }) => {
      const { kit } = window
      const partner = await kit.frame(kit.url(otherOrigin), { allow: 'tools' })
      await inFrame(
        partner,
        (owner: string) =>
          document.modelContext!.registerTool(
            {
              name: 'crunch',
              description: 'd',
              // The time is the behaviour under test: one long synchronous task in the tool's document.
              execute: () => {
                const end = Date.now() + 5000
                while (Date.now() < end);
                return 'done'
              },
            },
            { exposedTo: [owner] },
          ),
        location.origin,
      )
      const [tool] = await mc.getTools({ fromOrigins: [otherOrigin] })
      const result = await capture(() => mc.executeTool(tool!, {}))
      return [result, (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)]
    },
    expected: [['ok', 'done'], ['crunch']],
  },

  // F4: opaque origins still compared as the string "null" in exposure and listing.
  {
    name: '[open] F4: two sandboxed frames allowed with tools * are not same-origin: neither lists nor runs the other’s tools',
    path: TOP,
    run: async ({ mc, inFrame, origin }) => {
      const { kit } = window
      const attributes = { sandbox: 'allow-scripts', allow: 'tools *' }
      const s1 = await kit.frame(kit.url(origin), attributes)
      const s2 = await kit.frame(kit.url(origin), attributes)
      await inFrame(s1, async () => {
        const w = window as unknown as { runs: number }
        w.runs = 0
        await document.modelContext!.registerTool({
          name: 'private1',
          description: 'd',
          execute: () => (w.runs++, 'PRIVATE1'),
        })
      })
      const fromS2 = await inFrame(s2, async () => {
        const mc = document.modelContext!
        const tools = await mc.getTools()
        const out: unknown[] = [tools.map((t) => [t.name, t.origin])]
        const other = tools.find((t) => t.name === 'private1')
        if (other) out.push(await mc.executeTool(other, {}).catch((e) => (e as Error).name))
        return out
      })
      const ran = await inFrame(s1, () => (window as unknown as { runs: number }).runs)
      return [fromS2, ran, (await mc.getTools()).map((t) => t.name)]
    },
    expected: [['ok', [[]]], ['ok', 0], []],
  },
  {
    name: '[open] F4: an opaque top and a sandboxed child allowed with tools *: the child does not list the top’s private tool',
    path: '/?agent&csp=sandbox%20allow-scripts',
    run: async ({ frame, inFrame }) => {
      const mc = document.modelContext
      if (!mc) return 'no modelContext'
      let runs = 0
      await mc.registerTool({ name: 'private', description: 'd', execute: () => (runs++, 'P') })
      const child = await frame('/?agent', { sandbox: 'allow-scripts', allow: 'tools *' })
      const fromChild = await inFrame(child, async () => {
        const mc = document.modelContext!
        const tools = await mc.getTools()
        const out: unknown[] = [tools.map((t) => t.name)]
        if (tools[0]) out.push(await mc.executeTool(tools[0], {}).catch((e) => (e as Error).name))
        return out
      })
      return [fromChild, runs]
    },
    expected: [['ok', [[]]], 0],
  },

  // F6: a member whose frame was removed is never dropped when its bye does not come.
  {
    name: '[open] F6: a removed frame that dropped its bye is no longer listed',
    path: TOP,
    run: async ({ mc, inFrame, otherOrigin, drained }) => {
      const { kit } = window
      const partner = await kit.frame(kit.url(otherOrigin), { allow: 'tools' })
      await inFrame(
        partner,
        async (owner: string) => {
          // A partner whose bye never leaves (crashed, or hostile).
          const post = MessagePort.prototype.postMessage
          MessagePort.prototype.postMessage = function (this: MessagePort, ...args: [never]) {
            if ((args[0] as { __webmcp?: string } | null)?.__webmcp === 'bye') return
            return post.apply(this, args)
          }
          await document.modelContext!.registerTool(
            { name: 'ptool', description: 'd', execute: () => 'P' },
            { exposedTo: [owner] },
          )
        },
        location.origin,
      )
      const before = (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)
      partner.remove()
      await drained()
      const after = await mc.getTools({ fromOrigins: [otherOrigin] })
      return [before, after.map((t) => [t.name, t.window?.closed])]
    },
    expected: [['ptool'], []],
  },
  {
    name: '[open] F6: an allowed frame hands its port to a same-origin frame without permission, then is removed: that frame gets nothing',
    polyfillOnly: PROTOCOL,
    path: TOP,
    run: async ({ mc, register, inFrame, otherOrigin, drained }) => {
      const { kit } = window
      const inputs: string[] = []
      await register(
        'shared',
        { execute: (input) => (inputs.push(JSON.stringify(input)), 'SHARED') },
        { exposedTo: [otherOrigin] },
      )
      let changes = 0
      mc.addEventListener('toolchange', () => changes++)
      // N: the attacker's frame without permission. A: its frame with allow="tools".
      const n = await kit.frame(kit.url(otherOrigin, { raw: true }))
      await inFrame(n, () => {
        addEventListener('message', (e) => {
          if (e.data?.port) (window as unknown as { port: MessagePort }).port = e.ports[0]!
        })
      })
      const a = await kit.frame(kit.url(otherOrigin, { raw: true }), { allow: 'tools' })
      await inFrame(a, async () => {
        const channel = window.kit.speak(top!)
        await channel.barrier()
        // Hands its end to N (a same-origin window of the tree), and will never say bye.
        channel.port.onmessage = null
        top!.frames[0]!.postMessage({ port: true }, location.origin, [channel.port])
      })
      a.remove()
      await drained()
      const replies = await inFrame(n, async () => {
        const { port } = window as unknown as { port: MessagePort }
        const got: string[] = []
        let pong: () => void
        const ponged = new Promise<void>((resolve) => (pong = resolve))
        port.onmessage = (e) => {
          if (e.data?.__webmcp === 'pong') return pong()
          if (e.data?.__webmcp !== 'ack')
            got.push(`${e.data?.__webmcp}:${JSON.stringify(e.data?.value ?? '')}`)
        }
        const tool = {
          name: 'fake',
          title: '',
          description: 'd',
          inputSchema: '',
          annotations: null,
        }
        port.postMessage({ __webmcp: 'run', id: 'r0', name: 'shared', input: '{"removed":true}' })
        port.postMessage({ __webmcp: 'tools', v: 1, tools: [tool], changes: 1 })
        port.postMessage({ __webmcp: 'ping' })
        // Nothing at all comes back from a port that is closed: a second is plenty for a reply.
        await Promise.race([ponged, new Promise((r) => setTimeout(r, 1000))])
        await new Promise((r) => setTimeout(r, 100))
        return got
      })
      await drained()
      const listed = (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)
      // After a bye, the same port: a run still starts the tool (and is cancelled at once).
      await inFrame(n, async () => {
        const { port } = window as unknown as { port: MessagePort }
        port.postMessage({ __webmcp: 'bye' })
        port.postMessage({ __webmcp: 'run', id: 'r1', name: 'shared', input: '{"after":"bye"}' })
        await new Promise((r) => setTimeout(r, 500))
      })
      return [replies, listed, changes, inputs]
    },
    report: () => forged.push(3),
    expected: [['ok', []], ['shared'], 0, []],
  },

  // F7: the engine reads the page's replaceable globals (`origin`, `length`) as it runs.
  {
    name: '[open] F7: a page whose script sets the global origin keeps its private tools private',
    path: TOP,
    run: async ({ mc, register, inFrame, otherOrigin, origin }) => {
      const { kit } = window
      await register('secret')
      // As `var origin = '…'` in a classic script does: window.origin is [Replaceable].
      ;(window as unknown as { origin: string }).origin = otherOrigin
      const partner = await kit.frame(kit.url(otherOrigin), { allow: 'tools' })
      const fromPartner = await inFrame(
        partner,
        async (o: string) =>
          (await document.modelContext!.getTools({ fromOrigins: [o] })).map((t) => t.name),
        origin,
      )
      const own = (await mc.getTools()).map((t) => [t.name, t.origin === origin])
      return [fromPartner, own]
    },
    expected: [['ok', []], [['secret', true]]],
  },
  {
    name: '[open] F7: a page whose script sets the global length still lists its tools',
    path: TOP,
    run: async ({ register, capture, mc }) => {
      await register('mine')
      // As `var length = 2` in a classic script does: window.length is [Replaceable].
      ;(window as unknown as { length: number }).length = 2
      return capture(async () => (await mc.getTools()).map((t) => t.name))
    },
    expected: ['ok', ['mine']],
  },

  // F8: introductions walk window.frames, which leaves out frames in shadow trees and their subtrees.
  {
    name: '[open] F8: a frame inside a frame that sits in a shadow root lists, and is listed by, its parent and the top',
    path: TOP,
    run: async ({ mc, inFrame, otherOrigin, origin }) => {
      const { kit } = window
      const host = document.createElement('div')
      document.body.append(host)
      const shadow = host.attachShadow({ mode: 'open' })
      const s = await kit.frame(kit.url(otherOrigin), { allow: 'tools' }, shadow)
      await inFrame(
        s,
        (owner: string) =>
          document.modelContext!.registerTool(
            { name: 'sTool', description: 'd', execute: () => 'S' },
            { exposedTo: [owner] },
          ),
        origin,
      )
      // C: S's child, of S's origin, allowed.
      const fromC = await inFrame(
        s,
        async (owner: string) => {
          const c = await window.kit.frame(window.kit.url(location.origin), { allow: 'tools' })
          const w = c.contentWindow!
          const ask = (source: string, arg: unknown) =>
            new Promise((resolve) => {
              const id = Math.random()
              const listener = (e: MessageEvent) => {
                if (e.data?.__testReply !== id) return
                removeEventListener('message', listener)
                resolve(e.data.result)
              }
              addEventListener('message', listener)
              w.postMessage({ __test: source, id, arg }, '*')
            })
          await ask(
            `(owner) => document.modelContext.registerTool({ name: 'cTool', description: 'd', execute: () => 'C' }, { exposedTo: [owner] })`,
            owner,
          )
          return ask(
            `async () => (await document.modelContext.getTools()).map((t) => t.name)`,
            undefined,
          )
        },
        origin,
      )
      const fromTop = async () =>
        (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)
      return [fromC, await fromTop()]
    },
    expected: [
      ['ok', ['ok', ['cTool', 'sTool']]],
      ['cTool', 'sTool'],
    ],
  },
]

differential('frame attacks, second pass', cases)
