// The harness's `Browser` and `Page`: one interface over every driver. A driver's tab only runs a
// script source (`RawPage`); `browserOf` makes it a `Page` whose `evaluate` sends each value through
// the serialiser (serialise.ts).
import { script, unwrap } from './serialise'
import type { PageFunction } from './serialise'

export interface Page {
  /** Navigates and waits for the `load` event. */
  goto(url: string): Promise<void>
  /**
   * Runs `fn(arg)` (arg must survive JSON) or evaluates `expression` in the page, awaits a promise,
   * and returns the value through one serialiser shared by every engine (playwright's rules).
   */
  evaluate<A, R>(fn: PageFunction<A, R>, arg?: A): Promise<R>
  evaluate(expression: string): Promise<unknown>
  /** Polls `evaluate(fn, arg)` until it returns something truthy (default: 30 s timeout, every 20 ms). */
  waitForFunction<A, R>(fn: PageFunction<A, R> | string, arg?: A, options?: WaitOptions): Promise<R>
  close(): Promise<void>
}

export interface WaitOptions {
  timeout?: number
  polling?: number
}

export interface Browser {
  engine: string
  /** e.g. `Firefox 153.8.0`, `WebKitGTK 2.50.6`. */
  version: string
  newPage(): Promise<Page>
  close(): Promise<void>
}

/** A tab of a driver: runs one script source and resolves with what it resolves to. */
export interface RawPage {
  goto(url: string): Promise<void>
  run(source: string): Promise<unknown>
  close(): Promise<void>
}

export type Evaluate = (
  expressionOrFn: string | PageFunction<never, unknown>,
  arg?: unknown,
) => Promise<unknown>

/** Polls `evaluate(fn, arg)` until it is truthy, like playwright's `page.waitForFunction`. */
export async function waitFor(
  evaluate: Evaluate,
  fn: string | PageFunction<never, unknown>,
  arg: unknown,
  { timeout = 30_000, polling = 20 }: WaitOptions = {},
): Promise<unknown> {
  const deadline = Date.now() + timeout
  for (;;) {
    const value = await evaluate(fn, arg)
    if (value) return value
    if (Date.now() > deadline) throw new Error(`waitForFunction: still falsy after ${timeout} ms`)
    await new Promise((resolve) => setTimeout(resolve, polling))
  }
}

/** A served browser's page: a `Page` whose raw outcome `serve` can forward. */
export interface ServedPage extends Page {
  /** @internal The raw outcome, for `serve`. */
  run(source: string): Promise<unknown>
}

/** A browser launched in this process, which `serve` can share. */
export interface ServableBrowser extends Browser {
  newPage(): Promise<ServedPage>
}

/**
 * A `Browser` from a driver whose pages run one script source and return what it resolves to.
 * With `reuse`, a closed page's tab goes back to a pool at `about:blank` and serves the next
 * `newPage()`: a new tab costs about 0.6 s in Firefox and WebKitGTK here, a navigation 0.2 s.
 */
export function browserOf(
  engine: string,
  version: string,
  {
    newPage,
    close,
    reuse = false,
  }: { newPage(): Promise<RawPage>; close(): Promise<void>; reuse?: boolean },
): ServableBrowser {
  const idle: RawPage[] = []
  return {
    engine,
    version,
    async newPage() {
      const page = idle.pop() ?? (await newPage())
      let closed = false
      const evaluate: Evaluate = async (expressionOrFn, arg) =>
        unwrap(await page.run(script(expressionOrFn, arg)))
      return {
        goto: (url) => page.goto(url),
        evaluate: evaluate as Page['evaluate'],
        waitForFunction: ((fn, arg, options) =>
          waitFor(evaluate, fn, arg, options)) as Page['waitForFunction'],
        run: (source) => page.run(source),
        async close() {
          if (closed) return
          closed = true
          if (reuse) {
            try {
              await page.goto('about:blank')
              idle.push(page)
              return
            } catch {
              // Not reusable: closed below.
            }
          }
          await page.close()
        },
      }
    },
    close,
  }
}
