// The worker's view of the shared documents: one record per frame's content script (a runtime
// Port), what the bridge has been told, and the calls in flight. The origin of every record is the
// browser's (the Port's sender), never what a document says of itself. A cross-origin frame's
// tools reach the bridge only when both say so: the frame's own document reported the tool (its
// own getTools, natively or through its relay), and the top document lists it as that frame
// origin's (getTools with fromOrigins for the shared sites among the tab's documents), so a frame's
// exposedTo still decides. On a polyfill page the top's list is the page's word: it can only hold
// back, or let through, a tool the frame itself reported.
import type { Browser } from 'wxt/browser'
import { ask, declined, needsConfirmation } from './confirm'
import type { FrameToWorker, VisibleTool, WorkerToFrame } from './frame-messages'
import { byteLength, MAX_CALLS, MAX_FRAMES_PER_TAB, MAX_MESSAGE_BYTES } from './protocol'
import type { BridgeMessage, ExtensionMessage, WireError, WireTool } from './protocol'
import type { ConfirmMode } from './settings'

export interface FrameRecord {
  port: Browser.runtime.Port
  tab: number
  frame: number
  document: string
  origin: string
  native: boolean
  tools: WireTool[]
  visible: VisibleTool[]
  /** What the bridge was last sent for this frame (JSON), to send only changes. */
  sent?: string
  /** The tools the bridge was last sent: the only ones it may call. */
  published?: WireTool[]
  /** The `fromOrigins` the document was last told (JSON). */
  asked?: string
}

interface Call {
  bridgeId: number
  record: FrameRecord
  controller: AbortController
}

export interface HubHost {
  send(message: ExtensionMessage): boolean
  confirmMode(): ConfirmMode
  /** The tabs list changed (a frame came or went). */
  tabsChanged(): void
}

const key = (tab: number, frame: number) => `${tab}:${frame}`

export class Hub {
  readonly frames = new Map<string, FrameRecord>()
  readonly #calls = new Map<string, Call>()

  constructor(private readonly host: HubHost) {}

  /** A new frame's content script; false when the tab has too many. */
  add(record: FrameRecord): boolean {
    const count = [...this.frames.values()].filter((r) => r.tab === record.tab).length
    if (count >= MAX_FRAMES_PER_TAB) return false
    this.frames.get(key(record.tab, record.frame))?.port.disconnect()
    this.frames.set(key(record.tab, record.frame), record)
    if (record.frame === 0) this.host.tabsChanged()
    return true
  }

  /** A frame's document went away (navigation, frame removed, revoked). */
  remove(record: FrameRecord): void {
    if (this.frames.get(key(record.tab, record.frame)) !== record) return
    this.frames.delete(key(record.tab, record.frame))
    for (const [id, call] of this.#calls) {
      if (call.record !== record) continue
      call.controller.abort()
      this.#finish(id, { name: 'AbortError', message: 'The document went away.' })
    }
    if (record.sent !== undefined)
      this.host.send({ type: 'gone', tab: record.tab, frame: record.frame })
    if (record.frame === 0) this.host.tabsChanged()
    else this.publish(record.tab)
  }

  /** Drops every frame of a tab (closed or revoked). */
  dropTab(tab: number): void {
    const records = [...this.frames.values()].filter((r) => r.tab === tab)
    for (const record of records) {
      record.sent = undefined
      this.remove(record)
      record.port.disconnect()
    }
    this.host.send({ type: 'gone', tab })
  }

  /** Sends the bridge each frame of a tab whose list changed. */
  publish(tab: number): void {
    const top = this.frames.get(key(tab, 0))
    for (const record of this.frames.values()) {
      if (record.tab !== tab) continue
      const tools =
        record.frame === 0 || record.origin === top?.origin
          ? record.tools
          : record.tools.filter((t) =>
              top?.visible.some((v) => v.origin === record.origin && v.name === t.name),
            )
      const message: ExtensionMessage = {
        type: 'tools',
        tab,
        frame: record.frame,
        document: record.document,
        origin: record.origin,
        tools,
      }
      const json = JSON.stringify(message)
      if (json === record.sent) continue
      if (!this.host.send(message)) continue
      record.sent = json
      record.published = tools
    }
  }

  /** Everything again, for a link that just became ready. */
  republish(): void {
    const tabs = new Set<number>()
    for (const record of this.frames.values()) {
      record.sent = undefined
      record.published = undefined
      tabs.add(record.tab)
    }
    for (const tab of tabs) this.publish(tab)
  }

  /** A message from a frame's content script. */
  fromFrame(record: FrameRecord, message: FrameToWorker): void {
    if (message.type === 'tools') {
      record.tools = Array.isArray(message.tools) ? message.tools : []
      record.visible = Array.isArray(message.visible) ? message.visible : []
      this.publish(record.tab)
    } else if (message.type === 'result' && this.#calls.get(message.id)?.record === record) {
      if (message.ok) this.#finish(message.id, undefined, message.output)
      else this.#finish(message.id, message.error)
    }
  }

  /** A call or cancel from the bridge. */
  async fromBridge(message: BridgeMessage): Promise<void> {
    if (message.type === 'cancel') {
      for (const call of this.#calls.values()) {
        if (call.bridgeId === message.id) call.controller.abort()
      }
      return
    }
    if (message.type !== 'call') return
    const fail = (name: string, text: string) =>
      this.host.send({ type: 'result', id: message.id, ok: false, error: { name, message: text } })
    if (this.#calls.size >= MAX_CALLS) {
      return void fail('QuotaExceededError', `More than ${MAX_CALLS} calls are in flight.`)
    }
    const record = this.frames.get(key(message.tab, message.frame))
    if (!record || record.document !== message.document) {
      return void fail('NotFoundError', 'That document is no longer shared or has navigated.')
    }
    const tool = record.published?.find((t) => t.name === message.name)
    if (!tool) {
      return void fail('NotFoundError', `No tool ${message.name} in that document.`)
    }
    const id = crypto.randomUUID()
    const controller = new AbortController()
    this.#calls.set(id, { bridgeId: message.id, record, controller })
    controller.signal.addEventListener('abort', () => {
      record.port.postMessage({ type: 'cancel', id } satisfies WorkerToFrame)
    })
    if (needsConfirmation(tool.annotations, this.host.confirmMode())) {
      const request = {
        name: tool.name,
        origin: record.origin,
        input: message.input,
        source: tool.source,
      }
      const allowed = await ask(request, controller.signal).catch(() => undefined)
      if (allowed === undefined) {
        return this.#finish(id, { name: 'AbortError', message: 'The call was cancelled.' })
      }
      if (!allowed) {
        const error = declined(tool.name, record.origin)
        return this.#finish(id, { name: error.name, message: error.message })
      }
    }
    if (!this.#calls.has(id)) return
    record.port.postMessage({
      type: 'call',
      id,
      name: tool.name,
      input: message.input,
    } satisfies WorkerToFrame)
  }

  #finish(id: string, error: WireError | undefined, output?: unknown): void {
    const call = this.#calls.get(id)
    if (!call) return
    this.#calls.delete(id)
    if (error) {
      this.host.send({ type: 'result', id: call.bridgeId, ok: false, error })
      return
    }
    const result: ExtensionMessage = { type: 'result', id: call.bridgeId, ok: true, output }
    if (byteLength(JSON.stringify(result)) <= MAX_MESSAGE_BYTES) this.host.send(result)
    else {
      const message = 'The tool returned more than 1 MiB.'
      this.host.send({
        type: 'result',
        id: call.bridgeId,
        ok: false,
        error: { name: 'DataError', message },
      })
    }
  }

  /** Aborts every call (the link went down: nobody is waiting for the answers). */
  abortAll(): void {
    for (const call of this.#calls.values()) call.controller.abort()
    this.#calls.clear()
  }

  get inFlight(): number {
    return this.#calls.size
  }
}
