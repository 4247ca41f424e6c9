// The platform's authoring guidance for WebMCP tools, as checks on listed tools: descriptions that
// say what a tool does and when (not its parameters), input schemas that compile, hints that match
// what the tool's name and description say it does, and `exposedTo` without wildcards.
import { Ajv } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { WebMCPToolAnnotations } from './types'

/**
 * What `lint` reads of a tool: what `tools()` lists (Playwright's shape) or a tool definition as
 * given to `registerTool` (the spec's hint names), with its registration's `exposedTo` if any.
 *
 * @example
 * ```ts
 * const tool: LintableTool = { name: 'add_task', description: 'Adds a task to the board.' }
 * ```
 */
export interface LintableTool {
  name: string
  description?: string
  inputSchema?: unknown
  annotations?: WebMCPToolAnnotations & {
    readOnlyHint?: boolean
    untrustedContentHint?: boolean
    consequentialHint?: boolean
  }
  /** The origins the tool is exposed to (`registerTool`'s `exposedTo` option). */
  exposedTo?: readonly string[]
  /** The origin of the document that registered it (`tools({ fromOrigins })`). */
  origin?: string
}

/**
 * One problem `lint` found, and how to fix it.
 *
 * @example
 * ```ts
 * const finding: LintFinding = {
 *   tool: 'delete_all',
 *   rule: 'hint-consequential',
 *   severity: 'warning',
 *   message: 'delete_all deletes, pays, books or sends, and is not marked consequentialHint.',
 *   fix: 'Register it with annotations: { consequentialHint: true }.',
 * }
 * ```
 */
export interface LintFinding {
  /** The tool's name (and origin, for a tool of another frame: `name (origin)`). */
  tool: string
  /** The check, e.g. `schema-compiles`. */
  rule: LintRule
  /** `error`: agents cannot use the tool as meant (or the browser rejects it); `warning`: they may misuse it. */
  severity: 'error' | 'warning'
  message: string
  /** What to change. */
  fix: string
}

/**
 * The checks `lint` runs.
 *
 * @example
 * ```ts
 * const rule: LintRule = 'description-repeats-schema'
 * ```
 */
export type LintRule =
  | 'name'
  | 'description-missing'
  | 'description-short'
  | 'description-repeats-schema'
  | 'schema-object'
  | 'schema-compiles'
  | 'parameter-description'
  | 'hint-read-only'
  | 'hint-consequential'
  | 'exposed-to'

const NAME = /^[A-Za-z0-9_.-]{1,128}$/
const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']
/** Words that make a tool consequential (the guide: bookings, payments, messages, deletions). */
const CONSEQUENTIAL =
  /\b(delete|deletes|remove|removes|erase|wipe|clear|pay|pays|payment|purchase|buy|checkout|order|book|books|reserve|send|sends|email|transfer|publish|post)\b|^(delete|remove|pay|buy|book|send|transfer|publish|clear)(_|$)/i
/** Names that change state: never read-only. */
const WRITES =
  /^(add|create|set|update|delete|remove|clear|send|submit|complete|toggle|move|save|book|pay|buy|reset|edit|rename|upload|import)(_|\.|-|$)/i
/** Names that only read: read-only. */
const READS = /^(get|list|find|search|read|lookup|look_up|show|count|describe|query)(_|\.|-|$)/i

let ajv: Ajv | undefined
let ajv2020: Ajv2020 | undefined
/** Unknown keywords (typos such as `requried`) and `required` names not in `properties` fail. */
const AJV_OPTIONS = {
  strict: true,
  strictTypes: false,
  strictTuples: false,
  allErrors: true,
  validateFormats: false,
} as const

function compileError(schema: object): string | undefined {
  const is2020 = String((schema as { $schema?: unknown }).$schema ?? '').includes('2020-12')
  const compiler = is2020 ? (ajv2020 ??= new Ajv2020(AJV_OPTIONS)) : (ajv ??= new Ajv(AJV_OPTIONS))
  try {
    compiler.compile(schema)
    return undefined
  } catch (error) {
    return String((error as Error)?.message ?? error)
  } finally {
    compiler.removeSchema()
  }
}

const hints = (tool: LintableTool) => ({
  readOnly: !!(tool.annotations?.readOnly ?? tool.annotations?.readOnlyHint),
  consequential: !!(tool.annotations?.consequential ?? tool.annotations?.consequentialHint),
})

/** What in `description` belongs in the schema: parameter names, types, enum values, limits. */
function repeatsSchema(description: string, schema: Record<string, unknown> | undefined) {
  const found: string[] = []
  const words = new Set(description.toLowerCase().match(/[a-z0-9_]+/g) ?? [])
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>
  for (const [name, property] of Object.entries(properties)) {
    // A parameter named by a plain word (text, name) may be said in prose: only code-like names.
    if (/[_A-Z0-9]/.test(name.slice(1)) && description.includes(name)) found.push(`"${name}"`)
    for (const value of Array.isArray(property?.enum) ? property.enum : [])
      if (typeof value === 'string' && value.length > 2 && words.has(value.toLowerCase()))
        found.push(`"${value}"`)
  }
  if (
    /\b(defaults? to|by default|at most|at least|between \d|maximum|minimum|max\.?|min\.?)\b/i.test(
      description,
    )
  )
    found.push('a default or a limit')
  if (/\((string|number|integer|boolean|array|object)s?\)|\bof type\b/i.test(description))
    found.push('a type')
  return found
}

/**
 * Checks tools against the platform's authoring guidance: a description that says what the tool
 * does and when to use it, and no more (parameter names, enum values, defaults and limits belong in
 * the schema); an input schema that is an object schema and compiles (unknown keywords, `required`
 * naming no property); parameter descriptions that explain meaning, not type; hints that match what
 * the name and description say (a `delete_…` tool is consequential, a `set_…` tool is not read-only,
 * a `list_…` tool is); `exposedTo` with exact secure origins, no wildcards. Each finding says how
 * to fix it.
 *
 * @example
 * ```ts
 * import { lint, webmcp } from '@webmcp-kit/testing'
 *
 * const findings = lint(await webmcp(page).tools())
 * expect(findings).toEqual([])
 * ```
 */
export function lint(tools: readonly LintableTool[]): LintFinding[] {
  const findings: LintFinding[] = []
  for (const tool of tools) {
    const label = tool.origin ? `${tool.name} (${tool.origin})` : tool.name
    const add = (rule: LintRule, severity: LintFinding['severity'], message: string, fix: string) =>
      findings.push({ tool: label, rule, severity, message, fix })
    const description = (tool.description ?? '').trim()
    const schema =
      tool.inputSchema !== null && typeof tool.inputSchema === 'object'
        ? (tool.inputSchema as Record<string, unknown>)
        : undefined

    if (!NAME.test(tool.name))
      add(
        'name',
        'error',
        `"${tool.name}" is not a valid tool name: registerTool rejects it.`,
        'Use 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and ".", e.g. "add_task".',
      )

    if (!description)
      add(
        'description-missing',
        'error',
        `${tool.name} has no description: registerTool rejects it (and an agent cannot tell what it does).`,
        'Describe what the tool does and when to use it, e.g. "Adds a task to the board. Use it when the user asks to remember something."',
      )
    else if (description.split(/\s+/).length < 4)
      add(
        'description-short',
        'warning',
        `${tool.name}'s description ("${description}") is too short to say what it does and when to use it.`,
        'Say in a sentence or two what the tool does, what it answers with, and when an agent should use it.',
      )
    if (description) {
      const repeated = repeatsSchema(description, schema)
      if (repeated.length)
        add(
          'description-repeats-schema',
          'warning',
          `${tool.name}'s description repeats what belongs in its input schema: ${repeated.join(', ')}.`,
          'Keep the description to what the tool does and when; put parameter names, types, enum values, defaults and limits in inputSchema (properties, enum, default, minimum/maximum).',
        )
    }

    if (tool.inputSchema !== undefined) {
      if (!schema || schema.type !== 'object')
        add(
          'schema-object',
          'error',
          `${tool.name}'s inputSchema is not an object schema: a tool's input is always an object.`,
          'Use { type: "object", properties: { … }, required: [ … ] } as the inputSchema.',
        )
      if (schema) {
        const error = compileError(schema)
        if (error)
          add(
            'schema-compiles',
            'error',
            `${tool.name}'s inputSchema does not compile: ${error}.`,
            'Fix the schema: spell keywords as JSON Schema does (required, properties, enum, minimum…), name only defined properties in required, and give each type a JSON Schema type name.',
          )
        const properties = (schema.properties ?? {}) as Record<string, { description?: unknown }>
        for (const [name, property] of Object.entries(properties)) {
          const said = typeof property?.description === 'string' ? property.description.trim() : ''
          const typeOnly =
            /^(an? )?(string|number|integer|boolean|array|object|list|text|value)s?\.?$/i
          if (said && (typeOnly.test(said) || TYPES.includes(said.toLowerCase())))
            add(
              'parameter-description',
              'warning',
              `${tool.name}'s parameter "${name}" is described by its type ("${said}"), not its meaning.`,
              `Say what "${name}" means to the tool (the schema already gives its type), e.g. "The task's text, as the user said it."`,
            )
        }
      }
    }

    const hinted = hints(tool)
    const words = `${tool.name.replace(/[_.-]/g, ' ')} ${description}`
    if (hinted.readOnly && WRITES.test(tool.name))
      add(
        'hint-read-only',
        'error',
        `${tool.name} is marked readOnlyHint, but its name says it changes state.`,
        'Drop readOnlyHint (an agent may call a read-only tool without asking), or rename the tool if it only reads.',
      )
    else if (!hinted.readOnly && READS.test(tool.name))
      add(
        'hint-read-only',
        'warning',
        `${tool.name}'s name says it only reads, but it is not marked readOnlyHint.`,
        'Register it with annotations: { readOnlyHint: true } if it changes nothing.',
      )
    if (!hinted.consequential && !hinted.readOnly && CONSEQUENTIAL.test(words))
      add(
        'hint-consequential',
        'warning',
        `${tool.name} deletes, pays, books or sends (its name or description says so), and is not marked consequentialHint.`,
        "Register it with annotations: { consequentialHint: true } so agents ask the person first (and keep the app's own confirmation).",
      )

    for (const entry of tool.exposedTo ?? []) {
      let url: URL | undefined
      try {
        url = new URL(entry)
      } catch {
        url = undefined
      }
      const local = url && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname)
      if (entry.includes('*'))
        add(
          'exposed-to',
          'error',
          `${tool.name}'s exposedTo has the wildcard "${entry}": exposedTo takes exact origins only (registerTool rejects "*", and "https://*.example.com" matches no site).`,
          'List each origin that may use the tool, e.g. exposedTo: ["https://widget.example.com"].',
        )
      else if (!url || url.origin === 'null' || (url.protocol !== 'https:' && !local))
        add(
          'exposed-to',
          'error',
          `${tool.name}'s exposedTo entry "${entry}" is not a secure origin: registerTool rejects it with a SecurityError.`,
          'Use the https origin of the frame that may use the tool, e.g. "https://widget.example.com".',
        )
    }
  }
  return findings
}
