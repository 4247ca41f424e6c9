// @vitest-environment jsdom
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { getModelContext } from '../src/contract/get-model-context'
import { installModelContext } from '../src/install'
import { ToolRegistration } from '../src/contract/tool-registration'
import { deferred, flushTasks } from '@webmcp-kit/test-infra/helpers'
import type { WebMCPTool } from '../src/contract/define-tool'
import type { ToolRegistrationContext } from '../src/contract/tool-registration'
import type { ModelContext, RegisteredTool } from '../src/webmcp/types'

let uninstall: () => void
let mc: ModelContext
let toolchanges: number
let nextName = 0
const countToolchange = () => toolchanges++

beforeEach(() => {
  // jsdom has no isSecureContext; http://localhost, its URL, is a secure context.
  Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true })
  uninstall = installModelContext()
  mc = getModelContext()!
  toolchanges = 0
  mc.addEventListener('toolchange', countToolchange)
})

afterEach(() => {
  mc.removeEventListener('toolchange', countToolchange)
  uninstall()
})

/** A tool name no other test uses: the polyfill's registry lives as long as the document. */
const uniqueName = () => `tool_${++nextName}`

const listed = async () => (await mc.getTools()).map((tool) => tool.name)

const find = async (name: string) =>
  (await mc.getTools()).find((tool) => tool.name === name) as RegisteredTool

const makeTool = (name = uniqueName()) =>
  ({
    name,
    description: 'Echoes its input.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    execute: (input: { text?: string }): unknown => ({ echoed: input.text }),
  }) satisfies WebMCPTool<object, unknown>

describe('construction', () => {
  it('has no side effects: nothing registered, no DOM lookup, an idle snapshot', async () => {
    const lookups = vi.spyOn(document, 'modelContext', 'get')
    const registration = new ToolRegistration(makeTool())
    expect(lookups).not.toHaveBeenCalled()
    expect(registration.getSnapshot()).toEqual({
      status: 'idle',
      error: undefined,
      isExecuting: false,
      executingCount: 0,
      lastResult: undefined,
      executionCount: 0,
    })
    lookups.mockRestore()
    expect(await listed()).toEqual([])
  })
})

describe('subscribe / unsubscribe', () => {
  it('registers on the first subscribe and unregisters on the last unsubscribe', async () => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool)
    const first = registration.subscribe(() => {})
    expect(registration.getSnapshot().status).toBe('registering')
    const second = registration.subscribe(() => {})
    await flushTasks()
    expect(registration.getSnapshot().status).toBe('registered')
    expect(await listed()).toEqual([tool.name])
    first()
    expect(await listed()).toEqual([tool.name])
    second()
    expect(await listed()).toEqual([])
    expect(registration.getSnapshot().status).toBe('idle')
  })

  it('registers the tool as given: name, title, description, schema, annotations', async () => {
    const registration = new ToolRegistration({
      ...makeTool(),
      title: 'Echo',
      annotations: { readOnlyHint: true },
    })
    const unsubscribe = registration.subscribe(() => {})
    const tool = (await mc.getTools())[0]!
    expect(tool).toMatchObject({
      title: 'Echo',
      description: 'Echoes its input.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
      annotations: { readOnlyHint: true, untrustedContentHint: false },
    })
    unsubscribe()
  })

  it('StrictMode: subscribe → unsubscribe → subscribe leaves exactly one registration and no error', async () => {
    const onError = vi.fn()
    const tool = makeTool()
    const registration = new ToolRegistration(tool, { onError })
    registration.subscribe(() => {})()
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    expect(await listed()).toEqual([tool.name])
    expect(registration.getSnapshot()).toMatchObject({ status: 'registered', error: undefined })
    expect(onError).not.toHaveBeenCalled()
    unsubscribe()
    expect(await listed()).toEqual([])
  })

  it('a double StrictMode cycle with two registrations of different tools stays consistent', async () => {
    const a = new ToolRegistration(makeTool())
    const b = new ToolRegistration(makeTool())
    for (let i = 0; i < 2; i++) {
      a.subscribe(() => {})()
      b.subscribe(() => {})()
    }
    const offA = a.subscribe(() => {})
    const offB = b.subscribe(() => {})
    await flushTasks()
    expect((await listed()).length).toBe(2)
    expect([a.getSnapshot().status, b.getSnapshot().status]).toEqual(['registered', 'registered'])
    offA()
    offB()
  })

  it('swallows the rejection of a registration it tore down itself', async () => {
    const onError = vi.fn()
    const registration = new ToolRegistration(makeTool(), { onError })
    registration.subscribe(() => {})()
    await flushTasks()
    expect(registration.getSnapshot()).toMatchObject({ status: 'idle', error: undefined })
    expect(onError).not.toHaveBeenCalled()
  })

  it('calling an unsubscribe twice does not remove another subscriber', async () => {
    const registration = new ToolRegistration(makeTool())
    const first = registration.subscribe(() => {})
    const second = registration.subscribe(() => {})
    first()
    first()
    await flushTasks()
    expect(registration.getSnapshot().status).toBe('registered')
    second()
  })

  it("is 'unsupported' while subscribed without a ModelContext, and 'idle' after", () => {
    uninstall()
    const registration = new ToolRegistration(makeTool())
    const unsubscribe = registration.subscribe(() => {})
    expect(registration.getSnapshot().status).toBe('unsupported')
    unsubscribe()
    expect(registration.getSnapshot().status).toBe('idle')
    uninstall = installModelContext()
    mc = getModelContext()!
  })

  it('looks the ModelContext up at each first subscribe, so a polyfill installed later is used', async () => {
    uninstall()
    const registration = new ToolRegistration(makeTool())
    registration.subscribe(() => {})()
    uninstall = installModelContext()
    mc = getModelContext()!
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    expect(registration.getSnapshot().status).toBe('registered')
    unsubscribe()
  })
})

describe('snapshot', () => {
  it('is the same frozen object until something changes, and listeners hear every change', async () => {
    const listener = vi.fn()
    const registration = new ToolRegistration(makeTool())
    const before = registration.getSnapshot()
    expect(registration.getSnapshot()).toBe(before)
    expect(Object.isFrozen(before)).toBe(true)
    const unsubscribe = registration.subscribe(listener)
    const registering = registration.getSnapshot()
    expect(registering).not.toBe(before)
    await flushTasks()
    const registered = registration.getSnapshot()
    expect(registered.status).toBe('registered')
    expect(listener).toHaveBeenCalledTimes(2)
    expect(registration.getSnapshot()).toBe(registered)
    unsubscribe()
    expect(registration.getSnapshot()).toMatchObject({ status: 'idle' })
    expect(registration.getSnapshot()).not.toBe(registered)
  })

  it('the last unsubscribe tells its own listener, once, that the snapshot went back to idle', async () => {
    const first = vi.fn()
    const last = vi.fn()
    const registration = new ToolRegistration(makeTool())
    const offFirst = registration.subscribe(first)
    const offLast = registration.subscribe(last)
    await flushTasks()
    first.mockClear()
    last.mockClear()
    // Not the last one: nothing changes, nobody hears anything.
    offFirst()
    expect(first).not.toHaveBeenCalled()
    expect(last).not.toHaveBeenCalled()
    const seen: string[] = []
    last.mockImplementation(() => seen.push(registration.getSnapshot().status))
    offLast()
    expect(last).toHaveBeenCalledOnce()
    expect(seen).toEqual(['idle'])
    expect(first).not.toHaveBeenCalled()
    offLast()
    expect(last).toHaveBeenCalledOnce()
  })

  it('the last unsubscribe says nothing when the snapshot stays as it was (disabled: idle already)', () => {
    const listener = vi.fn()
    const registration = new ToolRegistration(makeTool(), { enabled: false })
    const unsubscribe = registration.subscribe(listener)
    expect(registration.getSnapshot().status).toBe('idle')
    unsubscribe()
    expect(listener).not.toHaveBeenCalled()
  })

  it("StrictMode's subscribe → unsubscribe → subscribe: the first listener hears registering, then idle", () => {
    const statuses: string[] = []
    const registration = new ToolRegistration(makeTool())
    const listener = () => statuses.push(registration.getSnapshot().status)
    registration.subscribe(listener)()
    const unsubscribe = registration.subscribe(listener)
    expect(statuses).toEqual(['registering', 'idle', 'registering'])
    unsubscribe()
  })

  it('does not notify when an update changes nothing', async () => {
    const listener = vi.fn()
    const tool = makeTool()
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(listener)
    await flushTasks()
    listener.mockClear()
    const snapshot = registration.getSnapshot()
    registration.update({ ...tool })
    registration.update(tool, {})
    registration.update({ ...tool, execute: () => 'new' }, {})
    expect(listener).not.toHaveBeenCalled()
    expect(registration.getSnapshot()).toBe(snapshot)
    unsubscribe()
  })
})

describe('enabled', () => {
  it('does not register while disabled, and registers when enabled', async () => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool, { enabled: false })
    const unsubscribe = registration.subscribe(() => {})
    expect(registration.getSnapshot().status).toBe('idle')
    expect(await listed()).toEqual([])
    registration.update(tool, { enabled: true })
    await flushTasks()
    expect(registration.getSnapshot().status).toBe('registered')
    expect(await listed()).toEqual([tool.name])
    registration.update(tool, { enabled: false })
    expect(registration.getSnapshot().status).toBe('idle')
    expect(await listed()).toEqual([])
    unsubscribe()
  })

  it('rapid toggling ends with the state of the last call, without errors', async () => {
    const onError = vi.fn()
    const tool = makeTool()
    const registration = new ToolRegistration(tool, { onError })
    const unsubscribe = registration.subscribe(() => {})
    for (let i = 0; i < 101; i++) registration.update(tool, { enabled: i % 2 === 1, onError })
    await flushTasks()
    expect(await listed()).toEqual([])
    expect(registration.getSnapshot().status).toBe('idle')
    for (let i = 0; i < 100; i++) registration.update(tool, { enabled: i % 2 === 1, onError })
    await flushTasks()
    expect(await listed()).toEqual([tool.name])
    expect(registration.getSnapshot()).toMatchObject({ status: 'registered', error: undefined })
    expect(onError).not.toHaveBeenCalled()
    unsubscribe()
  })
})

describe('update', () => {
  it('re-registers when the input schema changes', async () => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    toolchanges = 0
    const inputSchema = { type: 'object', properties: { text: { type: 'string', maxLength: 10 } } }
    registration.update({ ...tool, inputSchema })
    await flushTasks()
    expect(toolchanges).toBeGreaterThan(0)
    expect((await find(tool.name)).inputSchema).toEqual(inputSchema)
    expect(await listed()).toEqual([tool.name])
    expect(registration.getSnapshot().status).toBe('registered')
    unsubscribe()
  })

  it.each([
    ['name', { name: 'renamed_tool' }],
    ['title', { title: 'New title' }],
    ['description', { description: 'Does something else.' }],
    ['annotations', { annotations: { consequentialHint: true } }],
  ])('re-registers when the %s changes', async (_field, change) => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    registration.update({ ...tool, ...change })
    await flushTasks()
    const tools = await mc.getTools()
    expect(tools).toHaveLength(1)
    expect(tools[0]).toMatchObject(
      'annotations' in change ? { annotations: { consequentialHint: true } } : change,
    )
    unsubscribe()
  })

  it('1,000 updates that only change execute cause zero toolchange events, and the latest execute runs', async () => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    toolchanges = 0
    for (let i = 0; i < 1000; i++) {
      // What a component does on every render: new inline objects with the same content.
      registration.update({
        ...tool,
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
        execute: () => ({ version: i }),
      })
    }
    await flushTasks()
    expect(toolchanges).toBe(0)
    expect(registration.getSnapshot().status).toBe('registered')
    expect(await mc.executeTool(await find(tool.name), {})).toBe('{"version":999}')
    unsubscribe()
  })

  it('re-registers when exposedTo changes, not when the same list comes again', async () => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool, { exposedTo: ['https://a.example'] })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    toolchanges = 0
    registration.update(tool, { exposedTo: ['https://a.example'] })
    await flushTasks()
    expect(toolchanges).toBe(0)
    registration.update(tool, { exposedTo: ['https://b.example'] })
    await flushTasks()
    expect(toolchanges).toBeGreaterThan(0)
    expect(await listed()).toEqual([tool.name])
    expect(registration.getSnapshot().status).toBe('registered')
    unsubscribe()
  })
})

describe('update', () => {
  const spyRegisterTool = (context: ModelContext = mc) => vi.spyOn(context, 'registerTool')

  it('a new name and a new exposedTo in one update register once, with both', async () => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool, { exposedTo: ['https://a.example'] })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const registerTool = spyRegisterTool()
    const renamed = uniqueName()
    registration.update({ ...tool, name: renamed }, { exposedTo: ['https://b.example'] })
    expect(registerTool).toHaveBeenCalledOnce()
    expect(registerTool.mock.calls[0]![0]).toMatchObject({ name: renamed })
    expect(registerTool.mock.calls[0]![1]).toMatchObject({ exposedTo: ['https://b.example'] })
    await flushTasks()
    expect(await listed()).toEqual([renamed])
    expect(registration.getSnapshot()).toMatchObject({ status: 'registered', error: undefined })
    unsubscribe()
  })

  it('a new tool with enabled: false unregisters without registering the new tool first', async () => {
    const onError = vi.fn()
    const tool = makeTool()
    const registration = new ToolRegistration(tool, { onError })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const registerTool = spyRegisterTool()
    toolchanges = 0
    const renamed = { ...tool, name: uniqueName(), description: 'Echoes, renamed.' }
    registration.update(renamed, { enabled: false, onError })
    expect(registerTool).not.toHaveBeenCalled()
    expect(registration.getSnapshot().status).toBe('idle')
    await flushTasks()
    expect(await listed()).toEqual([])
    // Only the old tool's removal: nothing was registered and removed again in between.
    expect(toolchanges).toBe(1)
    registration.update(renamed, { enabled: true, onError })
    expect(registerTool).toHaveBeenCalledOnce()
    await flushTasks()
    expect(await listed()).toEqual([renamed.name])
    expect(onError).not.toHaveBeenCalled()
    unsubscribe()
  })

  it('enabled: true with a new schema registers once, with the new schema', async () => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool, { enabled: false })
    const unsubscribe = registration.subscribe(() => {})
    const registerTool = spyRegisterTool()
    const inputSchema = { type: 'object', properties: { text: { type: 'string', minLength: 1 } } }
    registration.update({ ...tool, inputSchema }, { enabled: true })
    expect(registerTool).toHaveBeenCalledOnce()
    await flushTasks()
    expect((await find(tool.name)).inputSchema).toEqual(inputSchema)
    unsubscribe()
  })

  it('a new modelContext with a new name: one registration, through the new context', async () => {
    // Another context object over the same engine, as an app might pass a wrapped one.
    const other: ToolRegistrationContext = {
      registerTool: (tool, options) => mc.registerTool(tool, options),
    }
    const tool = makeTool()
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const engine = spyRegisterTool()
    const through = vi.spyOn(other, 'registerTool')
    const renamed = uniqueName()
    registration.update({ ...tool, name: renamed }, { modelContext: other })
    expect(through).toHaveBeenCalledOnce()
    expect(engine).toHaveBeenCalledOnce()
    await flushTasks()
    expect(await listed()).toEqual([renamed])
    expect(registration.getSnapshot().status).toBe('registered')
    unsubscribe()
    expect(await listed()).toEqual([])
  })

  it('replaces the options as a whole: what an update leaves out is gone', async () => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool, { exposedTo: ['https://a.example'] })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const registerTool = spyRegisterTool()
    const renamed = uniqueName()
    registration.update({ ...tool, name: renamed })
    expect(registerTool).toHaveBeenCalledOnce()
    expect(registerTool.mock.calls[0]![0]).toMatchObject({ name: renamed })
    expect(registerTool.mock.calls[0]![1]!.exposedTo).toBeUndefined()
    await flushTasks()
    expect(await listed()).toEqual([renamed])
    unsubscribe()
  })
})

describe('failures', () => {
  it('puts a registration failure in the snapshot and calls onError', async () => {
    const onError = vi.fn()
    const registration = new ToolRegistration({ ...makeTool(), name: 'bad name!' }, { onError })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const { status, error } = registration.getSnapshot()
    expect(status).toBe('error')
    expect((error as DOMException).name).toBe('InvalidStateError')
    expect(onError).toHaveBeenCalledWith(error)
    unsubscribe()
    expect(registration.getSnapshot()).toMatchObject({ status: 'idle', error: undefined })
  })

  it('a duplicate name fails, and tearing the failed one down leaves the other tool registered', async () => {
    const tool = makeTool()
    const owner = new ToolRegistration(tool)
    const offOwner = owner.subscribe(() => {})
    const duplicate = new ToolRegistration({ ...tool })
    const offDuplicate = duplicate.subscribe(() => {})
    await flushTasks()
    expect((duplicate.getSnapshot().error as DOMException).name).toBe('InvalidStateError')
    offDuplicate()
    await flushTasks()
    expect(await listed()).toEqual([tool.name])
    expect(owner.getSnapshot().status).toBe('registered')
    offOwner()
  })

  it('retries after a failure once the tool changes', async () => {
    const tool = { ...makeTool(), name: 'bad name!' }
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    expect(registration.getSnapshot().status).toBe('error')
    registration.update({ ...tool, name: uniqueName() })
    await flushTasks()
    expect(registration.getSnapshot()).toMatchObject({ status: 'registered', error: undefined })
    unsubscribe()
  })

  it("a stale registration's late failure does not touch the newer registration", async () => {
    const first = deferred<never>()
    let calls = 0
    // Delays the first registration's settlement and fails it, after a newer one has succeeded.
    const context: ToolRegistrationContext = {
      registerTool(tool, options) {
        const result = mc.registerTool(tool, options)
        if (++calls > 1) return result
        result.catch(() => {})
        return first.promise
      },
    }
    const onError = vi.fn()
    const tool = makeTool()
    const registration = new ToolRegistration(tool, { modelContext: context, onError })
    const unsubscribe = registration.subscribe(() => {})
    const renamed = uniqueName()
    registration.update({ ...tool, name: renamed }, { modelContext: context, onError })
    await flushTasks()
    expect(registration.getSnapshot().status).toBe('registered')
    first.reject(new DOMException('late', 'UnknownError'))
    await flushTasks()
    expect(registration.getSnapshot()).toMatchObject({ status: 'registered', error: undefined })
    expect(onError).not.toHaveBeenCalled()
    expect(await listed()).toEqual([renamed])
    unsubscribe()
  })

  it('an immediate failure followed by a fix in the same tick reports nothing', async () => {
    const onError = vi.fn()
    const tool = makeTool()
    const registration = new ToolRegistration(tool, {
      exposedTo: ['http://insecure.example'],
      onError,
    })
    const unsubscribe = registration.subscribe(() => {})
    registration.update(tool, { exposedTo: ['https://secure.example'], onError })
    await flushTasks()
    expect(registration.getSnapshot()).toMatchObject({ status: 'registered', error: undefined })
    expect(onError).not.toHaveBeenCalled()
    unsubscribe()
  })

  it('a Standard Schema without a JSON Schema converter fails with a message that says how to fix it', async () => {
    const registration = new ToolRegistration({
      ...makeTool(),
      inputSchema: v.object({ text: v.string() }),
      execute: () => 'never',
    })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const { status, error } = registration.getSnapshot()
    expect(status).toBe('error')
    expect(String(error)).toMatch(/toStandardJsonSchema/)
    expect(await listed()).toEqual([])
    unsubscribe()
  })
})

describe('executions', () => {
  it('an agent call runs the tool and updates the snapshot', async () => {
    const tool = makeTool()
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const result = await mc.executeTool(await find(tool.name), { text: 'hi' })
    expect(result).toBe('{"echoed":"hi"}')
    expect(registration.getSnapshot()).toMatchObject({
      isExecuting: false,
      executionCount: 1,
      lastResult: { echoed: 'hi' },
    })
    unsubscribe()
  })

  it('counts overlapping executions from agents and local calls', async () => {
    const gates = [deferred<string>(), deferred<string>(), deferred<string>()]
    let call = 0
    const tool = { ...makeTool(), execute: () => gates[call++]!.promise }
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const registered = await find(tool.name)
    const agentA = mc.executeTool(registered, {})
    const agentB = mc.executeTool(registered, {})
    await flushTasks()
    const local = registration.execute({})
    await flushTasks()
    expect(registration.getSnapshot()).toMatchObject({ isExecuting: true, executingCount: 3 })
    gates[1]!.resolve('b')
    await agentB
    expect(registration.getSnapshot()).toMatchObject({
      isExecuting: true,
      executingCount: 2,
      executionCount: 1,
      lastResult: 'b',
    })
    gates[2]!.resolve('local')
    expect(await local).toBe('local')
    gates[0]!.resolve('a')
    expect(await agentA).toBe('a')
    expect(registration.getSnapshot()).toMatchObject({
      isExecuting: false,
      executingCount: 0,
      executionCount: 3,
      lastResult: 'a',
    })
    unsubscribe()
  })

  it('a throwing execute: the agent gets a failure, the snapshot the error, onError is called', async () => {
    const onError = vi.fn()
    const failure = new Error('boom')
    const tool = { ...makeTool(), execute: (): Promise<unknown> => Promise.reject(failure) }
    const registration = new ToolRegistration(tool, { onError })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(mc.executeTool(await find(tool.name), {})).rejects.toMatchObject({
      name: 'UnknownError',
    })
    expect(consoleError).toHaveBeenCalled()
    expect(registration.getSnapshot()).toMatchObject({
      status: 'registered',
      error: failure,
      isExecuting: false,
      executionCount: 1,
    })
    expect(onError).toHaveBeenCalledWith(failure)
    await expect(registration.execute({})).rejects.toBe(failure)
    expect(registration.getSnapshot().executionCount).toBe(2)
    registration.update({ ...tool, execute: () => 'fine' }, { onError })
    await registration.execute({})
    expect(registration.getSnapshot()).toMatchObject({ error: undefined, lastResult: 'fine' })
    unsubscribe()
  })

  it('an execution the agent cancels is not an error', async () => {
    const onError = vi.fn()
    const started = deferred<void>()
    const tool = {
      ...makeTool(),
      execute: (_input: object, { signal }: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          started.resolve()
          signal.addEventListener('abort', () => reject(signal.reason))
        }),
    }
    const registration = new ToolRegistration(tool, { onError })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const controller = new AbortController()
    // The polyfill logs the cancelled run's rejection, as Chromium does.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const call = mc.executeTool(await find(tool.name), {}, { signal: controller.signal })
    await started.promise
    expect(registration.getSnapshot().isExecuting).toBe(true)
    controller.abort()
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
    await flushTasks()
    expect(registration.getSnapshot()).toMatchObject({ isExecuting: false, error: undefined })
    expect(onError).not.toHaveBeenCalled()
    unsubscribe()
  })

  it('runs locally without being subscribed, and passes the signal', async () => {
    const controller = new AbortController()
    let received: AbortSignal | undefined
    const registration = new ToolRegistration({
      ...makeTool(),
      execute: (_input, { signal }) => {
        received = signal
        return 'ok'
      },
    })
    expect(await registration.execute({}, { signal: controller.signal })).toBe('ok')
    expect(received).toBe(controller.signal)
    expect(registration.getSnapshot()).toMatchObject({
      status: 'idle',
      executionCount: 1,
      lastResult: 'ok',
    })
  })

  it('an execution keeps running when the tool is unregistered meanwhile', async () => {
    const gate = deferred<string>()
    const tool = { ...makeTool(), execute: () => gate.promise }
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const call = mc.executeTool(await find(tool.name), {})
    await flushTasks()
    unsubscribe()
    gate.resolve('done')
    expect(await call).toBe('done')
    expect(registration.getSnapshot()).toMatchObject({
      status: 'idle',
      executionCount: 1,
      lastResult: 'done',
    })
  })
})

describe('Standard Schema input', () => {
  it('Zod: registers the JSON Schema of its input, validates, and hands execute the parsed value', async () => {
    const schema = z.object({ city: z.string().min(1), days: z.number().int().default(3) })
    const execute = vi.fn((input: { city: string; days: number }) => `${input.city}:${input.days}`)
    const name = uniqueName()
    const registration = new ToolRegistration({
      name,
      description: 'Forecast.',
      inputSchema: schema,
      execute,
    })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const registered = await find(name)
    expect(registered.inputSchema).toEqual(z.toJSONSchema(schema, { io: 'input' }))
    expect(await mc.executeTool(registered, { city: 'Oslo' })).toBe('Oslo:3')
    expect(execute).toHaveBeenCalledWith({ city: 'Oslo', days: 3 }, expect.anything())
    unsubscribe()
  })

  it('Zod: invalid input never reaches execute; the agent receives the issues as the result', async () => {
    const execute = vi.fn(() => 'ran')
    const tool = {
      name: uniqueName(),
      description: 'Forecast.',
      inputSchema: z.object({ city: z.string(), days: z.number().max(14) }),
      execute,
    }
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const result = await mc.executeTool(await find(tool.name), { city: 42, days: 30 })
    const payload = JSON.parse(result!)
    expect(payload.error).toMatch(new RegExp(`Invalid input for tool "${tool.name}"`))
    expect(payload.issues).toEqual([
      { message: expect.any(String), path: ['city'] },
      { message: expect.stringMatching(/14/), path: ['days'] },
    ])
    expect(execute).not.toHaveBeenCalled()
    expect(registration.getSnapshot()).toMatchObject({
      error: undefined,
      executionCount: 1,
      lastResult: payload,
    })
    unsubscribe()
  })

  it('Valibot (toStandardJsonSchema): registers its JSON Schema and validates', async () => {
    const execute = vi.fn(({ id }: { id: number }) => `item ${id}`)
    const inputSchema = toStandardJsonSchema(v.object({ id: v.pipe(v.number(), v.integer()) }))
    const tool = { name: uniqueName(), description: 'Gets an item.', inputSchema, execute }
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const registered = await find(tool.name)
    expect(registered.inputSchema).toMatchObject({
      type: 'object',
      properties: { id: { type: 'integer' } },
      required: ['id'],
    })
    const invalid = JSON.parse((await mc.executeTool(registered, { id: 1.5 }))!)
    expect(invalid.issues).toEqual([{ message: expect.stringMatching(/integer/i), path: ['id'] }])
    expect(execute).not.toHaveBeenCalled()
    expect(await mc.executeTool(registered, { id: 7 })).toBe('item 7')
    expect(execute).toHaveBeenCalledTimes(1)
    unsubscribe()
  })

  it('local execute validates too, and resolves with the same payload', async () => {
    const execute = vi.fn(() => 'ran')
    const registration = new ToolRegistration({
      name: uniqueName(),
      description: 'd',
      inputSchema: z.object({ n: z.number() }),
      execute,
    })
    const result = await registration.execute({ n: 'x' } as unknown as { n: number })
    expect(result).toEqual({
      error: expect.stringMatching(/Invalid input/),
      issues: [{ message: expect.any(String), path: ['n'] }],
    })
    expect(execute).not.toHaveBeenCalled()
  })

  it('converts a Standard Schema once, however often the tool is set again', async () => {
    const schema = z.object({ q: z.string() })
    const convert = vi.spyOn(schema['~standard'].jsonSchema, 'input')
    const tool = { name: uniqueName(), description: 'd', inputSchema: schema, execute: () => 1 }
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(() => {})
    for (let i = 0; i < 50; i++) registration.update({ ...tool, execute: () => i })
    expect(convert).toHaveBeenCalledTimes(1)
    unsubscribe()
  })
})

describe('misuse', () => {
  const fix = 'Pass { name, description, inputSchema?, execute(input, { signal }) }.'

  it.each([
    ['undefined', undefined, 'The tool is undefined.'],
    ['null', null, 'The tool is null.'],
    ['a string', 'add_todo', 'The tool is add_todo.'],
    [
      'a tool without execute',
      { name: 'broken', description: 'd' },
      'The tool "broken" has no execute function.',
    ],
    [
      'a tool whose execute is not a function',
      { name: 'odd', description: 'd', execute: 'run' },
      'The tool "odd" has no execute function.',
    ],
  ])(
    'the constructor throws a plain Error that says how to fix it for %s',
    (_what, tool, problem) => {
      const construct = () => new ToolRegistration(tool as unknown as WebMCPTool)
      expect(construct).toThrow(new Error(`${problem} ${fix}`))
      try {
        construct()
      } catch (error) {
        expect(Object.getPrototypeOf(error)).toBe(Error.prototype)
      }
    },
  )

  it('update throws the same Error and changes nothing: the last tool stays registered', async () => {
    const tool = makeTool()
    const listener = vi.fn()
    const registration = new ToolRegistration(tool)
    const unsubscribe = registration.subscribe(listener)
    await flushTasks()
    const snapshot = registration.getSnapshot()
    listener.mockClear()
    toolchanges = 0
    const broken = { name: uniqueName(), description: 'd' } as unknown as typeof tool
    expect(() => registration.update(broken, { enabled: false })).toThrow(
      new Error(`The tool ${JSON.stringify(broken.name)} has no execute function. ${fix}`),
    )
    expect(() => registration.update(undefined as unknown as typeof tool)).toThrow(
      new Error(`The tool is undefined. ${fix}`),
    )
    await flushTasks()
    expect(registration.getSnapshot()).toBe(snapshot)
    expect(listener).not.toHaveBeenCalled()
    expect(toolchanges).toBe(0)
    expect(await listed()).toEqual([tool.name])
    expect(await mc.executeTool(await find(tool.name), { text: 'still' })).toBe(
      '{"echoed":"still"}',
    )
    unsubscribe()
  })
})
