import { render } from '@solidjs/testing-library'
import { Show, batch, catchError, createComputed, createRoot, createSignal } from 'solid-js'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { getModelContext } from '@webmcp-kit/core'
import { createWebMCPTool } from '../src/index'
import { countToolchanges, deferred, find, flushTasks, modelContext, names } from './utils'
import type { CreateWebMCPToolOptions, CreateWebMCPToolResult, WebMCPTool } from '../src/index'
import type { Accessor } from 'solid-js'

const echo = (name = 'echo'): WebMCPTool<{ type: 'object' }, string> => ({
  name,
  description: 'Echoes.',
  inputSchema: { type: 'object' },
  execute: () => name,
})

type Exposed = { current?: CreateWebMCPToolResult<never, unknown> }

/** A component that registers `tool` and renders its state; `exposed` gets what it returned. */
function ToolView(props: {
  tool: Accessor<WebMCPTool>
  options?: CreateWebMCPToolOptions
  exposed?: Exposed
}) {
  const state = createWebMCPTool(props.tool, props.options)
  if (props.exposed) props.exposed.current = state as never
  return (
    <p>
      {state.status()} {state.executionCount()} {JSON.stringify(state.lastResult()) ?? '-'}
    </p>
  )
}

describe('mount and cleanup', () => {
  it('registers exactly once on mount and unregisters on cleanup', async () => {
    const changes = countToolchanges()
    const view = render(() => <ToolView tool={() => echo()} />)
    // Registering from the mount on: Solid ran the effects before render() returned.
    expect(view.container.textContent).toBe('registering 0 -')
    await flushTasks()
    expect(view.container.textContent).toBe('registered 0 -')
    expect(await names()).toEqual(['echo'])
    expect(changes.count).toBe(1)
    view.unmount()
    expect(await names()).toEqual([])
    await flushTasks()
    expect(changes.count).toBe(2)
  })

  it('registers the tool as given', async () => {
    const tool = { ...echo(), title: 'Echo', annotations: { readOnlyHint: true } }
    render(() => <ToolView tool={() => tool} />)
    await flushTasks()
    expect(await find('echo')).toMatchObject({
      title: 'Echo',
      description: 'Echoes.',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    })
  })

  it('reports unsupported where there is no document.modelContext', async () => {
    const onError = vi.fn()
    // The test setup installed the polyfill; take it away for this test.
    delete (Document.prototype as { modelContext?: unknown }).modelContext
    expect(getModelContext()).toBeUndefined()
    const view = render(() => <ToolView tool={() => echo()} options={{ onError }} />)
    await flushTasks()
    expect(view.container.textContent).toBe('unsupported 0 -')
    expect(onError).not.toHaveBeenCalled()
  })

  it('registers when the component mounts, not while its body runs', async () => {
    let duringBody: unknown[] = []
    const view = render(() => {
      const { status } = createWebMCPTool(() => echo('mounted'))
      duringBody = [status(), document.querySelector('#probe')]
      return <p id="probe">{status()}</p>
    })
    expect(duringBody).toEqual(['idle', null])
    expect(await names()).toEqual(['mounted'])
    view.unmount()
    expect(await names()).toEqual([])
  })

  it('a root disposed before its effects ran never registers', async () => {
    const state = createRoot((dispose) => {
      const result = createWebMCPTool(() => echo('short_lived'))
      dispose()
      return result
    })
    await flushTasks()
    expect(await names()).toEqual([])
    expect(state.status()).toBe('idle')
  })

  it('works in a bare createRoot and unregisters when it is disposed', async () => {
    const { state, dispose } = createRoot((dispose) => ({
      state: createWebMCPTool(() => echo('rooted')),
      dispose,
    }))
    await flushTasks()
    expect(state.status()).toBe('registered')
    expect(await names()).toEqual(['rooted'])
    dispose()
    expect(await names()).toEqual([])
    // The accessors stay current after the owner is gone.
    expect(state.status()).toBe('idle')
  })

  it('called in a computation, makes it track neither the tool nor the state', async () => {
    const [name, setName] = createSignal('tracked')
    let runs = 0
    const dispose = createRoot((dispose) => {
      createComputed(() => {
        runs++
        createWebMCPTool(() => echo(name()))
      })
      return dispose
    })
    await flushTasks()
    expect(await names()).toEqual(['tracked'])
    setName('renamed')
    await flushTasks()
    // The tool's own effect followed the signal; the computation around it did not run again.
    expect(await names()).toEqual(['renamed'])
    expect(runs).toBe(1)
    dispose()
  })

  it('<Show> toggling registers while shown and never collides', async () => {
    const [show, setShow] = createSignal(true)
    const onError = vi.fn()
    const view = render(() => (
      <Show when={show()}>
        <ToolView tool={() => echo()} options={{ onError }} />
      </Show>
    ))
    await flushTasks()
    for (let i = 0; i < 11; i++) setShow(!show())
    expect(await names()).toEqual([])
    setShow(true)
    await flushTasks()
    expect(await names()).toEqual(['echo'])
    expect(view.container.textContent).toBe('registered 0 -')
    expect(onError).not.toHaveBeenCalled()
  })

  it('switching between two components of the same tool name leaves one, error-free', async () => {
    const [first, setFirst] = createSignal(true)
    const onError = vi.fn()
    const a = () => ({ ...echo('shared'), execute: () => 'A' })
    const b = () => ({ ...echo('shared'), execute: () => 'B' })
    render(() => (
      <Show when={first()} fallback={<ToolView tool={b} options={{ onError }} />}>
        <ToolView tool={a} options={{ onError }} />
      </Show>
    ))
    await flushTasks()
    setFirst(false)
    await flushTasks()
    expect(await names()).toEqual(['shared'])
    expect(await modelContext().executeTool(await find('shared'), {})).toBe('B')
    setFirst(true)
    await flushTasks()
    expect(await modelContext().executeTool(await find('shared'), {})).toBe('A')
    expect(onError).not.toHaveBeenCalled()
  })
})

describe('a tracked tool', () => {
  it('re-registers under the new name when a signal it reads changes', async () => {
    const [name, setName] = createSignal('first')
    const view = render(() => <ToolView tool={() => echo(name())} />)
    await flushTasks()
    const changes = countToolchanges()
    setName('second')
    expect(await names()).toEqual(['second'])
    await flushTasks()
    expect(view.container.textContent).toBe('registered 0 -')
    // One unregister, one register.
    expect(changes.count).toBe(2)
  })

  it('re-registers when the description or the schema changes, and only then', async () => {
    const [description, setDescription] = createSignal('Creates an issue.')
    const [fields, setFields] = createSignal(['title'])
    const [other, setOther] = createSignal(0)
    render(() => (
      <ToolView
        tool={() => ({
          name: 'create_issue',
          description: description(),
          inputSchema: {
            type: 'object',
            properties: Object.fromEntries(fields().map((f) => [f, { type: 'string' }])),
          },
          execute: () => other(),
        })}
      />
    ))
    await flushTasks()
    const changes = countToolchanges()
    setOther(1)
    await flushTasks()
    expect(changes.count).toBe(0)
    setDescription('Files an issue.')
    await flushTasks()
    expect(changes.count).toBe(2)
    setFields(['title', 'body'])
    await flushTasks()
    expect(changes.count).toBe(4)
    expect(await find('create_issue')).toMatchObject({
      description: 'Files an issue.',
      inputSchema: {
        type: 'object',
        properties: { title: { type: 'string' }, body: { type: 'string' } },
      },
    })
  })

  it('batches several changes into one re-registration', async () => {
    const [name, setName] = createSignal('a')
    const [description, setDescription] = createSignal('A.')
    render(() => (
      <ToolView tool={() => ({ name: name(), description: description(), execute: () => 1 })} />
    ))
    await flushTasks()
    const registerTool = vi.spyOn(modelContext(), 'registerTool')
    batch(() => {
      setName('b')
      setDescription('B.')
    })
    await flushTasks()
    expect(registerTool).toHaveBeenCalledOnce()
    expect(await find('b')).toMatchObject({ description: 'B.' })
  })

  it('never re-registers for a new execute, and agents reach the latest one', async () => {
    const [version, setVersion] = createSignal(0)
    const view = render(() => (
      <ToolView
        tool={() => {
          // Read now, so that every change makes a new tool object with a new execute closure.
          const current = version()
          return {
            name: 'versioned',
            description: 'Returns the version it was defined with.',
            execute: () => ({ version: current }),
          }
        }}
      />
    ))
    await flushTasks()
    const changes = countToolchanges()
    for (let i = 0; i < 100; i++) setVersion(version() + 1)
    await flushTasks()
    expect(changes.count).toBe(0)
    const result = await modelContext().executeTool(await find('versioned'), {})
    expect(result).toBe('{"version":100}')
    expect(view.container.textContent).toBe('registered 1 {"version":100}')
  })

  it("an execute that reads signals at call time always sees this moment's values", async () => {
    const [todos, setTodos] = createSignal<string[]>([])
    render(() => (
      <ToolView
        tool={() => ({
          name: 'add_todo',
          description: 'Adds a to-do.',
          inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
          execute: ({ text }: { text: string }) => setTodos([...todos(), text]).length,
        })}
      />
    ))
    await flushTasks()
    const tool = await find('add_todo')
    expect(await modelContext().executeTool(tool, { text: 'milk' })).toBe('1')
    expect(await modelContext().executeTool(tool, { text: 'eggs' })).toBe('2')
    expect(todos()).toEqual(['milk', 'eggs'])
  })
})

describe('enabled and exposedTo', () => {
  it('follows a signal: off unregisters, on registers', async () => {
    const [enabled, setEnabled] = createSignal(false)
    const view = render(() => <ToolView tool={() => echo()} options={{ enabled }} />)
    await flushTasks()
    expect(view.container.textContent).toBe('idle 0 -')
    expect(await names()).toEqual([])
    setEnabled(true)
    await flushTasks()
    expect(view.container.textContent).toBe('registered 0 -')
    expect(await names()).toEqual(['echo'])
    setEnabled(false)
    await flushTasks()
    expect(view.container.textContent).toBe('idle 0 -')
    expect(await names()).toEqual([])
  })

  it('takes a plain value, and rapid toggles end in the last state without errors', async () => {
    const onError = vi.fn()
    render(() => <ToolView tool={() => echo('off')} options={{ enabled: false }} />)
    const [count, setCount] = createSignal(0)
    render(() => (
      <ToolView tool={() => echo()} options={{ enabled: () => count() % 2 === 1, onError }} />
    ))
    for (let i = 0; i < 21; i++) setCount(count() + 1)
    await flushTasks()
    expect(await names()).toEqual(['echo'])
    setCount(count() + 1)
    await flushTasks()
    expect(await names()).toEqual([])
    expect(onError).not.toHaveBeenCalled()
  })

  it('re-registers when exposedTo changes, not when the same list comes again', async () => {
    const [exposedTo, setExposedTo] = createSignal(['https://a.example'])
    const view = render(() => <ToolView tool={() => echo()} options={{ exposedTo }} />)
    await flushTasks()
    const changes = countToolchanges()
    setExposedTo(['https://a.example'])
    await flushTasks()
    expect(changes.count).toBe(0)
    setExposedTo(['https://a.example', 'https://b.example'])
    await flushTasks()
    expect(changes.count).toBe(2)
    expect(view.container.textContent).toBe('registered 0 -')
  })

  it('a new tool with new exposedTo or enabled at once: one registration at most', async () => {
    const [name, setName] = createSignal('before')
    const [exposedTo, setExposedTo] = createSignal(['https://a.example'])
    const [enabled, setEnabled] = createSignal(true)
    render(() => <ToolView tool={() => echo(name())} options={{ exposedTo, enabled }} />)
    await flushTasks()
    const registerTool = vi.spyOn(modelContext(), 'registerTool')
    batch(() => {
      setName('after')
      setExposedTo(['https://b.example'])
    })
    await flushTasks()
    expect(registerTool).toHaveBeenCalledOnce()
    expect(registerTool.mock.calls[0]![0]).toMatchObject({ name: 'after' })
    expect(registerTool.mock.calls[0]![1]).toMatchObject({ exposedTo: ['https://b.example'] })
    expect(await names()).toEqual(['after'])
    // A new name and enabled: false together: unregistered, the new name never registered.
    batch(() => {
      setName('never')
      setEnabled(false)
    })
    await flushTasks()
    expect(registerTool).toHaveBeenCalledOnce()
    expect(await names()).toEqual([])
  })

  it('a change made between the call and the mount is in the first registration', async () => {
    const [name, setName] = createSignal('early')
    const registerTool = vi.spyOn(modelContext(), 'registerTool')
    render(() => {
      const state = createWebMCPTool(() => echo(name()))
      setName('late')
      return <p>{state.status()}</p>
    })
    await flushTasks()
    expect(registerTool).toHaveBeenCalledOnce()
    expect(await names()).toEqual(['late'])
  })

  it('registers in the modelContext it is given', async () => {
    const registerTool = vi.fn(async () => undefined)
    const view = render(() => (
      <ToolView tool={() => echo('elsewhere')} options={{ modelContext: { registerTool } }} />
    ))
    await flushTasks()
    expect(registerTool).toHaveBeenCalledOnce()
    expect(view.container.textContent).toBe('registered 0 -')
    expect(await names()).toEqual([])
    view.unmount()
    const [, { signal }] = registerTool.mock.calls[0] as unknown as [
      unknown,
      { signal: AbortSignal },
    ]
    expect(signal.aborted).toBe(true)
  })
})

describe('execution state', () => {
  it('tracks an agent call: isExecuting while it runs, then lastResult and executionCount', async () => {
    const gate = deferred<string>()
    const exposed: Exposed = {}
    const view = render(() => (
      <ToolView tool={() => ({ ...echo('slow'), execute: () => gate.promise })} exposed={exposed} />
    ))
    await flushTasks()
    const call = modelContext().executeTool(await find('slow'), {})
    await flushTasks()
    expect(exposed.current!.isExecuting()).toBe(true)
    expect(exposed.current!.executingCount()).toBe(1)
    gate.resolve('done')
    expect(await call).toBe('done')
    expect(exposed.current!.isExecuting()).toBe(false)
    expect(view.container.textContent).toBe('registered 1 "done"')
    expect(exposed.current!.snapshot()).toMatchObject({ executionCount: 1, lastResult: 'done' })
  })

  it("passes the agent's signal to execute, aborted when the agent cancels", async () => {
    const started = deferred<AbortSignal>()
    const aborted = deferred<unknown>()
    render(() => (
      <ToolView
        tool={() => ({
          ...echo('cancellable'),
          execute: (_input: unknown, { signal }: { signal: AbortSignal }) => {
            started.resolve(signal)
            signal.addEventListener('abort', () => aborted.resolve(signal.reason))
            return new Promise((resolve) =>
              signal.addEventListener('abort', () => resolve('stopped')),
            )
          },
        })}
      />
    ))
    await flushTasks()
    const controller = new AbortController()
    const call = modelContext().executeTool(
      await find('cancellable'),
      {},
      { signal: controller.signal },
    )
    const signal = await started.promise
    expect(signal.aborted).toBe(false)
    controller.abort()
    await expect(call).rejects.toBeDefined()
    // The engine aborts the tool's signal in a task of its own after the call settled.
    expect(await aborted.promise).toMatchObject({ name: 'AbortError' })
    expect(signal.aborted).toBe(true)
  })

  it('execute runs the tool locally, with Standard Schema validation', async () => {
    const exposed: Exposed = {}
    const view = render(() => (
      <ToolView
        tool={() =>
          ({
            name: 'weather',
            description: 'Gets the forecast.',
            inputSchema: z.object({ city: z.string() }),
            execute: ({ city }: { city: string }) => `sunny in ${city}`,
          }) as unknown as WebMCPTool
        }
        exposed={exposed}
      />
    ))
    expect(await exposed.current!.execute({ city: 'Oslo' } as never)).toBe('sunny in Oslo')
    expect(await exposed.current!.execute({ city: 4 } as never)).toMatchObject({
      issues: [{ path: ['city'] }],
    })
    await flushTasks()
    expect(exposed.current!.executionCount()).toBe(2)
    expect(view.container.textContent).toContain('registered 2 {"error":')
    // An agent's call is validated the same way.
    expect(await find('weather')).toMatchObject({
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    })
    const invalid = await modelContext().executeTool(await find('weather'), { city: 4 })
    expect(JSON.parse(invalid as string)).toMatchObject({ issues: [{ path: ['city'] }] })
  })

  it('a failing execute rejects the local call, lands in error and calls onError', async () => {
    const onError = vi.fn()
    const failure = new Error('boom')
    const exposed: Exposed = {}
    const failing = () => ({
      ...echo('failing'),
      execute: () => {
        throw failure
      },
    })
    render(() => <ToolView tool={failing} options={{ onError }} exposed={exposed} />)
    await expect(exposed.current!.execute({} as never)).rejects.toBe(failure)
    expect(exposed.current!.error()).toBe(failure)
    expect(onError).toHaveBeenCalledWith(failure)
  })

  it('puts a registration failure in status and error, never throws it', async () => {
    const onError = vi.fn()
    const controller = new AbortController()
    await modelContext().registerTool(
      { name: 'taken', description: 'Already here.', execute: () => 'x' },
      { signal: controller.signal },
    )
    const exposed: Exposed = {}
    render(() => <ToolView tool={() => echo('taken')} options={{ onError }} exposed={exposed} />)
    await flushTasks()
    expect(exposed.current!.status()).toBe('error')
    expect(exposed.current!.error()).toMatchObject({ name: 'InvalidStateError' })
    expect(onError).toHaveBeenCalledOnce()
    controller.abort()
  })
})

describe('misuse', () => {
  const message = (what: string) =>
    new Error(
      `The tool ${what}. Pass { name, description, inputSchema?, execute(input, { signal }) }.`,
    )

  it('throws the plain Error every binding throws when the tool is missing', () => {
    createRoot((dispose) => {
      expect(() => createWebMCPTool(() => undefined as unknown as WebMCPTool)).toThrow(
        message('is undefined'),
      )
      dispose()
    })
  })

  it('a tool without execute throws before anything registers', async () => {
    const broken = { name: 'no_execute', description: 'Lost it.' } as unknown as WebMCPTool
    createRoot((dispose) => {
      expect(() => createWebMCPTool(() => broken)).toThrow(
        message('"no_execute" has no execute function'),
      )
      dispose()
    })
    await flushTasks()
    expect(await names()).toEqual([])
  })

  it('reports a tool the factory later loses to the owner, and keeps the last one', async () => {
    const [tool, setTool] = createSignal<WebMCPTool | undefined>(echo('kept_on'))
    const onError = vi.fn()
    const dispose = createRoot((dispose) => {
      catchError(() => createWebMCPTool(tool as Accessor<WebMCPTool>), onError)
      return dispose
    })
    await flushTasks()
    setTool(undefined)
    await flushTasks()
    expect(onError).toHaveBeenCalledOnce()
    expect(onError.mock.calls[0]![0]).toEqual(message('is undefined'))
    expect(await names()).toEqual(['kept_on'])
    expect(await modelContext().executeTool(await find('kept_on'), {})).toBe('kept_on')
    setTool(echo('back'))
    await flushTasks()
    expect(await names()).toEqual(['back'])
    dispose()
    expect(await names()).toEqual([])
  })
})
