// A frame's content script, in the ISOLATED world of every shared document. Where the browser has
// WebMCP, this world sees the browser's own document.modelContext, which page script cannot
// replace or patch from its world: the tools it lists are the browser's word ('native'). Where it
// has none, the tools live in the page's world (the polyfill), reached through the main-world
// relay over a MessagePort; they are the page's word ('page-asserted').
import { browser } from 'wxt/browser'
import { FRAME_PORT, RELAY_KEY } from './frame-messages'
import type { FrameToWorker, VisibleTool, WorkerToFrame } from './frame-messages'
import type { WireAnnotations, WireTool } from './protocol'
import { fitTools, fitVisible, parseRelayMessage } from './tools'

interface NativeTool {
  name: string
  description: string
  inputSchema?: unknown
  annotations?: WireAnnotations
  origin: string
  window: unknown
}
interface NativeContext extends EventTarget {
  getTools(options?: { fromOrigins?: string[] }): Promise<NativeTool[]>
  executeTool(tool: NativeTool, input: unknown, options: { signal: AbortSignal }): Promise<unknown>
}

/** The least time (ms) between two reports of a document's tools. */
const REPORT_MS = 100

interface Source {
  list(fromOrigins: string[]): Promise<{ tools: WireTool[]; visible: VisibleTool[] }>
  execute(id: string, name: string, input: unknown, signal: AbortSignal): Promise<unknown>
}

function nativeSource(mc: NativeContext, changed: () => void): Source {
  mc.addEventListener('toolchange', changed)
  const own = async () => (await mc.getTools()).filter((t) => t.window === window)
  return {
    async list(fromOrigins) {
      const all = await mc.getTools(fromOrigins.length > 0 ? { fromOrigins } : undefined)
      const visible = fitVisible(all.filter((tool) => tool.window !== window))
      const tools = fitTools(
        all.filter((tool) => tool.window === window),
        'native',
      )
      return { tools, visible }
    },
    async execute(_id, name, input, signal) {
      const tool = (await own()).find((t) => t.name === name)
      if (!tool) throw new DOMException(`No tool ${name} in this document.`, 'NotFoundError')
      return mc.executeTool(tool, input, { signal })
    },
  }
}

/**
 * The relay's tools: what it last reported. It lists with `fromOrigins` (the shared sites among
 * this tab's documents) as the worker last said, and is told again when they change.
 */
function relaySource(port: MessagePort, changed: () => void, fromOrigins: string[]): Source {
  const pending = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>()
  let latest: { tools: WireTool[]; visible: VisibleTool[] } = { tools: [], visible: [] }
  let asked = JSON.stringify(fromOrigins)
  port.onmessage = (event: MessageEvent) => {
    const message = parseRelayMessage(event.data)
    if (message?.type === 'tools') {
      latest = { tools: message.tools, visible: message.visible }
      changed()
    } else if (message?.type === 'result') {
      const call = pending.get(message.id)
      pending.delete(message.id)
      if (message.ok) call?.resolve(message.output)
      else call?.reject(new DOMException(message.error.message, message.error.name))
    }
  }
  port.postMessage({ type: 'list', fromOrigins })
  return {
    async list(origins) {
      if (JSON.stringify(origins) !== asked) {
        asked = JSON.stringify(origins)
        port.postMessage({ type: 'list', fromOrigins: origins })
      }
      return latest
    },
    execute(id, name, input, signal) {
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        port.postMessage({ type: 'call', id, name, input })
        signal.addEventListener('abort', () => port.postMessage({ type: 'cancel', id }), {
          once: true,
        })
      })
    },
  }
}

/** Starts the frame's side once per document (a second injection does nothing). */
export function runFrame(): void {
  const flag = Symbol.for('webmcp-kit/frame')
  const scope = globalThis as unknown as Record<symbol, boolean>
  if (scope[flag]) return
  scope[flag] = true
  const worker = browser.runtime.connect({ name: FRAME_PORT })
  const post = (message: FrameToWorker) => worker.postMessage(message)
  const document_ = crypto.randomUUID()
  const mc = (document as unknown as { modelContext?: NativeContext }).modelContext
  let fromOrigins: string[] = []
  let source: Source | undefined
  const calls = new Map<string, AbortController>()
  // One report at a time, and at most one per REPORT_MS: a page that fires toolchange (or makes
  // its relay talk) in a loop gets its latest list reported, not every one of them.
  let reporting = false
  let again = false
  const report = async () => {
    if (!source) return
    if (reporting) return void (again = true)
    reporting = true
    try {
      do {
        again = false
        const listed = await source.list(fromOrigins).catch(() => ({ tools: [], visible: [] }))
        post({ type: 'tools', ...listed })
        await new Promise((resolve) => setTimeout(resolve, REPORT_MS))
      } while (again)
    } finally {
      reporting = false
    }
  }
  post({ type: 'hello', document: document_, native: mc !== undefined })
  if (mc) source = nativeSource(mc, () => void report())
  else {
    const nonce = crypto.randomUUID()
    const handover = (event: MessageEvent) => {
      const data = event.data as Record<string, unknown> | null
      if (event.source !== window || data?.[RELAY_KEY] !== nonce || !event.ports[0]) return
      removeEventListener('message', handover)
      source = relaySource(event.ports[0], () => void report(), fromOrigins)
    }
    addEventListener('message', handover)
    post({ type: 'relay', nonce })
  }
  worker.onMessage.addListener((message: WorkerToFrame) => {
    if (message.type === 'shared') {
      fromOrigins = message.fromOrigins
      void report()
    } else if (message.type === 'cancel') calls.get(message.id)?.abort()
    else if (message.type === 'call') {
      const controller = new AbortController()
      calls.set(message.id, controller)
      const running = source
        ? source.execute(message.id, message.name, message.input, controller.signal)
        : Promise.reject(new DOMException('This document has no tools yet.', 'InvalidStateError'))
      running.then(
        (output) => post({ type: 'result', id: message.id, ok: true, output: output ?? null }),
        (error: unknown) => {
          const { name, message: text } = (error ?? {}) as { name?: unknown; message?: unknown }
          post({
            type: 'result',
            id: message.id,
            ok: false,
            error: { name: String(name ?? 'Error'), message: String(text ?? error) },
          })
        },
      )
      running.finally(() => calls.delete(message.id)).catch(() => {})
    }
  })
  worker.onDisconnect.addListener(() => {
    for (const controller of calls.values()) controller.abort()
  })
}
