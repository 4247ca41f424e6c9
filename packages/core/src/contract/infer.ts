// Type-level only: this module emits no JavaScript.

/**
 * A Standard Schema (`@standard-schema/spec` v1): Zod 4, Valibot, ArkType and others implement it.
 * Declared here structurally, as the spec recommends, so core needs no dependency for it. The
 * optional `jsonSchema` converter is the spec's JSON Schema extension (`StandardJSONSchemaV1`).
 *
 * @example
 * ```ts
 * import { z } from 'zod'
 * const schema: StandardSchemaV1<{ city: string }> = z.object({ city: z.string() })
 * ```
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (
      value: unknown,
      options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined,
    ) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
    readonly jsonSchema?: {
      readonly input: (options: {
        readonly target: string
        readonly libraryOptions?: Record<string, unknown> | undefined
      }) => Record<string, unknown>
    }
  }
}

/**
 * What a Standard Schema's `validate` returns: the parsed value, or the issues.
 *
 * @example
 * ```ts
 * const result: StandardSchemaResult<{ city: string }> = await schema['~standard'].validate(input)
 * if (result.issues) console.log(result.issues.map((issue) => issue.message))
 * ```
 */
export type StandardSchemaResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string
        readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
      }>
    }

/**
 * What a tool's `inputSchema` may be: a JSON Schema object literal (inferred without `as const`)
 * or a Standard Schema (Zod 4, Valibot through `toStandardJsonSchema`, ArkType…).
 *
 * @example
 * ```ts
 * const schema: ToolInputSchema = { type: 'object', properties: { city: { type: 'string' } } }
 * ```
 */
export type ToolInputSchema = object

type Simplify<T> = { [K in keyof T]: T[K] } & {}

type StandardInput<S> = S extends { readonly '~standard': { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly input: infer I }
    ? I
    : unknown
  : unknown

type StandardOutput<S> = S extends { readonly '~standard': { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly output: infer O }
    ? O
    : unknown
  : unknown

type Widen<D> = D extends string
  ? string
  : D extends number
    ? number
    : D extends boolean
      ? boolean
      : D extends null
        ? null
        : D extends readonly unknown[]
          ? unknown[]
          : D extends object
            ? Record<string, unknown>
            : unknown

type Members<M> = M extends readonly (infer Member)[]
  ? Member extends unknown
    ? InferJSONSchema<Member>
    : never
  : never

type Intersection<M> = M extends readonly [infer Head, ...infer Rest]
  ? InferJSONSchema<Head> & Intersection<Rest>
  : unknown

// `{ type: 'object', properties, oneOf: [{ required: ['a'] }, …] }`: members that carry no type of
// their own narrow nothing, so the parent's type stands; members that do are merged into it.
type Combine<Base, Union> = unknown extends Base
  ? Union
  : Union extends unknown
    ? unknown extends Union
      ? Base
      : Union extends Base
        ? Union
        : [Base, Union] extends [object, object]
          ? Simplify<Base & Union>
          : Base & Union
    : never

type FromType<S, T> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? InferArray<S>
          : T extends 'object'
            ? InferObject<S>
            : unknown

type Rest<Items> = Items extends false
  ? []
  : [Items] extends [undefined]
    ? unknown[]
    : InferJSONSchema<Items>[]

type Tuple<Prefix, Tail extends unknown[]> = Prefix extends readonly [infer Head, ...infer Others]
  ? [InferJSONSchema<Head>, ...Tuple<Others, Tail>]
  : Tail

type InferArray<S> = S extends { readonly prefixItems: infer Prefix extends readonly unknown[] }
  ? Tuple<Prefix, Rest<S extends { readonly items: infer Items } ? Items : undefined>>
  : S extends { readonly items: infer Items }
    ? Items extends readonly unknown[]
      ? Tuple<Items, Rest<S extends { readonly additionalItems: infer More } ? More : undefined>>
      : InferJSONSchema<Items>[]
    : unknown[]

type RequiredKeys<S> = S extends { readonly required: readonly (infer Key)[] }
  ? string extends Key
    ? never
    : Key & string
  : never

type Properties<P, R extends string> = Simplify<
  { -readonly [K in keyof P as K extends R ? never : K]?: InferJSONSchema<P[K]> } & {
    -readonly [K in keyof P as K extends R ? K : never]-?: InferJSONSchema<P[K]>
  } & { [K in Exclude<R, keyof P>]: unknown }
>

type Additional<S> = S extends { readonly additionalProperties: infer A }
  ? A extends boolean
    ? A extends false
      ? never
      : unknown
    : InferJSONSchema<A>
  : unknown

// An index signature must admit the named properties' types too, or reading them gives `never`.
type WithIndex<Props, Extra> = Simplify<Props & { [key: string]: Extra | Props[keyof Props] }>

type InferObject<S> = S extends { readonly properties: infer P extends object }
  ? keyof P extends never
    ? ObjectWithout<S>
    : S extends { readonly additionalProperties: object }
      ? WithIndex<Properties<P, RequiredKeys<S>>, Additional<S>>
      : Properties<P, RequiredKeys<S>>
  : ObjectWithout<S>

type ObjectWithout<S> = [RequiredKeys<S>] extends [never]
  ? Record<string, Additional<S>>
  : Simplify<{ [K in RequiredKeys<S>]: unknown } & Record<string, Additional<S>>>

type Nullable<S> = S extends { readonly nullable: true } ? null : never

type Names<T> = T extends readonly (infer Name)[] ? Name : T

// Without a literal `type` (none, or a schema held in a variable, widened to `string`), the
// structure still tells objects and arrays apart.
type Structural<S> = S extends { readonly properties: object }
  ? InferObject<S>
  : S extends { readonly prefixItems: readonly unknown[] } | { readonly items: unknown }
    ? InferArray<S>
    : S extends { readonly default: infer D }
      ? Widen<D>
      : unknown

type Base<S> = S extends { readonly const: infer C }
  ? C
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : S extends { readonly type: infer T }
      ? string extends Names<T>
        ? Structural<S>
        : FromType<S, Names<T>> | Nullable<S>
      : Structural<S>

/**
 * The TypeScript type of the values a JSON Schema accepts. Covers `type` (also as an array, and
 * OpenAPI's `nullable`), `properties` / `required`, `additionalProperties`, `enum`, `const`,
 * `items`, tuples (`prefixItems`, or draft-07 array `items` with `additionalItems`), `anyOf` /
 * `oneOf` (unions), `allOf` (intersections) and `default` (a schema with nothing but a default has
 * the default's type; a property with a default stays optional, since the browser applies no
 * defaults). Anything it cannot express, such as `$ref` or `not`, is `unknown`, never an error.
 *
 * @example
 * ```ts
 * type Point = InferJSONSchema<{
 *   type: 'object'
 *   properties: { x: { type: 'number' }; y: { type: 'number' } }
 *   required: ['x']
 * }>
 * // { x: number; y?: number }
 * ```
 */
export type InferJSONSchema<S> = S extends true
  ? unknown
  : S extends false
    ? never
    : S extends { readonly anyOf: infer M extends readonly unknown[] }
      ? Combine<InferJSONSchema<Omit<S, 'anyOf'>>, Members<M>>
      : S extends { readonly oneOf: infer M extends readonly unknown[] }
        ? Combine<InferJSONSchema<Omit<S, 'oneOf'>>, Members<M>>
        : S extends { readonly allOf: infer M extends readonly unknown[] }
          ? Combine<InferJSONSchema<Omit<S, 'allOf'>>, Intersection<M>>
          : Base<S>

type AsToolInput<T> = [T] extends [null | undefined]
  ? Record<string, unknown>
  : T extends object
    ? T
    : Record<string, unknown>

/**
 * What a caller passes to a tool: inferred from an inline JSON Schema, or a Standard Schema's input
 * type. Tool input is always an object, so a schema that infers to anything else (or none) gives
 * `Record<string, unknown>`, as `webmcp-types` does.
 *
 * @example
 * ```ts
 * type Input = InferToolInput<{ type: 'object'; properties: { q: { type: 'string' } }; required: ['q'] }>
 * // { q: string }
 * type FromZod = InferToolInput<typeof schema> // z.input<typeof schema>
 * ```
 */
export type InferToolInput<Schema> = Schema extends StandardSchemaV1
  ? StandardInput<Schema>
  : AsToolInput<InferJSONSchema<Schema>>

/**
 * What a tool's `execute` receives: the same as {@link InferToolInput} for a JSON Schema, and the
 * Standard Schema's *output* type (defaults applied, transforms run) for a Standard Schema, since
 * its input is validated and parsed before `execute` runs.
 *
 * @example
 * ```ts
 * const schema = z.object({ limit: z.number().default(10) })
 * type Input = InferToolInput<typeof schema> // { limit?: number }
 * type Parsed = InferExecuteInput<typeof schema> // { limit: number }
 * ```
 */
export type InferExecuteInput<Schema> = Schema extends StandardSchemaV1
  ? StandardOutput<Schema>
  : AsToolInput<InferJSONSchema<Schema>>
