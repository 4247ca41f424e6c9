// Builds the bridge from source (no package build needed) for the tests and `pnpm bench`: the library
// and the `webmcp-kit-bridge` command, as ES modules in node_modules/.cache, where Node resolves their
// dependencies from this package. @webmcp-kit/core is bundled from its source too (its dist may be
// older than its source).
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
export const OUT = `${root}node_modules/.cache/webmcp-bridge`

/** Bundles `src/index.ts` and `src/cli/cli.ts`; resolves to their paths. */
export async function buildFromSource() {
  mkdirSync(OUT, { recursive: true })
  await build({
    entryPoints: { index: `${root}src/index.ts`, cli: `${root}src/cli/cli.ts` },
    outdir: OUT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@modelcontextprotocol/sdk', 'playwright-core', 'ws'],
    conditions: ['@webmcp-kit/source'],
    logLevel: 'warning',
  })
  return { index: `${OUT}/index.mjs`, cli: `${OUT}/cli.mjs` }
}
