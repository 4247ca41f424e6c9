import { render } from '@solidjs/testing-library'
import { For, Show, createRoot, createSignal } from 'solid-js'
import { describe, expect, it, vi } from 'vitest'
import { createWebMCPTool, createWebMCPTools } from '../src/index'
import { flushTasks, modelContext } from './utils'
import type { CreateWebMCPToolsOptions, RegisteredTool } from '../src/index'
import type { Accessor } from 'solid-js'

const tool = (name: string) => ({ name, description: `The ${name} tool.`, execute: () => name })

/** A component listing the page's tools; `exposed` gets the accessor. */
function ToolList(props: {
  options?: CreateWebMCPToolsOptions
  exposed?: { current?: Accessor<readonly RegisteredTool[]> }
}) {
  const tools = createWebMCPTools(props.options)
  if (props.exposed) props.exposed.current = tools
  return (
    <ul>
      <For each={tools()}>{(t) => <li>{t.name}</li>}</For>
    </ul>
  )
}

function Tools(props: { names: string[] }) {
  for (const name of props.names) createWebMCPTool(() => tool(name))
  return null
}

const items = (container: HTMLElement) =>
  [...container.querySelectorAll('li')].map((li) => li.textContent)

describe('createWebMCPTools', () => {
  it('lists the tools, and follows components as they mount and are cleaned up', async () => {
    const [show, setShow] = createSignal(false)
    const view = render(() => (
      <div>
        <ToolList />
        <Show when={show()}>
          <Tools names={['alpha', 'beta']} />
        </Show>
      </div>
    ))
    await flushTasks()
    expect(items(view.container)).toEqual([])
    setShow(true)
    await flushTasks()
    expect(items(view.container)).toEqual(['alpha', 'beta'])
    setShow(false)
    await flushTasks()
    expect(items(view.container)).toEqual([])
  })

  it('lists what was registered before it mounted, with the fields getTools gives', async () => {
    const controller = new AbortController()
    await modelContext().registerTool(
      { ...tool('early'), title: 'Early', annotations: { readOnlyHint: true } },
      { signal: controller.signal },
    )
    const exposed: { current?: Accessor<readonly RegisteredTool[]> } = {}
    render(() => <ToolList exposed={exposed} />)
    await flushTasks()
    expect(exposed.current!()).toEqual([
      expect.objectContaining({
        name: 'early',
        title: 'Early',
        description: 'The early tool.',
        annotations: expect.objectContaining({ readOnlyHint: true }),
        window: window,
      }),
    ])
    controller.abort()
  })

  it('keeps the same array while the list is unchanged', async () => {
    const exposed: { current?: Accessor<readonly RegisteredTool[]> } = {}
    const [show, setShow] = createSignal(true)
    render(() => (
      <div>
        <ToolList exposed={exposed} />
        <Tools names={['kept']} />
        <Show when={show()}>
          <Tools names={['extra']} />
        </Show>
      </div>
    ))
    await flushTasks()
    const first = exposed.current!()
    expect(first.map((t) => t.name)).toEqual(['extra', 'kept'])
    // An unchanged list after a toolchange keeps its identity.
    modelContext().dispatchEvent(new Event('toolchange'))
    await flushTasks()
    expect(exposed.current!()).toBe(first)
    setShow(false)
    await flushTasks()
    expect(exposed.current!().map((t) => t.name)).toEqual(['kept'])
  })

  it('is empty, and renders, where there is no document.modelContext', async () => {
    delete (Document.prototype as { modelContext?: unknown }).modelContext
    const view = render(() => <ToolList />)
    await flushTasks()
    expect(items(view.container)).toEqual([])
  })

  it('asks again when fromOrigins changes, not when the same list comes again', async () => {
    const getTools = vi.spyOn(modelContext(), 'getTools')
    const [origins, setOrigins] = createSignal(['https://a.example'])
    render(() => <ToolList options={{ fromOrigins: origins }} />)
    await flushTasks()
    expect(getTools).toHaveBeenCalledOnce()
    expect(getTools).toHaveBeenLastCalledWith({ fromOrigins: ['https://a.example'] })
    setOrigins(['https://a.example'])
    await flushTasks()
    expect(getTools).toHaveBeenCalledOnce()
    setOrigins(['https://b.example'])
    await flushTasks()
    expect(getTools).toHaveBeenCalledTimes(2)
    expect(getTools).toHaveBeenLastCalledWith({ fromOrigins: ['https://b.example'] })
  })

  it('lists the modelContext it is given, and reports its failures to onError', async () => {
    const failure = new DOMException('Not here.', 'SecurityError')
    const onError = vi.fn()
    const events = new EventTarget()
    const context = Object.assign(events, { getTools: vi.fn(() => Promise.reject(failure)) })
    const view = render(() => <ToolList options={{ modelContext: context, onError }} />)
    await flushTasks()
    expect(context.getTools).toHaveBeenCalledOnce()
    expect(onError).toHaveBeenCalledWith(failure)
    expect(items(view.container)).toEqual([])
  })

  it('stops listening when its owner is cleaned up, and keeps its last list', async () => {
    const { tools, dispose } = createRoot((dispose) => ({ tools: createWebMCPTools(), dispose }))
    const controller = new AbortController()
    await modelContext().registerTool(tool('seen'), { signal: controller.signal })
    await flushTasks()
    expect(tools().map((t) => t.name)).toEqual(['seen'])
    const removeEventListener = vi.spyOn(modelContext(), 'removeEventListener')
    dispose()
    expect(removeEventListener).toHaveBeenCalledWith('toolchange', expect.any(Function))
    controller.abort()
    await flushTasks()
    expect(tools().map((t) => t.name)).toEqual(['seen'])
  })
})
