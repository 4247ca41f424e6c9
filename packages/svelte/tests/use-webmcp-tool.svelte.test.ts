import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { useWebMCPTool } from '../src/index'
import Probe from './fixtures/Probe.svelte'
import {
  countToolchanges,
  deferred,
  drained,
  find,
  inRoot,
  listed,
  modelContext,
  names,
} from './utils.svelte'
import type { UseWebMCPToolOptions, UseWebMCPToolResult, WebMCPTool } from '../src/index'

const echo = (name = 'echo'): WebMCPTool<{ type: 'object' }, string> => ({
  name,
  description: 'Echoes.',
  inputSchema: { type: 'object' },
  execute: () => name,
})

/** Mounts Probe with `tool` and `options` into a fresh element. */
function probe(tool: WebMCPTool | (() => WebMCPTool), options?: UseWebMCPToolOptions) {
  const target = document.createElement('div')
  document.body.append(target)
  const exposed: { state?: UseWebMCPToolResult<undefined, unknown> } = {}
  const component = mount(Probe, {
    target,
    props: { tool, options, expose: (state: never) => (exposed.state = state) },
  })
  return {
    text: () => target.textContent,
    state: () => exposed.state!,
    unmount: () => {
      unmount(component)
      target.remove()
    },
  }
}

describe('in a component', () => {
  it('registers exactly once from mount, unregisters on unmount', async () => {
    const changes = countToolchanges()
    const app = probe(echo())
    // The first render shows idle, as the server does: the tool registers from the mount on.
    expect(app.text()).toBe('idle 0 -')
    flushSync()
    expect(app.text()).toBe('registering 0 -')
    await drained()
    expect(app.text()).toBe('registered 0 -')
    expect(await names()).toEqual(['echo'])
    expect(changes.count).toBe(1)
    app.unmount()
    expect(await names()).toEqual([])
    await drained()
    expect(changes.count).toBe(2)
  })

  it('registers the tool as given', async () => {
    const app = probe({ ...echo(), title: 'Echo', annotations: { readOnlyHint: true } })
    await drained()
    const tool = await find('echo')
    expect([tool.title, tool.description, tool.inputSchema, tool.annotations]).toEqual([
      'Echo',
      'Echoes.',
      { type: 'object' },
      {
        readOnlyHint: true,
        consequentialHint: false,
        untrustedContentHint: false,
        debugging: false,
      },
    ])
    app.unmount()
  })

  it('unmount and a same-name mount in one task end with one registration', async () => {
    const first = probe(echo())
    await drained()
    first.unmount()
    const second = probe(echo())
    await drained()
    expect([await names(), second.text()]).toEqual([['echo'], 'registered 0 -'])
    second.unmount()
    expect(await names()).toEqual([])
  })

  it('an agent call reaches execute and the rendered state follows', async () => {
    const gate = deferred()
    const app = probe({
      ...echo('slow'),
      execute: async () => {
        await gate.promise
        return 'done'
      },
    })
    await drained()
    const call = modelContext().executeTool(await find('slow'), {})
    await drained()
    expect([app.state().isExecuting, app.state().executingCount]).toEqual([true, 1])
    gate.resolve()
    expect(await call).toBe('done')
    flushSync()
    expect(app.text()).toBe('registered 1 "done"')
    expect(app.state().isExecuting).toBe(false)
    app.unmount()
  })

  it('reports a failed registration as state and through onError, never thrown', async () => {
    const controller = new AbortController()
    await modelContext().registerTool(
      { name: 'taken', description: 'Registered first.', execute: () => 'first' },
      { signal: controller.signal },
    )
    const onError = vi.fn()
    const app = probe(echo('taken'), { onError })
    await drained()
    expect(app.state().status).toBe('error')
    expect(app.state().error).toBeInstanceOf(DOMException)
    expect((app.state().error as DOMException).name).toBe('InvalidStateError')
    expect(onError).toHaveBeenCalledWith(app.state().error)
    app.unmount()
    controller.abort()
  })
})

describe('in an $effect.root (a .svelte.ts module)', () => {
  it('registers when its effects run, unregisters on cleanup', async () => {
    const { value: tool, cleanup } = inRoot(() => useWebMCPTool(echo()))
    expect(tool.status).toBe('registering')
    await drained()
    expect([tool.status, await names()]).toEqual(['registered', ['echo']])
    cleanup()
    // The core tells the last listener that its unsubscribe changed the state.
    expect([tool.status, await names()]).toEqual(['idle', []])
  })

  it('outside a component or an effect root, Svelte says where to call it', () => {
    expect(() => useWebMCPTool(echo())).toThrow(/effect_orphan/)
  })

  it('state read in $derived and $effect follows the snapshot', async () => {
    const seen: string[] = []
    const { value, cleanup } = inRoot(() => {
      const tool = useWebMCPTool(echo())
      const label = $derived(`${tool.status}:${tool.executionCount}`)
      $effect(() => void seen.push(label))
      return { tool, label: () => label }
    })
    await drained()
    await value.tool.execute({})
    flushSync()
    expect(value.label()).toBe('registered:1')
    expect(seen).toEqual(['registering:0', 'registered:0', 'registered:1'])
    cleanup()
  })
})

describe('changes', () => {
  it('enabled from a getter: off unregisters, on registers, a burst of toggles once', async () => {
    let enabled = $state(false)
    const changes = countToolchanges()
    const { value: tool, cleanup } = inRoot(() =>
      useWebMCPTool(echo('gated'), { enabled: () => enabled }),
    )
    await drained()
    expect([tool.status, await names(), changes.count]).toEqual(['idle', [], 0])
    enabled = true
    await drained()
    expect([tool.status, await names(), changes.count]).toEqual(['registered', ['gated'], 1])
    for (let i = 0; i < 7; i++) enabled = !enabled
    await drained()
    expect([tool.status, await names(), changes.count]).toEqual(['idle', [], 2])
    for (let i = 0; i < 8; i++) enabled = !enabled
    await drained()
    // Seven toggles and eight toggles, each in one flush: one change each, none for no change.
    expect([tool.status, changes.count]).toEqual(['idle', 2])
    cleanup()
  })

  it('a getter tool: name, description, schema changes re-register, once per flush', async () => {
    let name = $state('search')
    let description = $state('Searches.')
    let fields = $state(['query'])
    const { cleanup } = inRoot(() =>
      useWebMCPTool(() => ({
        name,
        description,
        inputSchema: {
          type: 'object',
          properties: Object.fromEntries(fields.map((field) => [field, { type: 'string' }])),
        },
        execute: () => name,
      })),
    )
    await drained()
    const changes = countToolchanges()
    name = 'find'
    description = 'Finds.'
    fields = ['query', 'limit']
    await drained()
    // Teardown and registration: two toolchanges, one registration.
    expect(changes.count).toBe(2)
    expect(await listed()).toEqual([
      {
        name: 'find',
        description: 'Finds.',
        inputSchema: {
          type: 'object',
          properties: { query: { type: 'string' }, limit: { type: 'string' } },
        },
      },
    ])
    fields.push('page')
    await drained()
    expect(changes.count).toBe(4)
    expect(Object.keys((await find('find')).inputSchema!.properties as object)).toEqual([
      'query',
      'limit',
      'page',
    ])
    cleanup()
  })

  it('a new execute is swapped in without re-registering, and an agent reaches the latest', async () => {
    let factor = $state(1)
    const { cleanup } = inRoot(() =>
      useWebMCPTool(() => {
        const current = factor
        return { ...echo('scale'), execute: () => String(current * 2) }
      }),
    )
    await drained()
    const changes = countToolchanges()
    for (let i = 2; i <= 50; i++) {
      factor = i
      if (i % 10 === 0) flushSync()
    }
    // No task ran since the last change, yet an agent's call (a task) sees the effect's swap.
    const call = modelContext().executeTool(await find('scale'), {})
    expect(await call).toBe('100')
    await drained()
    expect(changes.count).toBe(0)
    cleanup()
  })

  it('a $state tool edited in place re-registers, its nested schema included', async () => {
    const tool = $state({
      name: 'note',
      description: 'Takes a note.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
      execute: () => 'noted',
    })
    const { cleanup } = inRoot(() => useWebMCPTool(tool))
    await drained()
    const changes = countToolchanges()
    tool.description = 'Takes a short note.'
    await drained()
    expect(changes.count).toBe(2)
    tool.inputSchema.properties.text.type = 'number'
    await drained()
    expect(changes.count).toBe(4)
    expect(await listed()).toEqual([
      {
        name: 'note',
        description: 'Takes a short note.',
        inputSchema: { type: 'object', properties: { text: { type: 'number' } } },
      },
    ])
    cleanup()
  })

  it('exposedTo from a getter re-registers with the new origins', async () => {
    let origins = $state<string[] | undefined>(undefined)
    const registerTool = vi.spyOn(modelContext(), 'registerTool')
    const { cleanup } = inRoot(() => useWebMCPTool(echo(), { exposedTo: () => origins }))
    await drained()
    origins = ['https://agent.example']
    await drained()
    expect(registerTool.mock.calls.map(([, options]) => options?.exposedTo)).toEqual([
      undefined,
      ['https://agent.example'],
    ])
    expect(await names()).toEqual(['echo'])
    cleanup()
  })

  it('a getter that stops returning a tool throws the core error; the last tool stays', async () => {
    let broken = $state(false)
    const { value: tool, cleanup } = inRoot(() =>
      useWebMCPTool(() => (broken ? ({ name: 'echo' } as WebMCPTool) : echo())),
    )
    await drained()
    broken = true
    expect(() => flushSync()).toThrow('The tool "echo" has no execute function.')
    expect([tool.status, await names()]).toEqual(['registered', ['echo']])
    cleanup()
  })
})

describe('execute', () => {
  it('passes the agent signal, aborted when the agent cancels', async () => {
    const started = deferred<AbortSignal>()
    const { cleanup } = inRoot(() =>
      useWebMCPTool({
        ...echo('cancellable'),
        execute: (_input, { signal }) => {
          started.resolve(signal)
          return new Promise<string>((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason)),
          )
        },
      }),
    )
    await drained()
    const controller = new AbortController()
    const call = modelContext().executeTool(
      await find('cancellable'),
      {},
      {
        signal: controller.signal,
      },
    )
    const signal = await started.promise
    expect(signal.aborted).toBe(false)
    const aborted = new Promise((resolve) => signal.addEventListener('abort', resolve))
    controller.abort()
    await expect(call).rejects.toThrow()
    // The engine aborts the tool's signal in a task of its own.
    await aborted
    expect(signal.aborted).toBe(true)
    cleanup()
  })

  it('runs locally with a signal, tracked like an agent call', async () => {
    const seen: AbortSignal[] = []
    const { value: tool, cleanup } = inRoot(() =>
      useWebMCPTool({
        ...echo(),
        execute: (_input, { signal }) => (seen.push(signal), 'local'),
      }),
    )
    const controller = new AbortController()
    expect(await tool.execute({}, { signal: controller.signal })).toBe('local')
    expect([seen[0], tool.executionCount, tool.lastResult]).toEqual([controller.signal, 1, 'local'])
    cleanup()
  })

  it('before the effects ran, the state is read once they do', async () => {
    const { value: tool, cleanup } = inRoot(() => {
      const state = useWebMCPTool(echo())
      void state.execute({})
      return state
    })
    await drained()
    expect([tool.executionCount, tool.lastResult]).toEqual([1, 'echo'])
    cleanup()
  })

  it('validates a Standard Schema input: the agent gets the issues, execute never runs', async () => {
    const execute = vi.fn(({ text }: { text: string }) => `Added ${text}`)
    const { value: tool, cleanup } = inRoot(() =>
      useWebMCPTool({
        name: 'add_todo',
        description: 'Adds a to-do.',
        inputSchema: z.object({ text: z.string().min(1) }),
        execute,
      }),
    )
    await drained()
    expect((await find('add_todo')).inputSchema).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string', minLength: 1 } },
    })
    const rejected = await modelContext().executeTool(await find('add_todo'), { text: '' })
    expect(JSON.parse(rejected!)).toMatchObject({ issues: [{ path: ['text'] }] })
    expect(execute).not.toHaveBeenCalled()
    expect(await modelContext().executeTool(await find('add_todo'), { text: 'milk' })).toBe(
      'Added milk',
    )
    expect(tool.executionCount).toBe(2)
    cleanup()
  })
})

describe('options', () => {
  it('modelContext: registers there, not in document.modelContext', async () => {
    const registered: string[] = []
    const context = {
      registerTool: async ({ name }: { name: string }) => void registered.push(name),
    }
    const { value: tool, cleanup } = inRoot(() =>
      useWebMCPTool(echo('elsewhere'), { modelContext: context }),
    )
    await drained()
    expect([registered, tool.status, await names()]).toEqual([['elsewhere'], 'registered', []])
    cleanup()
  })

  it('misuse: what is not a tool throws the core error at the call', () => {
    expect(() => inRoot(() => useWebMCPTool(undefined as never))).toThrow(
      'The tool is undefined. Pass { name, description, inputSchema?, execute(input, { signal }) }.',
    )
  })
})
