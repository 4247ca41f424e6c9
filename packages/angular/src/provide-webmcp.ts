import {
  DestroyRef,
  InjectionToken,
  PLATFORM_ID,
  inject,
  makeEnvironmentProviders,
  provideEnvironmentInitializer,
} from '@angular/core'
import { installModelContext } from '@webmcp-kit/core'
import type { EnvironmentProviders } from '@angular/core'
import type { ToolRegistrationContext, ToolsObserverContext } from '@webmcp-kit/core'

/**
 * A `ModelContext` the binding can use instead of `document.modelContext`: `registerTool` for
 * tools, `getTools` and `toolchange` for the live list. An iframe's `document.modelContext` fits.
 *
 * @example
 * ```ts
 * const modelContext: WebMCPContext = frame.contentDocument!.modelContext!
 * ```
 */
export type WebMCPContext = ToolRegistrationContext & ToolsObserverContext

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
  /** Other origins whose tools (those exposed to this document) `injectWebMCP().tools` lists too. */
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
