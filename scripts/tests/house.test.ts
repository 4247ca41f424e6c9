// The house's shape, checked: core reads downward (index and lifecycle, contract, install, frames,
// forms, the engine, utilities) with no circle; a binding reaches none of the polyfill's modules;
// no source file is over 500 lines.
import { readFileSync, readdirSync } from 'node:fs'
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
/** The files below `dir` (a path from the repository's root) whose names match `name`. */
const filesIn = (dir: string, name: RegExp): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => name.test(file))
    .map((file) => `${dir}/${file}`)
const PACKAGES = readdirSync('packages')
/** The files still over 500 lines, each with the most it may have until it is split. */
const LONGER: Record<string, number> = {
  'packages/core/src/frames/link.ts': 1128,
  'packages/testing/src/agent.ts': 858,
}

const described = (list: IViolation[]) => list.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)

describe('the house', () => {
  it('core reads downward, with no circle', async () => {
    const found = await violations(
      ['packages/core/src'],
      [
        ...upward,
        { name: 'no-circular', severity: 'error', from: { path: CORE }, to: { circular: true } },
      ],
      true,
    )
    expect(described(found)).toEqual([])
  })

  it('the lifecycle entry and every binding load none of the polyfill', async () => {
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

  it('no source file is over 500 lines, and none of the longer ones grows', () => {
    const long = Object.fromEntries(
      PACKAGES.flatMap((pkg) => filesIn(`packages/${pkg}/src`, /\.(ts|tsx|mts|vue|svelte|mjs)$/))
        .map((file) => [file, readFileSync(file, 'utf8').split('\n').length] as const)
        .filter(([file, lines]) => lines > Math.min(LONGER[file] ?? 500, 500)),
    )
    expect(Object.entries(long).filter(([file, lines]) => lines > (LONGER[file] ?? 500))).toEqual(
      [],
    )
    // A file of LONGER that is split below the budget leaves the list.
    expect(Object.keys(LONGER).filter((file) => !(file in long))).toEqual([])
  })
})
