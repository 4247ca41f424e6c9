import {
  DestroyRef,
  InjectionToken,
  Injector,
  assertInInjectionContext,
  inject,
} from '@angular/core'
import { ToolRegistration } from '@webmcp-kit/core'
import { toolRef } from './inject-webmcp-tool'
import { injectWebMCPTools } from './inject-webmcp-tools'
import { WEBMCP_CONFIG } from './provide-webmcp'
import type { WebMCPToolRef } from './inject-webmcp-tool'
import type { Signal } from '@angular/core'
import type {
  RegisteredTool,
  ToolInputSchema,
  ToolRegistrationOptions,
  WebMCPTool,
} from '@webmcp-kit/core'

/**
 * Options of `injectWebMCP().register`. The tool stays registered until `unregister()`, `signal`
 * aborts, or `injector` (default: the application's) is destroyed, whichever comes first.
 *
 * @example
 * ```ts
 * const options: WebMCPRegisterOptions = { signal: controller.signal, exposedTo: ['https://agent.example'] }
 * ```
 */
export interface WebMCPRegisterOptions extends Omit<ToolRegistrationOptions, 'modelContext'> {
  /** Aborting it unregisters the tool. */
  signal?: AbortSignal
  /** The tool is unregistered when this injector (a component's, a route's) is destroyed. */
  injector?: Injector
}

/**
 * A tool registered with `injectWebMCP().register`: its state as signals, a local `execute`, and
 * `unregister`.
 *
 * @example
 * ```ts
 * const registration: WebMCPRegistration = webmcp.register(tool)
 * registration.unregister()
 * ```
 */
export interface WebMCPRegistration<
  Schema extends ToolInputSchema | undefined = undefined,
  Result = unknown,
> extends WebMCPToolRef<Schema, Result> {
  /** Unregisters the tool now; later calls do nothing. */
  unregister(): void
}

/**
 * The imperative side of the binding, from {@link injectWebMCP} or `inject(WEBMCP)`.
 *
 * @example
 * ```ts
 * const webmcp: WebMCP = inject(WEBMCP)
 * const names = computed(() => webmcp.tools().map((tool) => tool.name))
 * ```
 */
export interface WebMCP {
  /**
   * `injectWebMCPTools()` for the application: the tools `getTools()` lists (with `fromOrigins`
   * from `provideWebMCP`), kept up to date on every `toolchange`. Listening starts at the first
   * read and stops with the application.
   */
  readonly tools: Signal<readonly RegisteredTool[]>
  /** Registers a tool now, for a lifetime given by `options`. */
  register<const Schema extends ToolInputSchema | undefined = undefined, Result = unknown>(
    tool: WebMCPTool<Schema, Result>,
    options?: WebMCPRegisterOptions,
  ): WebMCPRegistration<Schema, Result>
}

/**
 * The {@link WebMCP} service: an `InjectionToken` provided in root, so it needs no decorator and
 * no module, and costs nothing unless injected.
 *
 * @example
 * ```ts
 * export class ToolListComponent {
 *   tools = inject(WEBMCP).tools
 * }
 * ```
 */
export const WEBMCP = /* @__PURE__ */ new InjectionToken<WebMCP>('WEBMCP', {
  providedIn: 'root',
  factory: () => {
    const { modelContext } = inject(WEBMCP_CONFIG)
    const injector = inject(Injector)
    return {
      // Subscribes on the first read, so injecting the service only to register adds no listener.
      tools: injectWebMCPTools(),
      register(tool, { signal: abortSignal, injector: scope = injector, ...options } = {}) {
        const registration = new ToolRegistration(tool, { ...options, modelContext })
        const [ref, connect] = toolRef(() => registration)
        let disconnect = () => {}
        let forget = () => {}
        const unregister = () => {
          disconnect()
          forget()
          abortSignal?.removeEventListener('abort', unregister)
        }
        if (!abortSignal?.aborted) {
          disconnect = connect()
          forget = scope.get(DestroyRef).onDestroy(unregister)
          abortSignal?.addEventListener('abort', unregister)
        }
        return { ...ref, unregister }
      },
    }
  },
})

/**
 * Returns the {@link WebMCP} service: a live `tools` signal and `register` for tools whose lifetime
 * is not a component's (a click handler, a store).
 *
 * @throws NG0203 when called outside an injection context (use `injector.get(WEBMCP)` there).
 * @example
 * ```ts
 * export class ChatComponent {
 *   webmcp = injectWebMCP()
 *   toolNames = computed(() => this.webmcp.tools().map((tool) => tool.name))
 * }
 * ```
 */
export function injectWebMCP(): WebMCP {
  assertInInjectionContext(injectWebMCP)
  return inject(WEBMCP)
}
