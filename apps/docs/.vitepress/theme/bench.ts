/**
 * The costs page's charts, read from a run of `pnpm bench --json` (`apps/docs/data/bench.json`):
 * pure data, drawn by `BenchChart.vue` as SVG when the site is built.
 */

/** A median time (ms per call) of one side of a row. */
interface Timing {
  ms: number
}

/** The part of `pnpm bench --json`'s output the charts read; a field a run lacks is shown as such. */
export interface BenchRun {
  engine: string
  browsers: Record<string, string>
  timing: { samples: number }
  /** The machine the run was made on, as the bench records it (absent from older runs). */
  machine?: string | Record<string, unknown>
  /** When the run was made (absent from older runs). */
  date?: string
  rows: Array<
    {
      id: string
      name: string
      ratio?: number
      target?: number
      bridge?: Record<string, { direct: number; bridge: number }>
    } & { [side: string]: unknown }
  >
  startup?: { engine: string; net: Record<string, number>; peer: string }
  memory?: Array<{
    id: string
    name: string
    memory: Record<string, { heapPerTool: number }>
    marginal?: Record<string, { heapPerTool: number }>
  }>
}

export interface Bar {
  series: string
  value: number
  text: string
}

export interface Group {
  label: string
  bars: Bar[]
  /** The row's goal, on the value's scale. */
  target?: number
}

export interface Chart {
  title: string
  /** What a bar's length is. */
  axis: string
  series: string[]
  groups: Group[]
  /** A line where the value means "costs nothing more" (1×), for ratios. */
  reference?: { value: number; label: string }
}

export type ChartName = 'api' | 'bridge' | 'host' | 'pages' | 'startup' | 'memory'

const ratio = (value: number) => `${value.toFixed(2)}×`
const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ms`

const msOf = (value: unknown) =>
  typeof value === 'object' && value !== null && 'ms' in value ? (value as Timing).ms : undefined

/** One bar a row for the rows named, each its polyfill ÷ reference ratio and goal. */
function ratioGroups(run: BenchRun, ids: string[]): Group[] {
  return ids.flatMap((id) => {
    const row = run.rows.find((r) => r.id === id)
    if (row?.ratio === undefined) return []
    return [
      {
        label: row.name.replace(/ \(÷.*\)$/, ''),
        bars: [{ series: 'polyfill', value: row.ratio, text: ratio(row.ratio) }],
        target: row.target,
      },
    ]
  })
}

/** The chart of that name, or `undefined` when the run has none of its rows. */
export function chartOf(run: BenchRun, name: ChartName): Chart | undefined {
  const chart = build(run, name)
  return chart && chart.groups.length > 0 ? chart : undefined
}

function build(run: BenchRun, name: ChartName): Chart | undefined {
  switch (name) {
    case 'api':
      return {
        title: 'The imperative API: the polyfill’s time ÷ native Chromium’s',
        axis: 'polyfill ÷ native',
        series: ['polyfill'],
        groups: ratioGroups(run, [
          'register-abort',
          'execute',
          'execute-100kb',
          'get-tools-1000',
          'concurrent-200',
          'execute-cross-origin',
        ]),
        reference: { value: 1, label: 'native' },
      }
    case 'host':
      return {
        title:
          'The host page’s DOM work in a tool form, and its selectors: with the polyfill ÷ without',
        axis: 'with ÷ without the polyfill',
        series: ['polyfill'],
        groups: ratioGroups(run, [
          'dom-attributes',
          'dom-rows',
          'dom-input',
          'selector-qsa',
          'selector-matches',
          'selector-closest',
        ]),
        reference: { value: 1, label: 'no polyfill' },
      }
    case 'pages': {
      const series = ['polyfill', 'imperative-only', 'peer']
      return {
        title: 'Pages without a tool form: each variant ÷ the same page without a polyfill',
        axis: '÷ no polyfill',
        series,
        groups: run.rows
          .filter((row) => row.id.startsWith('page-'))
          .flatMap((row) => {
            const base = msOf(row['no polyfill'])
            if (!base) return []
            const bars = series.flatMap((side) => {
              const time = msOf(row[side])
              return time === undefined
                ? []
                : [{ series: side, value: time / base, text: ratio(time / base) }]
            })
            return [
              {
                label: row.name.replace(/, (one task|a task each)$/, ''),
                bars,
                target: row.target,
              },
            ]
          }),
        reference: { value: 1, label: 'no polyfill' },
      }
    }
    case 'startup': {
      const startup = run.startup
      if (!startup) return undefined
      return {
        title: `Start-up, net of an empty script: this polyfill beside ${startup.peer}`,
        axis: 'ms, median of fresh loads',
        series: ['ours', 'peer'],
        groups: (
          [
            ['classic script', 'ours-classic', 'peer-classic'],
            ['ESM entry (bundled, minified)', 'ours-esm', 'peer-esm'],
          ] as const
        ).flatMap(([label, ours, peer]) => {
          const [a, b] = [startup.net[ours], startup.net[peer]]
          if (a === undefined || b === undefined) return []
          return [
            {
              label,
              bars: [
                { series: 'ours', value: a, text: ms(a) },
                { series: 'peer', value: b, text: ms(b) },
              ],
            },
          ]
        }),
      }
    }
    case 'memory': {
      const groups: Group[] = []
      for (const row of run.memory ?? []) {
        type Sides = Record<string, { heapPerTool: number }> | undefined
        const pairs: Array<[string, Sides]> = [[row.name, row.memory]]
        if (row.marginal) pairs.push(['per further tool (2,000 tools less 1,000)', row.marginal])
        for (const [label, sides] of pairs) {
          const native = sides?.native?.heapPerTool
          const polyfill = sides?.polyfill?.heapPerTool
          if (!native || polyfill === undefined) continue
          const value = polyfill / native
          groups.push({
            label,
            bars: [
              {
                series: 'polyfill',
                value,
                text: `${ratio(value)} (${(polyfill / 1024).toFixed(2)} KiB beside ${(native / 1024).toFixed(2)} KiB)`,
              },
            ],
            target: 1,
          })
        }
      }
      return {
        title: 'Memory per tool (V8’s and Blink’s heaps): the polyfill ÷ native Chromium',
        axis: 'polyfill ÷ native',
        series: ['polyfill'],
        groups,
        reference: { value: 1, label: 'native' },
      }
    }
    case 'bridge': {
      const row = run.rows.find((r) => r.bridge)
      return {
        title: 'A tool call through the bridge, beside the same executeTool in the page',
        axis: 'ms per call',
        series: ['in the page', 'through the bridge'],
        groups: Object.entries(row?.bridge ?? {}).map(([side, { direct, bridge }]) => ({
          label: side,
          bars: [
            { series: 'in the page', value: direct, text: ms(direct) },
            { series: 'through the bridge', value: bridge, text: ms(bridge) },
          ],
        })),
      }
    }
  }
}

/** What each chart's caption says of the run: the browsers, the machine, the date. */
export function runOf(run: BenchRun): {
  browsers: string
  machine: string
  date: string
  samples: string
} {
  const machine =
    typeof run.machine === 'string'
      ? run.machine
      : run.machine
        ? Object.entries(run.machine)
            .map(
              ([key, value]) =>
                `${key} ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
            )
            .join(', ')
        : 'machine not recorded'
  const date = run.date
    ? run.date.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')
    : 'date not recorded'
  return {
    browsers: [...new Set(Object.values(run.browsers))].join(', '),
    machine,
    date,
    samples: `median of ${run.timing.samples} samples per cell`,
  }
}
