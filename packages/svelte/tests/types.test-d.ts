import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { defineTool, useWebMCPTool, useWebMCPTools } from '../src/index'
import type { RegisteredTool, ToolInputError, ToolStatus } from '../src/index'

describe('types', () => {
  it('infers the input from an inline JSON Schema, without as const', () => {
    useWebMCPTool({
      name: 'add_todo',
      description: 'Adds a to-do.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' }, done: { type: 'boolean' } },
        required: ['text'],
      },
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ text: string; done?: boolean }>()
        return input.text
      },
    })
  })

  it('infers it from a getter and from a Standard Schema', () => {
    const tool = useWebMCPTool(() => ({
      name: 'search',
      description: 'Searches.',
      inputSchema: z.object({ q: z.string(), limit: z.number().optional() }),
      execute: ({ q, limit }, { signal }) => {
        expectTypeOf(q).toEqualTypeOf<string>()
        expectTypeOf(limit).toEqualTypeOf<number | undefined>()
        expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
        return [q]
      },
    }))
    expectTypeOf(tool.lastResult).toEqualTypeOf<string[] | ToolInputError | undefined>()
    expectTypeOf(tool.execute).parameter(0).toEqualTypeOf<{ q: string; limit?: number }>()
  })

  it('types the state and the options', () => {
    const tool = useWebMCPTool(
      defineTool({ name: 'ping', description: 'Pings.', execute: () => 'pong' as const }),
      { enabled: () => true, exposedTo: ['https://agent.example'] },
    )
    expectTypeOf(tool.status).toEqualTypeOf<ToolStatus>()
    expectTypeOf(tool.isExecuting).toEqualTypeOf<boolean>()
    expectTypeOf(tool.execute).returns.resolves.toEqualTypeOf<'pong'>()
    // @ts-expect-error the state is read-only
    tool.status = 'idle'
    // @ts-expect-error enabled is a boolean or a getter of one
    useWebMCPTool(defineTool({ name: 'x', description: 'X.', execute: () => 1 }), { enabled: 1 })
    expectTypeOf(
      useWebMCPTools({ fromOrigins: () => ['https://a.example'] }).current,
    ).toEqualTypeOf<readonly RegisteredTool[]>()
  })
})
