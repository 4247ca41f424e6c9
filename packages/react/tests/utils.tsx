import { render, renderHook } from '@testing-library/react'
import { getModelContext } from '@webmcp-kit/core'
import { describe } from 'vitest'
import type { ModelContext, RegisteredTool } from '@webmcp-kit/core'
import type { RenderHookOptions, RenderOptions } from '@testing-library/react'
import type { ReactElement } from 'react'

export type ReactMode = 'non-strict' | 'strict'

/** Render helpers bound to one mode. */
export interface ModeHelpers {
  mode: ReactMode
  render: (
    ui: ReactElement,
    options?: Omit<RenderOptions, 'reactStrictMode'>,
  ) => ReturnType<typeof render>
  renderHook: <Result, Props>(
    hook: (props: Props) => Result,
    options?: Omit<RenderHookOptions<Props>, 'reactStrictMode'>,
  ) => ReturnType<typeof renderHook<Result, Props>>
}

/**
 * Runs `suite` twice: without StrictMode and with it (xstate-react's `describeEachReactMode`).
 * `StrictMode` is the root element (Testing Library's `reactStrictMode`): nested under a component
 * that mounts in the same commit, React 19 does not replay its effects on mount.
 */
export function describeEachReactMode(title: string, suite: (helpers: ModeHelpers) => void) {
  for (const mode of ['non-strict', 'strict'] as const) {
    describe(`${title} (${mode})`, () => {
      const reactStrictMode = mode === 'strict'
      suite({
        mode,
        render: (ui, options) => render(ui, { ...options, reactStrictMode }),
        renderHook: (hook, options) => renderHook(hook, { ...options, reactStrictMode }),
      })
    })
  }
}

export const modelContext = (): ModelContext => getModelContext()!

/** The registered tools of that name (exactly one when the hook did its job). */
export const registered = async (name: string): Promise<RegisteredTool[]> =>
  (await modelContext().getTools()).filter((tool) => tool.name === name)

/** Counts `toolchange` events from now on. */
export function countToolchanges(): { readonly count: number } {
  const counter = { count: 0 }
  modelContext().addEventListener('toolchange', () => counter.count++)
  return counter
}

export { deferred, flushTasks } from '@webmcp-kit/test-infra/helpers'
