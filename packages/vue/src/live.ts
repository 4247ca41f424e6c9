import {
  getCurrentInstance,
  getCurrentScope,
  hasInjectionContext,
  inject,
  onActivated,
  onDeactivated,
  onMounted,
  onScopeDispose,
  shallowRef,
} from 'vue'
import { modelContextKey } from './plugin'
import type { ShallowRef } from 'vue'

// Read defensively, as xstate does: without a bundler (an import map, a CDN build) there is no
// `process`. No bundler removes the check then, but it only warns about misuse.
const development = () =>
  (globalThis as { process?: { env?: { NODE_ENV?: string } } }).process?.env?.NODE_ENV !==
  'production'

/**
 * Warns in development when a composable runs outside an effect scope, and returns the context it
 * should use: the one passed in, else the injected one (`undefined`: the core looks up
 * `document.modelContext` itself).
 *
 * @internal
 */
export function resolveContext<Context>(name: string, context?: Context): Context | undefined {
  if (development() && !getCurrentScope()) {
    console.warn(
      `${name}() was called outside an effect scope, so nothing will ever stop it and what it ` +
        'registered or listens to stays until the page unloads. Call it in setup(), or inside ' +
        'effectScope().run() and stop that scope when done.',
    )
  }
  const injected = hasInjectionContext() ? inject(modelContextKey, undefined) : undefined
  return context ?? (injected as Context | undefined)
}

/**
 * `store`'s snapshot as a ref, subscribed while the caller lives: in a component from its mount (so
 * never on the server, and the first client render matches the server's) until its scope is
 * disposed, but not while it is deactivated in a `<KeepAlive>`; in a bare effect scope from now
 * on. The core tells the last listener what its unsubscribe changed, so stopping needs no re-read;
 * starting reads once, for what changed while nobody listened.
 *
 * @internal
 */
export function liveSnapshot<Snapshot>(store: {
  subscribe(listener: () => void): () => void
  getSnapshot(): Snapshot
}): Readonly<ShallowRef<Snapshot>> {
  const snapshot = shallowRef(store.getSnapshot())
  const update = () => void (snapshot.value = store.getSnapshot())
  let unsubscribe: (() => void) | undefined
  let alive = true
  const start = () => {
    if (alive) unsubscribe ??= store.subscribe(update)
    update()
  }
  const stop = () => {
    unsubscribe?.()
    unsubscribe = undefined
  }
  if (getCurrentScope()) onScopeDispose(() => ((alive = false), stop()))
  if (getCurrentInstance()) {
    onMounted(start)
    onActivated(start)
    onDeactivated(stop)
  } else start()
  return snapshot
}
