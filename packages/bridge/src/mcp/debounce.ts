/** Options of {@link debounce}. */
export interface DebounceOptions {
  /** How quiet (ms) the hints must be before `run`. */
  quietMs: number
  /** How long (ms) at most `run` waits after the first hint, however often hints come. */
  maxWaitMs: number
}

/** A debounced action: `hint()` asks for it, `cancel()` drops what is pending. */
export interface Debounced {
  hint(): void
  cancel(): void
}

/**
 * Runs `run` once hints stop for `quietMs`, and at the latest `maxWaitMs` after the first hint
 * since the last run: a page (or a frame in it) that never stops reporting changes cannot hold
 * the announcement of a real one back.
 *
 * @example
 * ```ts
 * const changes = debounce({ quietMs: 30, maxWaitMs: 250 }, announce)
 * page.on('framenavigated', () => changes.hint())
 * ```
 */
export function debounce({ quietMs, maxWaitMs }: DebounceOptions, run: () => void): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined
  let first: number | undefined
  const fire = () => {
    timer = undefined
    first = undefined
    run()
  }
  return {
    hint() {
      const now = performance.now()
      first ??= now
      clearTimeout(timer)
      timer = setTimeout(fire, Math.max(0, Math.min(quietMs, first + maxWaitMs - now)))
    },
    cancel() {
      clearTimeout(timer)
      timer = undefined
      first = undefined
    },
  }
}
