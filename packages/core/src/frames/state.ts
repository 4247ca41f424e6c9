// The link's state, which every party of the protocol reads: this document, its own permission,
// the other documents it has met (its members), and the conditions waited for; and the steps every
// party takes with them (send, wake, drop). A realm has one link at a time (`connectFrames` builds it
// for the page's document, the uninstall closes it), so the state lives in the modules of frames/,
// and `reset` starts the next link afresh.

import type { KEY, PortMessage } from './messages'
import { bounded, parentOf, random } from './tree'
import type { Settle, ToolInfo } from '../webmcp/engine'

/** What the engine gives the frame link. */
export interface LocalDocument {
  readonly window: Window
  readonly origin: string
  /** Tools exposed to `origin`. */
  list(origin: string): ToolInfo[]
  /**
   * Starts `name` for a caller of `origin`: `[cancel, activate]`, `activate` being the step that
   * fires `toolactivated` once the microtasks of the tool's start ran; `false` when there is no such
   * tool exposed to it. `reply` is called as soon as the tool settles.
   */
  run(
    name: string,
    input: string,
    origin: string,
    reply: (ok: boolean, value: unknown) => void,
  ): [cancel: () => void, activate: () => void] | false
  /** Fires `toolchange` here, in a task; resolves once it has been dispatched. */
  changed(): Promise<void>
}

/** A vouch: allowed, refused, or `undefined` when someone did not answer in time (asked again later). */
export type Vouch = boolean | undefined

/** Another document of the tree, as introduced to this one. */
export interface Member {
  readonly window: Window
  /** Its origin, as the browser stamped it on its introduction. */
  readonly origin: string
  /** The random id it introduced itself with (tells documents of one window apart). */
  readonly doc: string
  /** The ports bound to it: the one it offered, the one this document offered, or both. */
  readonly ports: MessagePort[]
  /** This document's vouch for its `tools` permission (`undefined` while pending or unanswered). */
  allowed?: Vouch
  vouching?: Promise<Vouch> | undefined
  /** Its tools exposed to this document (the last list it sent, checked), and how many lists came. */
  tools: ToolInfo[]
  received: number
  /** A list that came before the vouch settled: applied (and acknowledged) once it has. */
  early?: Extract<PortMessage, { [KEY]: 'tools' }>
  /** This document's list as sent to it: versions sent and acknowledged, changes not yet sent. */
  sent: number
  acked: number
  changes: number
  dirty: boolean
  /** Waits for it to see a version, or to send its first list: [version, resolve]. */
  waiters: Array<[number, () => void]>
  /** Calls of this document running there: id → settle. */
  calls: Map<string, Settle>
  /** Its calls running here: id → cancel. */
  running: Map<string, () => void>
  /** How many `ping`s in a row it has not answered. */
  misses: number
  /** It has left (absent until then). */
  left?: boolean
}

/** This document (the engine's side of it). */
export let local: LocalDocument
/** Its window. */
export let win: Window
/** Its id in introductions (a new one after a back/forward cache restore). */
export let doc: string
/** Its own permission: `undefined` until its parent has answered. */
export let allowed: boolean | undefined
/** Resolves with its own permission, once known. */
export let permitted: Promise<boolean>
let resolvePermission: (allowed: boolean) => void
/** Listens on `port` for `member`'s messages (calls.ts). */
export let bind: (member: Member, port: MessagePort) => void
export const members = new Map<Window, Member>()
/** The members this document said `bye` to, for calls it makes while it leaves. */
export const gone = new Map<Window, Member>()
/** Ports offered in a `hello`, until the window answers `welcome`. */
export const offers = new Map<Window, MessagePort>()
/** Conditions waited for (an introduction, a list): checked after every change. */
const checks = new Set<(all?: boolean) => boolean>()
/**
 * Windows no list or welcome comes from: this document's own, and ancestors read instead of asked
 * (they have no frame protocol).
 */
export const silent = new Set<Window>()

/** Starts the link of `document` (the one before it, if any, is closed). */
export function reset(document: LocalDocument, binder: typeof bind) {
  local = document
  silent.add((win = document.window))
  bind = binder
  renew()
  allowed = undefined
  permitted = new Promise((resolve) => (resolvePermission = resolve))
  checks.clear()
}

/** A new id: this document comes back from the back/forward cache. */
export const renew = () => (doc = random())

/** This document's own permission is known. */
export function grant(granted: boolean) {
  allowed = granted
  resolvePermission(granted)
}

export function post(w: Window, message: object, origin: string, transfer?: Transferable[]) {
  try {
    w.postMessage(message, origin, transfer)
  } catch {
    // A window that went away.
  }
}

export function send(member: Member, message: PortMessage) {
  member.ports[0]?.postMessage(message)
}

/** A promise that resolves once `ready()` holds, checked whenever the link wakes; bounded. */
export function when(ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve()
  let check!: (all?: boolean) => boolean
  const promise = new Promise<void>((resolve) => {
    check = (all) => (all || ready()) && (resolve(), true)
    checks.add(check)
  })
  return bounded(promise, undefined).then(() => void checks.delete(check))
}

/** Runs the checks of the conditions waited for (`all`: the link closed, nothing is waited for now). */
export function wake(all?: boolean) {
  for (const check of [...checks]) if (check(all)) checks.delete(check)
}

/** Resolves what waits for `member` to see version `v`. */
export function release(member: Member, v: number) {
  member.waiters = member.waiters.filter(([wanted, resolve]) =>
    wanted <= v ? void resolve() : true,
  )
}

/** This document's ancestors that run the frame protocol (or may), from its parent up to the top. */
export function ancestors(): Window[] {
  const out: Window[] = []
  for (let w = win, parent; w !== w.top && (parent = parentOf(w)); w = parent)
    if (!silent.has(parent)) out.push(parent)
  return out
}

/**
 * `member` has left: its calls fail, the calls it started here are cancelled. Its ports stay open
 * (a call it makes while it leaves still starts, and is cancelled at once, as natively) unless it
 * was replaced by another document.
 */
export function drop(member: Member, close = false) {
  // The ports only: a closure over `member` would keep its window, and a same-origin frame's
  // whole realm, alive until the timer fires.
  const { ports } = member
  const closeAll = () => ports.forEach((port) => port.close())
  if (close) closeAll()
  if (member.left) return
  member.left = true
  if (!close) {
    // A call it makes as it leaves (from its pagehide) comes right after its bye: ports stay open a
    // moment for it, no longer (nobody else may use them once it is gone). Their listeners know
    // it by then as a stub without its window, for the same reason as above.
    const stub: Member = { ...member, window: win, calls: new Map(), running: new Map() }
    stub.vouching = stub.early = undefined
    stub.waiters = []
    for (const port of ports) bind(stub, port)
    setTimeout(closeAll, 1000)
  }
  if (members.get(member.window) === member) members.delete(member.window)
  for (const settle of member.calls.values()) settle(false, false)
  member.calls.clear()
  for (const cancel of member.running.values()) cancel()
  member.running.clear()
  release(member, Infinity)
  wake()
}
