import {
  Injector,
  assertInInjectionContext,
  computed,
  inject,
  runInInjectionContext,
  signal,
} from '@angular/core'
import type { Signal } from '@angular/core'

/** @internal A value, or a function (a signal) that returns it. */
export const read = <T>(value: T | (() => T)): T =>
  typeof value === 'function' ? (value as () => T)() : value

/** @internal Runs `body` in `injector`, or in the current injection context that `fn` requires. */
export function inContext<T>(
  fn: Parameters<typeof assertInInjectionContext>[0],
  injector: Injector | undefined,
  body: () => T,
): T {
  if (!injector) assertInInjectionContext(fn)
  return runInInjectionContext(injector ?? inject(Injector), body)
}

/**
 * @internal A store's snapshot as a signal (the store made by `get` on first use), and `connect`,
 * which subscribes and returns the unsubscribe (core tells the last listener what that changed).
 */
export function liveSnapshot<Snapshot>(
  get: () => { subscribe(listener: () => void): () => void; getSnapshot(): Snapshot },
): [Signal<Snapshot>, connect: () => () => void] {
  const version = signal(0)
  const connect = () => get().subscribe(() => version.update((n) => n + 1))
  return [computed(() => (version(), get().getSnapshot())), connect]
}
