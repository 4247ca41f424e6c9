import { framePolicyAllowsTools } from '@webmcp-kit/core'
import type { CDPSession, Frame, Page } from 'playwright-core'
import type { ToolOwner } from '../types'

/** A document of the page as the browser describes it: nothing here comes from the page's scripts. */
export interface TreeFrame {
  id: string
  parentId?: string
  url: string
  /** The order it was first seen in (siblings are listed in this order). */
  seq: number
}

/** The main world of a frame's current document, and the DevTools session that reaches it. */
export interface FrameDocument {
  session: CDPSession
  /** Its execution context, for `Runtime.callFunctionOn`. */
  contextId: number
  /** Unique across processes and documents: a new document has a new one. */
  uniqueId: string
  /** The document's serialised origin, as the browser stamps it (`"null"` when opaque). */
  origin: string
}

/** The page's frames, followed through DevTools in every process (frames of other sites included). */
export interface FrameTree {
  /** Frame ids in tree order: the top frame, then each frame's children in the order they came. */
  order(): string[]
  frame(id: string): TreeFrame | undefined
  /** The frame's current document, once its main world exists. */
  document(id: string): FrameDocument | undefined
  /**
   * Who the frame's document is, for its tools' names: the frame, the origins of its document and
   * of each document above it (the top's first), and the browser's ids of those documents.
   */
  owner(id: string): ToolOwner
  /** The frame whose main world is `contextId` in `session`. */
  frameOfContext(session: CDPSession, contextId: number): string | undefined
  /**
   * Whether the frame's current document may use the `tools` feature, decided from what the
   * browser says: its origin, its parent's, and the `allow` / `src` / `srcdoc` of the element that
   * holds it, up to the top (read in an isolated world, out of the page's reach).
   */
  allowed(id: string): Promise<boolean>
  close(): Promise<void>
}

/** What a tool source adds to every DevTools session the tree opens (domains, bindings, events). */
export type SessionSetup = (session: CDPSession, tree: FrameTree) => Promise<void>

/** The name of the bridge's isolated world, where it reads what it needs from the DOM. */
export const WORLD = 'webmcp-kit-bridge'

/** Reads a frame owner element's policy inputs. Runs in the bridge's isolated world. */
function ownerPolicy(this: Element) {
  const tag = this.localName
  const src = tag === 'object' ? (this as HTMLObjectElement).data : (this as HTMLIFrameElement).src
  return {
    allow: tag === 'iframe' ? this.getAttribute('allow') : null,
    srcdoc: tag === 'iframe' && this.hasAttribute('srcdoc'),
    src: typeof src === 'string' ? src : '',
  }
}

/**
 * A browser-stamped origin, `"null"` for opaque ones (DevTools says `://` for those).
 *
 * @example
 * ```ts
 * serialisedOrigin('http://localhost:5171') // 'http://localhost:5171'
 * serialisedOrigin('://') // 'null' (a sandboxed frame)
 * ```
 */
export function serialisedOrigin(origin: string | undefined): string {
  if (!origin || !URL.canParse(origin)) return 'null'
  const parsed = new URL(origin).origin
  return parsed === origin ? origin : 'null'
}

/** What the tree knows of the page's frames and documents, from DevTools events only. */
class Records {
  readonly frames = new Map<string, TreeFrame>()
  readonly documents = new Map<string, FrameDocument>()
  readonly policies = new Map<string, { uniqueId: string; allowed: Promise<boolean> }>()
  topId = ''
  #seq = 0

  note(frame: { id: string; parentId?: string; url: string }) {
    const known = this.frames.get(frame.id)
    const parentId = frame.parentId ?? known?.parentId
    this.frames.set(frame.id, {
      id: frame.id,
      ...(parentId && { parentId }),
      url: frame.url || known?.url || '',
      seq: known?.seq ?? this.#seq++,
    })
  }

  descendants(frameId: string): string[] {
    const out: string[] = []
    for (const frame of this.frames.values()) {
      if (frame.parentId === frameId) out.push(frame.id, ...this.descendants(frame.id))
    }
    return out
  }

  forget(frameId: string) {
    this.frames.delete(frameId)
    this.documents.delete(frameId)
    this.policies.delete(frameId)
  }

  /** Forgets the documents `session` reported (all of them, or the one of `contextId`). */
  forgetDocuments(session: CDPSession, contextId?: number) {
    for (const [frameId, document] of this.documents) {
      if (document.session !== session) continue
      if (contextId === undefined || document.contextId === contextId) {
        this.documents.delete(frameId)
      }
    }
  }

  /** Frame ids in tree order: the top, then each frame's children in the order first seen. */
  order(): string[] {
    const children = new Map<string, string[]>()
    const sorted = [...this.frames.values()].sort((a, b) => a.seq - b.seq)
    for (const frame of sorted) {
      if (!frame.parentId) continue
      children.set(frame.parentId, [...(children.get(frame.parentId) ?? []), frame.id])
    }
    const out: string[] = []
    const walk = (id: string) => {
      out.push(id)
      for (const child of children.get(id) ?? []) walk(child)
    }
    if (this.frames.has(this.topId)) walk(this.topId)
    return out
  }

  owner(frameId: string): ToolOwner {
    const origins: string[] = []
    const documents: string[] = []
    for (
      let at = this.frames.get(frameId);
      at;
      at = at.parentId ? this.frames.get(at.parentId) : undefined
    ) {
      const document = this.documents.get(at.id)
      origins.unshift(document?.origin ?? 'null')
      documents.unshift(document?.uniqueId ?? '')
    }
    return { frameId, origins, documents }
  }

  frameOfContext(session: CDPSession, contextId: number): string | undefined {
    for (const [frameId, document] of this.documents) {
      if (document.session === session && document.contextId === contextId) return frameId
    }
    return undefined
  }
}

/** The `tools` policy of `frame`'s element in its parent, for the frame's document `own`. */
async function ownPolicy(
  frame: TreeFrame,
  own: FrameDocument,
  parent: FrameDocument | undefined,
): Promise<boolean> {
  if (!parent || !frame.parentId) throw new Error('The parent document is not known yet.')
  const cdp = parent.session
  const { backendNodeId } = await cdp.send('DOM.getFrameOwner', { frameId: frame.id })
  const world = { frameId: frame.parentId, worldName: WORLD }
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', world)
  const { object } = await cdp.send('DOM.resolveNode', { backendNodeId, executionContextId })
  const { result } = await cdp.send('Runtime.callFunctionOn', {
    objectId: object.objectId!,
    functionDeclaration: ownerPolicy.toString(),
    returnByValue: true,
  })
  void cdp.send('Runtime.releaseObject', { objectId: object.objectId! }).catch(() => {})
  const { allow, srcdoc, src } = result.value as ReturnType<typeof ownerPolicy>
  const srcOrigin =
    srcdoc || !src || src === 'about:blank'
      ? parent.origin
      : URL.canParse(src)
        ? new URL(src).origin
        : 'null'
  return framePolicyAllowsTools({
    allow,
    origin: own.origin,
    parentOrigin: parent.origin,
    srcOrigin,
  })
}

/** Keeps `records.documents` to the main worlds `cdp` reports; `created` hears each new one. */
function followDocuments(cdp: CDPSession, records: Records, created: (frameId: string) => void) {
  cdp.on('Runtime.executionContextCreated', ({ context }) => {
    const aux = context.auxData as { isDefault?: boolean; frameId?: string } | undefined
    if (!aux?.isDefault || !aux.frameId) return
    records.documents.set(aux.frameId, {
      session: cdp,
      contextId: context.id,
      uniqueId: context.uniqueId,
      origin: serialisedOrigin(context.origin),
    })
    created(aux.frameId)
  })
  cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) =>
    records.forgetDocuments(cdp, executionContextId),
  )
  cdp.on('Runtime.executionContextsCleared', () => records.forgetDocuments(cdp))
}

/** Keeps `records.frames` to the frames `cdp` reports; calls `changed` on each change. */
function followFrames(cdp: CDPSession, records: Records, changed: () => void) {
  cdp.on('Page.frameAttached', ({ frameId, parentFrameId }) => {
    records.note({ id: frameId, parentId: parentFrameId, url: '' })
    changed()
  })
  cdp.on('Page.frameNavigated', ({ frame }) => {
    // The frames of the old document went with it (without frameDetached when in-process).
    for (const id of records.descendants(frame.id)) records.forget(id)
    records.note(frame)
    changed()
  })
  cdp.on('Page.navigatedWithinDocument', ({ frameId, url }) => {
    const frame = records.frames.get(frameId)
    if (frame) frame.url = url
    changed()
  })
  cdp.on('Page.frameDetached', ({ frameId, reason }) => {
    // 'swap': the frame moves to another process, whose session reports it from now on.
    if (reason === 'remove') {
      for (const id of [frameId, ...records.descendants(frameId)]) records.forget(id)
    }
    changed()
  })
}

/**
 * Follows the page's frame tree through DevTools: a session for the page and for every frame of
 * another site (its own process), the frames each reports, and the main world of each document.
 * Calls `changed` when frames come, go or navigate.
 *
 * @example
 * ```ts
 * const tree = await openFrameTree(page, async (cdp) => void (await cdp.send('WebMCP.enable')), hint)
 * for (const id of tree.order()) if (await tree.allowed(id)) console.log(tree.document(id)?.origin)
 * ```
 */
export async function openFrameTree(
  page: Page,
  setup: SessionSetup,
  changed: () => void,
): Promise<FrameTree> {
  const context = page.context()
  const sessions = new Map<Frame, CDPSession>()
  const records = new Records()
  let closed = false

  /** A session for `target`: its frames and documents followed, the tool source's setup run. */
  async function open(target: Page | Frame): Promise<CDPSession> {
    const cdp = await context.newCDPSession(target)
    followDocuments(cdp, records, (frameId) => {
      // The policy is read as the document starts (natively it is fixed at navigation).
      void allowed(frameId)
      changed()
    })
    followFrames(cdp, records, changed)
    await cdp.send('Page.enable')
    const { frameTree } = await cdp.send('Page.getFrameTree')
    const walk = (tree: typeof frameTree) => {
      records.note(tree.frame)
      tree.childFrames?.forEach(walk)
    }
    walk(frameTree)
    await setup(cdp, tree)
    await cdp.send('Runtime.enable')
    return cdp
  }

  /** Ends a frame's session, and forgets the documents it reported (their contexts go with it). */
  const drop = (frame: Frame) => {
    const old = sessions.get(frame)
    if (!old) return
    sessions.delete(frame)
    records.forgetDocuments(old)
    void old.detach().catch(() => {})
  }
  /** Each frame's attaching, one after the other (two navigations in a row open two sessions). */
  const attaching = new WeakMap<Frame, Promise<void>>()
  /** Gives a frame of another site its own session; drops the session of one that came back. */
  function attach(frame: Frame): Promise<void> {
    if (closed || frame === page.mainFrame()) return Promise.resolve()
    const next = (attaching.get(frame) ?? Promise.resolve()).then(async () => {
      let session: CDPSession | undefined
      try {
        session = await open(frame)
      } catch {
        // Not an out-of-process frame: its parent's session reports it.
      }
      // The old session's documents are forgotten; those the new one reported already stay.
      drop(frame)
      if (session) sessions.set(frame, session)
      changed()
    })
    attaching.set(frame, next)
    return next
  }
  const detach = (frame: Frame) => {
    if (!sessions.has(frame)) return
    drop(frame)
    changed()
  }

  /** Whether the frame's current document, and every one above it, may use tools. */
  async function allowed(id: string): Promise<boolean> {
    const frame = records.frames.get(id)
    const own = records.documents.get(id)
    if (!frame || !own) return false
    if (!frame.parentId) return id === records.topId
    let policy = records.policies.get(id)
    if (policy?.uniqueId !== own.uniqueId) {
      const parent = records.documents.get(frame.parentId)
      const entry = {
        uniqueId: own.uniqueId,
        // Refused for now if the browser could not say (the frame was still being set up); asked
        // again next time.
        allowed: ownPolicy(frame, own, parent).catch(() => {
          if (records.policies.get(id) === entry) records.policies.delete(id)
          return false
        }),
      }
      policy = entry
      records.policies.set(id, policy)
    }
    return (await policy.allowed) && allowed(frame.parentId)
  }

  const tree: FrameTree = {
    order: () => records.order(),
    frame: (id) => records.frames.get(id),
    document: (id) => records.documents.get(id),
    owner: (id) => records.owner(id),
    frameOfContext: (session, contextId) => records.frameOfContext(session, contextId),
    allowed,
    async close() {
      closed = true
      page.off('framenavigated', attach)
      page.off('framedetached', detach)
      await Promise.all([...sessions.values()].map((s) => s.detach().catch(() => {})))
      sessions.clear()
    },
  }
  const main = await open(page)
  sessions.set(page.mainFrame(), main)
  records.topId = [...records.frames.values()].find((frame) => !frame.parentId)?.id ?? ''
  page.on('framenavigated', attach)
  page.on('framedetached', detach)
  await Promise.all(page.frames().map(attach))
  return tree
}
