import { openFrameTree } from './frame-tree'
import { polyfillAgent } from './polyfill-agent'
import { checkOutcome, gone, parseToolList } from './tool-checks'
import type { CheckedTool } from './tool-checks'
import type { Page } from 'playwright-core'
import type { FrameDocument } from './frame-tree'
import type { AgentNames, PolyfillAgent } from './polyfill-agent'
import type { PageTool, ToolSource } from '../types'

/**
 * The DevTools binding through which each document reports `toolchange`. Any script of the page
 * can call it: the browser tells which document did, and only documents that may use tools count.
 */
const BINDING = '__webmcpKitBridgeChanged'

/** Where each document keeps the bridge's agent (a symbol: invisible to the page's own code). */
const AGENT = 'webmcp-kit/bridge'

/** How long (ms) one document may take to list its tools before the listing goes on without it. */
export const LIST_DEADLINE_MS = 1000

/** The agent's source, run in every document's main world (see `polyfillAgent`). */
const AGENT_SCRIPT = `(${polyfillAgent.toString()})(${JSON.stringify({
  key: AGENT,
  hook: 'webmcp-kit/polyfill',
  binding: BINDING,
} satisfies AgentNames)})`

type WithAgent = Record<symbol, PolyfillAgent | undefined>

// Run in a document's main world through Runtime.callFunctionOn (so: no closures).
function listOwn(this: void, key: string) {
  return (window as unknown as WithAgent)[Symbol.for(key)]?.list() ?? '[]'
}
function runOwn(this: void, key: string, id: number, name: string, input: Record<string, unknown>) {
  const agent = (window as unknown as WithAgent)[Symbol.for(key)]
  return agent
    ? agent.call(id, name, input)
    : { ok: false, name: 'NotFoundError', message: 'The bridge has not reached this document.' }
}
function abortOwn(this: void, key: string, id: number) {
  ;(window as unknown as WithAgent)[Symbol.for(key)]?.abort(id)
}

/** Calls `fn(...args)` in a document's main world; rejects when the document is gone. */
async function inDocument(
  document: FrameDocument,
  fn: (this: void, ...args: never[]) => unknown,
  args: unknown[],
): Promise<unknown> {
  const { result, exceptionDetails } = await document.session.send('Runtime.callFunctionOn', {
    executionContextId: document.contextId,
    functionDeclaration: fn.toString(),
    arguments: args.map((value) => ({ value })),
    awaitPromise: true,
    returnByValue: true,
  })
  if (exceptionDetails) throw new Error(exceptionDetails.text)
  return result.value
}

/**
 * The tools of a page without native WebMCP, through the engine the page runs (the polyfill):
 * `getTools()` in each document that may use tools, `executeTool(tool, input, { signal })` in the
 * tool's own document (its failure read from that document's polyfill), its `toolchange` events,
 * and the frame tree's changes, as change hints. A document's realm is the page's: the bridge
 * takes from it only what the document says about its own tools, checked, never who it is.
 *
 * @example
 * ```ts
 * const tools = await polyfillTools(page, () => console.log('the tools may have changed'))
 * const [first] = await tools.list()
 * await tools.call(first!, {})
 * ```
 */
export async function polyfillTools(page: Page, changed: () => void): Promise<ToolSource> {
  /** The frame and origin of each listed tool's document. */
  const placeOf = new WeakMap<PageTool, { frameId: string; origin: string }>()
  /** Listings still running past their deadline, per document. */
  const stalled = new Set<string>()
  /** Each document's last answer: what a busy document (a long task) keeps meanwhile. */
  const last = new Map<string, CheckedTool[]>()
  let calls = 0

  await page.addInitScript(AGENT_SCRIPT)
  const frames = await openFrameTree(
    page,
    async (session, tree) => {
      // Only a document that may use tools can say its tools changed.
      session.on('Runtime.bindingCalled', ({ name, executionContextId }) => {
        const frameId = name === BINDING ? tree.frameOfContext(session, executionContextId) : ''
        if (frameId) void tree.allowed(frameId).then((allowed) => allowed && changed())
      })
      await session.send('Runtime.addBinding', { name: BINDING })
    },
    changed,
  )
  // Documents loaded before the bridge came get the agent now.
  await Promise.all(
    frames.order().map(async (id) => {
      const document = frames.document(id)
      if (!document) return
      await document.session
        .send('Runtime.evaluate', { contextId: document.contextId, expression: AGENT_SCRIPT })
        .catch(() => {})
    }),
  )

  /**
   * One document's tools. Past its deadline, its last answer (none the first time); it hints when
   * it answers at last, and is not waited for again until then.
   */
  async function listDocument(document: FrameDocument): Promise<CheckedTool[]> {
    if (stalled.has(document.uniqueId)) return last.get(document.uniqueId) ?? []
    const answer = inDocument(document, listOwn, [AGENT]).catch(() => undefined)
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = Symbol('late')
    const deadline = new Promise<typeof late>((resolve) => {
      timer = setTimeout(() => resolve(late), LIST_DEADLINE_MS)
    })
    const text = await Promise.race([answer, deadline])
    clearTimeout(timer)
    if (text !== late) {
      const tools = parseToolList(text)
      last.set(document.uniqueId, tools)
      return tools
    }
    stalled.add(document.uniqueId)
    void answer.then((settled) => {
      stalled.delete(document.uniqueId)
      last.set(document.uniqueId, parseToolList(settled))
      changed()
    })
    return last.get(document.uniqueId) ?? []
  }

  return {
    engine: 'polyfill',
    async list() {
      const ids = frames.order()
      // Forget the answers of documents that are gone.
      const live = new Set(ids.map((id) => frames.document(id)?.uniqueId))
      for (const key of [...last.keys(), ...stalled]) {
        if (live.has(key)) continue
        last.delete(key)
        stalled.delete(key)
      }
      const lists = await Promise.all(
        ids.map(async (id) => {
          const document = frames.document(id)
          if (!document || !(await frames.allowed(id))) return []
          return { document, tools: await listDocument(document) }
        }),
      )
      const out: PageTool[] = []
      lists.forEach((listed, i) => {
        if (!('document' in listed)) return
        const id = ids[i]!
        const { origin } = listed.document
        const frame = { url: frames.frame(id)?.url ?? '', origin, top: i === 0 }
        for (const tool of listed.tools) {
          const entry: PageTool = {
            ...tool,
            frame,
            owner: frames.owner(id),
          }
          placeOf.set(entry, { frameId: id, origin })
          out.push(entry)
        }
      })
      return out
    },
    async call(tool, input, signal) {
      const place = placeOf.get(tool)
      const document = place && frames.document(place.frameId)
      // The frame may hold another document now: only one of the same origin has the tool.
      if (!place || !document || document.origin !== place.origin) return gone()
      if (!(await frames.allowed(place.frameId))) return gone()
      if (signal?.aborted) {
        return { ok: false, name: 'AbortError', message: 'The call was cancelled.' }
      }
      const id = ++calls
      const cancel = () => void inDocument(document, abortOwn, [AGENT, id]).catch(() => {})
      signal?.addEventListener('abort', cancel, { once: true })
      try {
        return checkOutcome(await inDocument(document, runOwn, [AGENT, id, tool.name, input]))
      } catch {
        return gone()
      } finally {
        signal?.removeEventListener('abort', cancel)
      }
    },
    close: () => frames.close(),
  }
}
