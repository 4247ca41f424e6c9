// The per-package vitest projects, one factory each (vitest.mjs): a package's `vitest*.config.ts`
// names its project and says only what differs. Every project resolves workspace packages from
// source (the `@webmcp-kit/source` condition first, before any `resolve.conditions` /
// `ssr.resolve.conditions` a package passes, in the browser-like and the SSR resolver and in the
// global setups alike), so no test waits for a package build. (JavaScript with these declarations: vitest loads a config's
// imported packages with plain Node, which cannot load TypeScript.)
import type { ViteUserConfig } from 'vitest/config'

/** vitest's own `test` options, over a factory's defaults. */
export type TestOptions = NonNullable<ViteUserConfig['test']>

export interface UnitOptions extends Omit<TestOptions, 'typecheck'> {
  /** The test files are `.ts` and `.tsx` (React): `tests/*.test.{ts,tsx}`, `tests/*.test-d.{ts,tsx}`. */
  tsx?: boolean
  /** The type tests (default: `tests/*.test-d.ts` against `./tsconfig.json`); `false`: none. */
  typecheck?: TestOptions['typecheck'] | false
}

export interface BrowserOptions extends TestOptions {
  /**
   * One test file at a time, with longer timeouts (60 s a test, 120 s a hook): for suites whose
   * files each launch browsers of their own, on two cores shared with other suites.
   */
  exclusive?: boolean
}

/**
 * A project with none of the factories' defaults: only its name, the sources' resolution and
 * `test` as given (the demo end-to-end suite's, which is no package's unit, browser or soak suite).
 *
 * @example
 * // apps/e2e/vitest.e2e.config.ts
 * export default projectConfig(packageJson.name, { include: ['tests/*.test.ts'], fileParallelism: false })
 */
export function projectConfig(
  name: string,
  test?: TestOptions,
  vite?: ViteUserConfig,
): ViteUserConfig

/**
 * A package's unit project, named after the package: `tests/*.test.ts` in Node (`environment:
 * 'jsdom'` for a binding), mocks restored after each test, the type tests beside them. `vite`:
 * plugins, aliases and other Vite options.
 *
 * @example
 * // packages/vue/vitest.config.ts
 * export default unitConfig(packageJson.name, { environment: 'jsdom', setupFiles: ['tests/test-setup.ts'] })
 */
export function unitConfig(name: string, test?: UnitOptions, vite?: ViteUserConfig): ViteUserConfig

/**
 * The unit tests again on the oldest framework version in the peer range (`<package>:<version>`),
 * without the type tests; `vite` aliases the framework to its old version.
 *
 * @example
 * export default floorConfig(packageJson.name, 'react18', { environment: 'jsdom' }, { resolve: { alias } })
 */
export function floorConfig(
  name: string,
  version: string,
  test?: Omit<UnitOptions, 'typecheck'>,
  vite?: ViteUserConfig,
): ViteUserConfig

/**
 * A package's real-browser project (`<package>:browser`): `tests/browser/*.test.ts` in Node, which
 * drive every engine `WEBMCP_ENGINES` selects; `tests/browser/global-setup.ts` launches them (for a
 * binding: `bindingSuiteSetup` of `@webmcp-kit/test-infra/binding-suite`).
 *
 * @example
 * // packages/vue/vitest.browser.config.ts
 * export default browserConfig(packageJson.name)
 */
export function browserConfig(
  name: string,
  test?: BrowserOptions,
  vite?: ViteUserConfig,
): ViteUserConfig

/**
 * A package's soak project (`<package>:soak`): `tests/soak/*.test.ts` with the globalSetup
 * `tests/soak/global-setup.ts` (`soakSuiteSetup` of `@webmcp-kit/test-infra/soak-suite`).
 * `WEBMCP_SOAK=full` (`pnpm test:soak`) runs the full counts.
 *
 * @example
 * // packages/vue/vitest.soak.config.ts
 * export default soakConfig(packageJson.name)
 */
export function soakConfig(name: string): ViteUserConfig
