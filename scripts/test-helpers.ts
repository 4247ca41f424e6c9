// Helpers shared by the packages' tests and their global setups (imported by relative path; not part
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
