/**
 * The store contract behind {@link ToolRegistration} and {@link ToolsObserver}, and so behind every
 * binding (`useSyncExternalStore`, a Vue `shallowRef`, an Angular signal). `getSnapshot()` returns
 * the same object until something changed; every listener hears every change; the first
 * `subscribe` starts the store's work (`onSubscribe`), and the last unsubscribe stops it
 * (`onUnsubscribe`). When stopping changes the snapshot (a registration back to `'idle'`), the
 * listener being removed hears it too, last: a binding needs no re-read after it unsubscribes.
 * Changes made while nobody is subscribed (say an `execute()` before mount) are not announced:
 * read `getSnapshot()` after subscribing, as `useSyncExternalStore` does.
 *
 * @example
 * ```ts
 * class Clock extends Subscribable<number> {
 *   #now = Date.now()
 *   #timer?: ReturnType<typeof setInterval>
 *   getSnapshot() {
 *     return this.#now
 *   }
 *   protected onSubscribe() {
 *     this.#timer = setInterval(() => ((this.#now = Date.now()), this.notify()), 1000)
 *   }
 *   protected onUnsubscribe() {
 *     clearInterval(this.#timer)
 *   }
 * }
 * ```
 */
export abstract class Subscribable<Snapshot> {
  #listeners = new Set<() => void>()

  /** The current state; the same object until something changes. */
  abstract getSnapshot(): Snapshot

  /** Starts the work: called by the first `subscribe`, with its listener already added. */
  protected abstract onSubscribe(): void

  /** Stops the work: called by the last unsubscribe, with its listener already removed. */
  protected abstract onUnsubscribe(): void

  /** Whether anyone listens. */
  protected get subscribed(): boolean {
    return this.#listeners.size > 0
  }

  /** Tells every listener that the snapshot changed. */
  protected notify(): void {
    for (const listener of [...this.#listeners]) listener()
  }

  /**
   * Adds a listener, called whenever the snapshot changes; returns the function that removes it
   * (calling it again does nothing).
   *
   * @example
   * ```ts
   * const unsubscribe = store.subscribe(() => render(store.getSnapshot()))
   * ```
   */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    if (this.#listeners.size === 1) this.onSubscribe()
    return () => {
      if (!this.#listeners.delete(listener) || this.subscribed) return
      const before = this.getSnapshot()
      this.onUnsubscribe()
      if (this.getSnapshot() !== before) listener()
    }
  }
}
