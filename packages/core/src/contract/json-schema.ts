// A separate entry point (`@webmcp-kit/core/json-schema`): plain JSON Schema validation costs nothing
// unless imported. It uses @cfworker/json-schema (an optional peer dependency): about 6.4 KB
// min+gzip, no dependencies, drafts 4 to 2020-12, and no eval or new Function, so it runs under a
// strict Content-Security-Policy. Ajv, @exodus/schemasafe and djv compile schemas to code, which such
// a policy blocks.
import { Validator } from '@cfworker/json-schema'
import type { InferToolInput, StandardSchemaResult, StandardSchemaV1 } from './infer'
import type { Schema } from '@cfworker/json-schema'

/**
 * A JSON Schema that validates: a Standard Schema (with the JSON Schema extension) whose JSON Schema
 * is the one given. As a tool's `inputSchema`, input is checked before `execute` runs.
 *
 * @example
 * ```ts
 * const schema: ValidatingJSONSchema<{ type: 'object' }> = jsonSchema({ type: 'object' })
 * ```
 */
export interface ValidatingJSONSchema<S> extends StandardSchemaV1<InferToolInput<S>> {
  readonly '~standard': Omit<StandardSchemaV1<InferToolInput<S>>['~standard'], 'validate'> & {
    /** Validates synchronously. */
    readonly validate: (value: unknown) => StandardSchemaResult<InferToolInput<S>>
    readonly jsonSchema: {
      readonly input: () => Record<string, unknown>
      readonly output: () => Record<string, unknown>
    }
  }
}

/**
 * How {@link jsonSchema} validates.
 *
 * @example
 * ```ts
 * jsonSchema(legacySchema, { draft: '7' })
 * ```
 */
export interface JSONSchemaOptions {
  /** The draft whose rules apply: `'4'`, `'7'`, `'2019-09'` or `'2020-12'` (the default). */
  draft?: '4' | '7' | '2019-09' | '2020-12'
}

const decode = (segment: string) => {
  const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')
  return /^\d+$/.test(key) ? Number(key) : key
}

/**
 * Opts a JSON Schema `inputSchema` into validation: an agent's input that does not match is answered
 * with `{ error, issues }` and never reaches `execute`. The input type is inferred from the inline
 * schema, without `as const`. The validator is built at the first validation.
 *
 * @example
 * ```ts
 * import { jsonSchema } from '@webmcp-kit/core/json-schema'
 *
 * new ToolRegistration({
 *   name: 'set_volume',
 *   description: 'Sets the playback volume.',
 *   inputSchema: jsonSchema({
 *     type: 'object',
 *     properties: { level: { type: 'integer', minimum: 0, maximum: 100 } },
 *     required: ['level'],
 *   }),
 *   execute: ({ level }) => player.setVolume(level), // level: number, 0-100
 * })
 * ```
 */
export function jsonSchema<const S extends object>(
  schema: S,
  options: JSONSchemaOptions = {},
): ValidatingJSONSchema<S> {
  let validator: Validator | undefined
  const json = () => schema as Record<string, unknown>
  return {
    '~standard': {
      version: 1,
      vendor: 'webmcp-kit',
      validate(value) {
        validator ??= new Validator(schema as Schema, options.draft ?? '2020-12', false)
        const { valid, errors } = validator.validate(value)
        if (valid) return { value: value as InferToolInput<S> }
        // Keep the causes, not the summaries above them ("Property "a" does not match schema."),
        // except for `false` subschemas, whose own error says nothing ("False boolean schema.").
        const told = errors.filter(({ keyword }) => keyword !== 'false' || errors.length === 1)
        const causes = told.filter(
          ({ keywordLocation }) =>
            !told.some((other) => other.keywordLocation.startsWith(`${keywordLocation}/`)),
        )
        return {
          issues: causes.map(({ error, instanceLocation }) => ({
            message: error,
            path: instanceLocation.split('/').slice(1).map(decode),
          })),
        }
      },
      jsonSchema: { input: json, output: json },
    },
  }
}
