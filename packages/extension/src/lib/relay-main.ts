// The main-world relay of a page without native WebMCP (its tools are the polyfill's, in the
// page's own world). The worker injects this function with a fresh nonce; it hands one end of a
// MessageChannel to the content script with that nonce and then answers only on that port. Page
// script can see the handover, so what comes over the port is the page's word (its tools, and the
// tools of other frames it says it sees, as getTools lists them with the shared sites among the
// tab's documents as fromOrigins): the content script
// marks every such tool page-asserted, checks each message's shape, and the port reaches nothing
// but this document's own content script (never another tab, never the bridge).
//
// Self-contained: it is serialised by scripting.executeScript, so it closes over nothing.
export function relayMain(nonce: string, key: string): void {
  // What the page's getTools lists: only its name, window and origin are relied on.
  type Tool = { name: string; window?: unknown } & Record<string, unknown>
  interface Context extends EventTarget {
    getTools(options?: { fromOrigins: string[] }): Promise<Tool[]>
    executeTool(tool: Tool, input: unknown, options: { signal: AbortSignal }): Promise<unknown>
  }
  const contextOf = () => (document as unknown as { modelContext?: Context }).modelContext
  const channel = new MessageChannel()
  const port = channel.port1
  const controllers = new Map<string, AbortController>()
  let watched: Context | undefined
  // The shared sites among this tab's documents, as the content script last said: what this
  // document lists of other frames' tools (those they exposed to it).
  let fromOrigins: string[] = []
  const own = async (mc: Context) => (await mc.getTools()).filter((t) => t.window === window)
  const plain = (value: unknown) => {
    try {
      return value === undefined ? undefined : JSON.parse(JSON.stringify(value))
    } catch {
      return undefined
    }
  }
  const list = async () => {
    const mc = contextOf()
    if (mc && watched !== mc) {
      watched = mc
      mc.addEventListener('toolchange', () => void list())
    }
    const options = fromOrigins.length > 0 ? { fromOrigins } : undefined
    const all = mc ? await mc.getTools(options).catch(() => []) : []
    const tools = all.filter((t) => t.window === window)
    port.postMessage({
      type: 'tools',
      visible: all
        .filter((t) => t.window !== window)
        .map((t) => ({ origin: String(t.origin), name: String(t.name) })),
      tools: tools.map((t) => ({
        name: String(t.name),
        description: String(t.description ?? ''),
        inputSchema: plain(t.inputSchema),
        annotations: plain(t.annotations),
      })),
    })
  }
  port.onmessage = async (event: MessageEvent) => {
    const message = event.data as {
      type?: string
      id?: string
      name?: string
      input?: unknown
      fromOrigins?: unknown
    }
    if (message.type === 'list') {
      if (Array.isArray(message.fromOrigins)) fromOrigins = message.fromOrigins.map(String)
      return list()
    }
    if (message.type === 'cancel') return controllers.get(String(message.id))?.abort()
    if (message.type !== 'call') return
    const id = String(message.id)
    const controller = new AbortController()
    controllers.set(id, controller)
    try {
      const mc = contextOf()
      const tool = mc && (await own(mc)).find((t) => t.name === message.name)
      if (!mc || !tool) throw new DOMException(`No tool ${message.name} here.`, 'NotFoundError')
      const output = await mc.executeTool(tool, message.input, { signal: controller.signal })
      port.postMessage({ type: 'result', id, ok: true, output: plain(output) ?? null })
    } catch (error) {
      const { name, message: text } = (error ?? {}) as { name?: unknown; message?: unknown }
      port.postMessage({
        type: 'result',
        id,
        ok: false,
        error: { name: String(name ?? 'Error'), message: String(text ?? error) },
      })
    } finally {
      controllers.delete(id)
    }
  }
  // The polyfill may install after this runs: look again when the document has loaded.
  document.addEventListener('DOMContentLoaded', () => void list())
  window.addEventListener('load', () => void list())
  window.postMessage({ [key]: nonce }, '*', [channel.port2])
}
