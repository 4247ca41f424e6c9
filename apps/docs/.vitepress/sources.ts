import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkedSamples } from './samples'

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * The repository's Markdown as the site's pages, under the same paths (so their relative links
 * between each other hold): `docs/*.md` as `docs/[page]`, `packages/<name>/README.md` as
 * `packages/[name]/README`. An image beside the source is taken from there. Its TypeScript samples
 * are compiled (`checkedSamples`), but for local search's copy (`samples: false`).
 */
export function docsPages(folder: 'docs' | 'packages', { samples = true } = {}) {
  const checked = (page: string, markdown: string) =>
    samples ? checkedSamples(page, markdown) : markdown
  if (folder === 'docs') {
    return readdirSync(join(ROOT, 'docs'))
      .filter((file) => file.endsWith('.md'))
      .map((file) => ({
        params: { page: file.slice(0, -3) },
        content: checked(
          `docs/${file}`,
          readFileSync(join(ROOT, 'docs', file), 'utf8').replace(
            /\]\((screenshots\/[^)]+)\)/g,
            (_match, path: string) => `](../../../../docs/${path})`,
          ),
        ),
      }))
  }
  return readdirSync(join(ROOT, 'packages'))
    .filter((name) => existsSync(join(ROOT, 'packages', name, 'README.md')))
    .map((name) => ({
      params: { name },
      content: checked(
        `packages/${name}/README.md`,
        readFileSync(join(ROOT, 'packages', name, 'README.md'), 'utf8'),
      ),
    }))
}

/** The Markdown of each page of `docsPages`, by its path under pages/ (`docs/polyfill.md`). */
export function sourcesByPage(): Map<string, string> {
  return new Map([
    ...docsPages('docs', { samples: false }).map(
      ({ params, content }) => [`docs/${'page' in params ? params.page : ''}.md`, content] as const,
    ),
    ...docsPages('packages', { samples: false }).map(
      ({ params, content }) =>
        [`packages/${'name' in params ? params.name : ''}/README.md`, content] as const,
    ),
  ])
}

/** A page's HTML as local search's sections: one a heading, with its anchor and its parents. */
export function* sections(html: string) {
  const headings = [...html.matchAll(/<h([1-6])[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)]
  const text = (from: number, to: number) =>
    html
      .slice(from, to)
      .replace(/<[^>]+>/g, ' ')
      .replace(/&[a-z]+;|&#\d+;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  const titles: string[] = []
  for (const [i, heading] of headings.entries()) {
    const level = Number(heading[1])
    titles.length = level - 1
    const title = heading[3]!
      .replace(/<[^>]+>/g, '')
      .replace(/&ZeroWidthSpace;|\u200b/g, '')
      .trim()
    titles[level - 1] = title
    const end = headings[i + 1]?.index ?? html.length
    yield {
      anchor: heading[2]!,
      titles: titles.filter(Boolean),
      text: text(heading.index + heading[0].length, end),
    }
  }
}
