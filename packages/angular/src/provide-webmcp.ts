import {
  DestroyRef,
  InjectionToken,
  Injector,
  PLATFORM_ID,
  assertInInjectionContext,
  computed,
  inject,
  makeEnvironmentProviders,
  provideEnvironmentInitializer,
  runInInjectionContext,
  signal,
} from '@angular/core'
import { installModelContext } from '@webmcp-kit/core'
import type { EnvironmentProviders, Signal } from '@angular/core'
import type { WebMCPContext } from '@webmcp-kit/core'

/**
 * What {@link provideWebMCP} configures.
 *
 * @example
 * ```ts
 * const config: WebMCPConfig = { polyfill: true, fromOrigins: ['https://shop.example'] }
 * ```
 */
export interface WebMCPConfig {
  /**
   * Install `document.modelContext` in the browser when it has no WebMCP of its own (never on the
   * server, never over a native one). Default: `true` unless `modelContext` is given.
   */
  polyfill?: boolean
  /** Register and list tools here instead of `document.modelContext`. */
  modelContext?: WebMCPContext
  /** Other origins whose exposed tools `injectWebMCPTools()` lists too. */
  fromOrigins?: string[]
}

/** @internal Read by every inject function; `{}` without `provideWebMCP`. */
export const WEBMCP_CONFIG = /* @__PURE__ */ new InjectionToken<WebMCPConfig>('WEBMCP_CONFIG', {
  providedIn: 'root',
  factory: () => ({}),
})

/**
 * Sets WebMCP up for an application: installs the polyfill in the browser when there is no native
 * WebMCP (in an environment initializer, so importing this package does nothing), or supplies the
 * `ModelContext` to use. The polyfill is removed again when the application is destroyed, unless it
 * was there before. Optional: without it, the binding uses whatever `document.modelContext` is.
 *
 * @example
 * ```ts
 * bootstrapApplication(AppComponent, {
 *   providers: [provideZonelessChangeDetection(), provideWebMCP()],
 * })
 * ```
 */
export function provideWebMCP(config: WebMCPConfig = {}): EnvironmentProviders {
  return makeEnvironmentProviders([
    { provide: WEBMCP_CONFIG, useValue: config },
    provideEnvironmentInitializer(() => {
      // PLATFORM_ID rather than isPlatformBrowser: same check, without a dependency on @angular/common.
      if ((config.polyfill ?? !config.modelContext) && inject(PLATFORM_ID) === 'browser') {
        inject(DestroyRef).onDestroy(installModelContext())
      }
    }),
  ])
}

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
export function storeSignal<Snapshot>(
  get: () => { subscribe(listener: () => void): () => void; getSnapshot(): Snapshot },
): [Signal<Snapshot>, connect: () => () => void] {
  const version = signal(0)
  const connect = () => get().subscribe(() => version.update((n) => n + 1))
  return [computed(() => (version(), get().getSnapshot())), connect]
}
