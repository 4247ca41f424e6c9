import { describe, expectTypeOf, it } from 'vitest'
import { jsonSchema } from '../src/contract/json-schema'
import { ToolRegistration } from '../src/contract/tool-registration'
import type { ToolInputError } from '../src/contract/define-tool'
import type { StandardSchemaV1 } from '../src/contract/infer'

describe('jsonSchema', () => {
  it('infers the input from the inline schema, without as const', () => {
    const schema = jsonSchema({
      type: 'object',
      properties: { level: { type: 'integer' }, mode: { enum: ['a', 'b'] } },
      required: ['level'],
    })
    expectTypeOf(schema).toExtend<StandardSchemaV1<{ level: number; mode?: 'a' | 'b' }>>()
  })

  it('types execute, and adds ToolInputError to the result since it validates', () => {
    const registration = new ToolRegistration({
      name: 'set_volume',
      description: 'Sets the volume.',
      inputSchema: jsonSchema({
        type: 'object',
        properties: { level: { type: 'number' } },
        required: ['level'],
      }),
      execute(input) {
        expectTypeOf(input).toEqualTypeOf<{ level: number }>()
        return input.level
      },
    })
    expectTypeOf(registration.execute).parameter(0).toEqualTypeOf<{ level: number }>()
    expectTypeOf(registration.execute).returns.resolves.toEqualTypeOf<number | ToolInputError>()
  })

  it('only takes the drafts the validator knows', () => {
    jsonSchema({ type: 'object' }, { draft: '7' })
    // @ts-expect-error draft 6 is not supported
    jsonSchema({ type: 'object' }, { draft: '6' })
  })
})
