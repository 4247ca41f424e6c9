// The test page's script: Angular compiled in the page (JIT), bundled from source by
// global-setup.ts. The binding suite's adapter (@webmcp-kit/test-infra/binding-page) mounts each
// component in an application of its own; `kit.app` is the application angular.test.ts walks
// through its lifecycle in a page without the polyfill script (its entry installs the polyfill,
// as the README says, where the browser has no native WebMCP).
import '@angular/compiler'
import {
  Component,
  InjectionToken,
  computed,
  createComponent,
  inject,
  provideZonelessChangeDetection,
  signal,
} from '@angular/core'
import { bootstrapApplication, createApplication } from '@angular/platform-browser'
import { getModelContext, installModelContext, isPolyfill } from '@webmcp-kit/core'
import { line, startBindingPage } from '@webmcp-kit/test-infra/binding-page'
import { injectWebMCPTool, injectWebMCPTools, provideWebMCP } from '../../src/index'
import type { ApplicationRef, Type } from '@angular/core'
import type {
  ModelContext,
  ToolRegistrationContext,
  ToolsObserverContext,
  WebMCPTool,
} from '@webmcp-kit/core'
import type {
  BindingAdapter,
  PageModelContext,
  PageTool,
  PageToolOptions,
} from '@webmcp-kit/test-infra/binding-page'

/** What the adapter's components are given: a tool's factory and options, or what they show. */
interface Props {
  tool?: (index: number) => PageTool
  options?: PageToolOptions
  show?: () => boolean
  count?: () => number
  modelContext?: PageModelContext
}
const PROPS = new InjectionToken<Props>('PROPS')

// `inputs` rather than `input()`: signal inputs need the AOT compiler, and this page compiles JIT.
@Component({ selector: 'tool-probe', template: '{{ text() }}', inputs: ['index'] })
class ToolProbe {
  index = 0
  props = inject(PROPS)
  // Read when the tool first registers, after Angular has set `index`.
  state = injectWebMCPTool(() => this.props.tool!(this.index) as WebMCPTool, {
    ...this.props.options,
    modelContext: this.props.options?.modelContext as ToolRegistrationContext | undefined,
  })
  text = computed(() => line(this.state.snapshot()))
}

@Component({
  selector: 'tool-conditional',
  imports: [ToolProbe],
  template: `@if (props.show!()) {
    @for (index of indices(); track index) {
      <tool-probe [index]="index" />
    }
  }`,
})
class ToolConditional {
  props = inject(PROPS)
  indices = computed(() => Array.from({ length: this.props.count?.() ?? 1 }, (_, i) => i))
}

@Component({ selector: 'tool-list', template: '{{ names() }}' })
class ToolList {
  tools = injectWebMCPTools({
    modelContext: inject(PROPS).modelContext as ToolsObserverContext | undefined,
  })
  names = computed(() =>
    this.tools()
      .map((tool) => tool.name)
      .join(','),
  )
}

const apps = new Set<ApplicationRef>()

/** `component` in an application of its own, in a fresh element; rendered on every `text()`. */
async function mount(component: Type<unknown>, props: Props) {
  const host = document.createElement('div')
  document.body.append(host)
  const app = await createApplication({
    providers: [
      provideZonelessChangeDetection(),
      provideWebMCP(),
      { provide: PROPS, useValue: props },
    ],
  })
  const ref = createComponent(component, { environmentInjector: app.injector, hostElement: host })
  const first = (ref.instance as { text?: () => string }).text?.()
  app.attachView(ref.hostView)
  apps.add(app)
  app.tick()
  return {
    first,
    text: () => (app.tick(), host.textContent!.trim()),
    unmount: () => {
      apps.delete(app)
      app.destroy()
      host.remove()
    },
  }
}

const adapter: BindingAdapter = {
  box<T>(initial: T) {
    const value = signal(initial)
    return {
      get value() {
        return value()
      },
      set value(next: T) {
        value.set(next)
      },
    }
  },
  async flush() {
    for (const app of apps) app.tick()
    await Promise.all([...apps].map((app) => app.whenStable()))
  },
  tool: (tool, options) => mount(ToolProbe, { tool, options }),
  conditional: (props) => mount(ToolConditional, props),
  list: (options) => mount(ToolList, { modelContext: options?.modelContext }),
  install: () => void installModelContext(),
}

/** What the application's components read; the case changes it. */
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

let root: ApplicationRef | undefined
let toolchanges = 0
const context = (): ModelContext => getModelContext()!

const app = {
  controls,
  /** Whether the page had `document.modelContext` before the application started. */
  before: 'modelContext' in document,
  /** Native WebMCP, rather than the polyfill. */
  native: () => {
    const modelContext = getModelContext()
    return !!modelContext && !isPolyfill(modelContext)
  },
  async start() {
    // The app's entry, as the README says: `import '@webmcp-kit/core/polyfill'` runs this.
    installModelContext()
    document.body.append(document.createElement('app-root'))
    root = await bootstrapApplication(App, {
      providers: [provideZonelessChangeDetection(), provideWebMCP()],
    })
    context().addEventListener('toolchange', () => toolchanges++)
  },
  stop: () => root?.destroy(),
  toolchanges: () => toolchanges,
  /** Runs a tool as an agent would. */
  call: async (name: string, input: object) =>
    context().executeTool((await kit.find(name)) as never, input),
  text: (id: string) => document.getElementById(id)?.textContent ?? null,
  /** The rendered counter: `count|status|runs|last`. */
  counter: () => document.querySelector('counter-tool')?.textContent ?? null,
  /** `kit.drained()`, once the application is stable (change detection and its effects ran). */
  async drained() {
    await root?.whenStable()
    await kit.drained()
  },
}

/** What Angular's own case finds as `kit.app`. */
export type AngularKit = { app: typeof app }
const kit = startBindingPage(adapter, { app })
