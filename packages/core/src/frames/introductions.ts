// Introductions: this document says `hello` to every other window of its tree with a port, and
// binds the ports it is offered or answered (`welcome`) to the document that sent them, as the
// browser stamped it; it says `bye` when it leaves, and comes back with a new id from the
// back/forward cache.

import { KEY } from './messages'
import { frameTree, target } from './tree'
import { frameElements } from './record'
import {
  allowed,
  ancestors,
  bind,
  doc,
  drop,
  gone,
  members,
  offers,
  post,
  renew,
  send,
  silent,
  wake,
  win,
} from './state'
import type { Member } from './state'
import { forget } from './permission'
import { revouch } from './tool-lists'

/** It has introduced itself (a top-level document built on demand has not, at first). */
let introduced = false
/** Introductions that came before this document knew its own permission: the latest per window. */
export const early = new Map<Window, [origin: string, doc: string, port: MessagePort]>()

/** Starts the introductions of a new link (see `reset`). */
export function resetIntroductions() {
  introduced = false
  early.clear()
}

/**
 * Introduces this document if it has not yet: a top-level document built on demand (by whatever
 * spoke to it first) still greets the frames in its shadow trees, which asked before it listened.
 */
export function join(): void {
  if (allowed && !introduced) introduce()
}

/**
 * Introduces this document to every other window of the tree: the frames reachable from the top,
 * and its own ancestors and children (a frame in a shadow tree is not in its parent's `frames`).
 */
export function introduce() {
  introduced = true
  const children = frameElements(win.document).map(
    (element) => (element as HTMLIFrameElement).contentWindow,
  )
  const windows = new Set([...frameTree(win), ...ancestors(), ...children])
  for (const w of windows) {
    if (!w || silent.has(w)) continue
    offers.get(w)?.close()
    // The port is started (and its messages delivered) once the window has answered `welcome`.
    const { port1, port2 } = new MessageChannel()
    offers.set(w, port1)
    post(w, { [KEY]: 'hello', doc }, '*', [port2])
  }
}

/** An introduction of the document `id` in `w`: a new member, or one more port of a known one. */
export function hello(w: Window, origin: string, id: string, port: MessagePort) {
  // A document that says hello again and again gets one welcome (and keeps two ports).
  if (meet(w, origin, id, port)) post(w, { [KEY]: 'welcome', doc }, target(origin))
}

/** Binds `port` to the document `id` in `w`; whether that was news (a new member or a second port). */
export function meet(w: Window, origin: string, id: string, port: MessagePort): boolean {
  const known = members.get(w)
  if (known && known.doc === id && known.origin === origin) {
    // Both documents introduced themselves at once: each keeps both ports, and listens on both.
    known.ports.push(port)
    const news = known.ports.length <= 2
    if (!news) known.ports.shift()!.close()
    bind(known, port)
    return news
  }
  // Another document of that window (or a window that says hello again): the one known has left,
  // and nothing vouched for it counts for this one.
  if (known) drop(known, true)
  forget(w)
  const member: Member = {
    window: w,
    origin,
    doc: id,
    ports: [port],
    tools: [],
    received: 0,
    sent: 0,
    acked: 0,
    changes: 0,
    dirty: true,
    waiters: [],
    calls: new Map(),
    running: new Map(),
    misses: 0,
  }
  members.set(w, member)
  bind(member, port)
  revouch(member)
  wake()
  return true
}

/** Leaves the tree: on `pagehide`, and when the polyfill is uninstalled (`close`). */
export function leave(close = false) {
  gone.clear()
  for (const member of [...members.values()]) {
    send(member, { [KEY]: 'bye' })
    drop(member, close)
    if (!close) gone.set(member.window, member)
  }
  for (const port of offers.values()) port.close()
  offers.clear()
  // Closed (another document replaces this one in its Window): what waits on the others settles now.
  wake(close)
}

export function pageshow(event: PageTransitionEvent): void {
  // Restored from the back/forward cache: the others dropped this document when it left.
  if (event.persisted && allowed) {
    gone.clear()
    renew()
    introduce()
  }
}
