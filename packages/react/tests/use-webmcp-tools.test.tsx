import { act } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useWebMCPTool } from '../src/use-webmcp-tool'
import { useWebMCPTools } from '../src/use-webmcp-tools'
import { describeEachReactMode, flushTasks, modelContext } from './utils'
import type { UseWebMCPToolsOptions } from '../src/use-webmcp-tools'

function Tool({ name }: { name: string }) {
  useWebMCPTool({ name, description: `The ${name} tool.`, execute: () => name })
  return null
}

/** An in-page agent's tool list. */
function ToolList(options: UseWebMCPToolsOptions) {
  const tools = useWebMCPTools(options)
  return <p data-testid="tools">{tools.map((tool) => tool.name).join(',') || 'none'}</p>
}

const shown = (container: HTMLElement) =>
  container.querySelector('[data-testid="tools"]')!.textContent

describeEachReactMode('useWebMCPTools', ({ render, renderHook }) => {
  it('lists the tools of the page and follows every toolchange', async () => {
    const { container, rerender } = render(<ToolList />)
    expect(shown(container)).toBe('none')
    await flushTasks(act)
    rerender(
      <>
        <ToolList />
        <Tool name="b_tool" />
        <Tool name="a_tool" />
      </>,
    )
    await flushTasks(act)
    expect(shown(container)).toBe('a_tool,b_tool')
    const controller = new AbortController()
    await act(() =>
      modelContext().registerTool(
        { name: 'c_tool', description: 'Registered by hand.', execute: () => 'c' },
        { signal: controller.signal },
      ),
    )
    await flushTasks(act)
    expect(shown(container)).toBe('a_tool,b_tool,c_tool')
    controller.abort()
    rerender(
      <>
        <ToolList />
        <Tool name="b_tool" />
      </>,
    )
    await flushTasks(act)
    expect(shown(container)).toBe('b_tool')
  })

  it('keeps the same array while the list is unchanged', async () => {
    const { result, rerender } = renderHook(() => useWebMCPTools())
    await flushTasks(act)
    const before = result.current
    expect(before).toEqual([])
    rerender()
    await flushTasks(act)
    expect(result.current).toBe(before)
  })

  it('asks getTools with fromOrigins, and again only when the origins change', async () => {
    const getTools = vi.spyOn(modelContext(), 'getTools')
    const { rerender } = renderHook(
      ({ origin }: { origin: string }) => useWebMCPTools({ fromOrigins: [origin] }),
      { initialProps: { origin: 'https://shop.example' } },
    )
    await flushTasks(act)
    const calls = getTools.mock.calls.length
    expect(getTools).toHaveBeenLastCalledWith({ fromOrigins: ['https://shop.example'] })
    // A new but equal inline array lists nothing again.
    rerender({ origin: 'https://shop.example' })
    await flushTasks(act)
    expect(getTools).toHaveBeenCalledTimes(calls)
    rerender({ origin: 'https://other.example' })
    await flushTasks(act)
    expect(getTools).toHaveBeenCalledTimes(calls + 1)
    expect(getTools).toHaveBeenLastCalledWith({ fromOrigins: ['https://other.example'] })
  })

  it('hands a getTools failure to onError instead of throwing', async () => {
    const onError = vi.fn()
    const { result } = renderHook(() =>
      useWebMCPTools({ fromOrigins: ['http://insecure.example'], onError }),
    )
    await flushTasks(act)
    expect(result.current).toEqual([])
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'SecurityError' }))
  })

  it('stops listening when unmounted', async () => {
    const getTools = vi.spyOn(modelContext(), 'getTools')
    const { unmount } = renderHook(() => useWebMCPTools())
    await flushTasks(act)
    unmount()
    const calls = getTools.mock.calls.length
    const controller = new AbortController()
    await act(() =>
      modelContext().registerTool(
        { name: 'late', description: 'After unmount.', execute: () => 'late' },
        { signal: controller.signal },
      ),
    )
    await flushTasks(act)
    expect(getTools).toHaveBeenCalledTimes(calls)
    controller.abort()
  })

  describe('without WebMCP', () => {
    it('is an empty list', async () => {
      delete (Document.prototype as { modelContext?: unknown }).modelContext
      const { result } = renderHook(() => useWebMCPTools())
      await flushTasks(act)
      expect(result.current).toEqual([])
    })
  })
})
