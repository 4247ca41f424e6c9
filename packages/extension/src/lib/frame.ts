// A frame's content script, in the ISOLATED world of every shared document. Where the browser has
// WebMCP, this world sees the browser's own document.modelContext, which page script cannot
// replace or patch from its world: the tools it lists are the browser's word ('native'). Where it
// has none, the tools live in the page's world (the polyfill), reached through the main-world
// relay over a MessagePort; they are the page's word ('page-asserted').
import { browser } from 'wxt/browser'
import { FRAME_PORT, RELAY_KEY } from './frame-messages'
import type { FrameToWorker, VisibleTool, WorkerToFrame } from './frame-messages'
import { MAX_TOOLS_PER_FRAME } from './protocol'
import type { ToolAnnotations, ToolSource, WireTool } from './protocol'

interface NativeTool {
  name: string
  description: string
  inputSchema?: unknown
  annotations?: ToolAnnotations
  origin: string
  window: unknown
}
interface NativeContext extends EventTarget {
  getTools(options?: { fromOrigins?: string[] }): Promise<NativeTool[]>
  executeTool(tool: NativeTool, input: unknown, options: { signal: AbortSignal }): Promise<unknown>
}

interface Source {
  list(fromOrigins: string[]): Promise<{ tools: WireTool[]; visible: VisibleTool[] }>
  execute(id: string, name: string, input: unknown, signal: AbortSignal): Promise<unknown>
}

const HINTS = ['readOnlyHint', 'untrustedContentHint', 'consequentialHint', 'debugging'] as const

/** The four hints as booleans, whatever the lister gave. */
function annotations(value: unknown): ToolAnnotations | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const record = value as Record<string, unknown>
  return Object.fromEntries(HINTS.map((hint) => [hint, record[hint] === true]))
}

/** A tool as the bridge gets it, or undefined when the lister's entry is not a tool. */
function wire(tool: unknown, source: ToolSource): WireTool | undefined {
  if (tool === null || typeof tool !== 'object') return undefined
  const { name, description, inputSchema } = tool as Record<string, unknown>
  if (typeof name !== 'string' || name.length === 0 || name.length > 256) return undefined
  return {
    name,
    description: typeof description === 'string' ? description.slice(0, 16_384) : '',
    ...(inputSchema !== null && typeof inputSchema === 'object' ? { inputSchema } : {}),
    ...(annotations((tool as Record<string, unknown>).annotations)
      ? { annotations: annotations((tool as Record<string, unknown>).annotations) }
      : {}),
    source,
  }
}

function nativeSource(mc: NativeContext, changed: () => void): Source {
  mc.addEventListener('toolchange', changed)
  const own = async () => (await mc.getTools()).filter((t) => t.window === window)
  return {
    async list(fromOrigins) {
      const all = await mc.getTools(fromOrigins.length > 0 ? { fromOrigins } : undefined)
      const tools: WireTool[] = []
      const visible: VisibleTool[] = []
      for (const tool of all) {
        if (tool.window !== window) visible.push({ origin: tool.origin, name: tool.name })
        else if (tools.length < MAX_TOOLS_PER_FRAME) {
          const entry = wire(tool, 'native')
          if (entry) tools.push(entry)
        }
      }
      return { tools, visible }
    },
    async execute(_id, name, input, signal) {
      const tool = (await own()).find((t) => t.name === name)
      if (!tool) throw new DOMException(`No tool ${name} in this document.`, 'NotFoundError')
      return mc.executeTool(tool, input, { signal })
    },
  }
}

function relaySource(port: MessagePort, changed: (tools: WireTool[]) => void): Source {
  const pending = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>()
  let latest: WireTool[] = []
  port.onmessage = (event: MessageEvent) => {
    const message = (event.data ?? {}) as Record<string, unknown>
    if (message.type === 'tools' && Array.isArray(message.tools)) {
      latest = message.tools
        .slice(0, MAX_TOOLS_PER_FRAME)
        .map((tool) => wire(tool, 'page-asserted'))
        .filter((tool): tool is WireTool => tool !== undefined)
      changed(latest)
    } else if (message.type === 'result' && typeof message.id === 'string') {
      const call = pending.get(message.id)
      pending.delete(message.id)
      if (message.ok === true) call?.resolve(message.output)
      else {
        const error = (message.error ?? {}) as Record<string, unknown>
        call?.reject(new DOMException(String(error.message ?? ''), String(error.name ?? 'Error')))
      }
    }
  }
  port.postMessage({ type: 'list' })
  return {
    list: async () => ({ tools: latest, visible: [] }),
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
  const report = async () => {
    if (!source) return
    const listed = await source.list(fromOrigins).catch(() => ({ tools: [], visible: [] }))
    post({ type: 'tools', ...listed })
  }
  post({ type: 'hello', document: document_, native: mc !== undefined })
  if (mc) source = nativeSource(mc, () => void report())
  else {
    const nonce = crypto.randomUUID()
    const handover = (event: MessageEvent) => {
      const data = event.data as Record<string, unknown> | null
      if (event.source !== window || data?.[RELAY_KEY] !== nonce || !event.ports[0]) return
      removeEventListener('message', handover)
      source = relaySource(event.ports[0], (tools) => post({ type: 'tools', tools, visible: [] }))
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
