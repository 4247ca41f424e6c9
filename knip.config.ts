import type { KnipConfig } from 'knip'

// The type tests, which vitest runs through `typecheck.include` (knip's vitest plugin reads only
// `include`). A workspace's own entry below replaces the glob's, so each one names it.
const entry = ['tests/*.test-d.{ts,tsx}']

export default {
  // An export also used in its own module is that module's interface (test infrastructure mostly).
  ignoreExportsUsedInFile: true,
  // Every package has a second (floor-version or real-browser) vitest project beside the first.
  vitest: { config: ['vitest.config.ts', 'vitest.*.config.ts'] },
  // Debian's xvfb package, started by @webmcp-kit/test-config/launch-webkit for WebKitGTK.
  ignoreBinaries: ['Xvfb'],
  // Templates of the consumer check: copied into fresh apps outside the workspace, built there.
  ignore: ['consumer-check/apps/**'],
  // FINDINGS TO FIX (issue 19, reported to their owners): each entry below marked "finding" is a
  // real unused item, left out only so CI stays green until its owner removes it; delete the entry
  // with the fix. Here: tests/utils.ts re-exports deferred, which no Angular test imports.
  ignoreIssues: { 'packages/angular/tests/utils.ts': ['exports'] },
  workspaces: {
    '.': {
      ignoreDependencies: [
        // Run from node_modules/.bin by scripts/check-package.mjs on each packed tarball.
        'publint',
        '@arethetypeswrong/cli',
        // Resolved by name in scripts/size-parts.mjs, which builds it beside ours.
        '@mcp-b/webmcp-polyfill',
      ],
    },
    'packages/*': { entry },
    'packages/agent-panel': {},
    // Test infrastructure: its entries are its exports (no type tests of its own).
    'packages/test-config': {},
    'packages/test-infra': {},
    'packages/core': {
      // The classic scripts' own entries (tsdown.config.ts bundles them; no export names them).
      entry: [...entry, 'src/classic.ts', 'src/standalone.ts'],
      ignoreDependencies: [
        // Imported by a program tests/webmcp-types.test.ts compiles from a string.
        'webmcp-types',
        // Finding: unused (src/infer.ts declares the Standard Schema types itself).
        '@standard-schema/spec',
      ],
    },
    'packages/angular': {
      entry,
      // Reached by vitest.angular19.config.ts, which maps each @angular/<name> to @angular/<name>-19.
      ignoreDependencies: [/^@angular\/[a-z-]+-19$/],
    },
    'apps/docs': {
      // The dynamic routes' loaders, and the packages the pages' twoslash samples import.
      entry: ['pages/**/*.paths.ts'],
      ignoreDependencies: [
        /^@webmcp-kit\/(react|vue|angular|svelte|solid|bridge)$/,
        'react',
        '@types/react',
        '@angular/core',
        'rxjs',
        'solid-js',
        'svelte',
        'zod',
      ],
    },
    'packages/extension': {
      // WXT's entrypoints (each file is one: the worker, the content script, the pages' scripts).
      entry: ['src/entrypoints/**/*.ts'],
    },
    'packages/bridge': {
      entry,
      // Located through createRequire(...).resolve('…/package.json') by tests/browser/inspector.test.ts.
      ignoreDependencies: ['@modelcontextprotocol/inspector-cli'],
    },
  },
} satisfies KnipConfig
