import { defineConfig } from 'vitest/config'

/**
 * The vitest project of a package's soak suite (issue 17): `tests/soak/*.test.ts` with the
 * globalSetup `tests/soak/global-setup.ts` (scripts/soak-suite.mjs's `soakSuiteSetup`), named
 * `<package>:soak`. `WEBMCP_SOAK=full` (`pnpm test:soak`) runs the full counts.
 */
export const soakProject = (packageName: string) =>
  defineConfig({
    test: {
      name: `${packageName}:soak`,
      include: ['tests/soak/*.test.ts'],
      environment: 'node',
      globalSetup: ['tests/soak/global-setup.ts'],
      testTimeout: 1_800_000,
      hookTimeout: 60_000,
    },
  })
