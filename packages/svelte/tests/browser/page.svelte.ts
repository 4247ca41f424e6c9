// The test page's script, bundled from source with Svelte (compiled by esbuild-svelte) by
// global-setup.ts: the binding suite's adapter (@webmcp-kit/test-infra/binding-page) over the
// components beside it, and what Svelte's own cases (svelte.test.ts) use as `kit.svelte`.
import * as Svelte from 'svelte'
import { z } from 'zod'
import { installModelContext } from '@webmcp-kit/core'
import { startBindingPage } from '@webmcp-kit/test-infra/binding-page'
import * as WebMCPSvelte from '../../src/index'
import Conditional from './Conditional.svelte'
import List from './List.svelte'
import Probe from './Probe.svelte'
import type { BindingAdapter } from '@webmcp-kit/test-infra/binding-page'
import type { UseWebMCPToolOptions, UseWebMCPToolsOptions, WebMCPTool } from '../../src/index'

/** A reactive box: `$state` for case bodies, which are not compiled by Svelte. */
function box<T>(initial: T): { value: T } {
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
function root<T>(setup: () => T): { value: T; cleanup: () => void } {
  let value!: T
  const cleanup = $effect.root(() => {
    value = setup()
  })
  return { value, cleanup }
}

/** Mounts `component` with `props` into a fresh element; returns its text and an unmount function. */
const mount = <Props extends Record<string, unknown>>(
  component: Svelte.Component<Props>,
  props: Props,
) => {
  const target = document.createElement('div')
  document.body.append(target)
  const instance = Svelte.mount(component, { target, props })
  const text = () => target.textContent!.trim()
  return {
    text,
    first: text(),
    unmount: () => {
      Svelte.unmount(instance)
      target.remove()
    },
  }
}

const adapter: BindingAdapter = {
  box,
  flush: () => Svelte.flushSync(),
  tool: (tool, options) =>
    mount(Probe, {
      tool: tool as () => WebMCPTool,
      options: options as UseWebMCPToolOptions | undefined,
    }),
  conditional: ({ show, count, tool }) =>
    mount(Conditional, { show, count, tools: tool as (index: number) => WebMCPTool }),
  list: (options) => mount(List, { options: options as UseWebMCPToolsOptions | undefined }),
  install: () => void installModelContext(),
}

const svelte = { Probe, WebMCPSvelte, mount, root, z }
/** What Svelte's own cases find as `kit.svelte`. */
export type SvelteKit = { svelte: typeof svelte }
startBindingPage(adapter, { svelte })
