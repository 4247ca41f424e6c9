import { openFrameTree, WORLD } from './frame-tree'
import { checkTool, gone, parseError } from './tool-checks'
import type { CDPSession, Page } from 'playwright-core'
import type { ToolAnnotations } from '@webmcp-kit/core'
import type { FrameTree } from './frame-tree'
import type { CallOutcome, PageTool, ToolSource } from '../types'

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

/**
 * `Name: message` from an exception's description, or a thrown primitive.
 *
 * @example
 * ```ts
 * exceptionOutcome({ type: 'object', subtype: 'error', description: 'RangeError: No task 9.\n    at …' })
 * // { ok: false, name: 'RangeError', message: 'No task 9.' }
 * ```
 */
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

/** A tool `getTools()` listed, as the DevTools domain would describe it. */
function fromListed(tool: Listed, frameId: string): CdpTool {
  const { readOnlyHint, untrustedContentHint, consequentialHint, debugging } =
    tool.annotations ?? {}
  return {
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
  }
}

/** Evaluates `expression` in `frameId`, in a world of the bridge's own. */
async function inFrame(session: CDPSession, frameId: string, expression: string) {
  const world = { frameId, worldName: WORLD }
  const { executionContextId } = await session.send('Page.createIsolatedWorld', world)
  const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
    contextId: executionContextId,
    expression,
    awaitPromise: true,
    returnByValue: true,
  })
  if (exceptionDetails) throw new Error(exceptionDetails.text)
  return result.value as unknown
}

/** The outcome of an invocation as `toolResponded` reports it. */
function outcomeOf(answer: ToolResponded): CallOutcome {
  if (answer.status === 'Completed') return { ok: true, value: answer.output ?? null }
  if (answer.status === 'Canceled') {
    return { ok: false, name: 'AbortError', message: 'The tool call was cancelled.' }
  }
  return exceptionOutcome(answer.exception, answer.errorText)
}

/** Invocations waiting for `toolResponded`, and answers that came before `invokeTool` returned. */
class Invocations {
  readonly #pending = new Map<string, { frameId: string; resolve(outcome: CallOutcome): void }>()
  readonly #early = new Map<string, ToolResponded>()

  /** Settles the invocation `answer` is about (or keeps the answer for it, 64 at most). */
  readonly answered = (answer: ToolResponded) => {
    const call = this.#pending.get(answer.invocationId)
    if (!call) {
      this.#early.set(answer.invocationId, answer)
      if (this.#early.size > 64) this.#early.delete(this.#early.keys().next().value!)
      return
    }
    this.#pending.delete(answer.invocationId)
    call.resolve(outcomeOf(answer))
  }

  /** The outcome of `invocationId` in `frameId`; aborting `signal` runs `cancel`. */
  wait(
    invocationId: string,
    frameId: string,
    signal: AbortSignal | undefined,
    cancel: () => void,
  ): Promise<CallOutcome> {
    return new Promise<CallOutcome>((resolve) => {
      this.#pending.set(invocationId, {
        frameId,
        resolve: (outcome) => {
          signal?.removeEventListener('abort', cancel)
          resolve(outcome)
        },
      })
      const answer = this.#early.get(invocationId)
      if (answer) {
        this.#early.delete(invocationId)
        this.answered(answer)
      } else if (signal?.aborted) cancel()
      else signal?.addEventListener('abort', cancel, { once: true })
    })
  }

  /** Frames with invocations still waiting. */
  frames(): string[] {
    return [...this.#pending.values()].map((call) => call.frameId)
  }

  /** Ends the waiting invocations of `frameId` (every one without), as gone. */
  drop(frameId?: string) {
    for (const [id, call] of this.#pending) {
      if (frameId !== undefined && call.frameId !== frameId) continue
      this.#pending.delete(id)
      call.resolve(gone())
    }
  }
}

/**
 * The tools of a page with native WebMCP, through the DevTools `WebMCP` domain: `toolsAdded` /
 * `toolsRemoved` (and navigations, which drop a document's tools without an event), `invokeTool`,
 * `cancelInvocation`. Frames of other sites run in their own processes, each with its own session
 * (see `openFrameTree`); origins are the browser's.
 *
 * @example
 * ```ts
 * const tools = await nativeTools(page, () => console.log('the tools may have changed'))
 * const [first] = await tools.list()
 * await tools.call(first!, {})
 * ```
 */
export async function nativeTools(page: Page, changed: () => void): Promise<ToolSource> {
  /** frameId → tool name → tool, and the session that reported them (the frame's process). */
  const registered = new Map<string, { session: CDPSession; tools: Map<string, CdpTool> }>()
  const invocations = new Invocations()
  /** frameId → tool name → title (the DevTools domain has no titles; the page's getTools has). */
  const titles = new Map<string, Promise<Record<string, string>>>()
  /** The frame and origin of each listed tool's document. */
  const placeOf = new WeakMap<PageTool, { frameId: string; origin: string }>()

  const dropFrame = (frameId: string) => {
    titles.delete(frameId)
    if (registered.delete(frameId)) changed()
    invocations.drop(frameId)
  }
  /** Drops what belongs to frames the tree no longer has (they went with a navigation). */
  const sweep = (tree: FrameTree) => {
    for (const frameId of registered.keys()) if (!tree.frame(frameId)) dropFrame(frameId)
    for (const frameId of invocations.frames()) if (!tree.frame(frameId)) dropFrame(frameId)
  }
  const own = (session: CDPSession, frameId: string) => {
    let entry = registered.get(frameId)
    if (entry?.session !== session) registered.set(frameId, (entry = { session, tools: new Map() }))
    return entry.tools
  }

  /** Follows the session's WebMCP events; `removed` (while seeding) hears each removal. */
  function follow(cdp: CDPSession, tree: FrameTree, removed: () => Set<string> | undefined) {
    cdp.on('WebMCP.toolsAdded', ({ tools }: { tools: CdpTool[] }) => {
      for (const tool of tools) {
        own(cdp, tool.frameId).set(tool.name, tool)
        titles.delete(tool.frameId)
      }
      changed()
    })
    cdp.on(
      'WebMCP.toolsRemoved',
      ({ tools }: { tools: Array<{ name: string; frameId: string }> }) => {
        for (const tool of tools) {
          const entry = registered.get(tool.frameId)
          if (entry?.session === cdp) entry.tools.delete(tool.name)
          removed()?.add(`${tool.frameId} ${tool.name}`)
        }
        changed()
      },
    )
    cdp.on('WebMCP.toolResponded', invocations.answered)
    // A new document has none of the old one's tools (Chromium sends no toolsRemoved for them),
    // nor have the documents of its frames, which went with it.
    cdp.on('Page.frameNavigated', ({ frame }) => {
      dropFrame(frame.id)
      sweep(tree)
    })
    cdp.on('Page.frameDetached', ({ frameId }) => {
      if (registered.get(frameId)?.session === cdp) dropFrame(frameId)
      sweep(tree)
    })
  }

  /** The tools the frames of `cdp` registered before it was enabled, but those `removed` since. */
  async function seed(cdp: CDPSession, frameIds: string[], removed: Set<string>) {
    await Promise.all(
      frameIds.map(async (frameId) => {
        const listed = (await inFrame(cdp, frameId, LIST).catch(() => [])) as Listed[]
        for (const tool of listed) {
          const tools = own(cdp, frameId)
          if (tools.has(tool.name) || removed.has(`${frameId} ${tool.name}`)) continue
          tools.set(tool.name, fromListed(tool, frameId))
        }
      }),
    )
  }

  async function setup(cdp: CDPSession, tree: FrameTree) {
    /** While the session is seeded: `frameId name` of the tools removed meanwhile. */
    let removed: Set<string> | undefined = new Set()
    follow(cdp, tree, () => removed)
    const { frameTree } = await cdp.send('Page.getFrameTree')
    // Sends toolsAdded for the tools already registered, before it answers, but (Chromium 156) only
    // for the session's top document: the tools its child frames registered before are read from
    // the frames themselves. Events after enable cover every frame.
    await cdp.send('WebMCP.enable')
    const ids: string[] = []
    const collect = (node: typeof frameTree) => {
      ids.push(node.frame.id)
      node.childFrames?.forEach(collect)
    }
    collect(frameTree)
    await seed(cdp, ids, removed)
    removed = undefined
  }

  /** The titles of a frame's tools, read with getTools() in a world of the bridge's own. */
  function titlesOf(session: CDPSession, frameId: string): Promise<Record<string, string>> {
    let found = titles.get(frameId)
    if (found) return found
    found = inFrame(session, frameId, LIST)
      .then((listed) => Object.fromEntries((listed as Listed[]).map((t) => [t.name, t.title])))
      .catch(() => ({}))
    titles.set(frameId, found)
    return found
  }

  /** The checked tools of one frame, as the bridge lists them. */
  async function listFrame(frameId: string, top: boolean): Promise<PageTool[]> {
    const entry = registered.get(frameId)
    const document = frames.document(frameId)
    if (!entry?.tools.size || !document) return []
    const title = await titlesOf(entry.session, frameId)
    const { origin } = document
    const frame = { url: frames.frame(frameId)!.url, origin, top }
    const sorted = [...entry.tools.values()].sort((a, b) => (a.name < b.name ? -1 : 1))
    const out: PageTool[] = []
    for (const tool of sorted) {
      const checked = checkTool({
        name: tool.name,
        title: Object.hasOwn(title, tool.name) ? title[tool.name] : '',
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: annotations(tool.annotations),
      })
      if (!checked) continue
      const listed: PageTool = {
        ...checked,
        frame,
        owner: frames.owner(frameId),
      }
      placeOf.set(listed, { frameId, origin })
      out.push(listed)
    }
    return out
  }

  const frames = await openFrameTree(page, setup, changed)

  return {
    engine: 'native',
    async list() {
      const out: PageTool[] = []
      for (const [i, frameId] of frames.order().entries())
        out.push(...(await listFrame(frameId, i === 0)))
      return out
    },
    async call(tool, input, signal) {
      const place = placeOf.get(tool)
      const entry = place && registered.get(place.frameId)
      // The frame may hold another document now: only one of the same origin has the tool.
      if (!place || frames.document(place.frameId)?.origin !== place.origin) return gone()
      if (!entry?.tools.has(tool.name)) return gone()
      const { frameId } = place
      const session = entry.session
      let invocationId: string
      try {
        // playwright-core types the input as string-valued; it is any JSON object.
        const args = { frameId, toolName: tool.name, input: input as Record<string, string> }
        ;({ invocationId } = await session.send('WebMCP.invokeTool', args))
      } catch (error) {
        return { ok: false, name: 'UnknownError', message: (error as Error).message }
      }
      const cancel = () =>
        void session.send('WebMCP.cancelInvocation', { invocationId }).catch(() => {})
      return invocations.wait(invocationId, frameId, signal, cancel)
    },
    async close() {
      invocations.drop()
      await frames.close()
    },
  }
}
