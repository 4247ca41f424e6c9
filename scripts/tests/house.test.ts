// The house's shape, checked: core reads downward (index and lifecycle, contract, install, frames,
// forms, the engine, utilities); no package's src has a circle; no package reaches into another by a
// relative path (past its exports, into its private src); a binding reaches none of the polyfill's
// modules; no source file is over 500 lines.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { cruise } from 'dependency-cruiser'
import { describe, expect, it } from 'vitest'
import type { IForbiddenRuleType, IViolation } from 'dependency-cruiser'

const CORE = '^packages/core/src/'
// Core's floors, top first: a module may import its own floor and the floors below it.
const FLOORS = [
  '(index|lifecycle|polyfill|polyfill-imperative)\\.ts$',
  'contract/',
  'install\\.ts$',
  'frames/',
  'forms/',
  'webmcp/',
  '(queue-task|shadow-roots)\\.ts$',
]
const upward: IForbiddenRuleType[] = FLOORS.slice(1).map((floor, index) => ({
  name: `no-upward-from-${floor}`,
  severity: 'error',
  from: { path: CORE + floor },
  to: { path: `${CORE}(${FLOORS.slice(0, index + 1).join('|')})` },
}))
// What the lifecycle layer may load of the engine's room: the hook's symbol, the JSON depth limit and
// its error, and types.
const POLYFILL = `${CORE}(install\\.ts|frames/|forms/|webmcp/(?!(hook|json-depth|errors|types)\\.ts$))`
const BINDINGS = '^packages/(react|vue|angular|svelte|solid)/src/'

/**
 * The rules `forbidden` broken among the modules below `paths`. With `types`, a type-only import is an
 * arrow too (the layering); without, the graph is what loads at run time (the unbundled `dist`
 * mirrors `src` module for module).
 */
async function violations(
  paths: string[],
  forbidden: IForbiddenRuleType[],
  types: boolean,
): Promise<IViolation[]> {
  const result = await cruise(paths, {
    validate: true,
    ruleSet: { forbidden },
    tsPreCompilationDeps: types,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@webmcp-kit/source', 'import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  })
  if (typeof result.output === 'string') throw new Error('dependency-cruiser gave no result object')
  return result.output.summary.violations
}
/** Every file below `dir` (a path from the repository's root). */
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    .filter((file) => statSync(file).isFile())
/** A file's lines, as `wc -l` counts them (a last line without its line feed counts too). */
const linesOf = (file: string) => {
  const text = readFileSync(file, 'utf8')
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}
const PACKAGES = readdirSync('packages')
/**
 * The one place for the files still over 500 lines, each with the most it may have until it is
 * split; a file split to 500 lines or fewer must leave the list.
 */
const LONGER: Record<string, number> = {}
/** Each package's src and tests, one graph with type-only imports as arrows (the layering). */
let layering: Promise<IViolation[]> | undefined
const layeringViolations = (rule: string) =>
  (layering ??= violations(
    PACKAGES.flatMap((pkg) => [`packages/${pkg}/src`, `packages/${pkg}/tests`]).filter(existsSync),
    [
      ...upward,
      {
        name: 'no-circular',
        severity: 'error',
        from: { path: '^packages/[^/]+/src/' },
        to: { circular: true },
      },
      {
        name: 'no-reach-into-another-package',
        severity: 'error',
        from: { path: '^packages/([^/]+)/' },
        // A package's build scripts (packages/*/scripts) serve the workspace's tests, as the bridge's
        // build from source serves the extension's end-to-end tests; its src stays its own.
        to: {
          path: '^packages/[^/]+/',
          pathNot: ['^packages/$1/', '^packages/[^/]+/scripts/'],
          dependencyTypes: ['local'],
        },
      },
    ],
    true,
  )).then((found) => found.filter((v) => v.rule.name.startsWith(rule)))
/** dependency-cruiser reads some 400 modules: seconds, more on a loaded machine. */
const CRUISE = { timeout: 180_000 }

const described = (list: IViolation[]) => list.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)

describe('the house', () => {
  it('core reads downward', CRUISE, async () => {
    expect(described(await layeringViolations('no-upward-from-'))).toEqual([])
  })

  it("no package's src has a circle", CRUISE, async () => {
    expect(described(await layeringViolations('no-circular'))).toEqual([])
  })

  it('no package imports another by a relative path (its private src)', CRUISE, async () => {
    expect(described(await layeringViolations('no-reach-into-another-package'))).toEqual([])
  })

  it('the lifecycle entry and every binding load none of the polyfill', CRUISE, async () => {
    const found = await violations(
      [
        'packages/core/src/lifecycle.ts',
        ...['react', 'vue', 'angular', 'svelte', 'solid'].map((b) => `packages/${b}/src`),
      ],
      [
        {
          name: 'lifecycle-loads-no-polyfill',
          severity: 'error',
          from: { path: `${CORE}lifecycle\\.ts$` },
          to: { path: POLYFILL, reachable: true },
        },
        {
          name: 'binding-loads-no-polyfill',
          severity: 'error',
          from: { path: BINDINGS },
          to: { path: POLYFILL, reachable: true },
        },
      ],
      false,
    )
    expect(described(found)).toEqual([])
  })

  it('no file of any src is over 500 lines, and none of the longer ones grows', () => {
    const files = PACKAGES.map((pkg) => `packages/${pkg}/src`)
      .filter(existsSync)
      .flatMap(filesIn)
    expect(files.length).toBeGreaterThan(100)
    const long = Object.fromEntries(
      files
        .map((file) => [file, linesOf(file)] as const)
        .filter(([file, lines]) => lines > Math.min(LONGER[file] ?? 500, 500)),
    )
    expect(Object.entries(long).filter(([file, lines]) => lines > (LONGER[file] ?? 500))).toEqual(
      [],
    )
    // A file of LONGER that is split below the budget leaves the list.
    expect(Object.keys(LONGER).filter((file) => !(file in long))).toEqual([])
  })
})
