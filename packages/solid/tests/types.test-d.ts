import { createSignal } from 'solid-js'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { createWebMCPTool, createWebMCPTools, defineTool } from '../src/index'
import type {
  CreateWebMCPToolOptions,
  CreateWebMCPToolResult,
  CreateWebMCPToolsOptions,
  MaybeAccessor,
  RegisteredTool,
  ToolInputError,
  ToolSnapshot,
  ToolStatus,
  WebMCPContext,
} from '../src/index'
import type { Accessor } from 'solid-js'

describe('createWebMCPTool inference', () => {
  it("infers execute's input from an inline JSON Schema, without as const", () => {
    const tool = createWebMCPTool(() => ({
      name: 'add_todo',
      description: 'Adds an item to the to-do list.',
      inputSchema: {
        type: 'object',
        properties: {
          text: { type: 'string' },
          priority: { type: 'string', enum: ['low', 'high'] },
          due: { type: ['string', 'null'] },
        },
        required: ['text'],
      },
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{
          text: string
          priority?: 'low' | 'high'
          due?: string | null
        }>()
        return { id: 1, text: input.text }
      },
    }))
    expectTypeOf(tool.lastResult).toEqualTypeOf<
      Accessor<{ id: number; text: string } | undefined>
    >()
    expectTypeOf(tool.execute).parameter(0).toEqualTypeOf<{
      text: string
      priority?: 'low' | 'high'
      due?: string | null
    }>()
    expectTypeOf(tool.execute).returns.resolves.toEqualTypeOf<{ id: number; text: string }>()
    // @ts-expect-error `text` is required
    void tool.execute({ priority: 'low' })
    // @ts-expect-error not one of the enum's values
    void tool.execute({ text: 'a', priority: 'urgent' })
  })

  it('gives execute the signal', () => {
    createWebMCPTool(() => ({
      name: 'slow',
      description: 'Takes its time.',
      execute: (_input, { signal }) => {
        expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
      },
    }))
  })

  it('a Standard Schema types execute with its output and the result with ToolInputError', () => {
    const schema = z.object({ city: z.string(), days: z.number().default(1) })
    const tool = createWebMCPTool(() => ({
      name: 'forecast',
      description: 'Tells the weather.',
      inputSchema: schema,
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days: number }>()
        return `${input.days} days of sun in ${input.city}`
      },
    }))
    expectTypeOf(tool.execute).parameter(0).toEqualTypeOf<{ city: string; days?: number }>()
    expectTypeOf(tool.lastResult).toEqualTypeOf<Accessor<string | ToolInputError | undefined>>()
  })

  it('takes a defineTool result, and reads signals in the factory', () => {
    const [name] = createSignal('search')
    const search = defineTool({
      name: 'search',
      description: 'Searches.',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      execute: ({ q }) => [q],
    })
    const tool = createWebMCPTool(() => ({ ...search, name: name() }))
    expectTypeOf(tool.execute).parameter(0).toEqualTypeOf<{ q: string }>()
    expectTypeOf(tool.lastResult).toEqualTypeOf<Accessor<string[] | undefined>>()
  })

  it('returns an accessor per snapshot field, the snapshot and execute', () => {
    const tool = createWebMCPTool(() => ({ name: 'n', description: 'd', execute: () => 1 }))
    expectTypeOf(tool.status).toEqualTypeOf<Accessor<ToolStatus>>()
    expectTypeOf(tool.error).toEqualTypeOf<Accessor<unknown>>()
    expectTypeOf(tool.isExecuting).toEqualTypeOf<Accessor<boolean>>()
    expectTypeOf(tool.executingCount).toEqualTypeOf<Accessor<number>>()
    expectTypeOf(tool.executionCount).toEqualTypeOf<Accessor<number>>()
    expectTypeOf(tool.snapshot).toEqualTypeOf<Accessor<ToolSnapshot<number>>>()
    expectTypeOf(tool).toEqualTypeOf<CreateWebMCPToolResult<undefined, number>>()
    expectTypeOf(tool.execute).returns.resolves.toEqualTypeOf<number>()
  })

  it('rejects what is not a tool', () => {
    // @ts-expect-error no execute
    createWebMCPTool(() => ({ name: 'n', description: 'd' }))
    // @ts-expect-error a tool, not a factory
    createWebMCPTool({ name: 'n', description: 'd', execute: () => 1 })
  })
})

describe('options', () => {
  it('takes values or accessors for enabled and exposedTo, and any WebMCPContext', () => {
    const [enabled] = createSignal(true)
    const context = {} as WebMCPContext
    const options: CreateWebMCPToolOptions = {
      enabled,
      exposedTo: () => ['https://agent.example'],
      modelContext: context,
      onError: (error) => expectTypeOf(error).toEqualTypeOf<unknown>(),
    }
    expectTypeOf<CreateWebMCPToolOptions['enabled']>().toEqualTypeOf<
      MaybeAccessor<boolean | undefined> | undefined
    >()
    createWebMCPTool(() => ({ name: 'n', description: 'd', execute: () => 1 }), options)
    createWebMCPTool(() => ({ name: 'n', description: 'd', execute: () => 1 }), { enabled: false })
    // @ts-expect-error enabled is a boolean
    createWebMCPTool(() => ({ name: 'n', description: 'd', execute: () => 1 }), { enabled: 'yes' })
  })

  it('createWebMCPTools returns an accessor of the registered tools', () => {
    const [origin] = createSignal('https://shop.example')
    const options: CreateWebMCPToolsOptions = { fromOrigins: () => [origin()] }
    const tools = createWebMCPTools(options)
    expectTypeOf(tools).toEqualTypeOf<Accessor<readonly RegisteredTool[]>>()
    createWebMCPTools({ fromOrigins: ['https://a.example'], modelContext: {} as WebMCPContext })
  })
})
