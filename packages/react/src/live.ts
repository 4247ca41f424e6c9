'use client'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * @internal `store`'s snapshot, subscribed while the component is mounted (the first subscriber
 * starts the store's work, the last unsubscribe stops it). The server and the first client render
 * read the same snapshot, so hydration matches.
 */
export function useLiveSnapshot<Snapshot>(store: {
  subscribe(listener: () => void): () => void
  getSnapshot(): Snapshot
}): Snapshot {
  return useSyncExternalStore(
    useCallback((onStoreChange) => store.subscribe(onStoreChange), [store]),
    () => store.getSnapshot(),
    () => store.getSnapshot(),
  )
}
