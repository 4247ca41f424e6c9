import { expect } from 'vitest'
import { differential } from './harness'
import type { Case } from './harness'

// A third attack pass on the frame protocol: the lazy link of a top-level document (built by the
// first protocol message, or by a same-origin child's question), and the findings it left open.
// Differential wherever native Chromium can run the same setup. Hostile pages load no polyfill
// (`nopolyfill`) and speak the protocol by hand; the victim pages load the polyfill late, in one
// task, from its source, so that what reaches them first is known.

/** What a victim page measures (see `victim`). */
interface Victim {
  /** The shadow-tree widget's load-time registration: `'registered'` or the error's name. */
  widget: unknown
  /** The top's `getTools({ fromOrigins: [widget's origin] })`, names. */
  top: unknown
  /** The widget's `getTools({ fromOrigins: [top's origin] })`, names (or the error's name). */
  widgetSees: unknown
  /** Protocol messages of the attacker that reached the victim before and after its polyfill. */
  forged: number
}

/**
 * The victim of the lazy-link attacks, run in a top-level page without the polyfill: a widget of
 * `otherOrigin` with `allow="tools"` in a shadow tree registers at load (its question is lost: the
 * top does not listen yet); then the top installs the polyfill in one task, `attack` having
 * reached it first: `'ad'` (a frame of `thirdOrigin` without `allow`, in another shadow tree,
 * posting `messages`), `'opener'` (the opener posts them), `'child'` (no attacker: a same-origin
 * `about:blank` frame in a shadow tree gets the polyfill in the same task, and asks the top through
 * its polyfill), `'none'`.
 */
async function victim({
  attack,
  messages,
  otherOrigin,
  thirdOrigin,
}: {
  attack: 'ad' | 'opener' | 'child' | 'none'
  messages: string
  otherOrigin: string
  thirdOrigin: string
}): Promise<Victim> {
  const enc = encodeURIComponent
  const source = await (await fetch('/webmcp-standalone.iife.js')).text()
  const loaded = (f: HTMLIFrameElement) =>
    new Promise((resolve) => f.addEventListener('load', resolve, { once: true }))
  const shadow = () => {
    const host = document.createElement('div')
    document.body.append(host)
    return host.attachShadow({ mode: 'open' })
  }
  const install = (d: Document) => {
    const script = d.createElement('script')
    script.textContent = source
    d.documentElement.append(script)
  }
  // Runs `fn` in frame `w` through its test agent.
  const inWidget = (w: Window, fn: string) =>
    new Promise<unknown>((resolve) => {
      const id = Math.random()
      const listener = (event: MessageEvent) => {
        if (event.data?.__testReply !== id) return
        removeEventListener('message', listener)
        resolve(event.data.result[1])
      }
      addEventListener('message', listener)
      w.postMessage({ __test: fn, id }, '*')
    })
  const registers = `window.result = document.modelContext.registerTool({ name: 'childTool', description: 'd', execute: () => 'C' }, { exposedTo: [${JSON.stringify(location.origin)}] }).then(() => 'registered', (e) => e.name)`
  const widget = document.createElement('iframe')
  widget.allow = 'tools'
  widget.src = `${otherOrigin}/?agent&body=${enc(`<script>${registers}</script>`)}`
  const widgetLoaded = loaded(widget)
  shadow().append(widget)
  await widgetLoaded
  let forged = 0
  let attacker: Window | null = attack === 'opener' ? (opener as Window) : null
  const first = new Promise<void>((resolve) =>
    addEventListener('message', (event) => {
      if (!attacker || event.source !== attacker || event.data?.__webmcp === undefined) return
      forged++
      resolve()
    }),
  )
  let adWindow: Window | null = null
  if (attack === 'ad') {
    // The ad floods the top with `messages` (source of an array of [message, withPort]).
    const flood = `() => { const messages = ${messages}; let stop = false
      addEventListener('message', (e) => { if (e.data === 'stop') stop = true })
      const burst = () => { for (const [m, port] of messages) top.postMessage(m, '*', port ? [new MessageChannel().port2] : []); if (!stop) setTimeout(burst) }
      burst() }`
    const ad = document.createElement('iframe')
    ad.src = `${thirdOrigin}/?nopolyfill&body=${enc(`<script>(${flood})()</script>`)}`
    const adLoaded = loaded(ad)
    shadow().append(ad)
    attacker = adWindow = ad.contentWindow
    await adLoaded
  }
  if (attack === 'opener') opener.postMessage({ flood: messages }, '*')
  if (attacker) await first
  // The polyfill, installed in one task: what the attacker posted so far reaches it first.
  install(document)
  if (attack === 'child') {
    const child = document.createElement('iframe')
    shadow().append(child)
    install(child.contentDocument!)
  }
  const mc = document.modelContext!
  await mc.registerTool(
    { name: 'topTool', description: 'd', execute: () => 'T' },
    { exposedTo: [otherOrigin] },
  )
  const result = await inWidget(widget.contentWindow!, '() => window.result')
  const names = (tools: Array<{ name: string }>) => tools.map((t) => t.name)
  const top = names(await mc.getTools({ fromOrigins: [otherOrigin] }))
  const widgetSees = await inWidget(
    widget.contentWindow!,
    `() => document.modelContext.getTools({ fromOrigins: [${JSON.stringify(location.origin)}] }).then((tools) => tools.map((t) => t.name), (e) => e.name)`,
  )
  adWindow?.postMessage('stop', '*')
  if (attack === 'opener') opener.postMessage({ stop: true }, '*')
  return { widget: result, top, widgetSees, forged }
}

/** The victim's outcome when nothing changed what the legitimate frames get (as native). */
const untouched = (forged: boolean) => ({
  widget: 'registered',
  top: ['childTool', 'topTool'],
  widgetSees: ['childTool', 'topTool'],
  forged: forged ? expect.any(Number) : 0,
})

/** The victim's page: `victim` runs there; `messages` (the attacker's) is in its query. */
const victimPage = (messages = '[]') =>
  `/?nopolyfill&agent&messages=${encodeURIComponent(messages)}&body=${encodeURIComponent(`<script>window.victim = ${victim.toString()}</script>`)}`

/** What the case bodies see of the page. */
interface VictimWindow {
  victim: typeof victim
}

/** Window messages of every type the lazy link parses, well-formed and malformed: [message, port]. */
const WINDOW_MESSAGES: Record<string, string> = {
  answer: `[[{ __webmcp: 'answer', id: 'zz', allowed: true }, false]]`,
  hello: `[[{ __webmcp: 'hello', doc: 'ad' }, true]]`,
  welcome: `[[{ __webmcp: 'welcome', doc: 'ad' }, false]]`,
  ask: `[[{ __webmcp: 'ask', id: 'q', index: 0, origin: location.origin, own: true }, false], [{ __webmcp: 'ask', id: 'r', index: -1, origin: 'http://x.example', own: false }, false]]`,
  malformed: `[[{ __webmcp: 'hello', doc: 'ad' }, false], [{ __webmcp: 'ask', id: 5 }, false], [{ __webmcp: 'answer', id: 'zz', allowed: 'yes' }, false], [{ __webmcp: 'tools', v: 1, tools: [], changes: 1 }, false], [{ __webmcp: 'run', id: 'a', name: 'topTool', input: '{}' }, false], [{ __webmcp: 'bye' }, false], [{ __webmcp: 'nothing' }, true]]`,
}

const lazyLink: Case[] = [
  ...(
    [
      [
        'none',
        'a shadow-tree widget that asked before the top listened registers at load, and both list each other',
      ],
      [
        'child',
        'a same-origin about:blank shadow-tree frame with the polyfill asks the top in the same task; the cross-origin widget still registers',
      ],
    ] as const
  ).map(([attack, what]): Case => ({
    name: `G1: no attacker: ${what}`,
    path: `${victimPage()}&attack=${attack}`,
    run: ({ otherOrigin, thirdOrigin }) =>
      (window as unknown as VictimWindow).victim({
        attack: new URLSearchParams(location.search).get('attack') as 'none' | 'child',
        messages: '[]',
        otherOrigin,
        thirdOrigin,
      }),
    expected: untouched(false),
  })),
  ...Object.entries(WINDOW_MESSAGES).map(([kind, messages]): Case => ({
    name: `G1: a shadow-tree ad without allow floods the top with ${kind} messages as its polyfill installs: the widget still registers`,
    path: victimPage(messages),
    run: ({ otherOrigin, thirdOrigin }) =>
      (window as unknown as VictimWindow).victim({
        attack: 'ad',
        messages: new URLSearchParams(location.search).get('messages')!,
        otherOrigin,
        thirdOrigin,
      }),
    expected: untouched(true),
    forged: (outcome) => (outcome as Victim).forged,
  })),
  ...['answer', 'hello', 'ask', 'malformed'].map((kind): Case => ({
    name: `G1: the opener (outside the tree) floods the top with ${kind} messages as its polyfill installs: the widget still registers`,
    path: victimPage(WINDOW_MESSAGES[kind]),
    run: async ({ origin, otherOrigin, thirdOrigin, until }) => {
      const messages = new URLSearchParams(location.search).get('messages')!
      const ready = new Promise((resolve) =>
        addEventListener('message', (event) => event.data === 'victimReady' && resolve(0)),
      )
      const popup = window.open(
        `${origin}/?nopolyfill&body=${encodeURIComponent(`<script>opener.postMessage('victimReady', '*')</script>`)}`,
      )
      if (!popup) return 'popup blocked'
      await ready
      let stop = false
      addEventListener('message', (event) => {
        if (event.source !== popup) return
        if (event.data?.stop) stop = true
        if (!event.data?.flood) return
        const list = (0, eval)(`(${event.data.flood})`) as Array<[object, boolean]>
        const burst = () => {
          for (const [m, port] of list)
            popup.postMessage(m, '*', port ? [new MessageChannel().port2] : [])
          if (!stop) setTimeout(burst)
        }
        burst()
      })
      // The victim, in the popup (same origin as this page, so run there directly).
      const run = (popup as unknown as { eval: (code: string) => Promise<Victim> }).eval(
        `(${String((window as unknown as VictimWindow).victim)})(${JSON.stringify({ attack: 'opener', messages, otherOrigin, thirdOrigin })})`,
      )
      const outcome = await run
      popup.close()
      await until(() => popup.closed)
      return outcome
    },
    expected: untouched(true),
    forged: (outcome) => (outcome as Victim).forged,
    engines: {
      webkit: {
        expected: 'popup blocked',
        reason:
          'WebKitGTK blocks window.open without a user gesture: there is no popup to attack from',
      },
    },
  })),
]

/**
 * D2's page: frames of every container kind, each registering a tool in its first script and another
 * when this page asks, after load; `d2()` inserts them (at once), and resolves with what the top lists
 * once every early, then every late registration has settled.
 */
function d2() {
  const origin = location.origin
  const otherOrigin = `http://127.0.0.1:${location.port}`
  const page = (name: string, base: string) =>
    `${base}/?agent&body=${encodeURIComponent(
      `<script>
      const reg = (n) => document.modelContext.registerTool({ name: n, description: 'd', execute: () => n }, { exposedTo: ['${origin}'] }).then(() => parent.postMessage({ registered: n }, '*'), (e) => parent.postMessage({ registered: n + ':' + e.name }, '*'))
      reg('${name}Early')
      addEventListener('message', (e) => e.data === 'late' && reg('${name}Late'))
      addEventListener('load', () => parent.postMessage({ loaded: '${name}' }, '*'))
      </script>`,
    )}`
  const registered = new Set<string>()
  const loaded = new Map<string, Window>()
  let check = () => {}
  addEventListener('message', (e) => {
    if (e.data?.registered) registered.add(e.data.registered)
    if (e.data?.loaded) loaded.set(e.data.loaded, e.source as Window)
    check()
  })
  const all = (cond: () => boolean) =>
    new Promise<void>((resolve) => {
      check = () => cond() && resolve()
      check()
    })
  const settled = (n: string) => [...registered].some((r) => r.split(':')[0] === n)
  const names = ['inFrame', 'inOpenShadow', 'inClosedShadow', 'inObject', 'inEmbed']
  const plain = document.createElement('iframe')
  plain.src = page('inFrame', origin)
  const open = document.createElement('div').attachShadow({ mode: 'open' })
  const closedHost = document.createElement('div')
  const closed = closedHost.attachShadow({ mode: 'closed' })
  const inOpen = document.createElement('iframe')
  inOpen.src = page('inOpenShadow', origin)
  open.append(inOpen)
  const inClosed = document.createElement('iframe')
  inClosed.allow = 'tools'
  inClosed.src = page('inClosedShadow', otherOrigin)
  closed.append(inClosed)
  const object = document.createElement('object')
  object.data = page('inObject', origin)
  object.type = 'text/html'
  const embed = document.createElement('embed')
  embed.src = page('inEmbed', origin)
  embed.type = 'text/html'
  document.body.append(plain, open.host, closedHost, object, embed)
  const list = async () =>
    (await document.modelContext!.getTools({ fromOrigins: [otherOrigin] }))
      .map((t) => t.name)
      .sort()
  return (async () => {
    await all(() => names.every((n) => loaded.has(n) && settled(`${n}Early`)))
    const early = await list()
    // Late: registered well after load, when this page asks.
    for (const w of loaded.values()) w.postMessage('late', '*')
    await all(() => names.every((n) => settled(`${n}Late`)))
    return { registered: [...registered].sort(), early, late: await list() }
  })()
}

interface D2Window {
  d2: typeof d2
  parsed?: ReturnType<typeof d2>
}

/** Every tool D2's frames register. */
const D2_TOOLS = ['inClosedShadow', 'inEmbed', 'inFrame', 'inObject', 'inOpenShadow'].flatMap(
  (name) => [`${name}Early`, `${name}Late`],
)
const D2_EXPECTED = {
  registered: D2_TOOLS,
  early: D2_TOOLS.filter((name) => name.endsWith('Early')),
  late: D2_TOOLS,
}

const findings: Case[] = [
  {
    name: 'D2: frames of every container kind (iframe, iframe in open and closed shadow roots, object, embed) inserted after load register early and late; the top lists every tool',
    path: `/?body=${encodeURIComponent(`<script>window.d2 = ${d2.toString()}</script>`)}`,
    run: () => (window as unknown as D2Window).d2(),
    expected: D2_EXPECTED,
  },
  {
    name: 'D2: the same frames inserted while the page is parsed (before the polyfill looks for shadow-tree frames) register early and late; the top lists every tool',
    path: `/?body=${encodeURIComponent(`<script>window.d2 = ${d2.toString()}; window.parsed = d2()</script>`)}`,
    run: () => (window as unknown as D2Window).parsed!,
    expected: D2_EXPECTED,
  },
]

differential('frame attacks, third pass', [...lazyLink, ...findings])
