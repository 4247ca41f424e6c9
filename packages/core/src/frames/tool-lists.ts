// Tool lists: each member gets this document's tools exposed to it, as versioned lists it
// acknowledges once it has fired `toolchange`; the lists it sends are checked and kept, so that a
// listing never waits on another document.

import { KEY } from './messages'
import type { PortMessage } from './messages'
import { DEADLINE, bounded, frameTree, parentOf } from './tree'
import { allowed, ancestors, drop, local, members, release, send, wake, when, win } from './state'
import type { Member } from './state'
import { vouch } from './permission'
import { queueTask } from '../queue-task'
import type { ToolInfo } from '../webmcp/engine'

/** Vouches for `member` (again, after a vouch nobody answered in time). */
export function revouch(member: Member) {
  const vouching = vouch(member.window, member.origin, DEADLINE, member.doc)
  member.vouching = vouching
  void vouching.then((granted) => {
    if (member.left || member.vouching !== vouching) return
    member.vouching = undefined
    member.allowed = granted
    if (granted === false) release(member, Infinity)
    if (granted) {
      // Tools registered before the member was known are news there, as natively.
      member.changes ||= local.list(member.origin).length ? 1 : 0
      member.dirty = true
      flush(member)
    }
    const early = member.early
    member.early = undefined
    if (early) receiveTools(member, early)
    wake()
  })
}

/** Sends `member` this document's tools exposed to it, if they changed since it last saw them. */
function flush(member: Member) {
  if (!member.dirty || member.left || member.allowed !== true || !allowed) return
  member.dirty = false
  const changes = member.changes
  member.changes = 0
  send(member, {
    [KEY]: 'tools',
    v: ++member.sent,
    tools: local.list(member.origin),
    changes,
  })
}

/** Resolves once `member` has acknowledged version `v` of this document's list (or left, or timed out). */
function seen(member: Member, v: number): Promise<void> {
  if (member.acked >= v || member.left || member.allowed === false) return Promise.resolve()
  return bounded(new Promise<void>((resolve) => member.waiters.push([v, resolve])), undefined)
}

/** This document's vouched members, in tree order (frames in shadow trees last). */
function peers(): Member[] {
  const order = frameTree(win)
  const rank = (m: Member) => {
    const i = order.indexOf(m.window)
    return i < 0 ? order.length : i
  }
  for (const member of [...members.values()]) {
    // A removed frame that could not say bye (its window is detached) has left.
    if (parentOf(member.window) === null) drop(member, true)
  }
  return [...members.values()]
    .filter((m) => m.allowed === true && !m.left)
    .sort((a, b) => rank(a) - rank(b))
}

/**
 * The tools of the other documents of the tree exposed to this one, from the origins `wanted`, in
 * tree order. Never waits: what the members sent is here already.
 */
export function tools(wanted: Set<string>): Array<readonly [Window, string, ToolInfo[]]> {
  if (!allowed) return []
  for (const member of members.values()) {
    if (member.allowed === undefined && !member.vouching) revouch(member)
  }
  // An opaque origin is same-origin with nothing (and no origin asked for is opaque).
  return peers()
    .filter((m) => m.origin !== 'null' && wanted.has(m.origin))
    .map((m) => [m.window, m.origin, m.tools] as const)
}

/**
 * Tells the members a tool exposed to them (same origin, or an origin in `exposedTo`) changed;
 * resolves once each has fired `toolchange` (or left, or let the deadline pass).
 */
export function changed(exposedTo: readonly string[]): Promise<void> {
  if (!allowed) return Promise.resolve()
  const own = local.origin
  const relevant = (member: Member) =>
    !member.left &&
    member.allowed !== false &&
    ((member.origin === own && own !== 'null') || exposedTo.includes(member.origin))
  const waits: Promise<unknown>[] = []
  const above = ancestors()
  const notify = (member: Member) => {
    member.changes++
    member.dirty = true
    // Waited for: members already vouched for, and ancestors (which run the polyfill). One still
    // being vouched for gets the change in its first list, without holding the registration.
    if (member.allowed || above.includes(member.window)) {
      waits.push(seen(member, member.sent + 1))
    }
    if (member.allowed) queueTask(() => flush(member))
    else if (!member.vouching) revouch(member)
  }
  for (const member of members.values()) if (relevant(member)) notify(member)
  // An ancestor this document has not met yet (it is still joining) runs the polyfill (it answered
  // for this document's permission, or is asked): the change reaches it with the first list it
  // gets, and is waited for, so that a registration in a frame's first script is listed by its
  // ancestors once it resolves, as natively.
  const missing = above.filter((w) => !members.has(w))
  if (missing.length) {
    waits.push(
      when(() => missing.every((w) => members.has(w))).then(() =>
        Promise.all(
          missing.map((w) => {
            const member = members.get(w)
            // Met after the change: the first list it gets has it.
            return member && relevant(member) && seen(member, 1)
          }),
        ),
      ),
    )
  }
  // (What it resolves with is never read.)
  return Promise.all(waits) as Promise<unknown> as Promise<void>
}

/**
 * While this document is joining, the moment its ancestors' tools are here (they run the polyfill:
 * they answered for its permission); `undefined` once they are. A listing waits for it, so that a
 * frame's first script sees its ancestors' tools, as natively.
 */
export function ready(): Promise<void> | undefined {
  if (!allowed) return undefined
  const arrived = () =>
    ancestors().every((w) => {
      const member = members.get(w)
      return member && (member.allowed ? member.received > 0 : member.allowed === false)
    })
  return arrived() ? undefined : when(arrived)
}

/** A list from `member`: kept, and acknowledged once its changes have fired `toolchange` here. */
export function receiveTools(member: Member, message: Extract<PortMessage, { [KEY]: 'tools' }>) {
  if (member.allowed === undefined) {
    // Applied (and acknowledged) once the vouch has settled, so that the sender waits for it.
    member.early = message
    if (!member.vouching) revouch(member)
    return
  }
  const ack = () => {
    member.received++
    send(member, { [KEY]: 'ack', v: message.v })
    wake()
  }
  if (!member.allowed || !allowed) return ack()
  // The sender says how many changes its list carries; a list that changed carries one at least.
  const changes = JSON.stringify(member.tools) !== JSON.stringify(message.tools)
  const count = message.changes || (changes ? 1 : 0)
  member.tools = message.tools
  let fired: Promise<unknown> = Promise.resolve()
  for (let i = 0; i < count; i++) fired = fired.then(() => local.changed())
  void fired.then(ack)
}
