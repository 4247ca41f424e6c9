// In the soak suites' pages (bundled with each page by soak-suite.ts): what every soak
// page records and measures. A page calls `startSoakPage(scenarios)`, which puts the driver's
// interface on `window.soak` for soak-suite.ts's `soak()`.

/**
 * One soak scenario, run in chunks of cycles: `start()` before each chunk, `cycle(i)` for cycle `i`
 * (from 0), `end()` after each chunk, leaving nothing mounted.
 */
export interface Scenario {
  start?(): Promise<void> | void
  cycle(i: number): Promise<void> | void
  end(): Promise<void> | void
}

/** What the page reports after a scenario. */
export interface SoakState {
  /** The names `getTools()` lists (every origin the page asked for). */
  tools: string[]
  /** Agent calls (`executeTool`) started and not settled. */
  pending: number
  /** How many agent calls settled. */
  executions: number
  /** Console errors, uncaught errors and unhandled rejections, as text. */
  problems: string[]
}

/** What `window.soak` offers the driver. */
export interface SoakDriver {
  run(scenario: string, from: number, to: number): Promise<void>
  /** The JS heap at rest, in bytes: the least of several readings after forced garbage collections. */
  heap(): Promise<number>
  state(): Promise<SoakState>
}

export interface Soak {
  /** Console errors, uncaught errors and unhandled rejections so far. */
  problems: string[]
  /**
   * Waits until `condition()` holds, a task at a time; throws (naming `what`) when it still does
   * not after 10 s, so that a promise that never settles fails the run instead of hanging it.
   */
  until(condition: () => unknown, what: string): Promise<void>
  /** Calls the tool named `name` as an agent would; resolves with its result. */
  call(name: string, input?: object, fromOrigins?: string[]): Promise<string | null>
  /** The tool names `getTools({ fromOrigins })` lists. */
  names(fromOrigins?: string[]): Promise<string[]>
}

declare global {
  interface Window {
    soak: SoakDriver
    gc?: () => void
  }
  interface Performance {
    memory?: { usedJSHeapSize: number }
  }
}

interface ModelContextLike {
  getTools(options?: { fromOrigins?: string[] }): Promise<Array<{ name: string }>>
  executeTool(tool: object, input?: object): Promise<string | null>
}

const context = () => (document as unknown as { modelContext: ModelContextLike }).modelContext

/** A task from a MessageChannel: lets the page's queued work run, without a timer. */
const task = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(0)
  })

/**
 * Starts recording problems and puts the driver's interface on `window.soak`; `scenarios` get the
 * helpers and return the scenarios by name.
 */
export function startSoakPage(scenarios: (soak: Soak) => Record<string, Scenario>): void {
  const problems: string[] = []
  const error = console.error.bind(console)
  console.error = (...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`)
    error(...args)
  }
  addEventListener('error', (event) => problems.push(`error: ${event.message}`))
  addEventListener('unhandledrejection', (event) =>
    problems.push(`unhandled rejection: ${String(event.reason)}`),
  )
  const calls = { started: 0, settled: 0 }
  let origins: string[] | undefined
  const soak: Soak = {
    problems,
    async until(condition, what) {
      const end = performance.now() + 10_000
      while (!(await condition())) {
        if (performance.now() > end) throw new Error(`soak: ${what} did not happen within 10 s`)
        await task()
      }
    },
    async names(fromOrigins) {
      origins = fromOrigins ?? origins
      return (await context().getTools(fromOrigins && { fromOrigins })).map((tool) => tool.name)
    },
    async call(name, input = {}, fromOrigins) {
      const tool = (await context().getTools(fromOrigins && { fromOrigins })).find(
        (t) => t.name === name,
      )
      if (!tool) throw new Error(`soak: no tool ${name} to call`)
      calls.started++
      try {
        return await context().executeTool(tool, input)
      } finally {
        calls.settled++
      }
    },
  }
  const byName = scenarios(soak)
  window.soak = {
    async run(name, from, to) {
      const scenario = byName[name]
      if (!scenario) throw new Error(`soak: no scenario ${name}`)
      await scenario.start?.()
      for (let i = from; i < to; i++) await scenario.cycle(i)
      // Between runs nothing of the scenario stays mounted, so that the heap is measured at rest.
      await scenario.end()
    },
    async heap() {
      if (!window.gc)
        throw new Error('soak: the page has no gc() (launch with --js-flags=--expose-gc)')
      // The least of five readings, each after collections in tasks of their own: a single reading
      // can catch a step the engine takes and undoes soon after (native WebMCP's heap once read
      // ×1.68 in one run and ×1.02 in the next three); a leak is in every reading.
      let least = Infinity
      for (let reading = 0; reading < 5; reading++) {
        for (let i = 0; i < 2; i++) {
          await task()
          window.gc()
        }
        least = Math.min(least, performance.memory!.usedJSHeapSize)
      }
      return least
    },
    async state() {
      await task()
      return {
        tools: await soak.names(),
        pending: calls.started - calls.settled,
        executions: calls.settled,
        problems: [...problems],
      }
    },
  }
}

/** What a binding's soak page does with its framework, for {@link bindingScenarios}. */
export interface BindingAdapter {
  /** Shows or hides the control: a component without the binding. */
  plain(shown: boolean): Promise<void> | void
  /** Shows or hides the component that registers the tool named `TOOL`. */
  tool(shown: boolean): Promise<void> | void
  /** Sets the tool's `enabled` option. */
  enabled(value: boolean): Promise<void> | void
  /** The tool's status as its component rendered it last; `'unmounted'` while it is hidden. */
  status(): string
  /** How many executions the tool's component shows running. */
  executing(): number
  /** Subscribes a tools list; `names()` is what it holds now, `drop()` unsubscribes it. */
  list(): Promise<{ names(): string[]; drop(): Promise<void> | void }>
}

/** The name of the tool a binding's soak page registers. */
export const TOOL = 'soak_tool'

/**
 * The scenarios of a binding's soak page: `control` (the framework alone), `mount` (the tool's
 * component shown and hidden), `toggle` (its `enabled` toggled), `list` (a tools list subscribed and
 * dropped). Every tenth cycle an agent calls the tool, and after a hide the page checks it is gone.
 */
export function bindingScenarios(soak: Soak, adapter: BindingAdapter): Record<string, Scenario> {
  const registered = () => soak.until(() => adapter.status() === 'registered', 'registration')
  const gone = () => soak.until(async () => !(await soak.names()).includes(TOOL), 'unregistration')
  const end = async () => {
    await soak.until(() => adapter.executing() === 0, 'no execution running')
    await adapter.plain(false)
    await adapter.tool(false)
    await adapter.enabled(true)
    await gone()
  }
  return {
    control: {
      async cycle() {
        await adapter.plain(true)
        await adapter.plain(false)
      },
      end,
    },
    mount: {
      async cycle(i) {
        await adapter.tool(true)
        await registered()
        if (i % 10 === 0) await soak.call(TOOL, { n: i })
        await adapter.tool(false)
        if (i % 10 === 0) await gone()
      },
      end,
    },
    toggle: {
      start: () => adapter.tool(true),
      async cycle(i) {
        await adapter.enabled(false)
        await soak.until(() => adapter.status() === 'idle', 'disabling')
        await adapter.enabled(true)
        await registered()
        if (i % 10 === 0) await soak.call(TOOL, { n: i })
      },
      end,
    },
    list: {
      async start() {
        await adapter.tool(true)
        await registered()
      },
      async cycle() {
        const list = await adapter.list()
        await soak.until(() => list.names().includes(TOOL), 'the tools list')
        await list.drop()
      },
      end,
    },
  }
}
