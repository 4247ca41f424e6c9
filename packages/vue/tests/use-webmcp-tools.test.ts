import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { KeepAlive, defineComponent, effectScope, h, nextTick, ref } from 'vue'
import { useWebMCPTool, useWebMCPTools } from '../src/index'
import { modelContext, flushTasks } from './utils'
import type { RegisteredTool } from '../src/index'
import type { Ref } from 'vue'

const tool = (name: string) => ({ name, description: `The ${name} tool.`, execute: () => name })

/** A component listing the page's tools; `exposed` gets the ref. */
function listComponent(
  options?: Parameters<typeof useWebMCPTools>[0],
  exposed: { current?: Readonly<Ref<readonly RegisteredTool[]>> } = {},
) {
  return defineComponent({
    setup() {
      const tools = useWebMCPTools(options)
      exposed.current = tools
      return () =>
        h(
          'ul',
          tools.value.map((t) => h('li', t.name)),
        )
    },
  })
}

describe('useWebMCPTools', () => {
  it('lists the tools, and follows registrations from components as they mount and unmount', async () => {
    const show = ref(false)
    const Tools = defineComponent({
      setup() {
        useWebMCPTool(tool('alpha'))
        useWebMCPTool(tool('beta'))
        return () => null
      },
    })
    const List = listComponent()
    const wrapper = mount(
      defineComponent({ setup: () => () => h('div', [h(List), show.value ? h(Tools) : null]) }),
    )
    await flushTasks()
    expect(wrapper.findAll('li')).toHaveLength(0)
    show.value = true
    await flushTasks()
    expect(wrapper.findAll('li').map((li) => li.text())).toEqual(['alpha', 'beta'])
    show.value = false
    await flushTasks()
    expect(wrapper.findAll('li')).toHaveLength(0)
  })

  it('lists what was registered before it mounted, with the fields getTools gives', async () => {
    const controller = new AbortController()
    await modelContext().registerTool(
      { ...tool('early'), title: 'Early', annotations: { readOnlyHint: true } },
      { signal: controller.signal },
    )
    const exposed: { current?: Readonly<Ref<readonly RegisteredTool[]>> } = {}
    mount(listComponent(undefined, exposed))
    await flushTasks()
    expect(exposed.current!.value).toEqual([
      expect.objectContaining({
        name: 'early',
        title: 'Early',
        description: 'The early tool.',
        annotations: expect.objectContaining({ readOnlyHint: true }),
        origin: location.origin,
      }),
    ])
    controller.abort()
  })

  it('keeps the same array while the list is unchanged', async () => {
    const controller = new AbortController()
    await modelContext().registerTool(tool('steady'), { signal: controller.signal })
    const exposed: { current?: Readonly<Ref<readonly RegisteredTool[]>> } = {}
    mount(listComponent(undefined, exposed))
    await flushTasks()
    const first = exposed.current!.value
    // A toolchange that leaves the list as it was.
    const other = new AbortController()
    await modelContext().registerTool(tool('passing'), { signal: other.signal })
    other.abort()
    await flushTasks()
    expect(exposed.current!.value).toBe(first)
    controller.abort()
  })

  it('stops listening when the component unmounts', async () => {
    const exposed: { current?: Readonly<Ref<readonly RegisteredTool[]>> } = {}
    const wrapper = mount(listComponent(undefined, exposed))
    await flushTasks()
    wrapper.unmount()
    const controller = new AbortController()
    await modelContext().registerTool(tool('late'), { signal: controller.signal })
    await flushTasks()
    expect(exposed.current!.value).toEqual([])
    controller.abort()
  })

  it('passes fromOrigins, from a ref, and reports getTools failures to onError', async () => {
    const onError = vi.fn()
    const getTools = vi.spyOn(modelContext(), 'getTools')
    const fromOrigins = ref<string[] | undefined>(undefined)
    mount(listComponent({ fromOrigins, onError }))
    await flushTasks()
    expect(getTools).toHaveBeenLastCalledWith({ fromOrigins: undefined })
    fromOrigins.value = ['https://shop.example']
    await flushTasks()
    expect(getTools).toHaveBeenLastCalledWith({ fromOrigins: ['https://shop.example'] })
    expect(onError).not.toHaveBeenCalled()
    fromOrigins.value = ['http://insecure.example']
    await flushTasks()
    expect(onError).toHaveBeenCalledOnce()
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'SecurityError' })
  })

  it('is read-only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const exposed: { current?: Readonly<Ref<readonly RegisteredTool[]>> } = {}
    mount(listComponent(undefined, exposed))
    ;(exposed.current as Ref<readonly RegisteredTool[]>).value = [{} as RegisteredTool]
    await nextTick()
    expect(exposed.current!.value).toEqual([])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('readonly'), expect.anything())
  })

  it('works in an effectScope, and warns outside one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const scope = effectScope()
    const tools = scope.run(() => useWebMCPTools())!
    expect(warn).not.toHaveBeenCalled()
    const controller = new AbortController()
    await modelContext().registerTool(tool('scoped'), { signal: controller.signal })
    await flushTasks()
    expect(tools.value.map((t) => t.name)).toEqual(['scoped'])
    scope.stop()
    controller.abort()
    await flushTasks()
    expect(tools.value.map((t) => t.name)).toEqual(['scoped'])

    useWebMCPTools()
    expect(warn).toHaveBeenCalledOnce()
    expect(warn.mock.calls[0]![0]).toMatch(/^useWebMCPTools\(\) was called outside an effect scope/)
  })
})

describe('useWebMCPTools in a KeepAlive', () => {
  it('stops listening while deactivated and catches up when activated', async () => {
    const show = ref(true)
    const exposed: { current?: Readonly<Ref<readonly RegisteredTool[]>> } = {}
    const List = listComponent(undefined, exposed)
    const getTools = vi.spyOn(modelContext(), 'getTools')
    mount(
      defineComponent({
        setup: () => () => h(KeepAlive, null, [show.value ? h(List) : h('span')]),
      }),
    )
    await flushTasks()
    show.value = false
    await flushTasks()
    const calls = getTools.mock.calls.length
    const controller = new AbortController()
    await modelContext().registerTool(tool('while_away'), { signal: controller.signal })
    await flushTasks()
    expect(getTools.mock.calls.length).toBe(calls)
    expect(exposed.current!.value).toEqual([])
    show.value = true
    await flushTasks()
    expect(exposed.current!.value.map((t) => t.name)).toEqual(['while_away'])
    controller.abort()
  })
})
