import { untrack } from 'svelte'

/**
 * A value, or a function that returns it: read inside an effect, so a getter over `$state` (or a
 * `$state` object itself) makes the option reactive.
 */
export type MaybeGetter<T> = T | (() => T)

/** @internal The value of a {@link MaybeGetter}. */
export const read = <T>(value: MaybeGetter<T>): T =>
  typeof value === 'function' ? (value as () => T)() : value

/**
 * `store`'s snapshot as reactive state (`current`), subscribed by an effect of the caller: in a
 * component from its mount (so never on the server, and the first client render matches the
 * server's) until it is destroyed; in an `$effect.root` until that root is cleaned up. The core
 * tells the last listener what its unsubscribe changed, so stopping needs no re-read; starting
 * reads once, for what changed while nobody listened. Untracked: what the store reads while it
 * starts must not restart it.
 *
 * @internal
 */
export function liveSnapshot<Snapshot>(store: {
  subscribe(listener: () => void): () => void
  getSnapshot(): Snapshot
}): { readonly current: Snapshot } {
  let snapshot = $state.raw(store.getSnapshot())
  const update = () => void (snapshot = store.getSnapshot())
  $effect(() =>
    untrack(() => {
      const stop = store.subscribe(update)
      update()
      return stop
    }),
  )
  return {
    get current() {
      return snapshot
    },
  }
}
