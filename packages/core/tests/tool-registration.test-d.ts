import { toStandardJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { defineTool } from '../src/contract/define-tool'
import { ToolRegistration } from '../src/contract/tool-registration'
import type { ToolInputError, ToolResult, WebMCPTool } from '../src/contract/define-tool'
import type { InferExecuteInput, InferToolInput, StandardSchemaV1 } from '../src/contract/infer'
import type { ToolRegistrationOptions, ToolSnapshot } from '../src/contract/tool-registration'

describe('ToolRegistration', () => {
  it('infers the execute input from an inline JSON Schema, without as const', () => {
    const registration = new ToolRegistration({
      name: 'add_todo',
      description: 'Adds a to-do.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' }, priority: { enum: ['low', 'high'] } },
        required: ['text'],
      },
      execute(input, { signal }) {
        expectTypeOf(input).toEqualTypeOf<{ text: string; priority?: 'low' | 'high' }>()
        expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
        return { id: 1 }
      },
    })
    expectTypeOf(registration.execute).parameter(0).toEqualTypeOf<{
      text: string
      priority?: 'low' | 'high'
    }>()
    expectTypeOf(registration.execute).returns.resolves.toEqualTypeOf<{ id: number }>()
    expectTypeOf(registration.getSnapshot()).toEqualTypeOf<ToolSnapshot<{ id: number }>>()
    expectTypeOf(registration.getSnapshot().lastResult).toEqualTypeOf<{ id: number } | undefined>()
  })

  it('infers with an arrow execute and an async result', () => {
    const registration = new ToolRegistration({
      name: 'find',
      description: 'Finds.',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      execute: async ({ q }) => q.length,
    })
    expectTypeOf(registration.execute).returns.resolves.toEqualTypeOf<number>()
  })

  it('gives Record<string, unknown> without an inputSchema', () => {
    const registration = new ToolRegistration({
      name: 'ping',
      description: 'Pings.',
      execute(input) {
        expectTypeOf(input).toEqualTypeOf<Record<string, unknown>>()
        return 'pong'
      },
    })
    expectTypeOf(registration.execute).parameter(0).toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf(registration.execute).returns.resolves.toEqualTypeOf<string>()
  })

  it('types a Zod schema: execute gets the parsed output, callers pass the input', () => {
    const schema = z.object({ city: z.string(), days: z.number().default(3) })
    const registration = new ToolRegistration({
      name: 'weather',
      description: 'Forecast.',
      inputSchema: schema,
      execute(input) {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days: number }>()
        return 'sunny'
      },
    })
    expectTypeOf(registration.execute).parameter(0).toEqualTypeOf<{ city: string; days?: number }>()
    // Invalid input resolves with the payload the agent gets, so the result type says so.
    expectTypeOf(registration.execute).returns.resolves.toEqualTypeOf<string | ToolInputError>()
  })

  it('types a Valibot schema wrapped with toStandardJsonSchema', () => {
    const schema = toStandardJsonSchema(v.object({ id: v.number(), note: v.optional(v.string()) }))
    const registration = new ToolRegistration({
      name: 'note',
      description: 'Notes.',
      inputSchema: schema,
      execute(input) {
        expectTypeOf(input).toEqualTypeOf<{ id: number; note?: string | undefined }>()
        return true
      },
    })
    expectTypeOf(registration.execute).returns.resolves.toEqualTypeOf<boolean | ToolInputError>()
  })

  it('rejects an execute whose input does not match the schema', () => {
    new ToolRegistration({
      name: 'typed',
      description: 'Typed.',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      // @ts-expect-error n is a number
      execute: (input: { n: string }) => input.n,
    })
  })

  it('accepts the options of the spec, including exposedTo and onError', () => {
    const tool = defineTool({ name: 'a', description: 'd', execute: () => 1 })
    const registration = new ToolRegistration(tool, {
      enabled: false,
      exposedTo: ['https://agent.example'],
      onError: (error) => expectTypeOf(error).toBeUnknown(),
    })
    registration.update(tool, { enabled: true })
    registration.update({ ...tool, execute: () => 2 })
    // @ts-expect-error a new tool must keep the result type
    registration.update({ ...tool, execute: () => 'x' })
  })

  it('update takes a tool of the same schema and result, with the options', () => {
    const tool = defineTool({
      name: 'n',
      description: 'd',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute: ({ n }) => n,
    })
    const registration = new ToolRegistration(tool)
    expectTypeOf(registration.update)
      .parameter(1)
      .toEqualTypeOf<ToolRegistrationOptions | undefined>()
    registration.update(
      { ...tool, name: 'm' },
      { enabled: false, exposedTo: ['https://a.example'] },
    )
    registration.update({ ...tool, execute: ({ n }) => n * 2 })
    // @ts-expect-error a new tool must keep the result type
    registration.update({ ...tool, execute: () => 'x' }, {})
    // @ts-expect-error a new tool must keep the input type
    registration.update({ ...tool, execute: (input: { n: string }) => input.n.length }, {})
  })
})

describe('defineTool', () => {
  it('keeps the inferred schema and result types', () => {
    const tool = defineTool({
      name: 'sum',
      description: 'Adds numbers.',
      inputSchema: {
        type: 'object',
        properties: { values: { type: 'array', items: { type: 'number' } } },
      },
      execute: ({ values = [] }) => values.reduce((a, b) => a + b, 0),
    })
    expectTypeOf(tool.execute).parameter(0).toEqualTypeOf<{ values?: number[] }>()
    expectTypeOf(new ToolRegistration(tool).execute).returns.resolves.toEqualTypeOf<number>()
  })

  it('gives every typed tool the general WebMCPTool type, for bindings that store tools', () => {
    const tool = defineTool({
      name: 'n',
      description: 'd',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute: ({ n }) => n,
    })
    expectTypeOf(tool).toExtend<WebMCPTool>()
    expectTypeOf(
      defineTool({ name: 'z', description: 'd', inputSchema: z.object({}), execute: () => 1 }),
    ).toExtend<WebMCPTool>()
  })
})

describe('helper types', () => {
  it('InferToolInput / InferExecuteInput give a Standard Schema its input / output type', () => {
    const schema = z.object({ limit: z.number().default(10) })
    expectTypeOf<InferToolInput<typeof schema>>().toEqualTypeOf<{ limit?: number }>()
    expectTypeOf<InferExecuteInput<typeof schema>>().toEqualTypeOf<{ limit: number }>()
  })

  it('ToolResult adds ToolInputError only where validation happens', () => {
    expectTypeOf<ToolResult<{ type: 'object' }, string>>().toEqualTypeOf<string>()
    expectTypeOf<ToolResult<StandardSchemaV1<{ a: 1 }>, string>>().toEqualTypeOf<
      string | ToolInputError
    >()
  })

  it('Zod and Valibot schemas are StandardSchemaV1', () => {
    expectTypeOf(z.object({ a: z.string() })).toExtend<StandardSchemaV1<{ a: string }>>()
    expectTypeOf(toStandardJsonSchema(v.object({ a: v.string() }))).toExtend<
      StandardSchemaV1<{ a: string }>
    >()
  })
})
