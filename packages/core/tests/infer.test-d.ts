import { describe, expectTypeOf, it } from 'vitest'
import type { InferExecuteInput, InferJSONSchema, InferToolInput } from '../src/contract/infer'

// Each schema goes through a `const` type parameter, as the bindings' functions do: no `as const`.
const infer = <const S>(schema: S) => schema as unknown as InferJSONSchema<S>
const input = <const S>(schema: S) => schema as unknown as InferToolInput<S>

describe('InferJSONSchema', () => {
  it('maps each `type` to its TypeScript type', () => {
    expectTypeOf(infer({ type: 'string' })).toEqualTypeOf<string>()
    expectTypeOf(infer({ type: 'number' })).toEqualTypeOf<number>()
    expectTypeOf(infer({ type: 'integer', minimum: 0 })).toEqualTypeOf<number>()
    expectTypeOf(infer({ type: 'boolean' })).toEqualTypeOf<boolean>()
    expectTypeOf(infer({ type: 'null' })).toEqualTypeOf<null>()
    expectTypeOf(infer({ type: 'array' })).toEqualTypeOf<unknown[]>()
    expectTypeOf(infer({ type: 'object' })).toEqualTypeOf<Record<string, unknown>>()
  })

  it('turns a type array, or `nullable`, into a union', () => {
    expectTypeOf(infer({ type: ['string', 'null'] })).toEqualTypeOf<string | null>()
    expectTypeOf(infer({ type: ['number', 'boolean'] })).toEqualTypeOf<number | boolean>()
    expectTypeOf(infer({ type: 'string', nullable: true })).toEqualTypeOf<string | null>()
    expectTypeOf(infer({ type: 'string', nullable: false })).toEqualTypeOf<string>()
  })

  it('makes `required` properties required and the others optional', () => {
    expectTypeOf(
      infer({
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'number' } },
        required: ['a'],
      }),
    ).toEqualTypeOf<{ a: string; b?: number }>()
    expectTypeOf(infer({ type: 'object', properties: { a: { type: 'string' } } })).toEqualTypeOf<{
      a?: string
    }>()
    // Properties imply an object even without `type`.
    expectTypeOf(infer({ properties: { a: { type: 'boolean' } }, required: ['a'] })).toEqualTypeOf<{
      a: boolean
    }>()
  })

  it('types a required property that `properties` does not describe as unknown', () => {
    expectTypeOf(
      infer({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'extra'] }),
    ).toEqualTypeOf<{ a: string; extra: unknown }>()
  })

  it('reads `enum` and `const` as literal types', () => {
    expectTypeOf(infer({ enum: ['red', 'green'] })).toEqualTypeOf<'red' | 'green'>()
    expectTypeOf(infer({ type: 'string', enum: ['s', 'm', 'l'] })).toEqualTypeOf<'s' | 'm' | 'l'>()
    expectTypeOf(infer({ enum: [1, 'one', null] })).toEqualTypeOf<1 | 'one' | null>()
    expectTypeOf(infer({ const: 'fixed' })).toEqualTypeOf<'fixed'>()
    expectTypeOf(infer({ type: 'number', const: 42 })).toEqualTypeOf<42>()
  })

  it('types `items` as an array of the item type', () => {
    expectTypeOf(infer({ type: 'array', items: { type: 'string' } })).toEqualTypeOf<string[]>()
    expectTypeOf(infer({ items: { enum: ['a', 'b'] } })).toEqualTypeOf<Array<'a' | 'b'>>()
    expectTypeOf(
      infer({ type: 'array', items: { type: 'array', items: { type: 'number' } } }),
    ).toEqualTypeOf<number[][]>()
  })

  it('types tuples: `prefixItems` (2020-12) and array `items` (draft-07)', () => {
    expectTypeOf(
      infer({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false }),
    ).toEqualTypeOf<[string, number]>()
    expectTypeOf(
      infer({ type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'boolean' } }),
    ).toEqualTypeOf<[string, ...boolean[]]>()
    // Without `items`, JSON Schema allows more elements of any type.
    expectTypeOf(infer({ type: 'array', prefixItems: [{ type: 'string' }] })).toEqualTypeOf<
      [string, ...unknown[]]
    >()
    expectTypeOf(
      infer({
        type: 'array',
        items: [{ type: 'string' }, { type: 'null' }],
        additionalItems: false,
      }),
    ).toEqualTypeOf<[string, null]>()
    expectTypeOf(
      infer({ type: 'array', items: [{ type: 'number' }], additionalItems: { type: 'string' } }),
    ).toEqualTypeOf<[number, ...string[]]>()
  })

  it('types `additionalProperties`', () => {
    expectTypeOf(infer({ type: 'object', additionalProperties: { type: 'number' } })).toEqualTypeOf<
      Record<string, number>
    >()
    expectTypeOf(infer({ type: 'object', additionalProperties: true })).toEqualTypeOf<
      Record<string, unknown>
    >()
    expectTypeOf(infer({ type: 'object', additionalProperties: false })).toEqualTypeOf<
      Record<string, never>
    >()
    expectTypeOf(
      infer({
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a'],
        additionalProperties: false,
      }),
    ).toEqualTypeOf<{ a: string }>()
    const open = infer({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
      additionalProperties: { type: 'number' },
    })
    expectTypeOf(open.id).toEqualTypeOf<string>()
    // noUncheckedIndexedAccess adds undefined to what an index signature reads.
    expectTypeOf(open.anythingElse).toEqualTypeOf<string | number | undefined>()
    expectTypeOf({ id: 'x', count: 1 }).toExtend<typeof open>()
  })

  it('infers nested objects', () => {
    const nested = infer({
      type: 'object',
      properties: {
        user: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            address: {
              type: 'object',
              properties: { city: { type: 'string' }, zip: { type: ['string', 'null'] } },
              required: ['city'],
            },
            tags: {
              type: 'array',
              items: { type: 'object', properties: { label: { type: 'string' } } },
            },
          },
          required: ['name', 'address'],
        },
      },
      required: ['user'],
    })
    expectTypeOf(nested).toEqualTypeOf<{
      user: {
        name: string
        address: { city: string; zip?: string | null }
        tags?: Array<{ label?: string }>
      }
    }>()
  })

  it('turns `anyOf` and `oneOf` into unions', () => {
    expectTypeOf(infer({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toEqualTypeOf<
      string | number
    >()
    expectTypeOf(infer({ oneOf: [{ const: 'a' }, { type: 'null' }] })).toEqualTypeOf<'a' | null>()
    const shape = infer({
      oneOf: [
        {
          type: 'object',
          properties: { kind: { const: 'circle' }, radius: { type: 'number' } },
          required: ['kind', 'radius'],
        },
        {
          type: 'object',
          properties: { kind: { const: 'square' }, side: { type: 'number' } },
          required: ['kind', 'side'],
        },
      ],
    })
    expectTypeOf(shape).toEqualTypeOf<
      { kind: 'circle'; radius: number } | { kind: 'square'; side: number }
    >()
  })

  it('keeps the parent type when union members only add constraints', () => {
    expectTypeOf(
      infer({ type: 'string', anyOf: [{ minLength: 1 }, { format: 'email' }] }),
    ).toEqualTypeOf<string>()
    expectTypeOf(
      infer({
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        oneOf: [{ required: ['a'] }, { required: ['b'] }],
      }),
    ).toEqualTypeOf<{ a?: string; b?: string }>()
  })

  it('merges union members into the parent object they refine', () => {
    expectTypeOf(
      infer({
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
        anyOf: [
          { properties: { email: { type: 'string' } }, required: ['email'] },
          { properties: { phone: { type: 'string' } }, required: ['phone'] },
        ],
      }),
    ).toEqualTypeOf<{ id: string; email: string } | { id: string; phone: string }>()
  })

  it('turns `allOf` into an intersection', () => {
    const both = infer({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] },
      ],
    })
    expectTypeOf(both).toEqualTypeOf<{ a: string } & { b: number }>()
    expectTypeOf(both.b).toEqualTypeOf<number>()
  })

  it('uses `default` for the type when nothing else gives one, and keeps such properties optional', () => {
    expectTypeOf(infer({ default: 10 })).toEqualTypeOf<number>()
    expectTypeOf(infer({ default: 'x', description: 'd' })).toEqualTypeOf<string>()
    expectTypeOf(infer({ default: false })).toEqualTypeOf<boolean>()
    expectTypeOf(infer({ type: 'integer', default: 10 })).toEqualTypeOf<number>()
    expectTypeOf(
      infer({ type: 'object', properties: { limit: { type: 'integer', default: 20 } } }),
    ).toEqualTypeOf<{ limit?: number }>()
  })

  it('degrades what it cannot express to unknown, never to a compile error', () => {
    expectTypeOf(infer({ $ref: '#/$defs/thing' })).toBeUnknown()
    expectTypeOf(infer({ not: { type: 'string' } })).toBeUnknown()
    expectTypeOf(infer({ 'x-vendor': { anything: [1, 2] } })).toBeUnknown()
    expectTypeOf(infer({})).toBeUnknown()
    expectTypeOf(infer(true)).toBeUnknown()
    expectTypeOf(infer({ type: 'decimal' })).toBeUnknown()
    expectTypeOf(
      infer({
        type: 'object',
        properties: { ref: { $ref: '#/$defs/x' }, when: { if: { type: 'string' }, then: {} } },
        required: ['ref'],
        patternProperties: { '^x-': { type: 'string' } },
      }),
    ).toEqualTypeOf<{ ref: unknown; when?: unknown }>()
  })

  it('needs the schema inline: a schema held in a variable has widened types', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } }
    expectTypeOf(infer(schema)).toEqualTypeOf<{ a?: unknown }>()
  })

  it('reads a schema typed as a plain object as unknown', () => {
    const loose: Record<string, unknown> = { type: 'string' }
    expectTypeOf<InferJSONSchema<typeof loose>>().toBeUnknown()
    expectTypeOf<InferJSONSchema<object>>().toBeUnknown()
  })
})

describe('InferToolInput', () => {
  it('is the inferred object for an object schema', () => {
    expectTypeOf(
      input({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }),
    ).toEqualTypeOf<{ q: string }>()
  })

  it('is Record<string, unknown> without a schema or for a schema that is not an object', () => {
    expectTypeOf<InferToolInput<undefined>>().toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf(input({ type: 'string' })).toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf(input({ $ref: '#/x' })).toEqualTypeOf<Record<string, unknown>>()
  })

  it('is the same as what execute receives for a JSON Schema', () => {
    type S = { type: 'object'; properties: { n: { type: 'number' } } }
    expectTypeOf<InferExecuteInput<S>>().toEqualTypeOf<InferToolInput<S>>()
  })
})
