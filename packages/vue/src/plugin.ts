import { installModelContext } from '@webmcp-kit/core'
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
import type { WebMCPContext } from '@webmcp-kit/core'
import type { App, InjectionKey, ShallowRef } from 'vue'

// Bundlers define it for Vue's own esm-bundler build, so it is there wherever Vue runs.
declare const process: { env: { NODE_ENV?: string } }

/**
 * The injection key under which the composables look up a {@link WebMCPContext}. The plugin provides
 * it app-wide; `provide` it in a component to send the tools of that subtree elsewhere. Without it
 * the composables use `document.modelContext`.
 *
 * @example
 * ```ts
 * // In the setup of a component whose descendants register into an iframe's ModelContext:
 * provide(modelContextKey, frame.contentDocument!.modelContext)
 * ```
 */
export const modelContextKey: InjectionKey<WebMCPContext | undefined> = Symbol('webmcp-kit context')

/**
 * Options of {@link WebMCPPlugin}.
 *
 * @example
 * ```ts
 * const options: WebMCPPluginOptions = { polyfill: true }
 * ```
 */
export interface WebMCPPluginOptions {
  /**
   * Install `document.modelContext` where the browser has no WebMCP of its own (native WebMCP is
   * never replaced; nothing happens on the server). It stays installed for the page's lifetime.
   */
  polyfill?: boolean
  /** Register and list tools here instead of `document.modelContext`, for the whole app. */
  modelContext?: WebMCPContext
}

/**
 * Optional app plugin: installs the polyfill, or gives every `useWebMCPTool` / `useWebMCPTools` of
 * the app a `ModelContext` other than `document.modelContext`. The composables work without it.
 *
 * @example
 * ```ts
 * import { createApp } from 'vue'
 * import { WebMCPPlugin } from '@webmcp-kit/vue'
 *
 * createApp(App).use(WebMCPPlugin, { polyfill: true }).mount('#app')
 * ```
 */
export const WebMCPPlugin = {
  install(app: App, { polyfill, modelContext }: WebMCPPluginOptions = {}): void {
    if (polyfill) installModelContext()
    if (modelContext) app.provide(modelContextKey, modelContext)
  },
}

/**
 * Warns in development when a composable runs outside an effect scope, and returns the context it
 * should use: the one passed in, else the injected one (`undefined`: the core looks up
 * `document.modelContext` itself).
 *
 * @internal
 */
export function resolveContext<Context>(name: string, context?: Context): Context | undefined {
  if (process.env.NODE_ENV !== 'production' && !getCurrentScope()) {
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
