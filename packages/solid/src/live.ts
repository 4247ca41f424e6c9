import { createSignal, onCleanup, onMount } from 'solid-js'
import type { Accessor } from 'solid-js'

/**
 * A value, or an accessor (a signal, a memo, a function that reads signals) read where it is
 * tracked. The options of {@link createWebMCPTool} and {@link createWebMCPTools} take either.
 */
export type MaybeAccessor<Value> = Value | Accessor<Value>

/** @internal The value, or what the accessor returns (tracked where it is called). */
export const read = <Value>(value: MaybeAccessor<Value>): Value =>
  typeof value === 'function' ? (value as Accessor<Value>)() : value

/**
 * `store`'s snapshot as a signal, subscribed from the owner's mount (never on the server, whose
 * build runs no effects, so the first client render matches the server's) until the owner is
 * cleaned up. The core tells the last listener what its unsubscribe changed, so stopping needs no
 * re-read; starting reads once, for what changed before the mount.
 *
 * @internal
 */
export function liveSnapshot<Snapshot>(store: {
  subscribe(listener: () => void): () => void
  getSnapshot(): Snapshot
}): Accessor<Snapshot> {
  const [snapshot, setSnapshot] = createSignal(store.getSnapshot())
  const update = () => void setSnapshot(() => store.getSnapshot())
  onMount(() => {
    onCleanup(store.subscribe(update))
    update()
  })
  return snapshot
}
