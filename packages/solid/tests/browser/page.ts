// The test page's script, bundled from source with Solid's browser development build by
// global-setup.ts: the binding suite's adapter (@webmcp-kit/test-infra/binding-page), its
// components built with Solid's hyperscript `h` (no JSX compiler in the bundle step).
import * as Solid from 'solid-js'
import h from 'solid-js/h'
import { render } from 'solid-js/web'
import { installModelContext } from '@webmcp-kit/core'
import { line, startBindingPage } from '@webmcp-kit/test-infra/binding-page'
import * as WebMCPSolid from '../../src/index'
import type { BindingAdapter, PageTool, PageToolOptions } from '@webmcp-kit/test-infra/binding-page'
import type { WebMCPContext, WebMCPTool } from '../../src/index'

/** Renders `component` into a fresh element; returns the element's text and a dispose function. */
const mount = (component: () => unknown) => {
  const element = document.createElement('div')
  document.body.append(element)
  // What `h` returns (a node, or a function that makes one) is JSX to Solid's renderer.
  const dispose = render(component as () => Solid.JSX.Element, element)
  return {
    text: () => element.textContent!.trim(),
    unmount: () => {
      dispose()
      element.remove()
    },
  }
}

/** A component that offers `tool()` and renders its state; `seen.first` is what its body saw. */
const probe =
  (tool: () => PageTool, options: PageToolOptions = {}, seen: { first?: string } = {}) =>
  () => {
    const state = WebMCPSolid.createWebMCPTool(tool as () => WebMCPTool, {
      ...options,
      modelContext: options.modelContext as WebMCPContext | undefined,
    })
    const text = () =>
      line({
        status: state.status(),
        isExecuting: state.isExecuting(),
        executionCount: state.executionCount(),
        lastResult: state.lastResult(),
      })
    seen.first ??= text()
    return h('p', text)
  }

const adapter: BindingAdapter = {
  box<T>(initial: T) {
    const [get, set] = Solid.createSignal(initial)
    return {
      get value() {
        return get()
      },
      set value(next: T) {
        set(() => next)
      },
    }
  },
  flush: () => {},
  tool(tool, options) {
    const seen: { first?: string } = {}
    return { ...mount(() => h(probe(tool, options, seen))), first: seen.first }
  },
  conditional: ({ show, count = () => 1, tool }) =>
    mount(() =>
      h('div', () =>
        // Re-created on every change (hyperscript has no keyed For): a component that stays is
        // cleaned up and mounted again in one update, and stays registered.
        show() ? Array.from({ length: count() }, (_, index) => h(probe(() => tool(index)))) : [],
      ),
    ),
  list: (options = {}) =>
    mount(() => {
      const tools = WebMCPSolid.createWebMCPTools({
        modelContext: options.modelContext as WebMCPContext | undefined,
      })
      return h('p', () =>
        tools()
          .map((t) => t.name)
          .join(','),
      )
    }),
  install: () => void installModelContext(),
}

startBindingPage(adapter)
