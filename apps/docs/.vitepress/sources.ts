import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * The repository's Markdown as the site's pages, under the same paths (so their relative links
 * between each other hold): `docs/*.md` as `docs/[page]`, `packages/<name>/README.md` as
 * `packages/[name]/README`. An image beside the source is taken from there.
 */
export function docsPages(folder: 'docs' | 'packages') {
  if (folder === 'docs') {
    return readdirSync(join(ROOT, 'docs'))
      .filter((file) => file.endsWith('.md'))
      .map((file) => ({
        params: { page: file.slice(0, -3) },
        content: readFileSync(join(ROOT, 'docs', file), 'utf8').replace(
          /\]\((screenshots\/[^)]+)\)/g,
          (_match, path: string) => `](../../../../docs/${path})`,
        ),
      }))
  }
  return readdirSync(join(ROOT, 'packages'))
    .filter((name) => existsSync(join(ROOT, 'packages', name, 'README.md')))
    .map((name) => ({
      params: { name },
      content: readFileSync(join(ROOT, 'packages', name, 'README.md'), 'utf8'),
    }))
}
