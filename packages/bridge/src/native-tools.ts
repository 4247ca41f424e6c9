import { parseError } from './mcp-mapping'
import type { CDPSession, Frame, Page } from 'playwright-core'
import type { ToolAnnotations } from '@webmcp-kit/core'
import type { CallOutcome, PageTool, ToolSource } from './types'

// Chromium's DevTools `WebMCP` domain (experimental; read from Chromium 156's /json/protocol).
interface CdpTool {
  name: string
  description: string
  inputSchema?: Record<string, unknown>
  annotations?: {
    readOnly?: boolean
    untrustedContent?: boolean
    consequential?: boolean
    debugging?: boolean
  }
  frameId: string
}
interface CdpFrame {
  id: string
  parentId?: string
  url: string
  securityOrigin?: string
}
interface CdpFrameTree {
  frame: CdpFrame
  childFrames?: CdpFrameTree[]
}
interface RemoteObject {
  type: string
  subtype?: string
  className?: string
  description?: string
  value?: unknown
}
interface ToolResponded {
  invocationId: string
  status: 'Completed' | 'Canceled' | 'Error'
  output?: unknown
  errorText?: string
  exception?: RemoteObject
}

/** One DevTools session: the page's, or an out-of-process frame's (another site's iframe). */
interface Session {
  cdp: CDPSession
  /** frameId → tool name → tool. */
  tools: Map<string, Map<string, CdpTool>>
  /** While the session is seeded: `frameId name` of the tools removed meanwhile. */
  removed?: Set<string>
}

/** A tool as the page's `getTools()` lists it. */
interface Listed {
  name: string
  title: string
  description: string
  inputSchema?: Record<string, unknown>
  annotations?: Required<ToolAnnotations>
}

/** The document's own tools, read in a world of the bridge's own (the page's globals are not touched). */
const LIST = `document.modelContext.getTools().then((tools) => tools
  .filter((t) => t.window === window)
  .map(({ name, title, description, inputSchema, annotations }) =>
    ({ name, title, description, inputSchema, annotations })))`

interface Pending {
  frameId: string
  resolve(outcome: CallOutcome): void
}

const gone = (): CallOutcome => ({
  ok: false,
  name: 'UnknownError',
  message: 'The document of the tool went away (navigation or removal) before it answered.',
})

/** `Name: message` from an exception's description, or a thrown primitive. */
export function exceptionOutcome(exception: RemoteObject | undefined, errorText = ''): CallOutcome {
  if (!exception)
    return { ok: false, name: 'UnknownError', message: errorText || 'The tool failed.' }
  if (exception.subtype !== 'error') {
    const message = String(exception.value ?? exception.description ?? '')
    return { ok: false, name: 'Error', message }
  }
  const { name, message } = parseError(exception.description ?? exception.className ?? '')
  return { ok: false, name, message }
}

function annotations(hints: CdpTool['annotations']): ToolAnnotations | undefined {
  if (!hints) return undefined
  return {
    readOnlyHint: hints.readOnly === true,
    untrustedContentHint: hints.untrustedContent === true,
    consequentialHint: hints.consequential === true,
    debugging: hints.debugging === true,
  }
}

/**
 * The tools of a page with native WebMCP, through the DevTools `WebMCP` domain: `toolsAdded` /
 * `toolsRemoved` (and navigations, which drop a document's tools without an event), `invokeTool`,
 * `cancelInvocation`. Frames of other sites run in their own processes, each with its own session.
 */
export async function nativeTools(page: Page, changed: () => void): Promise<ToolSource> {
  const context = page.context()
  const sessions = new Map<Frame, Session>()
  const frames = new Map<string, CdpFrame & { seq: number }>()
  const pending = new Map<string, Pending>()
  /** Answers that arrived before `invokeTool` returned their id. */
  const early = new Map<string, ToolResponded>()
  /** frameId → tool name → title (the DevTools domain has no titles; the page's getTools has). */
  const titles = new Map<string, Promise<Record<string, string>>>()
  /** The frame of each listed tool. */
  const frameOf = new WeakMap<PageTool, string>()
  let seq = 0
  let topId = ''
  let closed = false

  const noteFrame = (frame: CdpFrame) => {
    const known = frames.get(frame.id)
    frames.set(frame.id, { ...known, ...frame, seq: known?.seq ?? seq++ })
  }
  const dropFrame = (session: Session, frameId: string) => {
    titles.delete(frameId)
    if (session.tools.delete(frameId)) changed()
    for (const [id, call] of pending) {
      if (call.frameId !== frameId) continue
      pending.delete(id)
      call.resolve(gone())
    }
  }
  const descendants = (frameId: string): string[] => {
    const out: string[] = []
    for (const frame of frames.values()) {
      if (frame.parentId === frameId) out.push(frame.id, ...descendants(frame.id))
    }
    return out
  }
  const settle = (answer: ToolResponded) => {
    const call = pending.get(answer.invocationId)
    if (!call) {
      early.set(answer.invocationId, answer)
      if (early.size > 64) early.delete(early.keys().next().value!)
      return
    }
    pending.delete(answer.invocationId)
    if (answer.status === 'Completed') call.resolve({ ok: true, value: answer.output ?? null })
    else if (answer.status === 'Canceled') {
      call.resolve({ ok: false, name: 'AbortError', message: 'The tool call was cancelled.' })
    } else call.resolve(exceptionOutcome(answer.exception, answer.errorText))
  }

  async function open(target: Page | Frame): Promise<Session> {
    const cdp = await context.newCDPSession(target)
    const session: Session = { cdp, tools: new Map() }
    cdp.on('WebMCP.toolsAdded', ({ tools }: { tools: CdpTool[] }) => {
      for (const tool of tools) {
        const own = session.tools.get(tool.frameId) ?? new Map<string, CdpTool>()
        own.set(tool.name, tool)
        session.tools.set(tool.frameId, own)
        titles.delete(tool.frameId)
      }
      changed()
    })
    cdp.on(
      'WebMCP.toolsRemoved',
      ({ tools }: { tools: Array<{ name: string; frameId: string }> }) => {
        for (const tool of tools) {
          session.tools.get(tool.frameId)?.delete(tool.name)
          session.removed?.add(`${tool.frameId} ${tool.name}`)
        }
        changed()
      },
    )
    cdp.on('WebMCP.toolResponded', settle)
    cdp.on(
      'Page.frameAttached',
      ({ frameId, parentFrameId }: { frameId: string; parentFrameId: string }) =>
        noteFrame({ id: frameId, parentId: parentFrameId, url: '', ...frames.get(frameId) }),
    )
    // A new document has none of the old one's tools (Chromium sends no toolsRemoved for them).
    // Nor for the documents of its frames, which go with it (without frameDetached when in-process).
    cdp.on('Page.frameNavigated', ({ frame }: { frame: CdpFrame }) => {
      for (const id of descendants(frame.id)) {
        frames.delete(id)
        for (const other of sessions.values()) dropFrame(other, id)
      }
      noteFrame(frame)
      dropFrame(session, frame.id)
      changed()
    })
    cdp.on('Page.navigatedWithinDocument', ({ frameId, url }: { frameId: string; url: string }) => {
      const frame = frames.get(frameId)
      if (frame) frame.url = url
      changed()
    })
    cdp.on('Page.frameDetached', ({ frameId, reason }: { frameId: string; reason: string }) => {
      dropFrame(session, frameId)
      if (reason === 'remove') frames.delete(frameId)
    })
    await cdp.send('Page.enable')
    const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: CdpFrameTree }
    const walk = (tree: CdpFrameTree) => {
      noteFrame(tree.frame)
      tree.childFrames?.forEach(walk)
    }
    walk(frameTree)
    // Sends toolsAdded for the tools already registered, before it answers, but (Chromium 156) only
    // for the session's top document: the tools its child frames registered before are read from
    // the frames themselves. Events after enable cover every frame.
    session.removed = new Set()
    await cdp.send('WebMCP.enable')
    const ids: string[] = []
    const collect = (tree: CdpFrameTree) => {
      ids.push(tree.frame.id)
      tree.childFrames?.forEach(collect)
    }
    collect(frameTree)
    await Promise.all(
      ids.map(async (frameId) => {
        const listed = (await inFrame(session, frameId, LIST).catch(() => [])) as Listed[]
        const own = session.tools.get(frameId) ?? new Map<string, CdpTool>()
        for (const tool of listed) {
          if (own.has(tool.name) || session.removed?.has(`${frameId} ${tool.name}`)) continue
          const { readOnlyHint, untrustedContentHint, consequentialHint, debugging } =
            tool.annotations ?? {}
          own.set(tool.name, {
            name: tool.name,
            description: tool.description,
            frameId,
            ...(tool.inputSchema && { inputSchema: tool.inputSchema }),
            ...(tool.annotations && {
              annotations: {
                readOnly: readOnlyHint,
                untrustedContent: untrustedContentHint,
                consequential: consequentialHint,
                debugging,
              },
            }),
          })
        }
        if (own.size) session.tools.set(frameId, own)
      }),
    )
    session.removed = undefined
    return session
  }

  /** Evaluates `expression` in `frameId`, in a world of the bridge's own. */
  async function inFrame(session: Session, frameId: string, expression: string): Promise<unknown> {
    const world = { frameId, worldName: 'webmcp-bridge' }
    const { executionContextId } = await session.cdp.send('Page.createIsolatedWorld', world)
    const { result, exceptionDetails } = await session.cdp.send('Runtime.evaluate', {
      contextId: executionContextId,
      expression,
      awaitPromise: true,
      returnByValue: true,
    })
    if (exceptionDetails) throw new Error(exceptionDetails.text)
    return result.value
  }

  /** Gives a frame of another site its own session; drops the session of one that came back. */
  async function attach(frame: Frame) {
    if (closed || frame === page.mainFrame()) return
    let session: Session | undefined
    try {
      session = await open(frame)
    } catch {
      // Not an out-of-process frame: the parent's session has its tools.
    }
    const old = sessions.get(frame)
    if (old) {
      sessions.delete(frame)
      void old.cdp.detach().catch(() => {})
    }
    if (session) sessions.set(frame, session)
    changed()
  }
  const detach = (frame: Frame) => {
    const old = sessions.get(frame)
    if (!old) return
    sessions.delete(frame)
    void old.cdp.detach().catch(() => {})
    changed()
  }

  const main = await open(page)
  topId = [...frames.values()].find((frame) => !frame.parentId)?.id ?? ''
  sessions.set(page.mainFrame(), main)
  page.on('framenavigated', attach)
  page.on('framedetached', detach)
  await Promise.all(page.frames().map(attach))

  /** Frame ids in tree order: the top frame, then each frame's children in the order they came. */
  function treeOrder(): string[] {
    const children = new Map<string, string[]>()
    const sorted = [...frames.values()].sort((a, b) => a.seq - b.seq)
    for (const frame of sorted) {
      if (!frame.parentId) continue
      children.set(frame.parentId, [...(children.get(frame.parentId) ?? []), frame.id])
    }
    const out: string[] = []
    const walk = (id: string) => {
      out.push(id)
      for (const child of children.get(id) ?? []) walk(child)
    }
    walk(topId)
    return out
  }

  /** The titles of a frame's tools, read with getTools() in a world of the bridge's own. */
  function titlesOf(session: Session, frameId: string): Promise<Record<string, string>> {
    let found = titles.get(frameId)
    if (found) return found
    found = inFrame(session, frameId, LIST)
      .then((listed) => Object.fromEntries((listed as Listed[]).map((t) => [t.name, t.title])))
      .catch(() => ({}))
    titles.set(frameId, found)
    return found
  }

  function lookup(tool: PageTool): [Session, string] | undefined {
    const frameId = frameOf.get(tool)
    for (const session of sessions.values()) {
      if (frameId && session.tools.get(frameId)?.has(tool.name)) return [session, frameId]
    }
    return undefined
  }

  return {
    engine: 'native',
    async list() {
      const byFrame = new Map<string, CdpTool[]>()
      const named = new Map<string, Promise<Record<string, string>>>()
      for (const session of sessions.values()) {
        for (const [frameId, tools] of session.tools) {
          if (!tools.size) continue
          byFrame.set(frameId, [...(byFrame.get(frameId) ?? []), ...tools.values()])
          named.set(frameId, titlesOf(session, frameId))
        }
      }
      const out: PageTool[] = []
      for (const frameId of treeOrder()) {
        const frame = frames.get(frameId)!
        const tools = (byFrame.get(frameId) ?? []).sort((a, b) => (a.name < b.name ? -1 : 1))
        const title = tools.length ? await named.get(frameId)! : {}
        for (const tool of tools) {
          const entry: PageTool = {
            name: tool.name,
            title: title[tool.name] ?? '',
            description: tool.description,
            frame: {
              url: frame.url,
              origin: frame.securityOrigin ?? new URL(frame.url).origin,
              top: frameId === topId,
            },
          }
          frameOf.set(entry, frameId)
          if (tool.inputSchema) entry.inputSchema = tool.inputSchema
          const hints = annotations(tool.annotations)
          if (hints) entry.annotations = hints
          out.push(entry)
        }
      }
      return out
    },
    async call(tool, input, signal) {
      const found = lookup(tool)
      if (!found) return gone()
      const [session, frameId] = found
      let invocationId: string
      try {
        // playwright-core types the input as string-valued; it is any JSON object.
        const args = { frameId, toolName: tool.name, input: input as Record<string, string> }
        ;({ invocationId } = await session.cdp.send('WebMCP.invokeTool', args))
      } catch (error) {
        return { ok: false, name: 'UnknownError', message: (error as Error).message }
      }
      const cancel = () =>
        void session.cdp.send('WebMCP.cancelInvocation', { invocationId }).catch(() => {})
      return new Promise<CallOutcome>((resolve) => {
        pending.set(invocationId, {
          frameId,
          resolve: (outcome) => {
            signal?.removeEventListener('abort', cancel)
            resolve(outcome)
          },
        })
        const answer = early.get(invocationId)
        if (answer) {
          early.delete(invocationId)
          settle(answer)
        } else if (signal?.aborted) cancel()
        else signal?.addEventListener('abort', cancel, { once: true })
      })
    },
    async close() {
      closed = true
      page.off('framenavigated', attach)
      page.off('framedetached', detach)
      for (const call of pending.values()) call.resolve(gone())
      pending.clear()
      await Promise.all([...sessions.values()].map((s) => s.cdp.detach().catch(() => {})))
      sessions.clear()
    },
  }
}
