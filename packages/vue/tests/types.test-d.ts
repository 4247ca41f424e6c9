import { describe, expectTypeOf, it } from 'vitest'
import { computed, createApp, reactive, ref, shallowRef } from 'vue'
import { z } from 'zod'
import {
  WebMCPPlugin,
  defineTool,
  getModelContext,
  modelContextKey,
  useWebMCPTool,
  useWebMCPTools,
} from '../src/index'
import type {
  RegisteredTool,
  ToolInputError,
  ToolStatus,
  UseWebMCPToolReturn,
  WebMCPContext,
} from '../src/index'
import type { InjectionKey, Ref } from 'vue'

const schema = {
  type: 'object',
  properties: { text: { type: 'string' }, priority: { enum: ['low', 'high'] } },
  required: ['text'],
} as const

type Input = { text: string; priority?: 'low' | 'high' }

describe('useWebMCPTool', () => {
  it('infers the execute input from an inline JSON Schema, without as const', () => {
    const { execute, lastResult } = useWebMCPTool({
      name: 'add_todo',
      description: 'Adds a to-do.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' }, priority: { enum: ['low', 'high'] } },
        required: ['text'],
      },
      execute(input, { signal }) {
        expectTypeOf(input).toEqualTypeOf<Input>()
        expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
        return { id: 1 }
      },
    })
    expectTypeOf(execute).parameter(0).toEqualTypeOf<Input>()
    expectTypeOf(execute).returns.resolves.toEqualTypeOf<{ id: number }>()
    expectTypeOf(lastResult).toEqualTypeOf<Readonly<Ref<{ id: number } | undefined>>>()
  })

  it('infers through a getter', () => {
    const prefix = ref('todo')
    const { execute } = useWebMCPTool(() => ({
      name: `${prefix.value}_add`,
      description: 'Adds a to-do.',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute: ({ n }) => {
        expectTypeOf(n).toEqualTypeOf<number>()
        return n * 2
      },
    }))
    expectTypeOf(execute).parameter(0).toEqualTypeOf<{ n: number }>()
    expectTypeOf(execute).returns.resolves.toEqualTypeOf<number>()
  })

  it('infers through a computed tool definition', () => {
    const label = ref('Adds a to-do.')
    const tool = computed(() =>
      defineTool({
        name: 'add_todo',
        description: label.value,
        inputSchema: {
          type: 'object',
          properties: { text: { type: 'string' }, priority: { enum: ['low', 'high'] } },
          required: ['text'],
        },
        execute: (input) => {
          expectTypeOf(input).toEqualTypeOf<Input>()
          return input.text.length
        },
      }),
    )
    const { execute, lastResult } = useWebMCPTool(tool)
    expectTypeOf(execute).parameter(0).toEqualTypeOf<Input>()
    expectTypeOf(lastResult.value).toEqualTypeOf<number | undefined>()
  })

  it('infers through a computed returning a plain object literal', () => {
    const label = ref('Adds a to-do.')
    const { execute, lastResult } = useWebMCPTool(
      computed(() => ({
        name: 'add_todo',
        description: label.value,
        inputSchema: schema,
        execute: (input: Input) => input.text,
      })),
    )
    expectTypeOf(execute).parameter(0).toEqualTypeOf<Input>()
    expectTypeOf(lastResult.value).toEqualTypeOf<string | undefined>()
  })

  it('infers through a ref, a shallowRef and a reactive object', () => {
    const tool = defineTool({
      name: 'ping',
      description: 'Pings.',
      inputSchema: { type: 'object', properties: { host: { type: 'string' } } },
      execute: ({ host }) => host ?? 'localhost',
    })
    expectTypeOf(useWebMCPTool(shallowRef(tool)).execute)
      .parameter(0)
      .toEqualTypeOf<{ host?: string }>()
    expectTypeOf(useWebMCPTool(ref(tool)).lastResult.value).toEqualTypeOf<string | undefined>()
    expectTypeOf(useWebMCPTool(reactive(tool)).execute)
      .parameter(0)
      .toEqualTypeOf<{ host?: string }>()
  })

  it('types a Zod schema: execute gets the parsed output, callers pass the input', () => {
    const { execute, lastResult } = useWebMCPTool({
      name: 'weather',
      description: 'Gets the forecast.',
      inputSchema: z.object({ city: z.string(), days: z.number().default(3) }),
      execute(input) {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days: number }>()
        return 'sunny'
      },
    })
    expectTypeOf(execute).parameter(0).toEqualTypeOf<{ city: string; days?: number | undefined }>()
    expectTypeOf(lastResult.value).toEqualTypeOf<string | ToolInputError | undefined>()
  })

  it('gives Record<string, unknown> without an inputSchema', () => {
    const { execute } = useWebMCPTool({
      name: 'ping',
      description: 'Pings.',
      execute(input) {
        expectTypeOf(input).toEqualTypeOf<Record<string, unknown>>()
        return 'pong'
      },
    })
    expectTypeOf(execute).parameter(0).toEqualTypeOf<Record<string, unknown>>()
  })

  it('returns read-only refs of the snapshot', () => {
    const state = useWebMCPTool({ name: 'a', description: 'A.', execute: () => true })
    expectTypeOf(state).toEqualTypeOf<UseWebMCPToolReturn<undefined, boolean>>()
    expectTypeOf(state.status.value).toEqualTypeOf<ToolStatus>()
    expectTypeOf(state.isExecuting.value).toEqualTypeOf<boolean>()
    expectTypeOf(state.executionCount.value).toEqualTypeOf<number>()
    expectTypeOf(state.error.value).toEqualTypeOf<unknown>()
    // @ts-expect-error: read-only
    state.status.value = 'idle'
    // @ts-expect-error: read-only
    state.lastResult.value = true
  })

  it('rejects an execute that does not fit the schema, and bad options', () => {
    useWebMCPTool({
      name: 'a',
      description: 'A.',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      // @ts-expect-error: n is a number
      execute: ({ n }: { n: string }) => n,
    })
    const { execute } = useWebMCPTool({
      name: 'b',
      description: 'B.',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute: ({ n }) => n,
    })
    // @ts-expect-error: n is required
    void execute({})
    // @ts-expect-error: enabled is a boolean
    useWebMCPTool({ name: 'c', description: 'C.', execute: () => 1 }, { enabled: 'yes' })
  })

  it('takes enabled and exposedTo as values, refs or getters', () => {
    const tool = { name: 'a', description: 'A.', execute: () => 1 }
    useWebMCPTool(tool, { enabled: true, exposedTo: ['https://a.example'] })
    useWebMCPTool(tool, { enabled: ref(false), exposedTo: ref(['https://a.example']) })
    useWebMCPTool(tool, { enabled: () => false, exposedTo: () => undefined })
    useWebMCPTool(tool, { enabled: computed(() => true), onError: (error) => void error })
  })
})

describe('useWebMCPTools', () => {
  it('returns a read-only ref of the registered tools', () => {
    const tools = useWebMCPTools({ fromOrigins: () => ['https://a.example'] })
    expectTypeOf(tools).toEqualTypeOf<Readonly<Ref<readonly RegisteredTool[]>>>()
    expectTypeOf(tools.value[0]!.name).toEqualTypeOf<string>()
    // @ts-expect-error: read-only
    tools.value = []
    useWebMCPTools({ fromOrigins: ref(['https://a.example']) })
    useWebMCPTools()
  })
})

describe('WebMCPPlugin', () => {
  it('takes its options through app.use', () => {
    const app = createApp({})
    app.use(WebMCPPlugin)
    app.use(WebMCPPlugin, { modelContext: getModelContext()! })
    // @ts-expect-error: the plugin installs no polyfill (the app imports '@webmcp-kit/core/polyfill')
    app.use(WebMCPPlugin, { polyfill: true })
  })

  it('exports a typed injection key', () => {
    expectTypeOf(modelContextKey).toEqualTypeOf<InjectionKey<WebMCPContext | undefined>>()
  })
})
