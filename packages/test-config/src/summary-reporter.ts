import type { Reporter, TestModule } from 'vitest/node'

/** What the conformance harness records per case and engine (packages/core/tests/conformance/harness.ts). */
interface EngineMeta {
  engine: string
  agrees: boolean
  polyfillOnly: boolean
  limit: boolean
}

/**
 * Ends the run with the plain line CI reads: `N passed, N failed, N skipped`. Before it, when the
 * conformance suite ran, one line per engine: how many cases agree with native Chromium, and which
 * build of native Chromium that was (oracle.test.ts records it).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const count = { passed: 0, failed: 0, skipped: 0 }
    const engines = new Map<
      string,
      { cases: number; agree: number; polyfillOnly: number; limits: number; failed: number }
    >()
    let oracle: string | undefined
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        const found = (test.meta() as { oracle?: string }).oracle
        if (found && test.name.startsWith('native Chromium')) oracle = found
        if (state === 'passed') count.passed++
        else if (state === 'failed') count.failed++
        else count.skipped++
        const meta = (test.meta() as { conformance?: EngineMeta }).conformance
        if (!meta) continue
        let row = engines.get(meta.engine)
        if (!row)
          engines.set(
            meta.engine,
            (row = { cases: 0, agree: 0, polyfillOnly: 0, limits: 0, failed: 0 }),
          )
        if (meta.polyfillOnly) row.polyfillOnly++
        else row.cases++
        if (meta.agrees) row.agree++
        if (meta.limit) row.limits++
        if (state === 'failed') row.failed++
      }
    }
    const lines = [...engines].map(([engine, row]) => {
      const notes = [
        row.limits && `${row.limits} documented engine limit${row.limits > 1 ? 's' : ''}`,
        row.polyfillOnly &&
          `${row.polyfillOnly} polyfill-only case${row.polyfillOnly > 1 ? 's' : ''}`,
        row.failed && `${row.failed} failing`,
      ].filter(Boolean)
      const suffix = notes.length ? ` (${notes.join('; ')})` : ''
      return `${engine}: ${row.agree}/${row.cases} cases agree with native Chromium${suffix}\n`
    })
    if (lines.length && oracle) lines.unshift(`native Chromium compared with: ${oracle}\n`)
    if (lines.length) process.stdout.write(`\n${lines.join('')}`)
    process.stdout.write(
      `\n${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`,
    )
  }
}
