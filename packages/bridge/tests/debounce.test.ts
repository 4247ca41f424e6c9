import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { debounce } from '../src/mcp/debounce'

// The debounce's clock is the subject here: fake timers drive it (no waiting).
describe('debounce', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('runs once the hints are quiet for quietMs', () => {
    const run = vi.fn()
    const changes = debounce({ quietMs: 30, maxWaitMs: 250 }, run)
    changes.hint()
    vi.advanceTimersByTime(20)
    changes.hint()
    vi.advanceTimersByTime(29)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs at most maxWaitMs after the first hint however often hints come (V15)', () => {
    const run = vi.fn()
    const changes = debounce({ quietMs: 30, maxWaitMs: 250 }, run)
    // A frame reporting a change every 10 ms for 2 s.
    for (let t = 0; t < 2000; t += 10) {
      changes.hint()
      vi.advanceTimersByTime(10)
    }
    // 2000 ms of hints: a run every 250 ms, not none.
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(7)
    expect(run.mock.calls.length).toBeLessThanOrEqual(8)
  })

  it('drops a pending run on cancel', () => {
    const run = vi.fn()
    const changes = debounce({ quietMs: 30, maxWaitMs: 250 }, run)
    changes.hint()
    changes.cancel()
    vi.advanceTimersByTime(1000)
    expect(run).not.toHaveBeenCalled()
  })
})
