import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import {
  KeepAlive,
  computed,
  createSSRApp,
  defineComponent,
  effectScope,
  h,
  nextTick,
  reactive,
  ref,
  shallowRef,
} from 'vue'
import { renderToString } from 'vue/server-renderer'
import { z } from 'zod'
import { getModelContext } from '@webmcp-kit/core'
import { useWebMCPTool } from '../src/index'
import { countToolchanges, deferred, find, listed, modelContext, names, flushTasks } from './utils'
import type {
  ToolInputSchema,
  UseWebMCPToolOptions,
  UseWebMCPToolReturn,
  WebMCPTool,
} from '../src/index'
import type { Component, MaybeRefOrGetter, Ref } from 'vue'

const echo = (name = 'echo'): WebMCPTool<{ type: 'object' }, string> => ({
  name,
  description: 'Echoes.',
  inputSchema: { type: 'object' },
  execute: () => name,
})

type Exposed = { current?: UseWebMCPToolReturn<ToolInputSchema | undefined, unknown> }

/** A component that registers `tool` and renders its state; `exposed` gets what the composable returned. */
function toolComponent(
  tool: MaybeRefOrGetter<WebMCPTool>,
  options?: UseWebMCPToolOptions,
  exposed: Exposed = {},
) {
  return defineComponent({
    setup() {
      const state = useWebMCPTool(tool, options)
      exposed.current = state
      return () =>
        h(
          'p',
          `${state.status.value} ${state.executionCount.value} ${JSON.stringify(state.lastResult.value) ?? '-'}`,
        )
    },
  })
}

describe('mount and unmount', () => {
  it('registers exactly once on mount and unregisters on unmount', async () => {
    const changes = countToolchanges()
    const wrapper = mount(toolComponent(echo()))
    // Registered from the mount on: the first render shows idle, as it does on the server.
    expect(wrapper.text()).toBe('idle 0 -')
    await nextTick()
    expect(wrapper.text()).toBe('registering 0 -')
    await flushTasks()
    expect(wrapper.text()).toBe('registered 0 -')
    expect(await names()).toEqual(['echo'])
    expect(changes.count).toBe(1)
    wrapper.unmount()
    expect(await names()).toEqual([])
    await flushTasks()
    expect(changes.count).toBe(2)
  })

  it('registers the tool as given', async () => {
    mount(
      toolComponent({
        ...echo(),
        title: 'Echo',
        annotations: { readOnlyHint: true },
      }),
    )
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
    const wrapper = mount(toolComponent(echo(), { onError }))
    await flushTasks()
    expect(wrapper.text()).toBe('unsupported 0 -')
    expect(onError).not.toHaveBeenCalled()
  })

  it('registers when the component mounts, not during setup', async () => {
    let duringSetup: unknown[] = []
    const wrapper = mount(
      defineComponent({
        setup() {
          const { status } = useWebMCPTool(echo('mounted'))
          duringSetup = [status.value, document.querySelector('#probe')]
          return () => h('p', { id: 'probe' }, status.value)
        },
      }),
      { attachTo: document.body },
    )
    expect(duringSetup).toEqual(['idle', null])
    expect(await names()).toEqual(['mounted'])
    wrapper.unmount()
  })

  it('an effect scope stopped inside setup, before the mount, never registers', async () => {
    const show = ref(true)
    let state: UseWebMCPToolReturn<ToolInputSchema | undefined, unknown> | undefined
    mount(
      defineComponent({
        setup() {
          const scope = effectScope()
          state = scope.run(() => useWebMCPTool(echo('short_lived') as WebMCPTool))
          scope.stop()
          return () => h('p', show.value)
        },
      }),
    )
    await flushTasks()
    expect(await names()).toEqual([])
    expect(state!.status.value).toBe('idle')
  })
})

describe('reactive tool definitions', () => {
  it('re-registers under the new name when a ref name changes', async () => {
    const name = ref('first')
    const wrapper = mount(toolComponent(() => ({ ...echo(name.value) })))
    await flushTasks()
    expect(await names()).toEqual(['first'])
    const changes = countToolchanges()
    name.value = 'second'
    await nextTick()
    expect(await names()).toEqual(['second'])
    await flushTasks()
    expect(wrapper.text()).toBe('registered 0 -')
    // One unregister, one register.
    expect(changes.count).toBe(2)
  })

  it('re-registers when the description changes, and only then', async () => {
    const description = ref('Counts things.')
    const other = ref(0)
    mount(
      toolComponent(
        computed(() => ({
          name: 'counter',
          description: description.value,
          execute: () => other.value,
        })),
      ),
    )
    await flushTasks()
    const changes = countToolchanges()
    other.value++
    await flushTasks()
    expect(changes.count).toBe(0)
    description.value = 'Counts more things.'
    await flushTasks()
    expect(changes.count).toBe(2)
    expect(await listed()).toEqual([
      { name: 'counter', description: 'Counts more things.', inputSchema: undefined },
    ])
  })

  it('re-registers when the schema changes (computed tool)', async () => {
    const fields = ref(['title'])
    mount(
      toolComponent(
        computed(() => ({
          name: 'create_issue',
          description: 'Creates an issue.',
          inputSchema: {
            type: 'object',
            properties: Object.fromEntries(fields.value.map((f) => [f, { type: 'string' }])),
          },
          execute: () => 'ok',
        })),
      ),
    )
    await flushTasks()
    fields.value = ['title', 'body']
    await flushTasks()
    expect((await find('create_issue')).inputSchema).toEqual({
      type: 'object',
      properties: { title: { type: 'string' }, body: { type: 'string' } },
    })
  })

  it('re-registers when a reactive() tool is edited in place', async () => {
    const tool = reactive({
      name: 'in_place',
      description: 'Before.',
      inputSchema: { type: 'object', properties: { a: { type: 'string' } } } as {
        type: 'object'
        properties: Record<string, { type: 'string' }>
      },
      execute: () => 'ok',
    })
    mount(toolComponent(tool))
    await flushTasks()
    tool.description = 'After.'
    await flushTasks()
    expect((await find('in_place')).description).toBe('After.')
    tool.inputSchema.properties.b = { type: 'string' }
    await flushTasks()
    expect((await find('in_place')).inputSchema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    })
  })

  it('re-registers when a shallowRef tool is replaced', async () => {
    const tool = shallowRef(echo('one'))
    mount(toolComponent(tool))
    await flushTasks()
    tool.value = echo('two')
    await flushTasks()
    expect(await names()).toEqual(['two'])
  })

  it('batches several changes in one tick into one re-registration', async () => {
    const name = ref('a')
    const description = ref('A.')
    mount(
      toolComponent(() => ({ name: name.value, description: description.value, execute: () => 1 })),
    )
    await flushTasks()
    const changes = countToolchanges()
    name.value = 'b'
    description.value = 'B.'
    await flushTasks()
    expect(changes.count).toBe(2)
    expect(await listed()).toEqual([{ name: 'b', description: 'B.', inputSchema: undefined }])
  })

  it('never re-registers for a new execute, and agents reach the latest one', async () => {
    const version = ref(0)
    const wrapper = mount(
      toolComponent(() => {
        // Read now, so that every change makes a new tool object with a new execute closure.
        const current = version.value
        return {
          name: 'versioned',
          description: 'Returns the version it was defined with.',
          execute: () => ({ version: current }),
        }
      }),
    )
    await flushTasks()
    const changes = countToolchanges()
    for (let i = 0; i < 100; i++) {
      version.value++
      await nextTick()
    }
    await flushTasks()
    expect(changes.count).toBe(0)
    const result = await modelContext().executeTool(await find('versioned'), {})
    expect(result).toBe('{"version":100}')
    await nextTick()
    expect(wrapper.text()).toBe('registered 1 {"version":100}')
  })
})

describe('enabled and exposedTo', () => {
  it('follows a ref: off unregisters, on registers', async () => {
    const enabled = ref(false)
    const wrapper = mount(toolComponent(echo(), { enabled }))
    await flushTasks()
    expect(wrapper.text()).toBe('idle 0 -')
    expect(await names()).toEqual([])
    enabled.value = true
    await flushTasks()
    expect(wrapper.text()).toBe('registered 0 -')
    expect(await names()).toEqual(['echo'])
    enabled.value = false
    await flushTasks()
    expect(wrapper.text()).toBe('idle 0 -')
    expect(await names()).toEqual([])
  })

  it('follows a getter, and rapid toggles end in the last state without errors', async () => {
    const onError = vi.fn()
    const count = ref(0)
    mount(toolComponent(echo(), { enabled: () => count.value % 2 === 1, onError }))
    for (let i = 0; i < 21; i++) {
      count.value++
      if (i % 3 === 0) await nextTick()
    }
    await flushTasks()
    expect(await names()).toEqual(['echo'])
    count.value++
    await flushTasks()
    expect(await names()).toEqual([])
    expect(onError).not.toHaveBeenCalled()
  })

  it('re-registers when exposedTo changes, not when the same list comes again', async () => {
    const exposedTo = ref(['https://a.example'])
    const wrapper = mount(toolComponent(echo(), { exposedTo }))
    await flushTasks()
    const changes = countToolchanges()
    exposedTo.value = ['https://a.example']
    await flushTasks()
    expect(changes.count).toBe(0)
    exposedTo.value.push('https://b.example')
    await flushTasks()
    expect(changes.count).toBe(2)
    expect(wrapper.text()).toBe('registered 0 -')
  })

  it('a new tool with new exposedTo or enabled in one tick: one registration at most', async () => {
    const name = ref('before')
    const exposedTo = ref(['https://a.example'])
    const enabled = ref(true)
    mount(toolComponent(() => echo(name.value), { exposedTo, enabled }))
    await flushTasks()
    const registerTool = vi.spyOn(modelContext(), 'registerTool')
    name.value = 'after'
    exposedTo.value = ['https://b.example']
    await flushTasks()
    expect(registerTool).toHaveBeenCalledOnce()
    expect(registerTool.mock.calls[0]![0]).toMatchObject({ name: 'after' })
    expect(registerTool.mock.calls[0]![1]).toMatchObject({ exposedTo: ['https://b.example'] })
    expect(await names()).toEqual(['after'])
    // A new name and enabled: false together: unregistered, the new name never registered.
    name.value = 'never'
    enabled.value = false
    await flushTasks()
    expect(registerTool).toHaveBeenCalledOnce()
    expect(await names()).toEqual([])
  })
})

describe('v-if and KeepAlive', () => {
  const Parent = (child: Component, show: { value: boolean }) =>
    defineComponent({ setup: () => () => h('div', show.value ? [h(child)] : []) })

  it('v-if toggling registers while shown and never collides', async () => {
    const show = ref(true)
    const onError = vi.fn()
    const wrapper = mount(Parent(toolComponent(echo(), { onError }), show))
    await flushTasks()
    for (let i = 0; i < 10; i++) {
      show.value = !show.value
      await nextTick()
    }
    await flushTasks()
    expect(await names()).toEqual(['echo'])
    expect(wrapper.text()).toBe('registered 0 -')
    show.value = false
    await nextTick()
    expect(await names()).toEqual([])
    expect(onError).not.toHaveBeenCalled()
  })

  it('v-if / v-else between two components registering the same name leaves one, error-free', async () => {
    const first = ref(true)
    const onError = vi.fn()
    const A = toolComponent({ ...echo('shared'), execute: () => 'A' }, { onError })
    const B = toolComponent({ ...echo('shared'), execute: () => 'B' }, { onError })
    mount(defineComponent({ setup: () => () => (first.value ? h(A) : h(B)) }))
    await flushTasks()
    first.value = false
    await flushTasks()
    expect(await names()).toEqual(['shared'])
    expect(await modelContext().executeTool(await find('shared'), {})).toBe('B')
    first.value = true
    await flushTasks()
    expect(await modelContext().executeTool(await find('shared'), {})).toBe('A')
    expect(onError).not.toHaveBeenCalled()
  })

  it('KeepAlive: a deactivated component drops its tool and offers it again when activated', async () => {
    const current = ref<'a' | 'b'>('a')
    const exposedA: Exposed = {}
    const A = toolComponent(echo('tool_a'), undefined, exposedA)
    const B = toolComponent(echo('tool_b'))
    const wrapper = mount(
      defineComponent({
        setup: () => () => h(KeepAlive, null, [current.value === 'a' ? h(A) : h(B)]),
      }),
    )
    await flushTasks()
    expect(await names()).toEqual(['tool_a'])
    await exposedA.current!.execute({} as never)
    current.value = 'b'
    await flushTasks()
    expect(await names()).toEqual(['tool_b'])
    // Cached, not destroyed: its state is kept, its status is idle.
    expect(exposedA.current!.status.value).toBe('idle')
    expect(exposedA.current!.executionCount.value).toBe(1)
    current.value = 'a'
    await flushTasks()
    expect(await names()).toEqual(['tool_a'])
    expect(wrapper.text()).toBe('registered 1 "tool_a"')
    wrapper.unmount()
    expect(await names()).toEqual([])
  })

  it('KeepAlive: a tool changed while deactivated registers in its new form on activation', async () => {
    const show = ref(true)
    const description = ref('Before.')
    const A = toolComponent(() => ({ ...echo('kept'), description: description.value }))
    mount(
      defineComponent({
        setup: () => () => h(KeepAlive, null, [show.value ? h(A) : h('span')]),
      }),
    )
    await flushTasks()
    show.value = false
    await flushTasks()
    description.value = 'After.'
    await flushTasks()
    expect(await names()).toEqual([])
    show.value = true
    await flushTasks()
    expect((await find('kept')).description).toBe('After.')
  })
})

describe('execution state', () => {
  it('tracks an agent call: isExecuting while it runs, then lastResult and executionCount', async () => {
    const gate = deferred<string>()
    const exposed: Exposed = {}
    const wrapper = mount(
      toolComponent({ ...echo('slow'), execute: () => gate.promise }, undefined, exposed),
    )
    await flushTasks()
    const call = modelContext().executeTool(await find('slow'), {})
    await flushTasks()
    expect(exposed.current!.isExecuting.value).toBe(true)
    expect(exposed.current!.executingCount.value).toBe(1)
    gate.resolve('done')
    expect(await call).toBe('done')
    await nextTick()
    expect(exposed.current!.isExecuting.value).toBe(false)
    expect(wrapper.text()).toBe('registered 1 "done"')
  })

  it('execute runs the tool locally, with input validation', async () => {
    const exposed: Exposed = {}
    const wrapper = mount(
      toolComponent(
        {
          name: 'weather',
          description: 'Gets the forecast.',
          inputSchema: z.object({ city: z.string() }),
          execute: ({ city }: { city: string }) => `sunny in ${city}`,
        } as unknown as WebMCPTool,
        undefined,
        exposed,
      ),
    )
    expect(await exposed.current!.execute({ city: 'Oslo' } as never)).toBe('sunny in Oslo')
    expect(await exposed.current!.execute({ city: 4 } as never)).toMatchObject({
      issues: [{ path: ['city'] }],
    })
    await flushTasks()
    expect(exposed.current!.executionCount.value).toBe(2)
    expect(wrapper.text()).toContain('registered 2 {"error":')
  })

  it('a failing execute rejects the local call, lands in error and calls onError', async () => {
    const onError = vi.fn()
    const failure = new Error('boom')
    const exposed: Exposed = {}
    mount(
      toolComponent(
        {
          ...echo('failing'),
          execute: () => {
            throw failure
          },
        },
        { onError },
        exposed,
      ),
    )
    await expect(exposed.current!.execute({} as never)).rejects.toBe(failure)
    expect(exposed.current!.error.value).toBe(failure)
    expect(onError).toHaveBeenCalledWith(failure)
  })

  it('puts a registration failure in status and error', async () => {
    const onError = vi.fn()
    const controller = new AbortController()
    await modelContext().registerTool(
      { name: 'taken', description: 'Already here.', execute: () => 'x' },
      { signal: controller.signal },
    )
    const exposed: Exposed = {}
    mount(toolComponent(echo('taken'), { onError }, exposed))
    await flushTasks()
    expect(exposed.current!.status.value).toBe('error')
    expect(exposed.current!.error.value).toMatchObject({ name: 'InvalidStateError' })
    expect(onError).toHaveBeenCalledOnce()
    controller.abort()
  })

  it('returns read-only refs', async () => {
    const exposed: Exposed = {}
    mount(toolComponent(echo(), undefined, exposed))
    await flushTasks()
    for (const key of ['status', 'error', 'isExecuting', 'lastResult', 'executionCount'] as const) {
      expect(() => {
        ;(exposed.current![key] as { value: unknown }).value = 'changed'
      }).toThrow(TypeError)
    }
    expect(exposed.current!.status.value).toBe('registered')
  })

  it('its refs stay current after the effect scope stops', async () => {
    const scope = effectScope()
    const state = scope.run(() => useWebMCPTool(echo('stopped')))!
    await flushTasks()
    expect(state.status.value).toBe('registered')
    scope.stop()
    expect(state.status.value).toBe('idle')
  })
})

describe('misuse', () => {
  it('throws a plain Error that says what to do when the tool is missing', () => {
    const scope = effectScope()
    expect(() => scope.run(() => useWebMCPTool(undefined as unknown as WebMCPTool))).toThrow(
      new Error(
        'The tool is undefined. Pass { name, description, inputSchema?, execute(input, { signal }) }.',
      ),
    )
    expect(() => scope.run(() => useWebMCPTool(() => null as unknown as WebMCPTool))).toThrow(
      /^The tool is null\. Pass \{ name, description/,
    )
    scope.stop()
  })

  it('a tool without execute throws the Error every binding throws, before anything registers', async () => {
    const scope = effectScope()
    const broken = { name: 'no_execute', description: 'Lost it.' } as unknown as WebMCPTool
    expect(() => scope.run(() => useWebMCPTool(broken))).toThrow(
      /^The tool "no_execute" has no execute function\. Pass \{ name, description/,
    )
    scope.stop()
    expect(await names()).toEqual([])
  })

  it('reports a tool that a ref later loses through Vue, and keeps the last one registered', async () => {
    const tool = shallowRef<WebMCPTool | undefined>(echo('kept_on'))
    const errorHandler = vi.fn()
    mount(toolComponent(tool as Ref<WebMCPTool>), { global: { config: { errorHandler } } })
    await flushTasks()
    tool.value = undefined
    await flushTasks()
    expect(errorHandler).toHaveBeenCalledOnce()
    expect(String(errorHandler.mock.calls[0]![0])).toMatch(/The tool is undefined\. Pass/)
    expect(await names()).toEqual(['kept_on'])
    expect(await modelContext().executeTool(await find('kept_on'), {})).toBe('kept_on')
    tool.value = echo('back')
    await flushTasks()
    expect(await names()).toEqual(['back'])
  })
})

describe('effect scopes', () => {
  it('works in an effectScope and unregisters when it stops', async () => {
    const warn = vi.spyOn(console, 'warn')
    const scope = effectScope()
    const state = scope.run(() => useWebMCPTool(echo('scoped')))!
    await flushTasks()
    expect(state.status.value).toBe('registered')
    expect(await names()).toEqual(['scoped'])
    scope.stop()
    expect(await names()).toEqual([])
    expect(state.status.value).toBe('idle')
    expect(warn).not.toHaveBeenCalled()
  })

  it('warns in development when called outside an effect scope, and still registers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const state = useWebMCPTool(echo('leaky'))
    await flushTasks()
    expect(state.status.value).toBe('registered')
    expect(warn).toHaveBeenCalledOnce()
    expect(warn.mock.calls[0]![0]).toMatch(
      /useWebMCPTool\(\) was called outside an effect scope.*setup\(\)/,
    )
    expect(await names()).toEqual(['leaky'])
  })

  it('does not warn in production', () => {
    vi.stubEnv('NODE_ENV', 'production')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    useWebMCPTool({ ...echo('prod'), name: 'prod' }, { enabled: false })
    expect(warn).not.toHaveBeenCalled()
    vi.unstubAllEnvs()
  })
})

describe('server rendering and hydration', () => {
  it('hydrates server-rendered markup without a mismatch, then registers', async () => {
    const warn = vi.spyOn(console, 'warn')
    const error = vi.spyOn(console, 'error')
    const App = toolComponent(echo('hydrated'))
    const html = await renderToString(createSSRApp(App))
    expect(html).toBe('<p>idle 0 -</p>')
    // Rendering on the server side registers nothing.
    expect(await names()).toEqual([])
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const app = createSSRApp(App)
    app.mount(container)
    await flushTasks()
    expect(container.textContent).toBe('registered 0 -')
    expect(await names()).toEqual(['hydrated'])
    expect(warn).not.toHaveBeenCalled()
    expect(error).not.toHaveBeenCalled()
    app.unmount()
    container.remove()
    expect(await names()).toEqual([])
  })
})
