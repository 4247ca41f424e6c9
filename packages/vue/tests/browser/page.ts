// The test page's script, bundled from source with Vue by global-setup.ts as the global `kit`.
// Case bodies (in vue.test.ts) run in the page and build their apps from it with render functions.
import * as Vue from 'vue'
import * as WebMCPVue from '../../src/index'
import type { ModelContext } from '@webmcp-kit/core'

/** `document.modelContext`, native or the polyfill. */
const context = () => {
  const mc = WebMCPVue.getModelContext()
  if (!mc) throw new Error('no document.modelContext in this page')
  return mc
}

/** What the page saw that a case should not cause: console errors and warnings, unhandled rejections. */
const problems: string[] = []
for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console)
  console[level] = (...args: unknown[]) => {
    problems.push(`${level}: ${args.map(String).join(' ')}`)
    original(...args)
  }
}
addEventListener('unhandledrejection', (event) =>
  problems.push(`unhandled: ${String(event.reason)}`),
)
addEventListener('error', (event) => problems.push(`error: ${String(event.message)}`))

export { Vue, WebMCPVue, problems }

/**
 * After Vue's pending flush, waits until the tasks native WebMCP or the polyfill queued so far have
 * run (`toolchange` events, registrations' resolutions) and the `getTools()` calls they started
 * have been answered: two `getTools()` round trips, each answered after the tasks queued before it.
 * For checking that nothing (more) happened.
 */
export const drained = async (mc: ModelContext = context()) => {
  await Vue.nextTick()
  await mc.getTools()
  await mc.getTools()
}

/**
 * Waits until `check` holds (polling; at most `timeout` ms, then returns so that the case's result
 * shows the state it got stuck in, and the case fails on it). For states that arrive through
 * tasks: registrations, `toolchange`, the tools list.
 */
export const until = async (check: () => boolean | Promise<boolean>, timeout = 10_000) => {
  const end = performance.now() + timeout
  await Vue.nextTick()
  while (!(await check()) && performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** Whether `a` and `b` serialise the same. */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The names `getTools()` lists in `mc` (default: the document's). */
export const names = async (mc: ModelContext = context()) =>
  (await mc.getTools()).map((tool) => tool.name)

/** The tool `getTools()` lists under `name`. */
export const find = async (name: string, mc: ModelContext = context()) => {
  const tool = (await mc.getTools()).find((t) => t.name === name)
  if (!tool) throw new Error(`tool ${name} is not registered`)
  return tool
}

/** Counts `toolchange` events from now on. */
export const countToolchanges = (mc: ModelContext = context()) => {
  const counter = { count: 0 }
  mc.addEventListener('toolchange', () => counter.count++)
  return counter
}

/** Mounts `component` into a fresh element; returns the element and an unmount function. */
export const mount = (
  component: Vue.Component,
  plugins: Array<[Vue.Plugin, ...unknown[]]> = [],
) => {
  const element = document.createElement('div')
  document.body.append(element)
  const app = Vue.createApp(component)
  for (const [plugin, ...options] of plugins) app.use(plugin, ...options)
  app.mount(element)
  return {
    element,
    text: () => element.textContent,
    unmount: () => {
      app.unmount()
      element.remove()
    },
  }
}

/** Loads `src` into a new same-origin iframe and resolves with it. */
export const frame = (src: string) =>
  new Promise<HTMLIFrameElement>((resolve) => {
    const iframe = document.createElement('iframe')
    iframe.src = src
    iframe.onload = () => resolve(iframe)
    document.body.append(iframe)
  })

export { context }
