// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getModelContext } from '../src/contract/get-model-context'
import { installModelContext } from '../src/install'
import { ToolsObserver } from '../src/contract/tools-observer'
import { flushTasks } from '@webmcp-kit/test-infra/helpers'
import type { ToolsObserverContext } from '../src/contract/tools-observer'
import type { ModelContext } from '../src/webmcp/types'

let uninstall: () => void
let mc: ModelContext
let nextName = 0
const registrations: AbortController[] = []

beforeEach(() => {
  // jsdom has no isSecureContext; http://localhost, its URL, is a secure context.
  Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true })
  uninstall = installModelContext()
  mc = getModelContext()!
})

afterEach(() => {
  for (const controller of registrations.splice(0)) controller.abort()
  uninstall()
})

const uniqueName = () => `listed_${++nextName}`

async function register(name = uniqueName(), description = 'A tool.') {
  const controller = new AbortController()
  registrations.push(controller)
  await mc.registerTool({ name, description, execute: () => 'ok' }, { signal: controller.signal })
  return { name, unregister: () => controller.abort() }
}

describe('ToolsObserver', () => {
  it('does nothing before the first subscribe', async () => {
    const lookups = vi.spyOn(document, 'modelContext', 'get')
    const getTools = vi.spyOn(mc, 'getTools')
    await register()
    const observer = new ToolsObserver()
    await flushTasks()
    expect(lookups).not.toHaveBeenCalled()
    expect(getTools).not.toHaveBeenCalled()
    expect(observer.getSnapshot()).toEqual([])
    lookups.mockRestore()
  })

  it('lists the tools on subscribe and follows toolchange', async () => {
    const first = await register()
    const observer = new ToolsObserver()
    const listener = vi.fn()
    const unsubscribe = observer.subscribe(listener)
    await flushTasks()
    expect(observer.getSnapshot().map((tool) => tool.name)).toEqual([first.name])
    expect(observer.getSnapshot()[0]).toMatchObject({
      description: 'A tool.',
      origin: location.origin,
      window,
    })
    const second = await register()
    await flushTasks()
    expect(observer.getSnapshot().map((tool) => tool.name)).toEqual(
      [first.name, second.name].sort(),
    )
    first.unregister()
    await flushTasks()
    expect(observer.getSnapshot().map((tool) => tool.name)).toEqual([second.name])
    expect(listener).toHaveBeenCalledTimes(3)
    unsubscribe()
  })

  it('keeps the same frozen array while the list is unchanged', async () => {
    await register()
    const observer = new ToolsObserver()
    const listener = vi.fn()
    const unsubscribe = observer.subscribe(listener)
    await flushTasks()
    const snapshot = observer.getSnapshot()
    expect(Object.isFrozen(snapshot)).toBe(true)
    expect(observer.getSnapshot()).toBe(snapshot)
    // Two toolchange events whose net effect is no change.
    const transient = await register()
    transient.unregister()
    await flushTasks()
    expect(observer.getSnapshot()).toBe(snapshot)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
  })

  it('sees a changed description as a change', async () => {
    const name = uniqueName()
    const tool = await register(name, 'Before.')
    const observer = new ToolsObserver()
    const unsubscribe = observer.subscribe(() => {})
    await flushTasks()
    const before = observer.getSnapshot()
    tool.unregister()
    await register(name, 'After.')
    await flushTasks()
    expect(observer.getSnapshot()).not.toBe(before)
    expect(observer.getSnapshot()[0]!.description).toBe('After.')
    unsubscribe()
  })

  it('stops listening after the last unsubscribe', async () => {
    const observer = new ToolsObserver()
    const listener = vi.fn()
    const unsubscribe = observer.subscribe(listener)
    await flushTasks()
    unsubscribe()
    await register()
    await flushTasks()
    expect(observer.getSnapshot()).toEqual([])
    expect(listener).not.toHaveBeenCalled()
  })

  it('StrictMode: subscribe → unsubscribe → subscribe lists once and listens once', async () => {
    const getTools = vi.spyOn(mc, 'getTools')
    const observer = new ToolsObserver()
    observer.subscribe(() => {})()
    const listener = vi.fn()
    const unsubscribe = observer.subscribe(listener)
    await flushTasks()
    getTools.mockClear()
    await register()
    await flushTasks()
    expect(getTools).toHaveBeenCalledTimes(1)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
  })

  it('applies only the latest answer when answers overlap', async () => {
    const answers: Array<(tools: object[]) => void> = []
    const context: ToolsObserverContext = {
      getTools: () => new Promise((resolve) => answers.push(resolve)),
      addEventListener: mc.addEventListener.bind(mc),
      removeEventListener: mc.removeEventListener.bind(mc),
    }
    const observer = new ToolsObserver({ modelContext: context })
    const unsubscribe = observer.subscribe(() => {})
    await register()
    await flushTasks()
    expect(answers).toHaveLength(2)
    const fresh = await mc.getTools()
    answers[1]!(fresh)
    answers[0]!([])
    await flushTasks()
    expect(observer.getSnapshot()).toEqual(fresh)
    unsubscribe()
  })

  it('passes fromOrigins, lists again when it changes, and reports failures to onError', async () => {
    const getTools = vi.spyOn(mc, 'getTools')
    const onError = vi.fn()
    const observer = new ToolsObserver({ fromOrigins: ['https://a.example'], onError })
    const unsubscribe = observer.subscribe(() => {})
    await flushTasks()
    expect(getTools).toHaveBeenLastCalledWith({ fromOrigins: ['https://a.example'] })
    observer.update({ fromOrigins: ['https://a.example'], onError })
    expect(getTools).toHaveBeenCalledTimes(1)
    observer.update({ fromOrigins: ['http://insecure.example'], onError })
    await flushTasks()
    expect(getTools).toHaveBeenCalledTimes(2)
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'SecurityError' }))
    unsubscribe()
  })

  it('keeps its last list after the last unsubscribe, and says nothing about it', async () => {
    const { name } = await register()
    const observer = new ToolsObserver()
    const listener = vi.fn()
    const unsubscribe = observer.subscribe(listener)
    await flushTasks()
    const listed = observer.getSnapshot()
    expect(listed.map((tool) => tool.name)).toEqual([name])
    listener.mockClear()
    unsubscribe()
    expect(listener).not.toHaveBeenCalled()
    expect(observer.getSnapshot()).toBe(listed)
  })

  it('an update with another modelContext moves the listener there and lists it', async () => {
    const { name } = await register()
    let answer = async (): Promise<object[]> => []
    const other = Object.assign(new EventTarget(), { getTools: () => answer() })
    const observer = new ToolsObserver()
    const listener = vi.fn()
    const unsubscribe = observer.subscribe(listener)
    await flushTasks()
    expect(observer.getSnapshot().map((tool) => tool.name)).toEqual([name])
    observer.update({ modelContext: other })
    await flushTasks()
    expect(observer.getSnapshot()).toEqual([])
    listener.mockClear()
    // Only the new context's toolchange is heard now.
    await register()
    await flushTasks()
    expect(listener).not.toHaveBeenCalled()
    answer = () => mc.getTools()
    other.dispatchEvent(new Event('toolchange'))
    await flushTasks()
    expect(observer.getSnapshot()).toHaveLength(2)
    unsubscribe()
  })

  it('is empty without a ModelContext', async () => {
    uninstall()
    const observer = new ToolsObserver()
    const unsubscribe = observer.subscribe(() => {})
    await flushTasks()
    expect(observer.getSnapshot()).toEqual([])
    unsubscribe()
    uninstall = installModelContext()
    mc = getModelContext()!
  })
})
