import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, it } from 'vitest'

// webmcp-types declares `Document.modelContext` globally with its own ModelContext type, which
// conflicts with the declaration the conformance harness makes for ours. So this compatibility check
// compiles in a program of its own instead of in the project's `*.test-d.ts` files: it is a user's
// project that has `webmcp-types` in `compilerOptions.types` and uses our API.
const source = /* ts */ `
import { ToolRegistration, ToolsObserver, defineTool } from '../src/index'
import type { InferToolInput, WebMCPTool } from '../src/index'
import type { WebMCP } from 'webmcp-types'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const assert = <T extends true>(_proof?: T) => {}

// The same execute input as webmcp-types infers, for the keywords both cover.
const same = <const S extends object>(_schema: S) =>
  null as unknown as Equal<InferToolInput<S>, Parameters<WebMCP.ModelContextToolFromSchema<S>['execute']>[0]>
assert(
  same({
    type: 'object',
    properties: {
      s: { type: 'string' },
      n: { type: 'integer' },
      e: { enum: ['a', 'b'] },
      c: { const: 3 },
      list: { type: 'array', items: { type: 'boolean' } },
      nested: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
    },
    required: ['s', 'nested'],
  }),
)
assert(same({ type: 'object' }))
assert(same({ type: 'object', properties: {} }))

// A typed tool registers through webmcp-types' document.modelContext, and theirs is a WebMCPTool.
const tool = defineTool({
  name: 'double',
  description: 'Doubles a number.',
  inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  execute: ({ n }) => n * 2,
})
void document.modelContext?.registerTool(tool)
declare const theirs: WebMCP.ModelContextTool
const general: WebMCPTool = theirs
void general

// webmcp-types' ModelContext backs our lifecycle objects.
declare const context: WebMCP.ModelContext
new ToolRegistration(tool, { modelContext: context })
new ToolRegistration(tool, { modelContext: document.modelContext })
new ToolsObserver({ modelContext: context })
`

it('types a user project that mixes webmcp-types with ours without errors', () => {
  const here = fileURLToPath(new URL('.', import.meta.url))
  const file = `${here}webmcp-types-user.ts`
  const config = ts.getParsedCommandLineOfConfigFile(
    `${here}../tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )!
  const options = { ...config.options, types: ['webmcp-types'], noEmit: true }
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.fileExists = (name) => name === file || fileExists(name)
  host.readFile = (name) => (name === file ? source : readFile(name))
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, source, language)
      : getSourceFile(name, language, ...rest)
  const program = ts.createProgram([file], options, host)
  const files = program.getSourceFiles().map((sourceFile) => sourceFile.fileName)
  expect(files).toContain(file)
  expect(files.some((name) => name.endsWith('webmcp-types/index.d.ts'))).toBe(true)
  const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
    const at = where ? `${diagnostic.file!.fileName}:${where.line + 1}: ` : ''
    return at + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
  })
  expect(errors).toEqual([])
}, 60_000)

it('would report a mismatch: the compiled program really checks the source', () => {
  const file = fileURLToPath(new URL('./webmcp-types-negative.ts', import.meta.url))
  const bad = `const n: number = 'not a number'\nexport {}\n`
  const options: ts.CompilerOptions = { strict: true, noEmit: true, noLib: true, types: [] }
  const host = ts.createCompilerHost(options)
  const { getSourceFile } = host
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, bad, language)
      : getSourceFile(name, language, ...rest)
  const program = ts.createProgram([file], options, host)
  expect(ts.getPreEmitDiagnostics(program).map((d) => d.code)).toContain(2322)
})
