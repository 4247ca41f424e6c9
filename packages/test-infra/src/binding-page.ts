// In the binding suites' pages (bundled with each binding's page by binding-suite.ts): what every
// case body uses, and the binding's adapter. A page calls `startBindingPage(adapter)`, which puts
// both on `window.kit` for the cases of binding-cases.ts, which run in the page.

/** A tool as `getTools()` lists it. */
export interface ListedTool {
  name: string
  description: string
  inputSchema?: unknown
  window?: Window | null
}

/** `document.modelContext` as the cases use it (native or the polyfill). */
export interface PageModelContext extends EventTarget {
  getTools(options?: { fromOrigins?: string[] }): Promise<ListedTool[]>
  executeTool(
    tool: ListedTool,
    input: object,
    options?: { signal?: AbortSignal },
  ): Promise<string | null>
}

/** A tool definition, as the cases write it (each binding's `WebMCPTool` accepts it). */
export interface PageTool {
  name: string
  description: string
  inputSchema?: object
  execute(input: never, client: { signal: AbortSignal }): unknown
}

/** Options of `BindingAdapter.tool`: getters, read where the binding tracks them. */
export interface PageToolOptions {
  enabled?: () => boolean
  exposedTo?: () => string[]
  modelContext?: PageModelContext
}

/** Reactive state: what a tool factory, an option getter or a template reads of it is tracked. */
export interface Box<T> {
  value: T
}

/** A mounted component. */
export interface Mounted {
  /** What the component rendered (trimmed); a tool component renders `line(state)`. */
  text(): string
  /** A tool component's `line(state)` when it was created, before it mounted. */
  first?: string
  unmount(): void
}

/** What a binding's page provides: its framework's way of doing each thing the cases need. */
export interface BindingAdapter {
  /** The framework's reactive state (a ref, a signal, `$state`, a store React renders from). */
  box<T>(initial: T): Box<T>
  /** Applies what changed so far (the framework's flush; nothing where it is synchronous). */
  flush(): void | Promise<void>
  /** Mounts a component that offers `tool()` with `options`; it renders `line(state)`. */
  tool(tool: () => PageTool, options?: PageToolOptions): Mounted | Promise<Mounted>
  /** Mounts a component that shows, while `show()`, `count()` tool components, `tool(index)` each. */
  conditional(props: {
    show: () => boolean
    count?: () => number
    tool: (index: number) => PageTool
  }): Mounted | Promise<Mounted>
  /** Mounts a component that renders the names of the binding's tool list, joined by `,`. */
  list(options?: { modelContext?: PageModelContext }): Mounted | Promise<Mounted>
  /** Installs the polyfill as the bindings' READMEs say: core's, at the app's entry. */
  install(): void | Promise<void>
  /** Called before a case with the suite's mode (React: `'StrictMode'` or `'non-strict'`). */
  mode?(mode: string): void
  /** How many times a mount registers its tool (default 1; React's StrictMode: 2). */
  mountRegistrations?(): number
}

/** A tool's state, as a tool component renders it: `status isExecuting executionCount lastResult`. */
export const line = (state: {
  status: string
  isExecuting: boolean
  executionCount: number
  lastResult?: unknown
}): string =>
  `${state.status} ${state.isExecuting} ${state.executionCount} ${String(state.lastResult ?? '')}`.trim()

/** `document.modelContext`, native or the polyfill. */
const context = (): PageModelContext => {
  const mc = (document as Document & { modelContext?: PageModelContext }).modelContext
  if (!mc) throw new Error('no document.modelContext in this page')
  return mc
}

/** The page's own helpers for case bodies, and the binding's adapter, as `window.kit`. */
export function bindingKit(binding: BindingAdapter) {
  /** What the page saw that a case should not cause: console errors and warnings, unhandled rejections. */
  const problems: string[] = []
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console)
    console[level] = (...args: unknown[]) => {
      problems.push(`${level}: ${args.map(String).join(' ')}`)
      original(...args)
    }
  }
  addEventListener('unhandledrejection', (event) =>
    problems.push(`unhandled: ${String(event.reason)}`),
  )
  addEventListener('error', (event) => problems.push(`error: ${String(event.message)}`))
  return {
    binding,
    problems,
    context,
    /**
     * After the framework's flush, waits until the tasks native WebMCP or the polyfill queued so far
     * have run (`toolchange` events, registrations' resolutions) and the `getTools()` calls they
     * started have been answered: two `getTools()` round trips, each answered after the tasks
     * queued before it. For checking that nothing (more) happened.
     */
    async drained(mc: PageModelContext = context()) {
      await binding.flush()
      await mc.getTools()
      await mc.getTools()
      await binding.flush()
    },
    /**
     * Waits until `check` holds (polling; at most `timeout` ms, then returns so that the case's
     * result shows the state it got stuck in, and the case fails on it). For states that arrive
     * through tasks: registrations, `toolchange`, the tools list.
     */
    async until(check: () => boolean | Promise<boolean>, timeout = 10_000) {
      const end = performance.now() + timeout
      await binding.flush()
      while (!(await check()) && performance.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
    /** Whether `a` and `b` serialise the same. */
    same: (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b),
    /** The names `getTools()` lists in `mc` (default: the document's). */
    names: async (mc: PageModelContext = context()) =>
      (await mc.getTools()).map((tool) => tool.name),
    /** The tool `getTools()` lists under `name`. */
    async find(name: string, mc: PageModelContext = context()) {
      const tool = (await mc.getTools()).find((t) => t.name === name)
      if (!tool) throw new Error(`tool ${name} is not registered`)
      return tool
    },
    /** Counts `toolchange` events from now on. */
    countToolchanges(mc: PageModelContext = context()) {
      const counter = { count: 0 }
      mc.addEventListener('toolchange', () => counter.count++)
      return counter
    },
    /** Loads `src` into a new same-origin iframe and resolves with it and its `modelContext`. */
    frame: (src: string) =>
      new Promise<{ iframe: HTMLIFrameElement; modelContext: PageModelContext }>((resolve) => {
        const iframe = document.createElement('iframe')
        iframe.src = src
        iframe.onload = () => {
          const frameDocument = iframe.contentDocument as Document & {
            modelContext: PageModelContext
          }
          resolve({ iframe, modelContext: frameDocument.modelContext })
        }
        document.body.append(iframe)
      }),
  }
}

/** What case bodies see as `kit`: the page's helpers, the adapter, and the page's `extra`. */
export type BindingKit<Extra = object> = ReturnType<typeof bindingKit> & Extra

/**
 * Puts `bindingKit(binding)` and `extra` (what a binding's own cases need) on `window.kit`, where
 * the cases find them.
 */
export function startBindingPage<Extra extends object>(
  binding: BindingAdapter,
  extra?: Extra,
): BindingKit<Extra> {
  const kit = { ...bindingKit(binding), ...extra } as BindingKit<Extra>
  ;(window as unknown as { kit: BindingKit<Extra> }).kit = kit
  return kit
}
