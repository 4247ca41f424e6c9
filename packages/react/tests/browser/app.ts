/** What the test page (`page.tsx`) exposes as `window.app`, for the tests to drive it. */
export interface App {
  /** Renders the app synchronously (`flushSync`) with these props. */
  render(props: AppProps): void
  unmount(): void
  /** What the component rendered last. */
  state(): AppState
  /** The names `useWebMCPTools()` rendered last. */
  listed(): string[]
  /** Calls to `document.modelContext.registerTool` and `toolchange` events since the page loaded. */
  counts(): { registerTool: number; toolchange: number }
  /** Uncaught errors, unhandled rejections and `console.error` calls in the page. */
  errors: string[]
  /** Whether `document.modelContext` is the browser's own (core's `isPolyfill`). */
  native(): boolean
}

export interface AppProps {
  /** Root the tree in `<StrictMode>`. */
  strict: boolean
  enabled: boolean
  /** Goes into the input schema: a new value is a schema change. */
  schemaVersion: number
  /** What the inline execute answers with: it changes every render in the tests. */
  value: string
  /** A new key remounts the component. */
  mountKey: number
}

export interface AppState {
  status: string
  count: number
  executionCount: number
  lastResult: unknown
  error: string | null
}

export const TOOL = 'react_counter'
