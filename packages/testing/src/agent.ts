// The in-page side: one self-contained function, sent as source text and run in the main world of
// the frame a driver evaluates in (where a polyfill's `document.modelContext` lives, as well as
// native WebMCP's). It keeps its state on the window under a symbol, so that a call started by one
// evaluation can be settled or aborted by the next (WebDriver classic runs one script at a time).
//
// Everything it needs is inside the function: no closure, no import, no helper a bundler may add.

/** A tool as the page's `getTools` lists it, reduced to what survives JSON. */
export interface ListedTool {
  name: string
  description?: string
  inputSchema?: unknown
  annotations?: {
    readOnlyHint?: boolean
    untrustedContentHint?: boolean
    consequentialHint?: boolean
  }
  origin?: string
  /** Registered by the document the agent runs in. */
  own: boolean
}

/** An event at a `ModelContext` while a call ran. */
export interface RecordedEvent {
  type: 'toolactivated' | 'toolcancel' | 'toolchange'
  /** The tool's name (`toolactivated` and `toolcancel`). */
  toolName?: string
}

/** An error out of the page: its name, message and (the polyfill tells it) what the tool threw. */
export interface PageError {
  name: string
  message: string
  cause?: { name: string; message: string }
}

/** Which tools a request is about: the document's own, or the frame tree's as `getTools` sees it. */
export interface Scope {
  /** Present: `getTools({ fromOrigins })`, every listed tool; absent: the document's own tools. */
  fromOrigins?: string[]
  /** Only tools registered by a document of this origin. */
  origin?: string
}

export type AgentRequest =
  | ({ op: 'tools' } & Scope)
  | ({ op: 'start'; id: string; name: string; input: unknown; events: boolean } & Scope)
  | { op: 'settle'; id: string; wait: number }
  | { op: 'abort'; id: string }
  | ({ op: 'wait'; name: string; wait: number; gone?: boolean } & Scope)

export type AgentReply =
  | { unavailable: true }
  | { tools: ListedTool[] }
  | { missing: true; available: ListedTool[] }
  | { started: true }
  | { pending: true }
  | {
      settled: true
      ok: boolean
      /** What `executeTool` resolved with (a string, or `null`); absent for `undefined`. */
      value?: unknown
      error?: PageError
      events: RecordedEvent[]
    }
  | { found: ListedTool | null }

/**
 * Runs `request` in the page and resolves with the reply as JSON text. Sent with
 * `(${agent})(${JSON.stringify(request)})`.
 */
export async function agent(request: AgentRequest): Promise<string> {
  type Context = EventTarget & {
    getTools?(options?: { fromOrigins: string[] }): Promise<Tool[]>
    executeTool?(tool: Tool, input: unknown, options: { signal: AbortSignal }): Promise<unknown>
    invokeTool?(name: string, input: unknown): Promise<unknown>
  }
  type Tool = ListedTool & { window?: unknown }
  type Hook = {
    owns(context: unknown): boolean
    failure(reason: unknown): unknown
    joined(context: unknown): Promise<boolean>
  }
  type Call = {
    done: boolean
    reply?: AgentReply
    settled: Promise<void>
    controller: AbortController
  }
  type State = { calls: Map<string, Call>; joined?: boolean }
  const KEY = Symbol.for('webmcp-kit/testing')
  const host = window as unknown as Record<symbol, State | undefined>
  const state: State = (host[KEY] ??= { calls: new Map() })
  const doc = document as unknown as { modelContext?: Context }
  const nav = navigator as unknown as { modelContext?: Context }
  const context = doc.modelContext ?? nav.modelContext
  const hookOf = (mc: unknown): Hook | undefined => {
    const constructor = mc && (Object.getPrototypeOf(mc) as { constructor?: unknown })?.constructor
    const found = (constructor as Record<symbol, Hook | undefined> | undefined)?.[
      Symbol.for('webmcp-kit/polyfill')
    ]
    return found?.owns(mc) ? found : undefined
  }
  const describe = (error: unknown): { name: string; message: string } =>
    error !== null && typeof error === 'object'
      ? {
          name: String((error as Error).name ?? 'Error'),
          message: String((error as Error).message ?? ''),
        }
      : { name: 'Error', message: String(error) }
  const text = (reply: AgentReply) => JSON.stringify(reply)

  if (!context) return text({ unavailable: true })
  const mc = context

  /** The listed tools in scope, with their windows (not sent back). */
  const list = async (scope: Scope): Promise<Tool[]> => {
    // Under the polyfill, a document lists the frame tree's tools once it has joined the tree (its
    // own, at once). Once: later frames show up with a toolchange, and joined() may take the
    // polyfill's frame deadline (2 s) in a document whose sibling frames never answer it.
    if (scope.fromOrigins && !state.joined) state.joined = await hookOf(mc)?.joined(mc)
    const all =
      (await (scope.fromOrigins
        ? mc.getTools?.({ fromOrigins: scope.fromOrigins })
        : mc.getTools?.())) ?? []
    // As Playwright's own: without fromOrigins, the tools this document registered.
    return all.filter(
      (tool) =>
        (scope.fromOrigins || !('window' in tool) || tool.window === window) &&
        (scope.origin === undefined || tool.origin === scope.origin),
    )
  }
  const plain = (tool: Tool): ListedTool => {
    const { name, description, inputSchema, annotations, origin } = tool
    let schema = inputSchema
    try {
      schema = JSON.parse(JSON.stringify(inputSchema ?? null)) ?? undefined
    } catch {
      schema = undefined
    }
    return {
      name,
      description,
      inputSchema: schema,
      annotations: annotations && {
        readOnlyHint: annotations.readOnlyHint,
        untrustedContentHint: annotations.untrustedContentHint,
        consequentialHint: annotations.consequentialHint,
      },
      origin,
      own: !('window' in tool) || tool.window === window,
    }
  }
  /** The ModelContext of the tool's document, when this document may reach it (same origin). */
  const targetOf = (tool: Tool): Context | undefined => {
    if (!('window' in tool) || tool.window === window) return mc
    try {
      return (tool.window as { document: { modelContext?: Context } }).document.modelContext
    } catch {
      return undefined
    }
  }

  if (request.op === 'tools') return text({ tools: (await list(request)).map(plain) })

  if (request.op === 'wait') {
    const deadline = Date.now() + request.wait
    for (;;) {
      const found = (await list(request)).find((tool) => tool.name === request.name)
      if (!found === !!request.gone || Date.now() >= deadline)
        return text({ found: found ? plain(found) : null })
      // A toolchange (or the end of this slice: frames may join without one) looks again.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, deadline - Date.now()))
        function done() {
          clearTimeout(timer)
          mc.removeEventListener('toolchange', done)
          resolve()
        }
        mc.addEventListener('toolchange', done)
      })
    }
  }

  if (request.op === 'start') {
    const { name, input } = request
    const tools = await list(request)
    const tool = tools.find((candidate) => candidate.name === name)
    if (!tool && !mc.invokeTool) return text({ missing: true, available: tools.map(plain) })
    const controller = new AbortController()
    const events: RecordedEvent[] = []
    const targets = new Set<Context>([mc])
    const target = tool && targetOf(tool)
    if (target) targets.add(target)
    const record = (event: Event) =>
      events.push({
        type: event.type as RecordedEvent['type'],
        ...(event.type === 'toolchange'
          ? {}
          : { toolName: String((event as Event & { toolName?: unknown }).toolName) }),
      })
    const types = ['toolactivated', 'toolcancel', 'toolchange']
    if (request.events)
      for (const t of targets) for (const type of types) t.addEventListener(type, record)
    let cancelled: Promise<void> = Promise.resolve()
    let activated = false
    const onActivated = (event: Event) => {
      if ((event as Event & { toolName?: unknown }).toolName === name) activated = true
    }
    target?.addEventListener('toolactivated', onActivated)
    const call: Call = {
      done: false,
      controller,
      settled: Promise.resolve(),
    }
    // Aborting cancels the execution in the tool's document: its signal aborts, then toolcancel
    // fires there (a later task). Where this document can see it, the call settles after that.
    controller.signal.addEventListener('abort', () => {
      if (!target || !activated) return
      cancelled = new Promise<void>((resolve) => {
        // Bounded: an execution that completed just before the abort gets no toolcancel.
        const timer = setTimeout(done, 5000)
        function done(event?: Event) {
          if (event && (event as Event & { toolName?: unknown }).toolName !== name) return
          clearTimeout(timer)
          target!.removeEventListener('toolcancel', done)
          resolve()
        }
        target!.addEventListener('toolcancel', done)
      })
    })
    const run = async (): Promise<unknown> => {
      if (mc.invokeTool) return mc.invokeTool(name, input)
      try {
        return await mc.executeTool!(tool!, input, { signal: controller.signal })
      } catch (error) {
        // Older Chrome took the input as a JSON string (as Playwright's own retries).
        if (!String((error as Error)?.message).includes('Failed to parse input')) throw error
        return mc.executeTool!(tool!, JSON.stringify(input), { signal: controller.signal })
      }
    }
    call.settled = run()
      .then(
        async (value) => {
          await cancelled
          call.reply = {
            settled: true,
            ok: true,
            ...(value === undefined ? {} : { value }),
            events,
          }
        },
        async (error) => {
          await cancelled
          const failure = hookOf(mc)?.failure(error)
          call.reply = {
            settled: true,
            ok: false,
            error: {
              ...describe(error),
              ...(failure === undefined ? {} : { cause: describe(failure) }),
            },
            events,
          }
        },
      )
      .finally(() => {
        call.done = true
        target?.removeEventListener('toolactivated', onActivated)
        if (request.events)
          for (const t of targets) for (const type of types) t.removeEventListener(type, record)
      })
    state.calls.set(request.id, call)
    return text({ started: true })
  }

  const call = state.calls.get(request.id)
  if (!call) return text({ missing: true, available: [] })
  if (request.op === 'abort') {
    call.controller.abort()
    return text({ started: true })
  }
  if (!call.done) {
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      call.settled,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, request.wait))),
    ])
    clearTimeout(timer)
  }
  if (!call.done) return text({ pending: true })
  state.calls.delete(request.id)
  return text(call.reply!)
}
