import { signal } from '@angular/core'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { defineTool, injectWebMCPTool } from '../src'
import type { Signal } from '@angular/core'
import type { ToolInputError } from '@webmcp-kit/core'
import type { ToolSnapshot, ToolStatus, WebMCPContext, WebMCPToolRef } from '../src'

describe('injectWebMCPTool inference', () => {
  it('infers execute’s input from an inline JSON Schema, without as const', () => {
    const ref = injectWebMCPTool(() => ({
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
    expectTypeOf(ref.lastResult).toEqualTypeOf<Signal<{ id: number; text: string } | undefined>>()
    expectTypeOf(ref.execute).parameter(0).toEqualTypeOf<{
      text: string
      priority?: 'low' | 'high'
      due?: string | null
    }>()
    expectTypeOf(ref.execute).returns.resolves.toEqualTypeOf<{ id: number; text: string }>()
    // @ts-expect-error `text` is required
    void ref.execute({ priority: 'low' })
    // @ts-expect-error not one of the enum's values
    void ref.execute({ text: 'a', priority: 'urgent' })
  })

  it('infers a union from anyOf, and unknown keywords degrade to unknown', () => {
    injectWebMCPTool(() => ({
      name: 'pay',
      description: 'Pays.',
      inputSchema: {
        type: 'object',
        properties: {
          method: {
            anyOf: [
              { type: 'object', properties: { card: { type: 'string' } }, required: ['card'] },
              { type: 'object', properties: { iban: { type: 'string' } }, required: ['iban'] },
            ],
          },
          extra: { $ref: '#/$defs/extra' },
        },
        required: ['method'],
      },
      execute: ({ method, extra }) => {
        expectTypeOf(method).toEqualTypeOf<{ card: string } | { iban: string }>()
        expectTypeOf(extra).toEqualTypeOf<unknown>()
      },
    }))
  })

  it('a Standard Schema types execute with its output and the result with ToolInputError', () => {
    const schema = z.object({ city: z.string(), days: z.number().default(1) })
    const ref = injectWebMCPTool(() => ({
      name: 'forecast',
      description: 'Tells the weather.',
      inputSchema: schema,
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days: number }>()
        return `${input.days} days of sun in ${input.city}`
      },
    }))
    expectTypeOf(ref.execute).parameter(0).toEqualTypeOf<{ city: string; days?: number }>()
    expectTypeOf(ref.lastResult).toEqualTypeOf<Signal<string | ToolInputError | undefined>>()
  })

  it('without inputSchema, execute takes any object', () => {
    const ref = injectWebMCPTool(() => ({
      name: 'now',
      description: 'Tells the time.',
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<Record<string, unknown>>()
        return Date.now()
      },
    }))
    expectTypeOf(ref).toEqualTypeOf<WebMCPToolRef<undefined, number>>()
    expectTypeOf(ref.snapshot).toEqualTypeOf<Signal<ToolSnapshot<number>>>()
  })

  it('a tool from defineTool keeps its types', () => {
    const createTool = (prefix: string) =>
      defineTool({
        name: 'greet',
        description: 'Greets.',
        inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
        execute: ({ who }) => `${prefix} ${who}`,
      })
    const ref = injectWebMCPTool(() => createTool('Hello'))
    expectTypeOf(ref.execute).parameter(0).toEqualTypeOf<{ who: string }>()
    expectTypeOf(ref.lastResult).toEqualTypeOf<Signal<string | undefined>>()
  })

  it('returns read-only signals for the state', () => {
    const ref = injectWebMCPTool(() => ({ name: 'n', description: 'd', execute: () => 1 }))
    expectTypeOf(ref.status).toEqualTypeOf<Signal<ToolStatus>>()
    expectTypeOf(ref.isExecuting).toEqualTypeOf<Signal<boolean>>()
    expectTypeOf(ref.executionCount).toEqualTypeOf<Signal<number>>()
    expectTypeOf(ref.error).toEqualTypeOf<Signal<unknown>>()
    expectTypeOf(ref.executingCount).toEqualTypeOf<Signal<number>>()
    // @ts-expect-error read-only
    ref.status.set('idle')
  })
})

describe('injectWebMCPTool options', () => {
  const tool = () => ({ name: 'n', description: 'd', execute: () => 1 })

  it('enabled: a boolean, a signal, or a function reading signals', () => {
    const on = signal(true)
    injectWebMCPTool(tool, { enabled: true })
    injectWebMCPTool(tool, { enabled: on })
    injectWebMCPTool(tool, { enabled: on.asReadonly() })
    injectWebMCPTool(tool, { enabled: () => on() && true })
    // @ts-expect-error not a boolean
    injectWebMCPTool(tool, { enabled: signal('yes') })
  })

  it('exposedTo: an array, a signal or a function', () => {
    injectWebMCPTool(tool, { exposedTo: ['https://agent.example'] })
    injectWebMCPTool(tool, { exposedTo: signal<string[] | undefined>(undefined) })
    // @ts-expect-error origins are strings
    injectWebMCPTool(tool, { exposedTo: [1] })
  })

  it('modelContext: what registerTool needs of a ModelContext', () => {
    injectWebMCPTool(tool, { modelContext: {} as WebMCPContext })
    injectWebMCPTool(tool, { modelContext: { registerTool: async () => undefined } })
    // @ts-expect-error not a ModelContext
    injectWebMCPTool(tool, { modelContext: {} })
  })

  it('the factory must return a tool', () => {
    // @ts-expect-error description is missing
    injectWebMCPTool(() => ({ name: 'n', execute: () => 1 }))
  })
})
