// What the bench prints: the tables of the rows, the bridge, start-up and memory lines. Only
// formatting: the numbers come from measure.mjs and host.mjs.
/**
 * @typedef {import('./measure.mjs').Result} Result
 * @typedef {import('./host.mjs').Startup} Startup
 * @typedef {import('./host.mjs').Memory} Memory
 * @typedef {import('./host.mjs').PerTool} PerTool
 */

/** @param {number} ms */
export function format(ms) {
  return ms >= 10
    ? ms.toFixed(1)
    : ms >= 1
      ? ms.toFixed(2)
      : ms >= 0.01
        ? ms.toFixed(3)
        : ms.toPrecision(2)
}

/**
 * @param {{ label: string }[]} sides The columns, the first the reference of the ratios.
 * @param {Result[]} results
 * @param {string[]} [labels] Column headings, by side.
 */
export function printTable(sides, results, labels = sides.map((side) => side.label)) {
  const [reference, ...others] = sides
  const head = ['row', ...labels.map((label) => `${label} ms/call`)]
  for (const [i] of others.entries()) head.push(`${labels[i + 1]}/${labels[0]}`)
  const lines = results.map(({ row, times = {} }) => {
    const ref = reference && times[reference.label]?.ms
    const cells = [
      row.name,
      ...sides.map((side) => {
        const ms = times[side.label]?.ms
        return ms === undefined ? '—' : format(ms)
      }),
    ]
    for (const side of others) {
      const ms = times[side.label]?.ms
      cells.push(ref && ms !== undefined ? `${(ms / ref).toFixed(2)}×` : '—')
    }
    return cells
  })
  const widths = head.map((_, i) =>
    Math.max(...[head, ...lines].map((cells) => cells[i]?.length ?? 0)),
  )
  /** @param {string[]} cells */
  const render = (cells) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
  console.log(render(head))
  console.log(widths.map((width) => '─'.repeat(width)).join('  '))
  for (const cells of lines) console.log(render(cells))
  console.log()
  for (const { verdict, toolForm } of results) {
    if (!verdict) continue
    // Beside the row's verdict, what the form being a tool costs the page in each implementation.
    const costs = Object.entries(toolForm ?? {}).map(
      ([label, { ratio }]) => `${label}: ${ratio.toFixed(2)}×`,
    )
    console.log(
      costs.length ? `${verdict.text}; ${costs.join(', ')} (tool form ÷ plain form)` : verdict.text,
    )
  }
}

/** @param {Result[]} results */
export function printBridge(results) {
  for (const { row, bridge } of results) {
    if (!bridge) continue
    console.log(`\n${row.name}, beside a direct in-page executeTool of the same tool:`)
    for (const [label, { direct, bridge: through }] of Object.entries(bridge)) {
      console.log(
        `  ${label.padEnd(9)} direct ${format(direct)} ms/call, through the bridge ${format(through)} ms/call: ${(through / direct).toFixed(1)}×`,
      )
    }
  }
}

/** @param {Result[]} results */
export function printExtension(results) {
  const verdicts = []
  for (const { row, extension } of results) {
    if (!extension) continue
    console.log(`\n${row.name}:`)
    for (const [label, side] of Object.entries(extension)) {
      const { tabs, ratio, samples } = side
      const what = row.extension === 'call' ? 'ms/call' : `ms per tools/list of ${tabs} tabs`
      const direct = side.direct === undefined ? '' : ` (direct in the page ${format(side.direct)})`
      const spread = (/** @type {number[]} */ values) =>
        `${format(Math.min(...values))}–${format(Math.max(...values))}`
      console.log(
        `  ${label.padEnd(9)} extension ${format(side.extension)} ${what} (${spread(samples.extension)}), CDP bridge ${format(side.cdp)} (${spread(samples.cdp)})${direct}: ${ratio.toFixed(2)}×`,
      )
      if (row.target !== undefined) {
        const meets = ratio <= row.target
        verdicts.push(
          `${meets ? 'PASS' : 'FAIL'}  ${row.id}, ${label}: ${ratio.toFixed(2)}× the CDP bridge (target ≤ ${row.target}×)`,
        )
      }
    }
  }
  for (const verdict of verdicts) console.log(verdict)
}

/**
 * @param {Startup} startup
 * @param {string} peer
 */
export function printStartup({ label, version, ms, installMs, samples, net, bytes }, peer) {
  console.log(
    `\nStart-up in ${label} (${version}), a fresh load each (no code cache), median of ${samples}:`,
  )
  /** @type {[string, import('./host.mjs').Variant, import('./host.mjs').Variant, number][]} */
  const rows = [
    ['classic script', 'ours-classic', 'peer-classic', 0.8],
    ['ESM entry', 'ours-esm', 'peer-esm', 0.8],
    ['imperative-only', 'ours-imperative', 'peer-classic', 0.5],
  ]
  const verdicts = []
  for (const [name, ours, theirs, target] of rows) {
    const ratio = net(ours) / net(theirs)
    console.log(
      `  ${name.padEnd(15)} ours ${format(net(ours))} ms net of an empty script (${format(ms[ours])} ms with it, ${(bytes[ours] / 1000).toFixed(1)} kB gz), ${peer} ${format(net(theirs))} ms net (${(bytes[theirs] / 1000).toFixed(1)} kB gz): ${ratio.toFixed(2)}× the peer`,
    )
    verdicts.push(
      `${ratio <= target ? 'PASS' : 'FAIL'}  start-up, ${name}: ${ratio.toFixed(2)}× the peer's (target ≤ ${target}×) in ${label}`,
    )
  }
  if (installMs !== undefined) {
    // The split page runs the same script without installing, then install() from a later script.
    console.log(
      `  of the classic script: parse, compile and top-level evaluation ${format(net('ours-split'))} ms, then install() ${format(installMs)} ms`,
    )
  }
  for (const verdict of verdicts) console.log(verdict)
}

/**
 * @param {Memory[]} results
 * @param {{ label: string }[]} sides
 * @param {number} pages Fresh pages per row and browser.
 */
export function printMemory(results, sides, pages) {
  if (!results.length) return
  /** @param {number} bytes */
  const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`
  console.log(
    `\nMemory, median of ${pages} fresh pages after GC (V8's heap + Blink's C++ heap, where native keeps its tools):`,
  )
  const verdicts = []
  /** @param {Record<string, PerTool>} memory */
  const cells = (memory) =>
    sides.map((side) => {
      const { jsPerTool = NaN, embedderPerTool = NaN, heapPerTool = NaN } = memory[side.label] ?? {}
      return `${side.label} ${kb(heapPerTool)} (${kb(jsPerTool)} + ${kb(embedderPerTool)})`
    })
  for (const { name, memory, marginal } of results) {
    console.log(`  ${name}: ${cells(memory).join('; ')}`)
    const { native, polyfill } = memory
    if (marginal) {
      const { native: n, polyfill: p } = marginal
      const ratio =
        n && p ? `: polyfill ${(p.heapPerTool / n.heapPerTool).toFixed(2)}× native's` : ''
      console.log(
        `    marginal, (heap(2N) − heap(N)) ÷ N, fresh pages: ${cells(marginal).join('; ')}${ratio}`,
      )
    }
    if (native && polyfill) {
      const ratio = polyfill.heapPerTool / native.heapPerTool
      const meets = ratio <= 1
      const extra =
        marginal?.native && marginal.polyfill
          ? `; marginal ${(marginal.polyfill.heapPerTool / marginal.native.heapPerTool).toFixed(2)}×`
          : ''
      verdicts.push(
        `${meets ? 'PASS' : 'FAIL'}  memory ${name}: polyfill heap ${ratio.toFixed(2)}× native's (target ≤ 1×)${extra}`,
      )
    }
  }
  for (const verdict of verdicts) console.log(verdict)
}

/**
 * One run's results, as the JSON output and the printed report take them.
 * @typedef {object} Run
 * @property {string} engine `--engine`.
 * @property {import('./measure.mjs').Side[]} sides
 * @property {Result[]} results
 * @property {Startup | undefined} startup
 * @property {Memory[]} memory
 * @property {number} memoryPages Fresh pages per memory row and browser.
 * @property {string} peer The peer polyfill and its version.
 * @property {string} hostEngine The browser of the host page's rows.
 * @property {{ label: string }[]} pageVariants The columns of the page rows.
 * @property {import('./measure.mjs').Timing} timing
 * @property {number} seconds
 * @property {string} date When the run began (ISO 8601, UTC).
 * @property {Machine} machine
 */

/**
 * The machine of a run (bench.mjs).
 * @typedef {object} Machine
 * @property {string} cpu The CPU's model.
 * @property {number} cores Logical cores.
 * @property {number} memoryGiB
 * @property {string} os Kernel name, release and architecture.
 * @property {string} node
 * @property {{ start: number[], end: number[] }} loadAverage The 1, 5 and 15 minute load averages
 *   when the run began and when it ended.
 * @property {string[]} browsers The versions of the browsers the run launched.
 */

/** @param {Run} run */
export function toJson(run) {
  const { engine, sides, results, startup, memory, peer, timing, seconds, date, machine } = run
  const rowsOut = results.map(({ row, times, verdict, bridge, extension, toolForm }) => ({
    id: row.id,
    name: row.name,
    calls: row.calls ?? 1,
    ...times,
    ...(verdict && { ...verdict, text: undefined }),
    ...(toolForm && { toolForm }),
    ...(extension && {
      extension: Object.fromEntries(
        Object.entries(extension).map(([label, side]) => [
          label,
          {
            ...side,
            ...(row.target !== undefined && {
              target: row.target,
              meets: side.ratio <= row.target,
            }),
          },
        ]),
      ),
    }),
    ...(bridge && {
      bridge: Object.fromEntries(
        Object.entries(bridge).map(([label, b]) => [label, { ...b, ratio: b.bridge / b.direct }]),
      ),
    }),
  }))
  const browsers = Object.fromEntries(sides.map((side) => [side.label, side.version]))
  const startupOut = startup && {
    engine: startup.label,
    ms: startup.ms,
    installMs: startup.installMs,
    bytes: startup.bytes,
    peer,
    net: startup.netMs,
  }
  const out = {
    ...{ date, machine, engine, browsers, peer, timing, seconds },
    ...{ rows: rowsOut, startup: startupOut, memory },
  }
  return JSON.stringify(out, null, 2)
}

/**
 * The browsers a run measured in: the engine's (every row but the extension's) and the Chromiums the
 * extension rows launched with the extension loaded.
 * @param {{ version: string }[]} sides
 * @param {Result[]} results
 */
export function browsersOf(sides, results) {
  const extension = results.flatMap(({ extension }) => Object.values(extension ?? {}))
  return [...new Set([...sides, ...extension].map((side) => side.version))]
}

/** @param {Run} run */
export function printReport(run) {
  const { sides, results, startup, memory, peer, hostEngine, timing, seconds } = run
  console.log()
  const plain = results.filter(
    ({ row, bridge, extension }) => !bridge && !extension && !row.host && !row.page,
  )
  if (plain.length) printTable(sides, plain)
  const host = results.filter((result) => result.row.host)
  if (host.length) {
    console.log(`The host page's DOM work, in ${hostEngine} (two frames of one tab, interleaved):`)
    printTable(sides, host, ['without polyfill', 'with polyfill'])
  }
  const pages = results.filter((result) => result.row.page)
  if (pages.length) {
    console.log(
      `Pages without a tool form, in ${hostEngine} (a fresh page per sample; peer: ${peer}):`,
    )
    printTable(run.pageVariants, pages)
  }
  printBridge(results)
  printExtension(results)
  if (startup) printStartup(startup, peer)
  printMemory(memory, sides, run.memoryPages)
  const { cpu, cores, loadAverage } = run.machine
  console.log(
    `\n(${run.machine.browsers.join(', ')}; median of ${timing.samples} samples per cell; ${seconds.toFixed(1)} s)`,
  )
  console.log(
    `(${run.date}; ${cpu}, ${cores} cores; load average ${loadAverage.start.join(' ')} at the start, ${loadAverage.end.join(' ')} at the end)`,
  )
}
