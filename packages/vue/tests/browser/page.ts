// The test page's script, bundled from source with Vue by global-setup.ts: the binding suite's
// adapter (@webmcp-kit/test-infra/binding-page) in Vue render functions, and what Vue's own cases
// (vue.test.ts) use as `kit.vue`.
import * as Vue from 'vue'
import { installModelContext } from '@webmcp-kit/core'
import { line, startBindingPage } from '@webmcp-kit/test-infra/binding-page'
import * as WebMCPVue from '../../src/index'
import type { BindingAdapter, PageTool, PageToolOptions } from '@webmcp-kit/test-infra/binding-page'
import type { WebMCPContext, WebMCPTool } from '../../src/index'

const { h } = Vue

/** Mounts `component` into a fresh element; returns its text and an unmount function. */
const mount = (component: Vue.Component, plugins: Array<[Vue.Plugin, ...unknown[]]> = []) => {
  const element = document.createElement('div')
  document.body.append(element)
  const app = Vue.createApp(component)
  for (const [plugin, ...options] of plugins) app.use(plugin, ...options)
  app.mount(element)
  return {
    text: () => element.textContent!.trim(),
    unmount: () => {
      app.unmount()
      element.remove()
    },
  }
}

/** A component that offers `tool()` and renders its state; `seen.first` is its first render. */
const probe = (
  tool: () => PageTool,
  options: PageToolOptions = {},
  seen: { first?: string } = {},
) =>
  Vue.defineComponent({
    setup() {
      const state = WebMCPVue.useWebMCPTool(tool as () => WebMCPTool, {
        ...options,
        modelContext: options.modelContext as WebMCPContext | undefined,
      })
      return () => {
        const text = line({
          status: state.status.value,
          isExecuting: state.isExecuting.value,
          executionCount: state.executionCount.value,
          lastResult: state.lastResult.value,
        })
        seen.first ??= text
        return h('p', text)
      }
    },
  })

const adapter: BindingAdapter = {
  box: (initial) => Vue.shallowRef(initial),
  flush: () => Vue.nextTick(),
  tool(tool, options) {
    const seen: { first?: string } = {}
    return { ...mount(probe(tool, options, seen)), first: seen.first }
  },
  conditional({ show, count = () => 1, tool }) {
    const probes = new Map<number, Vue.Component>()
    const at = (index: number) => {
      if (!probes.has(index))
        probes.set(
          index,
          probe(() => tool(index)),
        )
      return probes.get(index)!
    }
    return mount({
      setup: () => () =>
        h('div', show() ? Array.from({ length: count() }, (_, index) => h(at(index))) : []),
    })
  },
  list(options = {}) {
    return mount({
      setup() {
        const tools = WebMCPVue.useWebMCPTools({
          modelContext: options.modelContext as WebMCPContext | undefined,
        })
        return () => h('p', tools.value.map((t) => t.name).join(','))
      },
    })
  },
  install: () => void installModelContext(),
}

const vue = { Vue, WebMCPVue, mount }
/** What Vue's own cases find as `kit.vue`. */
export type VueKit = { vue: typeof vue }
startBindingPage(adapter, { vue })
