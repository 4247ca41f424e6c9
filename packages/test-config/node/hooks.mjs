// Node module hooks (registered by register.mjs): workspace packages resolved from source, and .ts
// files compiled by esbuild as they load. Only the types go: no helper is injected, so a function's
// source stays as written (the engines send functions to pages as source text).
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { transform } from 'esbuild'

/** @typedef {{ parentURL?: string, conditions: string[] }} ResolveContext */
/** @typedef {{ format?: string | null, url: string, shortCircuit?: boolean }} Resolved */

/** The condition under which a workspace package exports its TypeScript sources. */
const SOURCE = '@webmcp-kit/source'

/**
 * Workspace packages resolve from source (the `@webmcp-kit/source` condition first, as in the
 * vitest projects), so no script waits for a package build. TypeScript's extensionless relative
 * imports (`./browser`) resolve to the `.ts` file beside.
 *
 * @param {string} specifier
 * @param {ResolveContext} context
 * @param {(specifier: string, context: ResolveContext) => Promise<Resolved>} nextResolve
 * @returns {Promise<Resolved>}
 */
export async function resolve(specifier, context, nextResolve) {
  context = { ...context, conditions: [SOURCE, ...context.conditions] }
  try {
    return await nextResolve(specifier, context)
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code
    const relative = specifier.startsWith('./') || specifier.startsWith('../')
    if (code !== 'ERR_MODULE_NOT_FOUND' || !relative || !context.parentURL?.endsWith('.ts')) {
      throw error
    }
    return nextResolve(`${specifier}.ts`, context)
  }
}

/**
 * @param {string} url
 * @param {{ format?: string | null }} context
 * @param {(url: string, context: { format?: string | null }) => Promise<{ format: string, source?: string | ArrayBuffer | Uint8Array | null }>} nextLoad
 * @returns {Promise<{ format: string, source?: string | ArrayBuffer | Uint8Array | null, shortCircuit?: boolean }>}
 */
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context)
  const path = fileURLToPath(url)
  const { code } = await transform(await readFile(path, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcefile: path,
    sourcemap: 'inline',
  })
  return { format: 'module', source: code, shortCircuit: true }
}
