import type { ChartName } from './theme/bench'

/**
 * Where the costs page (docs/performance.md) shows each chart: at the end of the section that
 * speaks of its rows (before its first subsection), found by the heading's text. A chart whose section the page no longer has is
 * shown at the end of the page, under "Charts".
 */
const PLACES: Array<[heading: RegExp, charts: ChartName[]]> = [
  [/^## Speed$/m, ['api']],
  [/^### The bridge$/m, ['bridge']],
  [/^## What the polyfill costs the page that loads it$/m, ['host', 'pages', 'startup', 'memory']],
]

const ABOUT = `::: info The charts
The charts are drawn when the site is built, from one run of the bench committed as
\`apps/docs/data/bench.json\`: \`node bench/bench.mjs --json --samples 5 > apps/docs/data/bench.json\`,
which is what \`pnpm bench --json --samples 5\` runs once core is built. A short run: five samples
per cell, so its figures move more than the tables', which come from the runs they describe. Each
chart names the browser, the machine and the date of its run.
:::
`

const charts = (names: ChartName[]) =>
  names.map((name) => `<BenchChart name="${name}" />\n`).join('\n')

/** docs/performance.md with the charts of the committed bench run beside its text. */
export function withCharts(markdown: string): string {
  const lines = markdown.split('\n')
  const heading = (line: string) => /^#{1,6} /.test(line)
  const inserts = new Map<number, ChartName[]>()
  const unplaced: ChartName[] = []
  for (const [pattern, names] of PLACES) {
    const at = lines.findIndex((line) => pattern.test(line))
    if (at === -1) {
      unplaced.push(...names)
      continue
    }
    // The section's end: the next heading, its subsections' included.
    let end = lines.findIndex((line, i) => i > at && heading(line))
    if (end === -1) end = lines.length
    inserts.set(end, [...(inserts.get(end) ?? []), ...names])
  }
  const title = lines.findIndex((line) => /^# /.test(line))
  const out: string[] = []
  for (const [i, line] of lines.entries()) {
    const names = inserts.get(i)
    if (names) out.push(charts(names))
    out.push(line)
    if (i === title) out.push('', ABOUT)
  }
  const atEnd = inserts.get(lines.length)
  if (atEnd) out.push('', charts(atEnd))
  if (unplaced.length) out.push('', '## Charts', '', charts(unplaced))
  return out.join('\n')
}
