// The TSDoc examples of a package's `src`, compiled with the TypeScript compiler against the
// workspace's packages (their sources, through the `@webmcp-kit/source` condition), and the
// binding line budget counted in code lines. Used by each binding's unit project
// (`tests/source.test.ts`, through `describeSourceChecks`).

import { readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** A package whose examples are checked. */
export interface ExamplePackage {
  /** The package's folder; its `tsconfig.json` gives the compiler options (JSX included). */
  dir: string
  /**
   * Put before every example, as if it were in the example's file: the imports and the `declare`s of
   * what examples use without defining (`todos`, `App`, …). Unused names are fine.
   */
  prelude?: string
}

/** A fenced `ts` or `tsx` block of a TSDoc comment. */
interface Example {
  /** The source file, relative to the package folder. */
  file: string
  /** The line of the block's first code line in `file`, 1-based. */
  line: number
  tsx: boolean
  code: string
}

const FENCE = /^```(\w*)\s*$/

/** The fenced `ts` / `tsx` blocks of the TSDoc comments of `text` (blocks of other languages are left out). */
function examplesOf(file: string, text: string): Example[] {
  const examples: Example[] = []
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text)
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token !== ts.SyntaxKind.MultiLineCommentTrivia) continue
    const comment = scanner.getTokenText()
    if (!comment.startsWith('/**')) continue
    const first = text.slice(0, scanner.getTokenStart()).split('\n').length
    const lines = comment.split('\n').map((line) => line.replace(/^\s*\*? ?/, ''))
    for (let index = 0; index < lines.length; index++) {
      const open = FENCE.exec(lines[index]!)
      if (!open) continue
      const end = lines.findIndex((line, at) => at > index && FENCE.test(line))
      if (end < 0) break
      if (open[1] === 'ts' || open[1] === 'tsx') {
        const code = lines.slice(index + 1, end).join('\n')
        examples.push({ file, line: first + index + 1, tsx: open[1] === 'tsx', code })
      }
      index = end
    }
  }
  return examples
}

/** The `.ts` files of a package's `src`, relative to the package folder. */
const sources = (dir: string) =>
  readdirSync(join(dir, 'src'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => `src/${name}`)

/**
 * Compiles every example of each package, and returns one line per error:
 * `packages/angular/src/inject-webmcp-tool.ts:42: Property 'signedIn' does not exist …` (relative to
 * the working directory). Empty when every example compiles.
 */
export function exampleProblems(packages: ExamplePackage[]): string[] {
  return packages.flatMap((pkg) => problemsOf(pkg))
}

function problemsOf({ dir, prelude = '' }: ExamplePackage): string[] {
  const root = resolve(dir)
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )!
  // An example may leave a name unused; everything else is as strict as the package.
  const options = {
    ...config.options,
    noUnusedLocals: false,
    noUnusedParameters: false,
    noEmit: true,
  }
  const header = prelude.split('\n').length
  const virtual = new Map<string, Example>()
  for (const file of sources(root)) {
    for (const example of examplesOf(file, readFileSync(join(root, file), 'utf8'))) {
      // Beside the source, so that it resolves the package's dependencies as the source does.
      const name = `${basename(file, '.ts')}.example-${example.line}.${example.tsx ? 'tsx' : 'ts'}`
      virtual.set(join(root, 'src', name), example)
    }
  }
  const text = (example: Example) => `${prelude}\n${example.code}\nexport {}\n`
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.fileExists = (name) => virtual.has(name) || fileExists(name)
  host.readFile = (name) => (virtual.has(name) ? text(virtual.get(name)!) : readFile(name))
  host.getSourceFile = (name, language, ...rest) => {
    const example = virtual.get(name)
    return example
      ? ts.createSourceFile(name, text(example), language, true)
      : getSourceFile(name, language, ...rest)
  }
  const program = ts.createProgram([...virtual.keys()], options, host)
  const problems: string[] = []
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const example = diagnostic.file && virtual.get(diagnostic.file.fileName)
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
    if (!example) {
      problems.push(`${diagnostic.file?.fileName ?? dir}: ${message}`)
      continue
    }
    const at = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line
    const where = at < header ? `${example.line} (in the prelude)` : `${example.line + at - header}`
    problems.push(`${relative(process.cwd(), join(root, example.file))}:${where}: ${message}`)
  }
  return problems
}

/** Lines that hold code: at least one token that is not a comment (TypeScript's scanner decides). */
function codeLines(text: string): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text)
  const lines = new Set<number>()
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token >= ts.SyntaxKind.FirstTriviaToken && token <= ts.SyntaxKind.LastTriviaToken) continue
    const start = text.slice(0, scanner.getTokenStart()).split('\n').length
    const end = start + scanner.getTokenText().split('\n').length - 1
    for (let line = start; line <= end; line++) lines.add(line)
  }
  return lines.size
}

/** The binding budget of AGENTS.md, in code lines. */
const BUDGET = { src: 300, main: 80 }

/**
 * The source checks of a package's unit project, called by its `tests/source.test.ts` with
 * `test: import.meta.url`: every `ts` / `tsx` example of its `src` compiles (unless
 * `examples: false`, for a package whose examples are in other languages), and, for a binding
 * (`main`: its main file, relative to `src`), its `src` keeps within {@link BUDGET}.
 */
export function describeSourceChecks({
  test,
  main,
  examples = true,
  prelude,
}: Omit<ExamplePackage, 'dir'> & { test: string; main?: string; examples?: boolean }): void {
  const dir = resolve(dirname(fileURLToPath(test)), '..')
  describe(`${basename(dir)}'s sources`, () => {
    if (examples) {
      it('every TSDoc example of src compiles', { timeout: 120_000 }, () => {
        const found = sources(dir).flatMap((file) =>
          examplesOf(file, readFileSync(join(dir, file), 'utf8')),
        )
        expect(found.length).toBeGreaterThan(0)
        expect(exampleProblems([{ dir, prelude }])).toEqual([])
      })
    }

    if (main) {
      it(`src keeps within ${BUDGET.src} code lines, ${main} within ${BUDGET.main}`, () => {
        const count = (file: string) => codeLines(readFileSync(join(dir, file), 'utf8'))
        const total = sources(dir).reduce((sum, file) => sum + count(file), 0)
        expect(total).toBeLessThanOrEqual(BUDGET.src)
        expect(count(`src/${main}`)).toBeLessThanOrEqual(BUDGET.main)
      })
    }
  })
}
