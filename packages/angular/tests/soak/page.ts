// The Angular soak page (bundled by global-setup.ts, compiled in the page: JIT, zoneless): the
// scenarios scripts/soak-tests.ts runs, on the binding as an app uses it: a component shown and
// hidden with `@if`, its tool's `enabled` signal toggled, and applications that read
// `injectWebMCP().tools` created and destroyed (the list lives as long as its application).
import '@angular/compiler'
import { Component, provideZonelessChangeDetection, signal } from '@angular/core'
import { bootstrapApplication, createApplication } from '@angular/platform-browser'
import { injectWebMCP, injectWebMCPTool, provideWebMCP } from '../../src/index'
import { startSoakPage } from '../../../../scripts/soak-page'
import type { ApplicationRef } from '@angular/core'

const TOOL = 'soak_tool'

const controls = { plain: signal(false), tool: signal(false), enabled: signal(true) }
/** What the tool's component saw last. */
const rendered = { status: 'none', executing: 0 }

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
}

startSoakPage((soak) => {
  const registered = () => soak.until(() => rendered.status === 'registered', 'registration')
  const gone = () => soak.until(async () => !(await soak.names()).includes(TOOL), 'unregistration')
  const end = async () => {
    await soak.until(() => rendered.executing === 0, 'no execution running')
    await set({ plain: false, tool: false, enabled: true })
    rendered.status = 'unmounted'
    await gone()
  }
  return {
    control: {
      async cycle() {
        await set({ plain: true })
        await set({ plain: false })
      },
      end,
    },
    mount: {
      async cycle(i) {
        await set({ tool: true })
        await registered()
        if (i % 10 === 0) await soak.call(TOOL, { n: i })
        await set({ tool: false })
        rendered.status = 'unmounted'
        if (i % 10 === 0) await gone()
      },
      end,
    },
    toggle: {
      start: () => set({ tool: true }),
      async cycle(i) {
        await set({ enabled: false })
        await soak.until(() => rendered.status === 'idle', 'disabling')
        await set({ enabled: true })
        await registered()
        if (i % 10 === 0) await soak.call(TOOL, { n: i })
      },
      end,
    },
    list: {
      async start() {
        await set({ tool: true })
        await registered()
      },
      async cycle() {
        const listing = await createApplication({
          providers: [provideZonelessChangeDetection(), provideWebMCP()],
        })
        const tools = listing.injector.runInContext(() => injectWebMCP().tools)
        await soak.until(() => tools().some((tool) => tool.name === TOOL), 'the tools list')
        listing.destroy()
      },
      end,
    },
  }
})
