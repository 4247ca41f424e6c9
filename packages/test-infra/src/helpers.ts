// Helpers shared by the packages' tests and their global setups (as @webmcp-kit/test-infra/helpers; not part
// of any package).

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

/** What `flushTasks` reads of the polyfill hook (`PolyfillHook` of `@webmcp-kit/core/lifecycle`). */
interface TaskHook {
  pending?(): number
}

/**
 * How many of the polyfill's tasks have not run yet, as its hook says: the hook on the `ModelContext`
 * interface object, which is `document.modelContext.constructor` (where the bridge finds it). Read
 * from the global so that waiting never calls the `document.modelContext` getter a test watches. 0
 * without a polyfill.
 */
function pending(): number {
  const { ModelContext } = globalThis as { ModelContext?: unknown }
  const hooks = ModelContext as Record<symbol, TaskHook | undefined> | undefined
  return hooks?.[Symbol.for('webmcp-kit/polyfill')]?.pending?.() ?? 0
}

/** Resolves in a task of its own (not a microtask): every microtask queued before it has run. */
function nextTask(): Promise<void> {
  const { port1, port2 } = new MessageChannel()
  return new Promise<void>((resolve) => {
    port1.onmessage = () => {
      port1.close()
      resolve()
    }
    port2.postMessage(0)
  })
}

/**
 * Resolves once the polyfill's task queue (`registerTool`'s resolution, `toolchange`,
 * `getTools()`'s answer, an execution's result) is empty and stays empty across two whole tasks, so
 * the microtasks the last tasks started have run too. It reads the queue through the polyfill hook
 * (`pending()`), so it imports nothing of the polyfill. Nothing is waited for by the clock.
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
    // Each task of ours runs after the microtasks of every task before it; two in a row with no
    // polyfill task pending after either mean those microtasks queued nothing more.
    for (let idle = 0; idle < 2;) {
      if (++rounds > MAX_FLUSH_ROUNDS) {
        throw new Error(`flushTasks: the polyfill still queues tasks after ${MAX_FLUSH_ROUNDS}`)
      }
      await nextTask()
      idle = pending() ? 0 : idle + 1
    }
  }
  do await scope(drain)
  while (pending())
}
