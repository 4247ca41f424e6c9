import { KEY, parseJSON, parsePortMessage, parseWindowMessage } from './messages'
import {
  DEADLINE,
  bounded,
  childDocs,
  closedRoots,
  collected,
  containerAllows,
  frameElements,
  frameTree,
  indexIn,
  initialBlank,
  lengthOf,
  navigationAllow,
  ownerOf,
  parentOf,
  random,
  recordAllow,
  sameTree,
  saveGetters,
  target,
  when,
} from './tree'
import { queueTask } from '../queue-task'
import { onShadowRoot } from '../shadow-roots'
import type { PortMessage } from './messages'
import { EXECUTION_FAILED, UNKNOWN, domError } from '../webmcp/errors'
import { hook } from '../webmcp/install-engine'
import { HOOK } from '../webmcp/hook'
import { engineFor } from '../webmcp/engine'
import type { PolyfillHook } from '../webmcp/hook'
import { isObject } from '../webmcp/webidl'
import type { Settle, ToolDefinition, ToolInfo } from '../webmcp/engine'

// The frame protocol: how the polyfills of the documents in one frame tree find each other, vouch
// for each other's `tools` permission, share the tools they expose to each other, and run them.
// Identity comes only from what the browser stamps on a window message (`event.source`,
// `event.origin`); each introduction hands over a MessagePort bound to that identity, which only the
// two documents hold. Every wait on another document is bounded, so no promise of the API depends on
// a stranger answering. See docs/frames.md for the protocol, its threat model and its limits.

/** Pings in a row a document that calls wait on may miss before it counts as gone (10 s). */
const MISSES = 5

/** How long this document's question about its own permission may take (calls then reject `NotAllowedError`). */
const PATIENCE = 5000

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
type Vouch = boolean | undefined

/** Another document of the tree, as introduced to this one. */
interface Member {
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

/** The link of one document to the others in its frame tree. */
export class FrameLink {
  readonly #local: LocalDocument
  readonly #window: Window
  /** This document's id in introductions (a new one after a back/forward cache restore). */
  #doc = random()
  /** This document's own permission: `undefined` until its parent has answered. */
  #allowed: boolean | undefined
  /** It has introduced itself (a top-level document built on demand has not, at first). */
  #introduced = false
  readonly #permission: Promise<boolean>
  #grant!: (allowed: boolean) => void
  /** The question about this document's own permission that is out, if any. */
  #question: Promise<Vouch> | undefined
  /** Until when an unanswered question counts as "not allowed" without asking again. */
  #unanswered = 0
  readonly #members = new Map<Window, Member>()
  /** The members this document said `bye` to, for calls it makes while it leaves. */
  readonly #gone = new Map<Window, Member>()
  /** Ports offered in a `hello`, until the window answers `welcome`. */
  readonly #offers = new Map<Window, MessagePort>()
  /** Introductions that came before this document knew its own permission: the latest per window. */
  readonly #early = new Map<Window, [origin: string, doc: string, port: MessagePort]>()
  /** Questions asked by window message: id → [window asked, resolve with (answer, its origin)]. */
  readonly #asks = new Map<string, [Window, (answer: [boolean | null, string]) => void]>()
  /** Vouches for windows that are not members (ancestors asked about): window → [origin, result]. */
  readonly #vouches = new WeakMap<Window, [string, Promise<Vouch>]>()
  /** Conditions waited for (an introduction, a list): checked after every change. */
  readonly #checks = new Set<() => boolean>()
  #pinging: ReturnType<typeof setInterval> | undefined
  /** `toolactivated` steps of the tools started by the port message being handled. */
  #activations: Array<() => void> = []
  /** Between a port message's first listener and its second (see `#bind`). */
  #handling = false
  readonly #activate = () => {
    this.#handling = false
    for (const step of this.#activations.splice(0)) step()
  }

  /**
   * Links `local`'s document: at install (`atInstall`), or later, on demand, in a top-level document
   * that had no frames then, where an introduction at install would have reached nobody (see
   * `connectFrames`).
   */
  constructor(local: LocalDocument, atInstall?: boolean) {
    this.#local = local
    this.#window = local.window
    this.#permission = new Promise((resolve) => (this.#grant = resolve))
    if (this.#window === this.#window.top) this.#settle(true, !atInstall)
    else {
      const allowed = this.#fromSameOriginParent()
      if (allowed === undefined) void this.#askPermission()
      else this.#settle(allowed)
    }
  }

  /**
   * A same-origin parent can be asked directly, through its own polyfill: its decision and its own
   * permission, at once (`undefined` when it cannot tell yet, or is not reachable so). A same-origin
   * parent without the polyfill is read instead, and its own parent asked in turn, up to the top.
   */
  #fromSameOriginParent(): boolean | undefined {
    let w = this.#window
    let doc: string | undefined = this.#doc
    try {
      for (;;) {
        if (w === w.top) return true
        const element = w.frameElement
        if (!element) return undefined
        const parent = w.parent as Window & typeof globalThis
        const context = (parent.document as Document & { modelContext?: object }).modelContext
        const parentHook =
          context &&
          ((Object.getPrototypeOf(context) as { constructor: Record<symbol, unknown> }).constructor[
            HOOK
          ] as PolyfillHook | undefined)
        if (parentHook?.admits) return parentHook.admits(context, w, this.#local.origin, doc ?? '')
        // A parent without the frame protocol (no polyfill, or the imperative-only one) cannot
        // answer: this document reads its container itself (as it is now; same-origin, as the
        // parent is), and goes on up.
        if (!containerAllows(element, this.#local.origin, this.#local.origin)) return false
        w = parent
        doc = undefined
      }
    } catch {
      return undefined
    }
  }

  /**
   * Whether this document's child window `child`, showing a document of `origin`, may use tools:
   * this document's decision for it (made now, for a new document) and its own permission;
   * `undefined` while its own permission is not known. For a same-origin child's polyfill.
   */
  admits(child: Window, origin: string, doc: string): boolean | undefined {
    if (this.#allowed === undefined || parentOf(child) !== this.#window) return undefined
    return this.#allowed && this.#decide(child, origin, doc || undefined)
  }

  /**
   * Introduces this document if it has not yet: a top-level document built on demand (by whatever
   * spoke to it first) still greets the frames in its shadow trees, which asked before it listened.
   */
  join(): void {
    if (this.#allowed && !this.#introduced) this.#introduce()
  }

  /** This document's permission, once known: `undefined` while its parent has not answered. */
  get settled(): boolean | undefined {
    return this.#allowed
  }

  wait<T>(run: () => Promise<T>): Promise<T> {
    return this.#allowed === undefined ? this.permission().then(run) : run()
  }

  allowed(): void {
    if (this.#allowed !== true) {
      throw domError(
        'NotAllowedError',
        'Access to the feature "tools" is disallowed by permissions policy.',
      )
    }
  }

  /**
   * Waits for this document's permission as long as a call should: `false` if it is still not known
   * then (the call rejects `NotAllowedError`; an answer that comes later still counts).
   */
  permission(): Promise<boolean> {
    if (this.#allowed !== undefined) return Promise.resolve(this.#allowed)
    if (Date.now() < this.#unanswered) return Promise.resolve(false)
    // The answer to the question out (asked now if none is), or an answer to a later one.
    return Promise.race([
      this.#askPermission().then(() => this.#allowed === true),
      this.#permission,
    ])
  }

  /**
   * Resolves with this document's permission once it is known and every document it has met has
   * settled its vouch and exchanged tool lists with it (within the deadline): the tree has taken
   * this document in. For tests, which must wait for that instead of for a time.
   */
  async joined(): Promise<boolean> {
    if (!(await this.permission())) return false
    const offers = [...this.#offers.keys()]
    await when(this.#checks, () => offers.every((w) => !this.#offers.has(w)))
    await Promise.all(
      [...this.#members.values()].map(async (member) => {
        if (member.vouching) await bounded(member.vouching, undefined)
        if (member.allowed !== true) return
        await when(
          this.#checks,
          () => member.left || (member.received > 0 && member.acked >= member.sent),
        )
      }),
    )
    return true
  }

  /** Asks about this document's own permission (`again`: even if a question is out, maybe lost). */
  #askPermission(again = false): Promise<Vouch> {
    if (this.#allowed !== undefined) return Promise.resolve(this.#allowed)
    if (again) this.#unanswered = 0
    if (this.#question && !again) return this.#question
    // Not bounded: an answer that comes after PATIENCE still counts (the calls meanwhile were refused).
    const answer = this.#vouch(this.#window, this.#local.origin, Infinity, this.#doc)
    void answer.then((allowed) => allowed !== undefined && this.#settle(allowed))
    const question = bounded(answer, undefined, PATIENCE)
    this.#question = question
    void question.then((allowed) => {
      if (this.#question === question) this.#question = undefined
      // Silence is not an answer (the parent may not be listening yet): the calls of the next moments
      // are refused at once, and the one after asks again.
      if (allowed === undefined) this.#unanswered = Date.now() + DEADLINE
    })
    return question
  }

  #settle(allowed: boolean, quiet?: boolean) {
    if (this.#allowed !== undefined) return
    this.#allowed = allowed
    this.#grant(allowed)
    if (!allowed) {
      for (const [, , port] of this.#early.values()) port.close()
      this.#early.clear()
      return
    }
    if (!quiet) this.#introduce()
    for (const [w, [origin, doc, port]] of this.#early) this.#hello(w, origin, doc, port)
    this.#early.clear()
  }

  /**
   * Introduces this document to every other window of the tree: the frames reachable from the top,
   * and its own ancestors and children (a frame in a shadow tree is not in its parent's `frames`).
   */
  #introduce() {
    this.#introduced = true
    const children = frameElements(this.#window.document).map(
      (element) => (element as HTMLIFrameElement).contentWindow,
    )
    const windows = new Set([...frameTree(this.#window), ...this.#ancestors(), ...children])
    for (const w of windows) {
      if (!w || w === this.#window) continue
      this.#offers.get(w)?.close()
      // The port is started (and its messages delivered) once the window has answered `welcome`.
      const { port1, port2 } = new MessageChannel()
      this.#offers.set(w, port1)
      this.#post(w, { [KEY]: 'hello', doc: this.#doc }, '*', [port2])
    }
  }

  #post(w: Window, message: object, origin: string, transfer?: Transferable[]) {
    try {
      w.postMessage(message, origin, transfer)
    } catch {
      // A window that went away.
    }
  }

  /**
   * Whether `w`, showing a document of `origin`, may use `tools`: its parent says so, and the parent
   * itself may, up to the top. Settles within `ms`: `undefined` then (not kept; asked again later).
   */
  #vouch(w: Window, origin: string, ms = DEADLINE, doc?: string): Promise<Vouch> {
    if (w === w.top) return Promise.resolve(true)
    const parent = parentOf(w)
    if (!parent) return Promise.resolve(false)
    if (parent === this.#window) {
      return this.#permission.then((allowed) => allowed && this.#decide(w, origin, doc))
    }
    const self = w === this.#window
    const member = this.#members.get(w)
    if (!self && member?.origin === origin && member.vouching) return member.vouching
    const cached = self ? undefined : this.#vouches.get(w)
    if (cached?.[0] === origin) return cached[1]
    const question = new Promise<[boolean | null, string]>((resolve) => {
      const id = random()
      this.#asks.set(id, [parent, resolve])
      const ask = { [KEY]: 'ask', id, index: indexIn(parent, w), origin, own: self, doc }
      this.#post(parent, ask, '*')
    }).then(([allowed, parentOrigin]): Vouch | Promise<Vouch> =>
      // The parent's word counts only if the parent itself may use tools: asked of its own parent,
      // about the origin the browser stamped on its answer (never one the answer claims).
      allowed === null ? undefined : allowed && this.#vouch(parent, parentOrigin),
    )
    const result = ms === Infinity ? question : bounded(question, undefined, ms)
    if (!self) {
      this.#vouches.set(w, [origin, result])
      void result.then((allowed) => {
        if (allowed === undefined && this.#vouches.get(w)?.[1] === result) this.#vouches.delete(w)
      })
    }
    return result
  }

  /**
   * This document's policy for its child window `w` showing document `doc` of `origin`: from the
   * `<iframe>`'s `allow` as it was when that document's navigation began (see `navigationAllow`).
   */
  #decide(w: Window, origin: string, doc: string | undefined): boolean {
    const element = ownerOf(this.#window.document, w)
    if (!element) return false
    // A frame's initial about:blank, while the navigation its insertion began is on its way: it
    // has the policy of that moment, and the document to come is the one a later change waits for.
    const blank = initialBlank(w, element)
    if (doc && !blank) childDocs.set(w, doc)
    let allow: string | null | undefined
    const navigation = navigationAllow.get(element)
    if (navigation && blank) allow = navigation.allow
    else if (navigation) {
      navigation.doc ??= doc
      if (navigation.doc === doc) allow = navigation.allow
      else navigationAllow.delete(element)
    }
    return containerAllows(element, origin, this.#local.origin, allow)
  }

  /** Questions about other documents still waiting here, per asker (a flood of them is refused). */
  readonly #waitingQuestions = new WeakMap<Window, number>()

  /**
   * The answer to "may child #`index`, of `origin`, use tools?", asked by `asker`: about itself
   * (`own`, its document `doc`), or about another document.
   */
  async #answer(
    asker: Window,
    askerOrigin: string,
    index: number,
    origin: string,
    own: boolean,
    doc: string | undefined,
  ) {
    // A child asking about itself: decided from its own window and origin, as stamped.
    if (own) {
      return (
        parentOf(asker) === this.#window &&
        (await this.#permission) &&
        this.#decide(asker, askerOrigin, doc)
      )
    }
    // About another document: only about a child that introduced itself here with that origin, so
    // that nobody learns more than the child told them (its origin, and that it may use tools).
    const child = index >= 0 ? (this.#window[index] as Window | undefined) : undefined
    const known = () =>
      [...this.#members.values()].filter(
        (m) =>
          !m.left &&
          m.origin === origin &&
          (child
            ? m.window === child
            : parentOf(m.window) === this.#window && indexIn(this.#window, m.window) < 0),
      )
    // A document that may not use tools has nobody to tell about.
    if (this.#allowed === false) return undefined
    if (!known().length) {
      const waiting = this.#waitingQuestions.get(asker) ?? 0
      if (waiting >= 8) return undefined
      this.#waitingQuestions.set(asker, waiting + 1)
      await when(this.#checks, () => known().length > 0)
      this.#waitingQuestions.set(asker, (this.#waitingQuestions.get(asker) ?? 1) - 1)
    }
    const members = known()
    // Not introduced here (within the deadline): no answer, which the asker counts as "cannot tell".
    if (!members.length) return undefined
    return (await this.#permission) && members.every((m) => this.#decide(m.window, m.origin, m.doc))
  }

  /** An introduction of the document `doc` in `w`: a new member, or one more port of a known one. */
  #hello(w: Window, origin: string, doc: string, port: MessagePort) {
    // A document that says hello again and again gets one welcome (and keeps two ports).
    if (this.#meet(w, origin, doc, port)) {
      this.#post(w, { [KEY]: 'welcome', doc: this.#doc }, target(origin))
    }
  }

  /** Binds `port` to the document `doc` in `w`; whether that was news (a new member or a second port). */
  #meet(w: Window, origin: string, doc: string, port: MessagePort): boolean {
    const known = this.#members.get(w)
    if (known && known.doc === doc && known.origin === origin) {
      // Both documents introduced themselves at once: each keeps both ports, and listens on both.
      known.ports.push(port)
      const news = known.ports.length <= 2
      if (!news) known.ports.shift()!.close()
      this.#bind(known, port)
      return news
    }
    // Another document of that window (or a window that says hello again): the one known has left,
    // and nothing vouched for it counts for this one.
    if (known) this.#drop(known, true)
    this.#vouches.delete(w)
    const member: Member = {
      window: w,
      origin,
      doc,
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
    this.#members.set(w, member)
    this.#bind(member, port)
    this.#revouch(member)
    this.#wake()
    return true
  }

  /** Vouches for `member` (again, after a vouch nobody answered in time). */
  #revouch(member: Member) {
    const vouching = this.#vouch(member.window, member.origin, DEADLINE, member.doc)
    member.vouching = vouching
    void vouching.then((allowed) => {
      if (member.left || member.vouching !== vouching) return
      member.vouching = undefined
      member.allowed = allowed
      if (allowed === false) this.#release(member, Infinity)
      if (allowed) {
        // Tools registered before the member was known are news there, as natively.
        member.changes = Math.max(member.changes, this.#local.list(member.origin).length ? 1 : 0)
        member.dirty = true
        this.#flush(member)
      }
      const early = member.early
      member.early = undefined
      if (early) this.#receiveTools(member, early)
      this.#wake()
    })
  }

  #bind(member: Member, port: MessagePort) {
    port.onmessage = (event) => {
      this.#handling = true
      this.#receivePort(member, port, event.data)
    }
    // A second listener: it runs in the same task, after the microtask checkpoint that follows the
    // first, which is when native fires `toolactivated` for a tool it just started.
    port.addEventListener('message', this.#activate)
  }

  /** Runs the checks of the conditions waited for. */
  #wake() {
    for (const check of [...this.#checks]) if (check()) this.#checks.delete(check)
  }

  /**
   * `member` has left: its calls fail, the calls it started here are cancelled. Its ports stay open
   * (a call it makes while it leaves still starts, and is cancelled at once, as natively) unless it
   * was replaced by another document.
   */
  #drop(member: Member, close = false) {
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
      const stub: Member = { ...member, window: this.#window, calls: new Map(), running: new Map() }
      stub.vouching = stub.early = undefined
      stub.waiters = []
      for (const port of ports) this.#bind(stub, port)
      setTimeout(closeAll, 1000)
    }
    if (this.#members.get(member.window) === member) this.#members.delete(member.window)
    for (const settle of member.calls.values()) settle(false, false)
    member.calls.clear()
    for (const cancel of member.running.values()) cancel()
    member.running.clear()
    this.#release(member, Infinity)
    this.#wake()
  }

  /** Resolves what waits for `member` to see version `v`. */
  #release(member: Member, v: number) {
    member.waiters = member.waiters.filter(([wanted, resolve]) =>
      wanted <= v ? void resolve() : true,
    )
  }

  /** Sends `member` this document's tools exposed to it, if they changed since it last saw them. */
  #flush(member: Member) {
    if (!member.dirty || member.left || member.allowed !== true || !this.#allowed) return
    member.dirty = false
    const changes = member.changes
    member.changes = 0
    this.#send(member, {
      [KEY]: 'tools',
      v: ++member.sent,
      tools: this.#local.list(member.origin),
      changes,
    })
  }

  #send(member: Member, message: PortMessage) {
    member.ports[0]?.postMessage(message)
  }

  /** This document's vouched members, in tree order (frames in shadow trees last). */
  #peers(): Member[] {
    const order = frameTree(this.#window)
    const rank = (m: Member) => {
      const i = order.indexOf(m.window)
      return i < 0 ? order.length : i
    }
    for (const member of [...this.#members.values()]) {
      // A removed frame that could not say bye (its window is detached) has left.
      if (parentOf(member.window) === null) this.#drop(member, true)
    }
    return [...this.#members.values()]
      .filter((m) => m.allowed === true && !m.left)
      .sort((a, b) => rank(a) - rank(b))
  }

  /**
   * The tools of the other documents of the tree exposed to this one, from the origins `wanted`, in
   * tree order. Never waits: what the members sent is here already.
   */
  tools(wanted: Set<string>): Array<readonly [Window, string, ToolInfo[]]> {
    if (!this.#allowed) return []
    for (const member of this.#members.values()) {
      if (member.allowed === undefined && !member.vouching) this.#revouch(member)
    }
    // An opaque origin is same-origin with nothing (and no origin asked for is opaque).
    return this.#peers()
      .filter((m) => m.origin !== 'null' && wanted.has(m.origin))
      .map((m) => [m.window, m.origin, m.tools] as const)
  }

  /**
   * Tells the members a tool exposed to them (same origin, or an origin in `exposedTo`) changed;
   * resolves once each has fired `toolchange` (or left, or let the deadline pass).
   */
  changed(exposedTo: readonly string[]): Promise<void> {
    if (!this.#allowed) return Promise.resolve()
    const own = this.#local.origin
    const relevant = (member: Member) =>
      !member.left &&
      member.allowed !== false &&
      ((member.origin === own && own !== 'null') || exposedTo.includes(member.origin))
    const waits: Promise<unknown>[] = []
    const ancestors = this.#ancestors()
    const notify = (member: Member) => {
      member.changes++
      member.dirty = true
      // Waited for: members already vouched for, and ancestors (which run the polyfill). One still
      // being vouched for gets the change in its first list, without holding the registration.
      if (member.allowed || ancestors.includes(member.window)) {
        waits.push(this.#seen(member, member.sent + 1))
      }
      if (member.allowed) queueTask(() => this.#flush(member))
      else if (!member.vouching) this.#revouch(member)
    }
    for (const member of this.#members.values()) if (relevant(member)) notify(member)
    // An ancestor this document has not met yet (it is still joining) runs the polyfill (it answered
    // for this document's permission): the change reaches it with the first list it gets, and is
    // waited for, so that a registration in a frame's first script is listed by its ancestors once it
    // resolves, as natively.
    const missing = this.#ancestors().filter((w) => !this.#members.has(w))
    if (missing.length) {
      waits.push(
        when(this.#checks, () => missing.every((w) => this.#members.has(w))).then(() =>
          Promise.all(
            missing.map((w) => {
              const member = this.#members.get(w)
              // Met after the change: the first list it gets has it.
              return member && relevant(member) ? this.#seen(member, 1) : undefined
            }),
          ),
        ),
      )
    }
    return Promise.all(waits).then(() => undefined)
  }

  /** Resolves once `member` has acknowledged version `v` of this document's list (or left, or timed out). */
  #seen(member: Member, v: number): Promise<void> {
    if (member.acked >= v || member.left || member.allowed === false) return Promise.resolve()
    return bounded(new Promise<void>((resolve) => member.waiters.push([v, resolve])), undefined)
  }

  /** This document's ancestors, from its parent up to the top. */
  #ancestors(): Window[] {
    const out: Window[] = []
    for (let w = this.#window; w !== w.top;) {
      const parent = parentOf(w)
      if (!parent) break
      out.push(parent)
      w = parent
    }
    return out
  }

  /**
   * While this document is joining, the moment its ancestors' tools are here (they run the polyfill:
   * they answered for its permission); `undefined` once they are. A listing waits for it, so that a
   * frame's first script sees its ancestors' tools, as natively.
   */
  ready(): Promise<void> | undefined {
    if (!this.#allowed) return undefined
    const joined = () =>
      this.#ancestors().every((w) => {
        const member = this.#members.get(w)
        return (
          member && (member.allowed === false || (member.allowed === true && member.received > 0))
        )
      })
    return joined() ? undefined : when(this.#checks, joined)
  }

  /**
   * Runs tool `name` of the document in `w`, which must be of `origin`; `done` gets the result, or
   * the rejection reason (an `UnknownError`), in a task. Returns the canceller.
   */
  execute(w: Window, origin: string, name: string, input: string, done: Settle): () => void {
    let sync = true
    const settle: Settle = (ok, value) => {
      const step = () =>
        done(ok, ok ? value : domError('UnknownError', value ? EXECUTION_FAILED : UNKNOWN))
      // A refusal at once (no such member) still comes from a task, as native's does.
      if (sync) queueTask(step)
      else step()
    }
    const cancel = this.#execute(w, origin, name, input, settle)
    sync = false
    return cancel
  }

  #execute(w: Window, origin: string, name: string, input: string, settle: Settle): () => void {
    const gone = this.#gone.get(w)
    if (gone?.origin === origin && gone.allowed === true) {
      // Called while this document leaves (from `pagehide`): the tool starts and is cancelled there.
      this.#send(gone, { [KEY]: 'run', id: random(), name, input })
      settle(false, false)
      return () => {}
    }
    const member = this.#members.get(w)
    if (!this.#allowed || !member || member.allowed !== true || member.origin !== origin) {
      settle(false, false)
      return () => {}
    }
    const id = random()
    member.calls.set(id, settle)
    this.#send(member, { [KEY]: 'run', id, name, input })
    this.#watch()
    return () => {
      if (member.calls.delete(id)) this.#send(member, { [KEY]: 'cancel', id })
    }
  }

  /**
   * While calls wait on other documents, asks them now and then whether they are still there: a
   * document that navigated to a page without the polyfill (or left without saying `bye`) cannot
   * answer, and its calls fail as they do natively.
   */
  #watch() {
    if (this.#pinging) return
    this.#pinging = setInterval(() => {
      let waiting = false
      for (const member of [...this.#members.values()]) {
        if (!member.calls.size) continue
        // A long task there misses a few pings; a document that has gone misses them all.
        if (member.misses >= MISSES || parentOf(member.window) === null) {
          this.#drop(member, true)
          continue
        }
        waiting = true
        member.misses++
        this.#send(member, { [KEY]: 'ping' })
      }
      if (!waiting) {
        clearInterval(this.#pinging)
        this.#pinging = undefined
      }
    }, DEADLINE)
  }

  /** Leaves the tree: on `pagehide`, and when the polyfill is uninstalled. */
  #leave(close = false) {
    this.#gone.clear()
    for (const member of [...this.#members.values()]) {
      this.#send(member, { [KEY]: 'bye' })
      this.#drop(member, close)
      if (!close) this.#gone.set(member.window, member)
    }
    for (const port of this.#offers.values()) port.close()
    this.#offers.clear()
  }

  /** Leaves the frame tree for good (when the polyfill is uninstalled). */
  close(): void {
    this.#leave(true)
    clearInterval(this.#pinging)
  }

  // The window's events, by type (`connectFrames` listens from install on).

  pagehide(): void {
    this.#leave()
  }

  pageshow(event: PageTransitionEvent): void {
    // Restored from the back/forward cache: the others dropped this document when it left.
    if (event.persisted && this.#allowed) {
      this.#gone.clear()
      this.#doc = random()
      this.#introduce()
    }
  }

  /** Introductions and questions about children, by window message. */
  message(event: MessageEvent): void {
    const message = parseWindowMessage(event)
    if (!message) return
    const source = event.source as Window | null
    // Only windows of this frame tree take part: not popups, openers or other tabs.
    if (!source || !sameTree(this.#window, source)) return
    const { origin } = event
    switch (message[KEY]) {
      case 'ask': {
        const { id, index, own, doc } = message
        // Only a child asks about itself; nobody else gets an answer (not even "no"), as natively
        // nobody answers at all.
        if (own && parentOf(source) !== this.#window) return
        void this.#answer(source, origin, index, message.origin, own, doc).then(
          (allowed) =>
            allowed !== undefined &&
            this.#post(source, { [KEY]: 'answer', id, allowed }, target(origin)),
        )
        return
      }
      case 'answer': {
        const ask = this.#asks.get(message.id)
        if (ask?.[0] !== source) return
        this.#asks.delete(message.id)
        ask[1]([message.allowed, origin])
        return
      }
      case 'hello': {
        const { port, doc } = message
        if (this.#allowed === false) return port.close()
        if (this.#allowed) return this.#hello(source, origin, doc, port)
        // Not yet known whether this document may use tools: the latest introduction per window waits.
        this.#early.get(source)?.[2].close()
        this.#early.set(source, [origin, doc, port])
        // The parent's polyfill is here now: a question it missed can be asked again.
        if (source === parentOf(this.#window)) void this.#askPermission(true)
        return
      }
      case 'welcome': {
        const port = this.#offers.get(source)
        if (!port) return
        this.#offers.delete(source)
        this.#meet(source, origin, message.doc, port)
        this.#wake()
      }
    }
  }

  /** Messages on a member's port: they come from that member, whatever they say. */
  #receivePort(member: Member, port: MessagePort, data: unknown) {
    if (!member.ports.includes(port)) return
    const message = parsePortMessage(data)
    if (!message) return
    member.misses = 0
    if (member.left) {
      // A call started by a document that is leaving starts, and is cancelled at once (the spec's
      // unloading document cleanup steps).
      if (message[KEY] === 'run') this.#run(member, message, true)
      return
    }
    switch (message[KEY]) {
      case 'tools':
        return this.#receiveTools(member, message)
      case 'ack':
        if (message.v <= member.sent && message.v > member.acked) {
          member.acked = message.v
          this.#release(member, member.acked)
          this.#wake()
        }
        return
      case 'result': {
        const settle = member.calls.get(message.id)
        if (!settle) return
        member.calls.delete(message.id)
        return settle(message.ok, message.value)
      }
      case 'bye':
        return this.#drop(member)
      case 'ping':
        return this.#send(member, { [KEY]: 'pong' })
      // A `pong` only says the member is there (`misses` above).
      case 'cancel': {
        const cancel = member.running.get(message.id)
        member.running.delete(message.id)
        return cancel?.()
      }
      case 'run':
        return this.#run(member, message, false)
    }
  }

  #run(member: Member, message: Extract<PortMessage, { [KEY]: 'run' }>, leaving: boolean) {
    const { id } = message
    const reply: Settle = (ok, value) => {
      member.running.delete(id)
      this.#send(
        member,
        ok
          ? { [KEY]: 'result', id, ok, value: typeof value === 'string' ? value : null }
          : { [KEY]: 'result', id, ok, value: value === true },
      )
    }
    const started =
      this.#allowed &&
      member.allowed === true &&
      this.#local.run(message.name, message.input, member.origin, reply)
    if (!started) return reply(false, false)
    if (leaving) {
      queueTask(started[1], started[0])
      return
    }
    member.running.set(id, started[0])
    // Had this message not come through the port's first listener, no second listener is left to
    // run the step: a task of its own does.
    if (this.#handling) this.#activations.push(started[1])
    else queueTask(started[1])
  }

  #receiveTools(member: Member, message: Extract<PortMessage, { [KEY]: 'tools' }>) {
    if (member.allowed === undefined) {
      // Applied (and acknowledged) once the vouch has settled, so that the sender waits for it.
      member.early = message
      if (!member.vouching) this.#revouch(member)
      return
    }
    const ack = () => {
      member.received++
      this.#send(member, { [KEY]: 'ack', v: message.v })
      this.#wake()
    }
    if (!member.allowed || !this.#allowed) return ack()
    // The sender says how many changes its list carries; a list that changed carries one at least.
    const changed = JSON.stringify(member.tools) !== JSON.stringify(message.tools)
    const changes = Math.max(message.changes, changed ? 1 : 0)
    member.tools = message.tools
    let fired: Promise<unknown> = Promise.resolve()
    for (let i = 0; i < changes; i++) fired = fired.then(() => this.#local.changed())
    void fired.then(ack)
  }
}

/** The spec's "tool is exposed to an origin"; an opaque origin is same-origin with nothing else. */
const exposed = (tool: ToolDefinition, owner: string, accessing: string) =>
  (owner === accessing && owner !== 'null') || tool.exposedTo.includes(accessing)

/**
 * Connects `context`'s document (a `ModelContext` of this engine, shown in a window) to the other
 * documents of its frame tree: from now on their polyfills can reach it. Returns the disconnect.
 *
 * Only what cannot be recovered later is done at once: the realm's getters and closed shadow roots,
 * the `allow` history of frame elements, and the window's listeners (first in line, as the page's
 * come later). The link itself waits, in a top-level document without frames (its introduction
 * would reach nobody, and no call of this document depends on it before another document has
 * spoken), for the first protocol message (handled in the task that brought it, its port included)
 * or a same-origin child's question; a frame asks its parent about its own permission at once.
 */
export function connectFrames(context: object): () => void {
  const engine = engineFor(context)
  const window = engine?.window
  if (!engine || !window || engine.link) return () => {}
  const { origin, tools } = engine
  let link: FrameLink | undefined
  let build = (atInstall?: boolean): FrameLink | undefined => {
    // Built before, on demand: at install time it still introduces itself (see `join`).
    if (link) return (atInstall && link.join(), link)
    return (link = engine.link =
      new FrameLink(
        {
          window,
          origin,
          list: (caller) => engine.list((tool) => exposed(tool, origin, caller)),
          changed: () => engine.changed(),
          run: (name, input, caller, reply) => {
            const tool = tools.get(name)
            // The caller's side converted the input to an object; a document that sends anything
            // else (`null`, a number, a string) does not reach the tool, as natively it cannot.
            if (!tool || !exposed(tool, origin, caller) || !isObject(parseJSON(input))) return false
            // Started in the task that delivered the request (as native starts it in the task of
            // the browser's message); the reply leaves as soon as the tool settles.
            return engine.start(tool, input, (ok, value) => reply(ok, ok ? value : true))
          },
        },
        atInstall,
      ))
  }
  // Where a same-origin child's frame link asks this document (see `#fromSameOriginParent`): the
  // only document of this realm with a link.
  hook.admits = (_parentContext, child, childOrigin, doc) =>
    build()?.admits(child, childOrigin, doc)
  saveGetters(window)
  // The closed shadow roots attached from now on.
  const untrack = onShadowRoot((root) => {
    if (root.mode !== 'closed') return
    const ref = new WeakRef(root)
    closedRoots.add(ref)
    collected.register(root, ref)
  })
  const attributes = new MutationObserver(recordAllow)
  attributes.observe(window.document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['allow', 'src', 'srcdoc'],
    attributeOldValue: true,
  })
  // Removes the listeners (the options dictionary reads the controller's `signal`).
  const listening = new AbortController()
  // Before the link exists only a protocol message needs it (a page transition event is none): a
  // `pagehide` or `pageshow` would find no document met, and nothing to tell.
  // A message from outside the tree (a popup, the opener) builds nothing: it is dropped unread.
  const forward = (event: Event) => {
    const { source } = event as MessageEvent
    if (link || (parseWindowMessage(event as MessageEvent) && sameTree(window, source as Window)))
      (build()![event.type as 'pageshow'] as (event: Event) => void)(event)
  }
  for (const type of ['message', 'pagehide', 'pageshow'])
    window.addEventListener(type, forward, listening)
  // Frames already there may have asked before this document listened: introduced to them now, as
  // their ask is lost. Frames in shadow trees are not in `window.length`: looked for a task later,
  // off the load's path (without an introduction, such a frame's tools never reached this page).
  if (window !== window.top || lengthOf(window)) build(true)
  else queueTask(() => frameElements(window.document).length && build(true))
  return () => {
    listening.abort()
    untrack()
    attributes.disconnect()
    link?.close()
    engine.link = undefined
    build = () => undefined
  }
}
