/** Hints an agent reads to decide how to use a tool. All default to `false`. */
export interface ToolAnnotations {
  /** The tool only reads state. */
  readOnlyHint?: boolean
  /** The tool returns content the site does not control (user-generated text, third-party data). */
  untrustedContentHint?: boolean
  /** The tool books, pays, sends or deletes: an agent should ask the person first. */
  consequentialHint?: boolean
  /** Developer tooling (state dumps, flags, test data), not an end-user action. */
  debugging?: boolean
}

/** The second argument of a tool's `execute` callback. */
export interface ToolExecuteOptions {
  /** Aborted when the agent cancels this execution. */
  signal: AbortSignal
}

/** A JSON Schema object, as WebMCP takes it in `inputSchema`. */
export type JSONSchema = { [keyword: string]: unknown }

/** The callback that runs a tool. Its return value reaches the agent as a string. */
export type ToolExecuteCallback<Input = Record<string, unknown>> = (
  input: Input,
  options: ToolExecuteOptions,
) => unknown

/** What `registerTool` takes: the spec's `ModelContextTool` dictionary. */
export interface ModelContextTool<Input = Record<string, unknown>> {
  /** 1-128 characters of `A-Z a-z 0-9 _ - .`, unique within the document. */
  name: string
  /** A human-readable name. */
  title?: string
  /** What the tool does and when to use it. Must not be empty. */
  description: string
  /** A JSON Schema object describing the input. */
  inputSchema?: object
  execute: ToolExecuteCallback<Input>
  annotations?: ToolAnnotations
}

/** The second argument of `registerTool`. */
export interface ModelContextRegisterToolOptions {
  /** Aborting it unregisters the tool. */
  signal?: AbortSignal
  /** Secure origins, besides the document's own, that may discover and run the tool. */
  exposedTo?: string[]
}

/** The argument of `getTools`. */
export interface ModelContextGetToolOptions {
  /** Other origins whose frames' tools (those exposed to this document) are listed too. */
  fromOrigins?: string[]
}

/** The third argument of `executeTool`. */
export interface ModelContextExecuteToolOptions {
  /** Aborting it cancels the execution. */
  signal?: AbortSignal
}

/** A tool as `getTools` lists it. */
export interface RegisteredTool {
  name: string
  /** `""` when the tool has none. */
  title: string
  description: string
  /** A fresh copy of the registered schema; absent when there is none. */
  inputSchema?: JSONSchema
  /** The window of the document that registered the tool. */
  window: Window
  /** The serialised origin of the document that registered the tool. */
  origin: string
  /** All four hints, or absent when the tool was registered without annotations. */
  annotations?: Required<ToolAnnotations>
}

/** The `document.modelContext` interface, native or installed by this package. */
export interface ModelContext extends EventTarget {
  registerTool<Input = Record<string, unknown>>(
    tool: ModelContextTool<Input>,
    options?: ModelContextRegisterToolOptions,
  ): Promise<undefined>
  getTools(options?: ModelContextGetToolOptions): Promise<RegisteredTool[]>
  executeTool(
    tool: RegisteredTool,
    input?: object,
    options?: ModelContextExecuteToolOptions,
  ): Promise<string | null>
  ontoolchange: ((this: ModelContext, event: Event) => unknown) | null
  ontoolactivated: ((this: ModelContext, event: ToolEvent) => unknown) | null
  ontoolcancel: ((this: ModelContext, event: ToolEvent) => unknown) | null
}

/** `ToolActivatedEvent` / `ToolCancelEvent`. */
export interface ToolEvent extends Event {
  readonly toolName: string
}

// The draft's partial interface SubmitEvent (webmcp.idl), which the declarative forms add
// (forms/submission.ts): typed for every importer of the package.
declare global {
  interface SubmitEvent {
    /** Whether an agent's call of the form's tool started this submission (WebMCP forms). */
    readonly agentInvoked: boolean
    /**
     * Gives the agent the form tool's result: the value `response` fulfils with. Call
     * `preventDefault()` first, while the event is being dispatched.
     */
    respondWith(response: unknown): void
  }
}
