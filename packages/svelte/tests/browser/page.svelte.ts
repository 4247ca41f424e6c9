// The test page's script, bundled from source with Svelte (compiled by esbuild-svelte) by
// global-setup.ts as the global `kit`. Case bodies (in svelte.test.ts) run in the page: they mount
// the components below and drive them through reactive boxes.
import * as Svelte from 'svelte'
import { z } from 'zod'
import * as WebMCPSvelte from '../../src/index'
import Conditional from './Conditional.svelte'
import List from './List.svelte'
import Probe from './Probe.svelte'
import type { ModelContext } from '@webmcp-kit/core'

/** `document.modelContext`, native or the polyfill. */
const context = () => {
  const mc = WebMCPSvelte.getModelContext()
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

export { Conditional, List, Probe, Svelte, WebMCPSvelte, problems, z, context }

/** A reactive box: `$state` for case bodies, which are not compiled by Svelte. */
export function box<T>(initial: T): { value: T } {
  let value = $state.raw(initial)
  return {
    get value() {
      return value
    },
    set value(next) {
      value = next
    },
  }
}

/** Runs `setup` in an `$effect.root`, as a `.svelte.ts` module would; returns its result and cleanup. */
export function root<T>(setup: () => T): { value: T; cleanup: () => void } {
  let value!: T
  const cleanup = $effect.root(() => {
    value = setup()
  })
  return { value, cleanup }
}

/**
 * After Svelte's pending effects, waits until the tasks native WebMCP or the polyfill queued so far
 * have run (`toolchange` events, registrations' resolutions) and the `getTools()` calls they started
 * have been answered: two `getTools()` round trips. For checking that nothing (more) happened.
 */
export const drained = async (mc: ModelContext = context()) => {
  Svelte.flushSync()
  await mc.getTools()
  await mc.getTools()
  Svelte.flushSync()
}

/**
 * Waits until `check` holds (polling; at most `timeout` ms, then returns so that the case's result
 * shows the state it got stuck in, and the case fails on it). For states that arrive through tasks.
 */
export const until = async (check: () => boolean | Promise<boolean>, timeout = 10_000) => {
  const end = performance.now() + timeout
  await Svelte.tick()
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

/** Mounts `component` with `props` into a fresh element; returns its text and an unmount function. */
export const mount = <Props extends Record<string, unknown>>(
  component: Svelte.Component<Props>,
  props: Props,
) => {
  const target = document.createElement('div')
  document.body.append(target)
  const instance = Svelte.mount(component, { target, props })
  return {
    text: () => target.textContent!.trim(),
    unmount: () => {
      Svelte.unmount(instance)
      target.remove()
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
