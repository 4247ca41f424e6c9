import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { withCharts } from './costs'
import { checkedSamples } from './samples'

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * The repository's Markdown as the site's pages, under the same paths (so their relative links
 * between each other hold): `docs/*.md` as `docs/[page]`, each package's guide
 * `docs/packages/<name>.md` as `docs/packages/[name]`. An image beside the source is taken from there. Its TypeScript samples
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
          costs(
            file,
            readFileSync(join(ROOT, 'docs', file), 'utf8').replace(
              /\]\((screenshots\/[^)]+)\)/g,
              (_match, path: string) => `](../../../../docs/${path})`,
            ),
          ),
        ),
      }))
  }
  return readdirSync(join(ROOT, 'docs', 'packages'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => ({
      params: { name: readmeSamplesIn(file.slice(0, -3)) },
      content: checked(
        `docs/packages/${file}`,
        readFileSync(join(ROOT, 'docs', 'packages', file), 'utf8'),
      ),
    }))
}

/** The costs page, docs/performance.md, shows the bench's charts beside its text. */
const costs = (file: string, markdown: string) =>
  file === 'performance.md' ? withCharts(markdown) : markdown

/**
 * A package's README (its registry page) shows samples of its guide, `docs/packages/<name>.md`, as
 * they are there, where they are compiled; a README sample that its guide does not have fails the
 * build. Returns the name.
 */
function readmeSamplesIn(name: string): string {
  const guide = readFileSync(join(ROOT, 'docs', 'packages', `${name}.md`), 'utf8')
  const readme = join(ROOT, 'packages', name, 'README.md')
  if (!existsSync(readme)) return name
  for (const [sample] of readFileSync(readme, 'utf8').matchAll(
    /^```(ts|tsx|vue)\n[\s\S]*?^```$/gm,
  )) {
    if (!guide.includes(sample)) {
      throw new Error(
        `packages/${name}/README.md: a sample that docs/packages/${name}.md does not have (a README shows its guide's samples as they are, where they are compiled):\n${sample}`,
      )
    }
  }
  return name
}

/** The Markdown of each page of `docsPages`, by its path under pages/ (`docs/polyfill.md`). */
export function sourcesByPage(): Map<string, string> {
  return new Map([
    ...docsPages('docs', { samples: false }).map(
      ({ params, content }) => [`docs/${'page' in params ? params.page : ''}.md`, content] as const,
    ),
    ...docsPages('packages', { samples: false }).map(
      ({ params, content }) =>
        [`docs/packages/${'name' in params ? params.name : ''}.md`, content] as const,
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
