// Helpers shared by the packages' tests and their global setups (as @webmcp-kit/test-infra/helpers; not part
// of any package).

import { queuedTasks, queueTask } from '../../core/src/queue-task'

/** A promise with its `resolve` and `reject` at hand (`Promise.withResolvers` needs Node 22). */
export function deferred<T = unknown>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/**
 * Runs a global setup's `start`, which hands each resource's closer to `defer` as it opens it.
 * Returns the function that closes them all, the last opened first; if `start` throws, what it
 * opened is closed at once and the error rethrown.
 */
export async function withCleanup(
  start: (defer: (...closers: Array<() => Promise<unknown>>) => void) => Promise<void>,
): Promise<() => Promise<void>> {
  const closers: Array<() => Promise<unknown>> = []
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer()
  }
  try {
    await start((...added) => closers.push(...added))
  } catch (error) {
    await close()
    throw error
  }
  return close
}

/** Polyfill tasks one `flushTasks()` may see run before it gives up (a queue that never drains). */
const MAX_FLUSH_ROUNDS = 10_000

/**
 * Resolves once the polyfill's task queue (`queueTask`: `registerTool`'s resolution, `toolchange`,
 * `getTools()`'s answer, an execution's result) is empty and stays empty across a whole task, so
 * the microtasks the last tasks started have run too. Nothing is waited for by the clock.
 *
 * `scope` runs each drain: a framework's way to let the updates the tasks caused finish, which may
 * queue more tasks (React: `act`; Angular: drain, then `whenStable()`). `flushTasks` drains again
 * until nothing is left. Throws when the queue is still busy after 10,000 tasks.
 *
 * @example
 * registration.subscribe(() => {})
 * await flushTasks()
 * expect(registration.getSnapshot().status).toBe('registered')
 * // In React tests:
 * await flushTasks(act)
 */
export async function flushTasks(
  scope: (drain: () => Promise<void>) => unknown = (drain) => drain(),
): Promise<void> {
  let rounds = 0
  const drain = async () => {
    // A task queued now runs after every task queued before it; two in a row with nothing queued
    // in between mean the microtasks of the earlier ones ran as well (a new message each time).
    for (let idle = 0; idle < 2;) {
      if (++rounds > MAX_FLUSH_ROUNDS) {
        throw new Error(`flushTasks: the polyfill still queues tasks after ${MAX_FLUSH_ROUNDS}`)
      }
      await new Promise<void>((resolve) => queueTask(resolve))
      idle = queuedTasks() ? 0 : idle + 1
    }
  }
  do await scope(drain)
  while (queuedTasks())
}
