import type { WebMCPContext } from '@webmcp-kit/core/lifecycle'
import type { App, InjectionKey } from 'vue'

/**
 * The injection key under which the composables look up a {@link WebMCPContext}. The plugin provides
 * it app-wide; `provide` it in a component to send the tools of that subtree elsewhere. Without it
 * the composables use `document.modelContext`.
 *
 * @example
 * ```ts
 * // In the setup of a component whose descendants register into an iframe's ModelContext:
 * provide(modelContextKey, getModelContext(frame.contentDocument!))
 * ```
 */
export const modelContextKey: InjectionKey<WebMCPContext | undefined> = Symbol('webmcp-kit context')

/** Options of {@link WebMCPPlugin}. */
export interface WebMCPPluginOptions {
  /** Register and list tools here instead of `document.modelContext`, for the whole app. */
  modelContext?: WebMCPContext
}

/**
 * Optional app plugin: gives every `useWebMCPTool` / `useWebMCPTools` of the app a `ModelContext`
 * other than `document.modelContext`. The composables work without it. It installs no polyfill:
 * where the browser has no WebMCP of its own, the app's entry does, once
 * (`import '@webmcp-kit/core/polyfill'`).
 *
 * @example
 * ```ts
 * import { createApp } from 'vue'
 * import { WebMCPPlugin } from '@webmcp-kit/vue'
 *
 * const modelContext = getModelContext(frame.contentDocument!)
 * createApp(App).use(WebMCPPlugin, { modelContext }).mount('#app')
 * ```
 */
export const WebMCPPlugin = {
  install(app: App, { modelContext }: WebMCPPluginOptions = {}): void {
    if (modelContext) app.provide(modelContextKey, modelContext)
  },
}
