// Helpers shared by the packages' unit tests (imported by relative path; not part of any package).

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
