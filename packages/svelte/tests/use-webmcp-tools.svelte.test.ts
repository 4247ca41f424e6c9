import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it, vi } from 'vitest'
import { useWebMCPTool, useWebMCPTools } from '../src/index'
import List from './fixtures/List.svelte'
import { drained, inRoot, modelContext } from './utils.svelte'

const tool = (name: string) => ({ name, description: 'A tool.', execute: () => name })

describe('useWebMCPTools', () => {
  it('lists the tools from mount on and follows every toolchange', async () => {
    const target = document.createElement('div')
    const component = mount(List, { target })
    expect(target.textContent).toBe('')
    const controller = new AbortController()
    await modelContext().registerTool(tool('b_tool'), { signal: controller.signal })
    await drained()
    expect(target.textContent).toBe('b_tool')
    const { cleanup } = inRoot(() => useWebMCPTool(tool('a_tool')))
    await drained()
    expect(target.textContent).toBe('a_tool,b_tool')
    cleanup()
    controller.abort()
    await drained()
    expect(target.textContent).toBe('')
    unmount(component)
  })

  it('keeps the array while the list is unchanged, and its last list after cleanup', async () => {
    const { value: tools, cleanup } = inRoot(() => useWebMCPTools())
    const registration = inRoot(() => useWebMCPTool(tool('kept')))
    await drained()
    const first = tools.current
    expect(first.map((t) => t.name)).toEqual(['kept'])
    modelContext().dispatchEvent(new Event('toolchange'))
    await drained()
    expect(tools.current).toBe(first)
    cleanup()
    registration.cleanup()
    await drained()
    expect(tools.current).toBe(first)
  })

  it('fromOrigins from a getter lists again; a failure goes to onError', async () => {
    let origins = $state<string[]>([])
    const onError = vi.fn()
    const getTools = vi.spyOn(modelContext(), 'getTools')
    const { cleanup } = inRoot(() => useWebMCPTools({ fromOrigins: () => origins, onError }))
    await drained()
    origins = ['http://insecure.example']
    flushSync()
    await drained()
    expect(getTools.mock.calls.map(([options]) => options?.fromOrigins)).toContainEqual([
      'http://insecure.example',
    ])
    expect(onError).toHaveBeenCalledOnce()
    expect((onError.mock.calls[0]![0] as DOMException).name).toBe('SecurityError')
    cleanup()
  })

  it('lists another context through modelContext', async () => {
    const events = new EventTarget()
    const context = Object.assign(events, {
      getTools: async () => [{ name: 'elsewhere', description: 'In another context.' }],
    })
    const { value: tools, cleanup } = inRoot(() => useWebMCPTools({ modelContext: context }))
    await drained()
    expect(tools.current.map((t) => t.name)).toEqual(['elsewhere'])
    cleanup()
  })

  it('outside a component or an effect root, Svelte says where to call it', () => {
    expect(() => useWebMCPTools()).toThrow(/effect_orphan/)
  })
})
