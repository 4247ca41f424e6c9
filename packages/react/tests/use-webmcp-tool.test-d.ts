import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { defineTool, useWebMCPTool } from '../src/index'
import type {
  ToolInputError,
  ToolSnapshot,
  ToolStatus,
  UseWebMCPToolOptions,
  UseWebMCPToolResult,
} from '../src/index'

describe('useWebMCPTool', () => {
  it('infers the execute input from an inline JSON Schema, without as const', () => {
    const result = useWebMCPTool({
      name: 'add_todo',
      description: 'Adds a to-do.',
      inputSchema: {
        type: 'object',
        properties: {
          text: { type: 'string' },
          priority: { enum: ['low', 'high'] },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['text'],
      },
      execute(input, { signal }) {
        expectTypeOf(input).toEqualTypeOf<{
          text: string
          priority?: 'low' | 'high'
          tags?: string[]
        }>()
        expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
        return { id: 1 }
      },
    })
    expectTypeOf(result.execute).parameter(0).toEqualTypeOf<{
      text: string
      priority?: 'low' | 'high'
      tags?: string[]
    }>()
    expectTypeOf(result.execute).parameter(1).toEqualTypeOf<{ signal?: AbortSignal } | undefined>()
    expectTypeOf(result.execute).returns.resolves.toEqualTypeOf<{ id: number }>()
    expectTypeOf(result.lastResult).toEqualTypeOf<{ id: number } | undefined>()
    expectTypeOf(result.status).toEqualTypeOf<ToolStatus>()
    expectTypeOf(result.error).toBeUnknown()
    expectTypeOf(result.isExecuting).toBeBoolean()
    expectTypeOf(result.executionCount).toBeNumber()
    expectTypeOf(result).toExtend<ToolSnapshot<{ id: number }>>()
  })

  it('infers with an arrow execute that destructures, and an async result', () => {
    const { execute, lastResult } = useWebMCPTool({
      name: 'search',
      description: 'Searches.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer', default: 10 } },
        required: ['query'],
      },
      execute: async ({ query, limit }) => {
        expectTypeOf(query).toBeString()
        expectTypeOf(limit).toEqualTypeOf<number | undefined>()
        return [query]
      },
    })
    expectTypeOf(execute).returns.resolves.toEqualTypeOf<string[]>()
    expectTypeOf(lastResult).toEqualTypeOf<string[] | undefined>()
  })

  it('types a Zod schema: execute gets the parsed output, the local execute takes its input', () => {
    const { execute, lastResult } = useWebMCPTool({
      name: 'weather',
      description: 'Forecast.',
      inputSchema: z.object({ city: z.string(), days: z.number().default(3) }),
      execute(input) {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days: number }>()
        return 'sunny'
      },
    })
    expectTypeOf(execute).parameter(0).toEqualTypeOf<{ city: string; days?: number }>()
    // Invalid input resolves with the payload the agent gets, so the result type says so.
    expectTypeOf(execute).returns.resolves.toEqualTypeOf<string | ToolInputError>()
    expectTypeOf(lastResult).toEqualTypeOf<string | ToolInputError | undefined>()
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

  it('keeps the types of a tool made with defineTool', () => {
    const tool = defineTool({
      name: 'sum',
      description: 'Adds numbers.',
      inputSchema: {
        type: 'object',
        properties: { values: { type: 'array', items: { type: 'number' } } },
        required: ['values'],
      },
      execute: ({ values }) => values.reduce((a, b) => a + b, 0),
    })
    const { execute } = useWebMCPTool(tool)
    expectTypeOf(execute).parameter(0).toEqualTypeOf<{ values: number[] }>()
    expectTypeOf(execute).returns.resolves.toBeNumber()
  })

  it('rejects an execute whose input does not match the schema', () => {
    useWebMCPTool({
      name: 'typed',
      description: 'Typed.',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      // @ts-expect-error n is a number
      execute: (input: { n: string }) => input.n,
    })
  })

  it('rejects a local call with the wrong input', () => {
    const { execute } = useWebMCPTool({
      name: 'typed',
      description: 'Typed.',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute: ({ n }) => n * 2,
    })
    // @ts-expect-error n is required
    void execute({})
    // @ts-expect-error n is a number
    void execute({ n: '1' })
  })

  it('takes enabled, exposedTo, modelContext and onError, and nothing else', () => {
    const tool = { name: 'a', description: 'd', execute: () => 1 }
    useWebMCPTool(tool, {
      enabled: false,
      exposedTo: ['https://agent.example'],
      onError: (error) => expectTypeOf(error).toBeUnknown(),
    })
    expectTypeOf<UseWebMCPToolOptions['enabled']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<UseWebMCPToolOptions['exposedTo']>().toEqualTypeOf<string[] | undefined>()
    // @ts-expect-error not an option
    useWebMCPTool(tool, { enable: false })
    // @ts-expect-error a tool needs a description
    useWebMCPTool({ name: 'a', execute: () => 1 })
  })

  it('names its result type', () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } } as const
    expectTypeOf(
      useWebMCPTool({ name: 'q', description: 'd', inputSchema: schema, execute: () => true }),
    ).toEqualTypeOf<UseWebMCPToolResult<typeof schema, boolean>>()
  })
})
