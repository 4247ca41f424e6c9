import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT, sections, sourcesByPage } from './sources'
import { transformerTwoslash } from '@shikijs/vitepress-twoslash'
import { createMarkdownRenderer, defineConfig } from 'vitepress'
import type { DefaultTheme, MarkdownOptions, MarkdownRenderer } from 'vitepress'

const PAGES = fileURLToPath(new URL('../pages', import.meta.url))

// The site's pages are the repository's own Markdown (docs/, its packages/ included) plus the pages
// of apps/docs/pages; everything else under the repository root is left out.
const SITE = ['docs/', 'apps/docs/pages/']

/**
 * A link from a page to a file of the repository that is no page of the site (a source file, a
 * folder) would 404 on the site: a folder with a README page links to it, anything else keeps its
 * text and loses the link. A link to one of apps/docs/pages's own pages goes to it on the site.
 */
function repositoryLinks(md: MarkdownRenderer) {
  md.core.ruler.after('inline', 'repository-links', (state) => {
    const page = (state.env as { path?: string }).path
    if (!page) return
    for (const block of state.tokens) {
      const children = block.children ?? []
      for (let i = 0; i < children.length; i++) {
        const open = children[i]
        const href = open?.type === 'link_open' ? open.attrGet('href') : null
        if (!open || !href || /^[a-z]+:|^#|^\//i.test(href)) continue
        const [path = '', hash] = href.split('#')
        if (path === '') continue
        const target = resolve(ROOT, relative(PAGES, dirname(page)), path)
        // A page of apps/docs/pages, linked from the repository's Markdown: its path on the site.
        if (target.startsWith(`${PAGES}/`) && target.endsWith('.md')) {
          open.attrSet('href', `/${relative(PAGES, target)}${hash === undefined ? '' : `#${hash}`}`)
          continue
        }
        if (/\.(md|html)$/.test(path)) continue
        const readme = join(target, 'README.md')
        if (existsSync(readme) && isPage(readme)) {
          open.attrSet('href', `${path.replace(/\/$/, '')}/README.md`)
          continue
        }
        if (!existsSync(target) || statSync(target).isDirectory() || /\.[a-z]+$/.test(path)) {
          const close = children.findIndex((t, j) => j > i && t.type === 'link_close')
          if (close === -1) continue
          children.splice(close, 1)
          children.splice(i, 1)
          i--
        }
      }
    }
  })
}

const isPage = (file: string) => {
  const path = relative(ROOT, file).split('\\').join('/')
  return SITE.some((prefix) => path.startsWith(prefix))
}

/**
 * The API reference's sidebar, which TypeDoc writes beside the pages it generates from the TSDoc
 * (`pnpm docs` and `pnpm docs:build` run it first). Without them the site has no API pages.
 */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const file = join(PAGES, 'api/typedoc-sidebar.json')
  if (!existsSync(file)) return []
  const items = JSON.parse(readFileSync(file, 'utf8')) as DefaultTheme.SidebarItem[]
  return [{ text: 'API reference', link: '/api/', items }]
}

const SOURCES = sourcesByPage()
let searchRenderer: Promise<MarkdownRenderer> | undefined

type CodeTransformer = NonNullable<MarkdownOptions['codeTransformers']>[number]

const guide = [
  { text: 'Getting started', link: '/getting-started' },
  { text: 'The bindings', link: '/docs/bindings' },
  { text: 'The polyfill', link: '/docs/polyfill' },
  { text: 'Frames', link: '/docs/frames' },
  { text: 'Testing your tools', link: '/docs/testing' },
  { text: 'Connecting an agent', link: '/docs/bridge' },
  { text: 'The demo apps', link: '/docs/demo' },
]

const packages = ['core', 'react', 'vue', 'angular', 'svelte', 'solid', 'bridge', 'testing'].map(
  (name) => ({ text: `@webmcp-kit/${name}`, link: `/docs/packages/${name}` }),
)

export default defineConfig({
  title: 'webmcp-kit',
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  description:
    'A spec-faithful WebMCP polyfill, with bindings for React, Vue, Angular, Svelte and Solid.',
  srcDir: 'pages',
  outDir: 'dist',
  cacheDir: 'node_modules/.vitepress',
  cleanUrls: false,
  // docs/demo.md's links to the demo apps that `pnpm demo` serves on this machine.
  ignoreDeadLinks: [/^https?:\/\/localhost:\d+/],
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Live', link: '/live' },
      { text: 'API', link: '/api/', activeMatch: '^/api/' },
      { text: 'Packages', items: packages },
    ],
    sidebar: {
      '/api/': apiSidebar(),
      '/': [
        { text: 'Guide', items: guide },
        { text: 'Try it', items: [{ text: 'Live tools', link: '/live' }] },
        {
          text: 'Reference',
          items: [
            { text: 'Browser support', link: '/docs/browser-support' },
            { text: 'Conformance', link: '/docs/conformance' },
            { text: 'Costs', link: '/docs/performance' },
            { text: 'API reference', link: '/api/' },
          ],
        },
        { text: 'Packages', collapsed: true, items: packages },
      ],
    },
    search: {
      provider: 'local',
      options: {
        miniSearch: {
          // Local search reads a page's file, which a dynamic route's page has none of: its
          // Markdown is rendered here.
          async _splitIntoSections(file, html) {
            const source = SOURCES.get(relative(PAGES, file).split('\\').join('/'))
            if (source !== undefined) {
              const md = await (searchRenderer ??= createMarkdownRenderer(PAGES))
              html = md.render(source, { path: file, relativePath: relative(PAGES, file) })
            }
            // An API page is found by its name and its summary: its first section. The rest
            // (parameters, members) would only make the index larger.
            const all = [...sections(html)]
            return relative(PAGES, file).startsWith('api') ? all.slice(0, 1) : all
          },
        },
      },
    },
    outline: { level: [2, 3] },
  },
  markdown: {
    config: (md) => md.use(repositoryLinks),
    codeTransformers: [
      // Shiki 4's transformer type, which VitePress 1's Shiki 2 runs as it is.
      transformerTwoslash({
        // A sample that does not compile fails the build (in dev it shows the error instead).
        throws: process.env.NODE_ENV !== 'development',
        twoslashOptions: {
          // A page's own document.modelContext, as the samples that use it assume (native WebMCP
          // or the polyfill installed): the packages declare no global of their own.
          extraFiles: {
            'webmcp-global.d.ts': `import type { ModelContext } from '@webmcp-kit/core'
declare global { interface Document { readonly modelContext: ModelContext } }`,
          },
          // Compiled against the workspace's sources, as the packages' own tests are.
          compilerOptions: {
            moduleResolution: 100 /* Bundler */,
            module: 99 /* ESNext */,
            target: 9 /* ES2022 */,
            strict: true,
            skipLibCheck: true,
            customConditions: ['@webmcp-kit/source'],
            lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
            jsx: 4 /* ReactJSX */,
          },
        },
      }) as unknown as CodeTransformer,
    ],
  },
  vite: {
    resolve: {
      conditions: ['@webmcp-kit/source'],
    },
    ssr: { resolve: { conditions: ['@webmcp-kit/source'] } },
    server: { fs: { allow: [ROOT] } },
  },
})
