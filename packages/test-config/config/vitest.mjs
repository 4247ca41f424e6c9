// The per-package vitest projects: see vitest.d.mts.
import { configDefaults, defineConfig } from 'vitest/config'

/** @import { ViteUserConfig } from 'vitest/config' */
/** @import * as Types from './vitest.d.mts' */

const SOURCE = ['@webmcp-kit/source']

/** @type {typeof Types.projectConfig} */
export function projectConfig(name, test = {}, vite = {}) {
  const server = [...SOURCE, ...(vite.ssr?.resolve?.conditions ?? [])]
  return defineConfig({
    ...vite,
    resolve: { ...vite.resolve, conditions: [...SOURCE, ...(vite.resolve?.conditions ?? [])] },
    ssr: { ...vite.ssr, resolve: { ...vite.ssr?.resolve, conditions: server } },
    // The environment vitest runs the global setups in, which takes neither of the above
    // (vitest-dev/vitest#9429): a global setup may import a workspace package too.
    environments: { ...vite.environments, __vitest__: { resolve: { conditions: server } } },
    test: { name, ...test },
  })
}

/** @type {typeof Types.unitConfig} */
export function unitConfig(name, { tsx = false, typecheck, ...test } = {}, vite = {}) {
  const files = tsx ? '{ts,tsx}' : 'ts'
  const types =
    typecheck === false
      ? {}
      : {
          typecheck: typecheck ?? {
            enabled: true,
            include: [`tests/*.test-d.${files}`],
            tsconfig: './tsconfig.json',
          },
        }
  return projectConfig(
    name,
    {
      include: [`tests/*.test.${files}`],
      environment: 'node',
      restoreMocks: true,
      ...types,
      ...test,
    },
    vite,
  )
}

/** @type {typeof Types.floorConfig} */
export function floorConfig(name, version, test = {}, vite = {}) {
  // The source checks read the package's files, not the framework: once, in its own unit project.
  const exclude = [...configDefaults.exclude, 'tests/source.test.ts']
  return unitConfig(`${name}:${version}`, { exclude, ...test, typecheck: false }, vite)
}

/** @type {typeof Types.browserConfig} */
export function browserConfig(name, { exclusive = false, ...test } = {}, vite = {}) {
  const timeouts = exclusive
    ? { fileParallelism: false, testTimeout: 60_000, hookTimeout: 120_000 }
    : { testTimeout: 30_000, hookTimeout: 60_000 }
  return projectConfig(
    `${name}:browser`,
    {
      include: ['tests/browser/*.test.ts'],
      environment: 'node',
      globalSetup: ['tests/browser/global-setup.ts'],
      ...timeouts,
      ...test,
    },
    vite,
  )
}

/** @type {typeof Types.soakConfig} */
export function soakConfig(name) {
  return projectConfig(
    `${name}:soak`,
    {
      include: ['tests/soak/*.test.ts'],
      environment: 'node',
      globalSetup: ['tests/soak/global-setup.ts'],
      testTimeout: 1_800_000,
      hookTimeout: 60_000,
    },
    {},
  )
}
