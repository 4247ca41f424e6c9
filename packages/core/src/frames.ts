import { tupleOrigin } from './origin'
import { framePolicyAllowsTools } from './permissions-policy'
import { queueTask } from './queue-task'

// The frame protocol: how the polyfills of the documents in one frame tree find each other, list
// and run each other's tools, and tell each other about changes. Documents introduce themselves
// with window.postMessage, where the browser stamps who sent a message (`event.source`,
// `event.origin`): the only sender identity trusted. Each introduction hands over a MessagePort,
// bound to the identity it came with; everything else travels on those ports, which only the two
// documents hold (and which are several times faster than window messages across processes).
// See docs/frames.md for the protocol and its threat model.

const KEY = '__webmcp'

/** How long to wait for a parent that may not run the polyfill (a parent asked about a child). */
const PATIENCE = 1000

/** A tool as it crosses to another document: the listing fields of `RegisteredTool`. */
export interface ToolInfo {
  name: string
  title: string
  description: string
  inputSchema: string
  annotations: Record<string, boolean> | null
}

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
  /** Fires `toolchange` here (in a task). */
  changed(): void
}

type Message = Record<string, unknown> & { [KEY]: string }

/** Another document of the tree, as introduced to this one. */
interface Member {
  /** Tells members apart in keys (ids are chosen by the other side). */
  n: number
  window: Window
  origin: string
  /** Whether the member may use `tools`, as its parent vouched. */
  allowed: Promise<boolean>
  port: MessagePort
}

interface Waiting {
  member: Member
  resolve(value: unknown): void
  fallback: unknown
}

let serial = 0
const random = () => crypto.randomUUID()

const parse = (data: unknown): Message | undefined =>
  data !== null && typeof data === 'object' && typeof (data as Message)[KEY] === 'string'
    ? (data as Message)
    : undefined

/** The windows of the frame tree, from the top, in tree order. */
export function frameTree(from: Window): Window[] {
  const out: Window[] = []
  const walk = (w: Window) => {
    out.push(w)
    for (let i = 0; i < w.length; i++) walk(w[i] as Window)
  }
  walk(from.top ?? from)
  return out
}

/** The `tools` policy of an `<iframe>` for a document of `origin` in it, its parent's origin being `self`. */
function policyAllows(frame: Element, origin: string, self: string): boolean {
  const url = (frame as HTMLIFrameElement).src
  const srcOrigin =
    frame.hasAttribute('srcdoc') || !url || url === 'about:blank'
      ? self
      : (tupleOrigin(url) ?? 'null')
  return framePolicyAllowsTools({
    allow: frame.getAttribute('allow'),
    origin,
    parentOrigin: self,
    srcOrigin,
  })
}

/** The link of one document to the others in its frame tree. */
export class FrameLink {
  /** Whether this document may use `tools`; settled once its parent answered. */
  readonly allowed: Promise<boolean>
  settled: boolean | undefined
  readonly #members = new Map<Window, Member>()
  /** Ports offered in a `hello`, until the window answers with `welcome`. */
  readonly #offers = new Map<Window, MessagePort>()
  /** Window-message requests (a parent asked about a child): id → [parent, resolve]. */
  readonly #asks = new Map<string, [Window, (value: unknown) => void]>()
  readonly #waiting = new Map<string, Waiting>()
  /** Executions of other documents running here: id → [caller, cancel]. */
  readonly #running = new Map<string, [Member, () => void]>()
  /** `toolactivated` steps of the tools started by the port message being handled. */
  #activations: Array<() => void> = []
  /** Between a port message's first listener and its second (see `#bind`). */
  #handling = false
  readonly #activate = () => {
    this.#handling = false
    for (const step of this.#activations.splice(0)) step()
  }
  readonly #onMessage = (event: MessageEvent) => this.#receive(event)
  readonly #onPageHide = () => {
    for (const member of this.#members.values()) member.port.postMessage({ [KEY]: 'bye' })
  }

  readonly #local: LocalDocument

  constructor(local: LocalDocument) {
    this.#local = local
    const { window } = local
    window.addEventListener('message', this.#onMessage)
    window.addEventListener('pagehide', this.#onPageHide)
    this.allowed = window === window.top ? Promise.resolve(true) : this.#vouch(window, local.origin)
    void this.allowed.then((allowed) => {
      this.settled = allowed
      if (!allowed) return
      for (const w of frameTree(window)) {
        if (w === window) continue
        const { port1, port2 } = new MessageChannel()
        this.#offers.set(w, port1)
        this.#post(w, { [KEY]: 'hello' }, '*', [port2])
      }
    })
  }

  #post(target: Window, message: Message, origin: string, transfer?: Transferable[]) {
    try {
      target.postMessage(message, origin, transfer)
    } catch {
      // A window that went away, or an opaque origin that cannot be targeted.
    }
  }

  /** Whether `w`, showing a document of `origin`, may use `tools`: its parent says so, recursively. */
  #vouch(w: Window, origin: string): Promise<boolean> {
    if (w === w.top) return Promise.resolve(true)
    const parent = w.parent
    let index = 0
    while (index < parent.length && parent[index] !== w) index++
    if (parent === this.#local.window) {
      return this.allowed.then((allowed) => allowed && this.#allows(index, origin))
    }
    return new Promise<unknown>((resolve) => {
      const id = random()
      this.#asks.set(id, [parent, resolve])
      this.#post(parent, { [KEY]: 'ask', id, index, origin }, '*')
      setTimeout(() => this.#asks.delete(id) && resolve(undefined), PATIENCE)
    }).then((answer) => {
      const [allowed, parentOrigin] = Array.isArray(answer) ? answer : []
      // The parent's word counts only if the parent itself is vouched for.
      return allowed === true && this.#vouch(parent, String(parentOrigin))
    })
  }

  /** Whether this document's child frame #`index` allows `tools` for a document of `origin`. */
  #allows(index: number, origin: string): boolean {
    const child = this.#local.window[index]
    const frame =
      child &&
      [...this.#local.window.document.querySelectorAll('iframe,frame')].find(
        (element) => (element as HTMLIFrameElement).contentWindow === child,
      )
    return !!frame && policyAllows(frame, origin, this.#local.origin)
  }

  /** Binds `port` to the document in `w` of `origin`: whatever arrives on it comes from there. */
  #bind(w: Window, origin: string, port: MessagePort): Member {
    const known = this.#members.get(w)
    const member: Member = {
      n: ++serial,
      window: w,
      origin,
      port,
      allowed: known?.origin === origin ? known.allowed : this.#vouch(w, origin),
    }
    this.#members.set(w, member)
    port.onmessage = (event) => {
      this.#handling = true
      this.#receivePort(member, event.data)
    }
    // A second listener: it runs in the same task, after the microtask checkpoint that follows the
    // first, which is when native fires `toolactivated` for a tool it just started.
    port.addEventListener('message', this.#activate)
    return member
  }

  /** This document and the members it may talk to, in tree order, with their origins. */
  async peers(): Promise<Array<readonly [Window, string]>> {
    const out: Array<readonly [Window, string]> = []
    for (const w of frameTree(this.#local.window)) {
      const member = this.#members.get(w)
      if (w === this.#local.window) out.push([w, this.#local.origin])
      else if (member && (await member.allowed)) out.push([w, member.origin])
    }
    return out
  }

  /** Sends a request to `member` and resolves with the reply's value, or `fallback` if it leaves. */
  #request<T>(member: Member, message: Message, fallback: T, id = random()): Promise<T> {
    return new Promise<T>((resolve) => {
      this.#waiting.set(id, { member, resolve: resolve as (value: unknown) => void, fallback })
      member.port.postMessage({ ...message, id })
    })
  }

  /** Lists the tools of `w` exposed to this document, as data still to be checked. */
  async list(w: Window): Promise<Array<Partial<ToolInfo>>> {
    const member = this.#members.get(w)
    const tools = member ? await this.#request<unknown>(member, { [KEY]: 'list' }, []) : []
    return Array.isArray(tools) ? tools.filter((tool) => tool && typeof tool === 'object') : []
  }

  /**
   * Runs tool `name` in `w`, whose document must be of `origin`. `settle` gets `(true, result)`, or
   * `(false, executed)` where `executed` tells whether the tool ran and failed. Returns the canceller.
   */
  execute(
    w: Window,
    origin: string,
    name: string,
    input: string,
    settle: (ok: boolean, value: unknown) => void,
  ): () => void {
    const member = this.#members.get(w)
    if (member?.origin !== origin) {
      settle(false, false)
      return () => {}
    }
    const id = random()
    void this.#request<unknown>(member, { [KEY]: 'run', name, input }, [false, false], id).then(
      (value) => {
        const [ok, result] = Array.isArray(value) ? value : []
        settle(ok === true, ok === true ? (typeof result === 'string' ? result : null) : !!result)
      },
    )
    return () => {
      if (this.#waiting.delete(id)) member.port.postMessage({ [KEY]: 'cancel', id })
    }
  }

  /** Tells the members a tool of this document exposed to them changed; resolves once all fired `toolchange`. */
  async changed(exposedTo: string[]): Promise<void> {
    const own = this.#local.origin
    await Promise.all(
      (await this.peers()).map(([w, origin]) => {
        const member = this.#members.get(w)
        return member && (origin === own || exposedTo.includes(origin))
          ? this.#request(member, { [KEY]: 'change' }, undefined)
          : undefined
      }),
    )
  }

  /** Leaves the frame tree (when the polyfill is uninstalled). */
  close(): void {
    this.#onPageHide()
    for (const member of this.#members.values()) member.port.close()
    this.#local.window.removeEventListener('message', this.#onMessage)
    this.#local.window.removeEventListener('pagehide', this.#onPageHide)
  }

  /** Introductions and questions about children, by window message. */
  #receive(event: MessageEvent) {
    const message = parse(event.data)
    const source = event.source as Window | null
    if (!message || !source || source === this.#local.window) return
    const { origin } = event
    const type = message[KEY]
    if (type === 'ask') {
      // "May my child #index, showing a document of `origin`, use tools?" Only this document can
      // see the <iframe> element and its allow attribute.
      const { index } = message
      void this.allowed.then((allowed) =>
        this.#post(
          source,
          {
            [KEY]: 'answer',
            id: message.id,
            value: [
              allowed &&
                Number.isInteger(index) &&
                this.#allows(index as number, String(message.origin)),
              this.#local.origin,
            ],
          },
          origin,
        ),
      )
    } else if (type === 'answer') {
      const ask = this.#asks.get(String(message.id))
      if (ask?.[0] !== source) return
      this.#asks.delete(String(message.id))
      ask[1](message.value)
    } else if (type === 'hello' && event.ports[0]) {
      // A document that may use tools introduces itself with a port; answer once this one may too.
      this.#offers.delete(source)
      this.#bind(source, origin, event.ports[0])
      void this.allowed.then(
        (allowed) => allowed && this.#post(source, { [KEY]: 'welcome' }, origin),
      )
    } else if (type === 'welcome') {
      const port = this.#offers.get(source)
      if (!port) return
      this.#offers.delete(source)
      const member = this.#bind(source, origin, port)
      // This document just joined: tools it registered before it could reach the member are news
      // there, as they would have been natively.
      void Promise.all([this.allowed, member.allowed]).then(
        (ok) =>
          ok[0] &&
          ok[1] &&
          this.#local.list(origin).length &&
          this.#request(member, { [KEY]: 'change' }, undefined),
      )
    }
  }

  /** Messages on a member's port: they come from that member, whatever they say. */
  #receivePort(member: Member, message: unknown) {
    const data = parse(message)
    if (!data) return
    const type = data[KEY]
    const id = String(data.id)
    if (type === 'reply') {
      const waiting = this.#waiting.get(id)
      if (waiting?.member !== member) return
      this.#waiting.delete(id)
      waiting.resolve(data.value)
      return
    }
    if (type === 'bye') {
      if (this.#members.get(member.window) === member) this.#members.delete(member.window)
      // Executions waiting on that document fail; the ones it started here are cancelled.
      for (const [key, waiting] of this.#waiting) {
        if (waiting.member === member) {
          this.#waiting.delete(key)
          waiting.resolve(waiting.fallback)
        }
      }
      for (const [key, [caller, cancel]] of this.#running) {
        if (caller === member) {
          this.#running.delete(key)
          cancel()
        }
      }
      return
    }
    const reply = (value: unknown) => member.port.postMessage({ [KEY]: 'reply', id, value })
    const key = `${member.n} ${id}`
    if (type === 'cancel') {
      const cancel = this.#running.get(key)?.[1]
      this.#running.delete(key)
      cancel?.()
      return
    }
    // Requests: answered only while both this document and the member may use tools.
    void Promise.all([this.allowed, member.allowed]).then(([self, peer]) => {
      const ok = self && peer
      if (type === 'list') reply(ok ? this.#local.list(member.origin) : [])
      else if (type === 'change') {
        if (ok) this.#local.changed()
        reply(undefined)
      } else if (type === 'run') {
        const answer = (done: boolean, value: unknown) => {
          this.#running.delete(key)
          reply([done, value])
        }
        const started =
          ok && this.#local.run(String(data.name), String(data.input), member.origin, answer)
        if (!started) return answer(false, false)
        this.#running.set(key, [member, started[0]])
        // Had the permissions not settled within the request's own task, no second listener is
        // left to run the step: a task of its own does.
        if (this.#handling) this.#activations.push(started[1])
        else queueTask(started[1])
      }
    })
  }
}
