import { InjectionToken, makeEnvironmentProviders } from '@angular/core'
import type { EnvironmentProviders } from '@angular/core'
import type { WebMCPContext } from '@webmcp-kit/core/lifecycle'

/** What {@link provideWebMCP} configures. */
export interface WebMCPConfig {
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
 * Optional: supplies the `ModelContext` the inject functions use instead of
 * `document.modelContext`, and the origins `injectWebMCPTools()` lists by default. It installs no
 * polyfill: where the browser has no WebMCP of its own, the app's entry does, once
 * (`import '@webmcp-kit/core/polyfill'` in `main.ts`).
 *
 * @example
 * ```ts
 * bootstrapApplication(AppComponent, {
 *   providers: [provideZonelessChangeDetection(), provideWebMCP({ fromOrigins: ['https://shop.example'] })],
 * })
 * ```
 */
export function provideWebMCP(config: WebMCPConfig = {}): EnvironmentProviders {
  return makeEnvironmentProviders([{ provide: WEBMCP_CONFIG, useValue: config }])
}
