// The Angular soak page (bundled by global-setup.ts, compiled in the page: JIT, zoneless): the
// scenarios of @webmcp-kit/test-infra/soak-page's `bindingScenarios`, on the binding as an app uses it: a
// component shown and hidden with `@if`, its tool's `enabled` signal toggled, and applications that
// read `injectWebMCPTools()` created and destroyed (the list lives as long as its application).
import '@angular/compiler'
import { Component, provideZonelessChangeDetection, signal } from '@angular/core'
import { bootstrapApplication, createApplication } from '@angular/platform-browser'
import { injectWebMCPTool, injectWebMCPTools, provideWebMCP } from '../../src/index'
import { TOOL, bindingScenarios, startSoakPage } from '@webmcp-kit/test-infra/soak-page'
import type { ApplicationRef } from '@angular/core'

const controls = { plain: signal(false), tool: signal(false), enabled: signal(true) }
/** What the tool's component saw last. */
const rendered = { status: 'unmounted', executing: 0 }

@Component({
  selector: 'soak-tool',
  template: `<output>{{ status() }}</output>`,
})
class SoakTool {
  tool = injectWebMCPTool(
    () => ({
      name: TOOL,
      description: 'A tool that is mounted and unmounted again and again.',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute: ({ n }) => `got ${n}`,
    }),
    { enabled: controls.enabled },
  )
  status = () => {
    rendered.status = this.tool.status()
    rendered.executing = this.tool.snapshot().executingCount
    return rendered.status
  }
}

/** The control: Angular alone, without the binding. */
@Component({ selector: 'soak-plain', template: `<p>plain</p>` })
class SoakPlain {}

@Component({
  selector: 'soak-root',
  imports: [SoakTool, SoakPlain],
  template: `@if (plain()) {
      <soak-plain />
    }
    @if (tool()) {
      <soak-tool />
    }`,
})
class SoakRoot {
  plain = controls.plain
  tool = controls.tool
}

document.body.append(document.createElement('soak-root'))
const app: Promise<ApplicationRef> = bootstrapApplication(SoakRoot, {
  providers: [provideZonelessChangeDetection(), provideWebMCP()],
})

/** Changes the controls and renders at once. */
const set = async (changes: Partial<Record<keyof typeof controls, boolean>>) => {
  for (const [key, value] of Object.entries(changes)) {
    controls[key as keyof typeof controls].set(value)
  }
  ;(await app).tick()
  if (!controls.tool()) rendered.status = 'unmounted'
}

startSoakPage((soak) =>
  bindingScenarios(soak, {
    plain: (plain) => set({ plain }),
    tool: (tool) => set({ tool }),
    enabled: (enabled) => set({ enabled }),
    status: () => rendered.status,
    executing: () => rendered.executing,
    async list() {
      const listing = await createApplication({
        providers: [provideZonelessChangeDetection(), provideWebMCP()],
      })
      const tools = listing.injector.runInContext(() => injectWebMCPTools())
      return { names: () => tools().map((tool) => tool.name), drop: () => listing.destroy() }
    },
  }),
)
