import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { createApp, defineComponent, effectScope, h, provide } from 'vue'
import { getModelContext } from '@webmcp-kit/core'
import { WebMCPPlugin, modelContextKey, useWebMCPTool, useWebMCPTools } from '../src/index'
import { createSecondContext, names, flushTasks } from './utils'

const tool = (name: string) => ({ name, description: `The ${name} tool.`, execute: () => name })

const registers = (name: string) =>
  defineComponent({
    setup() {
      useWebMCPTool(tool(name))
      return () => null
    },
  })

describe('WebMCPPlugin', () => {
  it('provides a ModelContext to every composable of the app', async () => {
    const other = createSecondContext()
    const listed: string[][] = []
    const Lister = defineComponent({
      setup() {
        const tools = useWebMCPTools()
        return () => {
          listed.push(tools.value.map((t) => t.name))
          return null
        }
      },
    })
    mount(defineComponent({ setup: () => () => [h(registers('app_tool')), h(Lister)] }), {
      global: { plugins: [[WebMCPPlugin, { modelContext: other }]] },
    })
    await flushTasks()
    expect(other.names()).toEqual(['app_tool'])
    expect(await names()).toEqual([])
    expect(listed.at(-1)).toEqual(['app_tool'])
  })

  it('installs no polyfill: without one, the composables are unsupported', async () => {
    delete (Document.prototype as { modelContext?: unknown }).modelContext
    const { vm } = mount(
      defineComponent({
        setup: () => useWebMCPTool(tool('unpolyfilled')),
        render: () => null,
      }),
      { global: { plugins: [WebMCPPlugin] } },
    )
    await flushTasks()
    expect(getModelContext()).toBeUndefined()
    expect(vm.status).toBe('unsupported')
  })

  it('without options it changes nothing', async () => {
    mount(registers('plain'), { global: { plugins: [WebMCPPlugin] } })
    await flushTasks()
    expect(await names()).toEqual(['plain'])
  })

  it('reaches composables run in app.runWithContext, outside components', async () => {
    const other = createSecondContext()
    const app = createApp({ render: () => null })
    app.use(WebMCPPlugin, { modelContext: other })
    const scope = effectScope()
    scope.run(() => app.runWithContext(() => useWebMCPTool(tool('in_context'))))
    await flushTasks()
    expect(other.names()).toEqual(['in_context'])
    scope.stop()
    expect(other.names()).toEqual([])
  })
})

describe('modelContextKey', () => {
  it('provided in a component, sends the tools of its subtree to that context', async () => {
    const other = createSecondContext()
    const Frame = defineComponent({
      setup(_, { slots }) {
        provide(modelContextKey, other)
        return () => slots.default?.()
      },
    })
    mount(
      defineComponent({
        setup: () => () => [h(Frame, null, () => h(registers('inside'))), h(registers('outside'))],
      }),
    )
    await flushTasks()
    expect(other.names()).toEqual(['inside'])
    expect(await names()).toEqual(['outside'])
  })

  it('the modelContext option wins over the injected one', async () => {
    const injected = createSecondContext()
    const explicit = createSecondContext()
    mount(
      defineComponent({
        setup() {
          useWebMCPTool(tool('explicit'), { modelContext: explicit })
          return () => null
        },
      }),
      { global: { provide: { [modelContextKey as symbol]: injected } } },
    )
    await flushTasks()
    expect(explicit.names()).toEqual(['explicit'])
    expect(injected.names()).toEqual([])
  })

  it('missing, the composables fall back to document.modelContext without any warning', async () => {
    const warn = vi.spyOn(console, 'warn')
    mount(registers('fallback'))
    await flushTasks()
    expect(await names()).toEqual(['fallback'])
    expect(warn).not.toHaveBeenCalled()
  })
})
