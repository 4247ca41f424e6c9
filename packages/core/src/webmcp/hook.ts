// The polyfill hook: how other bundles of this library tell the polyfill from native WebMCP. A leaf,
// so that the lifecycle layer can read the hook without loading the engine.

/**
 * What an installed polyfill answers to other bundles of this library (the bridge, the agent
 * panel, another copy of core), under `Symbol.for('webmcp-kit/polyfill')` on its `ModelContext`
 * interface object: the only way to tell the polyfill from native code, and to learn why one of
 * its tools failed, without guessing from `Function.prototype.toString` or console text.
 */
export interface PolyfillHook {
  /** Whether `context` is a `ModelContext` of this polyfill (of this realm). */
  owns(context: unknown): boolean
  /**
   * What the tool threw (or why its result could not be serialised), for the `UnknownError` an
   * `executeTool` call of this document rejected with; `undefined` for any other value.
   */
  failure(reason: unknown): unknown
  /**
   * Resolves with the document's `tools` permission once it has joined its frame tree (introduced to
   * the documents it met, both ways); at once where the polyfill runs without frames. For tests.
   */
  joined(context: unknown): Promise<boolean>
  /**
   * How many of the polyfill's queued tasks (a registration's settling, `toolchange`, an answer, an
   * execution's result) have not run yet in this realm; 0 when its task queue is idle. For tests.
   */
  pending(): number
  /**
   * `context.executeTool(tool, input, options)` for a caller outside the page (the bridge): the same
   * checks, steps and events, but the promise settles as soon as a tool of `context`'s own document
   * settles, not in a task after it. So a tool's answer still arrives when its document navigates
   * right after answering, as native's answer to DevTools does. Absent from older copies.
   */
  executeTool?(
    context: unknown,
    tool: unknown,
    input?: unknown,
    options?: unknown,
  ): Promise<string | null>
  /**
   * Whether the child window `child` of `context`'s document, showing document `doc` of `origin`, may use
   * `tools` (`undefined` while that is not known): how a same-origin child's polyfill asks its parent's.
   */
  admits?(context: unknown, child: Window, origin: string, doc: string): boolean | undefined
  /**
   * While the frame protocol of `context`'s document loads (it cannot answer `admits` yet): settles
   * once it is loaded, or failed to load. `undefined` at any other time.
   */
  loading?(context: unknown): Promise<unknown> | undefined
}

/** The key of the polyfill hook on the installed `ModelContext` interface object. */
export const HOOK = Symbol.for('webmcp-kit/polyfill')
