// The test page's script: an Angular application compiled in the page (JIT), bundled from source by
// global-setup.ts. The page has no polyfill script: provideWebMCP() installs it where the browser
// has no native WebMCP. Tests drive it through `window.kit`.
import '@angular/compiler'
import { Component, provideZonelessChangeDetection, signal } from '@angular/core'
import type { ApplicationRef } from '@angular/core'
import { bootstrapApplication } from '@angular/platform-browser'
import { getModelContext, isPolyfill } from '@webmcp-kit/core'
import { injectWebMCPTool, injectWebMCPTools, provideWebMCP } from '../../src/index'
import type { ModelContext } from '@webmcp-kit/core'

/** What the tests change; the components read it. */
const controls = {
  show: signal(true),
  enabled: signal(true),
  units: signal(['celsius']),
  step: signal(1),
}

@Component({
  selector: 'counter-tool',
  template: `<span id="count">{{ count() }}</span
    >|<span id="status">{{ tool.status() }}</span
    >|<span id="runs">{{ tool.executionCount() }}</span
    >|<span id="last">{{ tool.lastResult() }}</span>`,
})
class CounterTool {
  count = signal(0)
  tool = injectWebMCPTool(
    () => {
      const step = controls.step()
      return {
        name: 'counter',
        description: 'Adds to the counter.',
        inputSchema: {
          type: 'object',
          properties: {
            times: { type: 'integer', minimum: 1 },
            unit: { type: 'string', enum: controls.units() },
          },
          required: ['times'],
        },
        execute: ({ times }) => {
          this.count.update((n) => n + times * step)
          return this.count()
        },
      }
    },
    { enabled: controls.enabled },
  )
}

@Component({
  selector: 'app-root',
  imports: [CounterTool],
  template: `@if (show()) {
      <counter-tool />
    }
    <p id="tools">{{ names() }}</p>`,
})
class App {
  show = controls.show
  tools = injectWebMCPTools()
  names = () =>
    this.tools()
      .map((tool) => tool.name)
      .join(',')
}

/** Console errors and warnings, unhandled rejections: what no step should cause. */
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

let app: ApplicationRef | undefined
let toolchanges = 0
const context = (): ModelContext => getModelContext()!
const text = (id: string) => document.getElementById(id)?.textContent ?? null

const kit = {
  controls,
  problems,
  /** Whether the page had `document.modelContext` before the application started. */
  before: 'modelContext' in document,
  /** Native WebMCP, rather than the polyfill. */
  native: () => {
    const modelContext = getModelContext()
    return !!modelContext && !isPolyfill(modelContext)
  },
  async start() {
    document.body.append(document.createElement('app-root'))
    app = await bootstrapApplication(App, {
      providers: [provideZonelessChangeDetection(), provideWebMCP()],
    })
    context().addEventListener('toolchange', () => toolchanges++)
  },
  stop: () => app?.destroy(),
  toolchanges: () => toolchanges,
  names: async () => (await context().getTools()).map((tool) => tool.name),
  find: async (name: string) => (await context().getTools()).find((tool) => tool.name === name),
  /** Runs a tool as an agent would. */
  call: async (name: string, input: object) =>
    context().executeTool((await kit.find(name))!, input),
  text,
  /** The rendered counter: `count|status|runs|last`. */
  counter: () => document.querySelector('counter-tool')?.textContent ?? null,
  /**
   * Waits until `check` holds (polling; returns anyway after `timeout` ms, so the result shows where
   * it stuck and the step fails on it).
   */
  async until(check: () => boolean | Promise<boolean>, timeout = 10_000) {
    const end = performance.now() + timeout
    while (!(await check()) && performance.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  },
  /**
   * Waits until the application is stable (change detection and its effects ran), then until the
   * tasks native WebMCP or the polyfill queued so far have run (`toolchange` events, registrations'
   * resolutions) and the `getTools()` calls they started have been answered: two `getTools()`
   * round trips, each answered after the tasks queued before it. For checking that nothing (more)
   * happened.
   */
  async drained() {
    await app?.whenStable()
    await context().getTools()
    await context().getTools()
  },
}

declare global {
  interface Window {
    kit: typeof kit
  }
}
window.kit = kit
