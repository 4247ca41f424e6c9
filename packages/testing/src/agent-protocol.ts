// What Node and the in-page reader (`agent.ts`) say to each other: the requests, as JSON text, and
// the replies, as JSON text after their HMAC.

/** A tool as the page's `getTools` lists it, reduced to what survives JSON. */
export interface ListedTool {
  name: string
  description?: string
  /** The JSON Schema text (native WebMCP) or the schema itself. */
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
  | { failed: { name: string; message: string } }

/** What the entry point answers when it is called with the request's text. */
export type Entry = (request?: unknown) => Promise<string> | object | undefined
