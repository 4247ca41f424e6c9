import { ApplicationRef } from '@angular/core'
import { TestBed } from '@angular/core/testing'
import { afterEach, beforeEach } from 'vitest'
import { deferred, flushTasks } from '@webmcp-kit/test-infra/helpers'
import { getModelContext, installModelContext } from '@webmcp-kit/core'
import type { ModelContext, RegisteredTool, WebMCPContext } from '@webmcp-kit/core'

/** The polyfill installed on jsdom's document for one test, and what it saw. */
export interface PolyfillHarness {
  readonly mc: ModelContext
  /** `toolchange` events since the test started. */
  readonly toolchanges: number
  /** Names of the tools `getTools()` lists now. */
  listed(): Promise<string[]>
  find(name: string): Promise<RegisteredTool | undefined>
  /** A context over the polyfill's that records each `getTools` options and counts listeners. */
  recording(): { calls: { getTools: unknown[]; listeners: number }; context: WebMCPContext }
}

/**
 * Installs the real polyfill before each test and removes it after, so every test starts with an
 * empty registry. No mock stands in for `document.modelContext`.
 */
export function usePolyfill(): PolyfillHarness {
  let uninstall = () => {}
  let mc: ModelContext | undefined
  let toolchanges = 0
  const count = () => toolchanges++
  beforeEach(() => {
    secureContext()
    uninstall = installModelContext()
    mc = getModelContext()!
    toolchanges = 0
    mc.addEventListener('toolchange', count)
  })
  afterEach(() => {
    mc?.removeEventListener('toolchange', count)
    uninstall()
  })
  return {
    get mc() {
      return mc!
    },
    get toolchanges() {
      return toolchanges
    },
    listed: async () => (await mc!.getTools()).map((tool) => tool.name),
    find: async (name) => (await mc!.getTools()).find((tool) => tool.name === name),
    recording() {
      const calls = { getTools: [] as unknown[], listeners: 0 }
      const context: WebMCPContext = {
        registerTool: (t, options) => mc!.registerTool(t, options),
        getTools: (options) => (calls.getTools.push(options), mc!.getTools(options)),
        addEventListener: (...args: Parameters<EventTarget['addEventListener']>) => {
          calls.listeners++
          mc!.addEventListener(...args)
        },
        removeEventListener: (...args: Parameters<EventTarget['removeEventListener']>) => {
          calls.listeners--
          mc!.removeEventListener(...args)
        },
      }
      return { calls, context }
    },
  }
}

/** jsdom has no isSecureContext; http://localhost, its URL, is a secure context. */
export function secureContext() {
  Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true })
}

let next = 0
/** A tool name no other test uses. */
export const uniqueName = () => `tool_${++next}`

/**
 * `flushTasks`'s scope for Angular: after each drain of the polyfill's task queue, waits until the
 * application is stable (change detection and the effects that may queue more tasks have run).
 */
export async function withChangeDetection(drain: () => Promise<void>) {
  await drain()
  await TestBed.inject(ApplicationRef).whenStable()
}

export { deferred, flushTasks }

/**
 * Checks `assertion` once the polyfill's queued tasks and Angular's change detection have nothing
 * left to do (`flushTasks` with `withChangeDetection`): for what the polyfill does in a later task.
 */
export async function afterTasks(assertion: () => unknown) {
  await flushTasks(withChangeDetection)
  await assertion()
}
