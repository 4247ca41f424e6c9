import { trustworthyOrigin, tupleOrigin } from './origin'

// The frame protocol: how the polyfills of the documents in one frame tree find each other, list
// and run each other's tools, and tell each other about changes. Every message is a postMessage
// between windows. The only sender identity trusted is what the browser stamps on a message
// (`event.source`, `event.origin`); everything a message says about itself is checked against it.
// See docs/frames.md for the protocol and its threat model.

const KEY = '__webmcp'

/** How long to wait for a document that may not run the polyfill (a parent asked about a child). */
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
  /** Runs `name` for a caller of `origin`; `false` when there is no such tool exposed to it. */
  run(
    name: string,
    input: string,
    origin: string,
    reply: (ok: boolean, value: unknown) => void,
  ): ((reason?: unknown) => void) | false
  /** Fires `toolchange` here (in a task). */
  changed(): void
}

type Message = Record<string, unknown> & { [KEY]: string }

interface Member {
  origin: string
  /** The id the document announced in its `hello`. */
  doc?: string
  /** Whether the member is allowed to use `tools`, as its parent vouched. */
  allowed: Promise<boolean>
}

interface Pending {
  target: Window
  resolve(value: unknown): void
}

const random = () => Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2)

const parseMessage = (data: unknown): Message | undefined =>
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
  const allow = frame.getAttribute('allow') ?? ''
  for (const directive of allow.split(';')) {
    const [feature, ...list] = directive.trim().split(/\s+/)
    if (feature !== 'tools') continue
    const src = () => {
      const srcdoc = frame.hasAttribute('srcdoc')
      const url = (frame as HTMLIFrameElement).src
      return srcdoc || !url || url === 'about:blank' ? self : tupleOrigin(url)
    }
    if (!list.length) return origin === src()
    return list.some((token) =>
      token === '*'
        ? true
        : token === "'self'"
          ? origin === self
          : token === "'src'"
            ? origin === src()
            : trustworthyOrigin(token) === origin,
    )
  }
  // Default allowlist 'self': documents same-origin with the parent.
  return origin === self
}

/** The link of one document to the others in its frame tree. */
export class FrameLink {
  /** Whether this document may use `tools`; settled once its parent answered. */
  readonly allowed: Promise<boolean>
  settled: boolean | undefined
  private readonly doc = random()
  private readonly members = new Map<Window, Member>()
  private readonly waiting = new Map<string, Pending>()
  /** Executions of other documents running here: id → [caller window, cancel]. */
  private readonly running = new Map<string, [Window, (reason?: unknown) => void]>()

  private readonly onMessage = (event: MessageEvent) => this.receive(event)
  private readonly onPageHide = () => this.broadcast({ [KEY]: 'bye', doc: this.doc })

  constructor(private readonly local: LocalDocument) {
    const { window } = local
    window.addEventListener('message', this.onMessage)
    window.addEventListener('pagehide', this.onPageHide)
    this.allowed = window === window.top ? Promise.resolve(true) : this.vouch(window, local.origin)
    this.allowed.then((allowed) => {
      this.settled = allowed
      if (allowed) this.broadcast({ [KEY]: 'hello', doc: this.doc })
    })
  }

  private post(target: Window, message: Message, origin = '*') {
    try {
      target.postMessage(message, origin)
    } catch {
      // A window that went away: its members entry goes with its 'bye'.
    }
  }

  private broadcast(message: Message) {
    for (const w of frameTree(this.local.window)) if (w !== this.local.window) this.post(w, message)
  }

  /** Sends `message` to `target` and resolves with the reply's payload, or `fallback`. */
  private request<T>(target: Window, message: Message, origin: string, fallback: T, patience = 0) {
    return new Promise<T>((resolve) => {
      const id = random()
      const pending: Pending = { target, resolve: resolve as (value: unknown) => void }
      this.waiting.set(id, pending)
      this.post(target, { ...message, id }, origin)
      if (patience) {
        setTimeout(() => {
          if (this.waiting.delete(id)) resolve(fallback)
        }, patience)
      }
    })
  }

  /** Whether `w`, showing a document of `origin`, may use `tools`: its parent says so, recursively. */
  private vouch(w: Window, origin: string): Promise<boolean> {
    if (w === w.top) return Promise.resolve(true)
    const parent = w.parent
    let index = 0
    while (index < parent.length && parent[index] !== w) index++
    if (parent === this.local.window) {
      return this.allowed.then((allowed) => allowed && this.allows(index, origin))
    }
    return this.request<[boolean, string]>(
      parent,
      { [KEY]: 'ask', index, origin },
      '*',
      [false, ''],
      PATIENCE,
    ).then(([allowed, parentOrigin]) =>
      allowed ? this.member(parent, parentOrigin).allowed : false,
    )
  }

  /** The member record of `w` for `origin`, vouched for (once) by its parent. */
  private member(w: Window, origin: string): Member {
    let member = this.members.get(w)
    if (!member || member.origin !== origin) {
      member = { origin, allowed: this.vouch(w, origin) }
      this.members.set(w, member)
    }
    return member
  }

  /** This document and the members it may talk to, in tree order, with their origins. */
  async peers(): Promise<Array<readonly [Window, string]>> {
    const out: Array<readonly [Window, string]> = []
    for (const w of frameTree(this.local.window)) {
      const member = this.members.get(w)
      if (w === this.local.window) out.push([w, this.local.origin])
      else if (member && (await member.allowed)) out.push([w, member.origin])
    }
    return out
  }

  /** Lists the tools of `w` (of `origin`) exposed to this document, as data still to be checked. */
  async list(w: Window, origin: string): Promise<Array<Partial<ToolInfo>>> {
    const tools = await this.request<unknown>(w, { [KEY]: 'list' }, origin, [])
    return Array.isArray(tools) ? tools.filter((tool) => tool && typeof tool === 'object') : []
  }

  /** Runs tool `name` in `w`; `settle` gets the outcome. Returns the canceller. */
  execute(
    w: Window,
    origin: string,
    name: string,
    input: string,
    settle: (ok: boolean, value: unknown) => void,
  ): () => void {
    const id = random()
    if (this.members.get(w)?.origin !== origin) {
      settle(false, false)
      return () => {}
    }
    this.waiting.set(id, {
      target: w,
      resolve: (value) => {
        const [ok, result] = Array.isArray(value) ? value : []
        settle(ok === true, ok === true ? (typeof result === 'string' ? result : null) : !!result)
      },
    })
    this.post(w, { [KEY]: 'run', id, name, input }, origin)
    return () => {
      if (this.waiting.delete(id)) this.post(w, { [KEY]: 'cancel', id }, origin)
    }
  }

  /** Tells the members a tool of this document exposed to them changed; resolves once all fired `toolchange`. */
  async changed(exposedTo: string[]): Promise<void> {
    const own = this.local.origin
    await Promise.all(
      (await this.peers())
        .filter(([w, origin]) => w !== this.local.window && (origin === own || exposedTo.includes(origin)))
        .map(([w, origin]) => this.request(w, { [KEY]: 'change' }, origin, undefined)),
    )
  }

  /** Leaves the frame tree (when the polyfill is uninstalled). */
  close(): void {
    this.onPageHide()
    this.local.window.removeEventListener('message', this.onMessage)
    this.local.window.removeEventListener('pagehide', this.onPageHide)
  }

  private receive(event: MessageEvent) {
    const message = parseMessage(event.data)
    const { origin } = event
    const type = message?.[KEY]
    // A document posting as it unloads (pagehide) arrives without a source: it is found by the id
    // it announced in its hello, which must come with the same origin.
    const source =
      (event.source as Window | null) ??
      (type === 'bye'
        ? [...this.members].find(([, m]) => m.doc === message!.doc && m.origin === origin)?.[0]
        : undefined)
    if (!message || !source || source === this.local.window) return
    const id = typeof message.id === 'string' ? message.id : undefined

    if (type === 'reply') {
      const pending = id && this.waiting.get(id)
      if (!pending || pending.target !== source) return
      this.waiting.delete(id!)
      pending.resolve(message.value)
      return
    }
    if (type === 'ask') {
      // "May my child #index, showing a document of `origin`, use tools?" Only this document can
      // see the <iframe> element and its allow attribute.
      const index = message.index
      void this.allowed.then((allowed) =>
        this.reply(source, origin, id, [
          allowed && Number.isInteger(index) && this.allows(index as number, String(message.origin)),
          this.local.origin,
        ]),
      )
      return
    }
    if (type === 'hello') {
      const known = this.members.get(source)
      this.member(source, origin).doc = String(message.doc)
      if (!message.reply && (!known || known.origin !== origin)) {
        void this.allowed.then((allowed) => {
          if (allowed) this.post(source, { [KEY]: 'hello', doc: this.doc, reply: 1 }, origin)
        })
      }
      return
    }
    if (type === 'bye') {
      this.members.delete(source)
      // Executions waiting on that document fail; the ones it started here are cancelled.
      for (const [key, pending] of this.waiting) {
        if (pending.target === source) {
          this.waiting.delete(key)
          pending.resolve([false, undefined])
        }
      }
      for (const [key, [caller, cancel]] of this.running) {
        if (caller === source) {
          this.running.delete(key)
          cancel()
        }
      }
      return
    }

    // Requests: answered only to members this document may talk to, and only while it may itself.
    const member = this.members.get(source)
    void Promise.all([this.allowed, member?.origin === origin && member.allowed]).then(
      ([self, peer]) => {
        const ok = self && peer
        if (type === 'list') this.reply(source, origin, id, ok ? this.local.list(origin) : [])
        else if (type === 'change') {
          if (ok) this.local.changed()
          this.reply(source, origin, id, undefined)
        } else if (type === 'run' && id) {
          const key = `${origin} ${id}`
          const answer = (done: boolean, value: unknown) => {
            this.running.delete(key)
            this.reply(source, origin, id, [done, value])
          }
          const cancel =
            ok && this.local.run(String(message.name), String(message.input), origin, answer)
          if (cancel) this.running.set(key, [source, cancel])
          else answer(false, undefined)
        } else if (type === 'cancel' && id) {
          const key = `${origin} ${id}`
          const entry = this.running.get(key)
          if (entry?.[0] === source) {
            this.running.delete(key)
            entry[1]()
          }
        }
      },
    )
  }

  /** Whether this document's child frame #`index` allows `tools` for a document of `origin`. */
  private allows(index: number, origin: string): boolean {
    const child = this.local.window[index]
    const frame =
      child &&
      [...this.local.window.document.querySelectorAll('iframe,frame')].find(
        (element) => (element as HTMLIFrameElement).contentWindow === child,
      )
    return !!frame && policyAllows(frame, origin, this.local.origin)
  }

  private reply(target: Window, origin: string, id: string | undefined, value: unknown) {
    if (id) this.post(target, { [KEY]: 'reply', id, value }, origin)
  }
}
