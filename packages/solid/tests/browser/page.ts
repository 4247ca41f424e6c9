// The test page's script, bundled from source with Solid's browser development build by
// global-setup.ts as the global `kit`. Case bodies (in solid.test.ts) run in the page and build
// their components with Solid's hyperscript `h` (no JSX compiler in the bundle step).
import * as Solid from 'solid-js'
import h from 'solid-js/h'
import { render } from 'solid-js/web'
import { isPolyfill } from '@webmcp-kit/core'
import * as WebMCPSolid from '../../src/index'
import type { ModelContext } from '@webmcp-kit/core'

/** `document.modelContext`, native or the polyfill. */
const context = () => {
  const mc = WebMCPSolid.getModelContext()
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

export { Solid, WebMCPSolid, h, isPolyfill, problems, context }

/**
 * Waits until the tasks native WebMCP or the polyfill queued so far have run (`toolchange`
 * events, registrations' resolutions) and the `getTools()` calls they started have been answered:
 * two `getTools()` round trips, each answered after the tasks queued before it. For checking that
 * nothing (more) happened. Solid applies changes synchronously, so there is no flush to wait for.
 */
export const drained = async (mc: ModelContext = context()) => {
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

/** Renders `component` into a fresh element; returns the element's text and a dispose function. */
export const mount = (component: () => unknown) => {
  const element = document.createElement('div')
  document.body.append(element)
  // What `h` returns (a node, or a function that makes one) is JSX to Solid's renderer.
  const dispose = render(component as () => Solid.JSX.Element, element)
  return {
    text: () => element.textContent,
    unmount: () => {
      dispose()
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
