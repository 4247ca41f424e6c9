// Playwright Test: a `webmcp` fixture and web-first matchers. The only module that imports
// @playwright/test (an optional peer dependency).
import { expect as baseExpect, test as baseTest } from '@playwright/test'
import { attach, webmcp } from './webmcp'
import type { WebMCPTarget } from './drivers'
import type { ToolCall, WaitForToolOptions, WebMCP } from './types'
import type { ExpectMatcherState, MatcherReturnType } from '@playwright/test'

/**
 * The fixtures `test` adds: `webmcp`, the tools of the test's `page` (its main frame).
 *
 * @example
 * ```ts
 * test('adds a task', async ({ page, webmcp }: { page: Page } & WebMCPFixtures) => {})
 * ```
 */
export interface WebMCPFixtures {
  webmcp: WebMCP
}

const isHandle = (value: unknown): value is WebMCP =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as WebMCP).waitForTool === 'function' &&
  typeof (value as WebMCP).callTool === 'function'

const handleOf = (received: WebMCP | WebMCPTarget) =>
  isHandle(received) ? received : webmcp(received)

/**
 * Playwright Test's `test` with a `webmcp` fixture: `webmcp(page)` for the test's page, attached
 * (see `attach`) before the test loads anything.
 *
 * @example
 * ```ts
 * import { expect, test } from '@webmcp-kit/testing/playwright'
 *
 * test('adds a task', async ({ page, webmcp }) => {
 *   await page.goto('/')
 *   await expect(page).toHaveTool('add_task')
 *   await expect(webmcp.call('add_task', { text: 'Milk' })).toReturn({ id: 2, text: 'Milk' })
 * })
 * ```
 */
export const test = baseTest.extend<WebMCPFixtures>({
  webmcp: async ({ page }, use) => {
    await attach(page)
    await use(webmcp(page))
  },
})

/**
 * Playwright Test's `expect` with two matchers:
 *
 * - `await expect(pageOrFrameOrHandle).toHaveTool(name, { origin?, fromOrigins?, timeout? })`
 *   waits (up to the expect timeout) until the tool is listed; `.not` until it is not.
 * - `await expect(webmcp.call(name, input)).toReturn(expected)` runs the call and passes when it
 *   resolved with a result equal to `expected` (deep equality, asymmetric matchers allowed); the
 *   failure message shows the error or result and the events the call caused.
 *
 * @example
 * ```ts
 * await expect(page).toHaveTool('find_teammate', { origin: 'http://127.0.0.1:5173' })
 * await expect(webmcp.call('add', { a: 2, b: 40 })).toReturn({ content: [{ type: 'text', text: '42' }] })
 * ```
 */
export const expect = baseExpect.extend({
  async toHaveTool(
    this: ExpectMatcherState,
    received: WebMCP | WebMCPTarget,
    name: string,
    options: WaitForToolOptions = {},
  ): Promise<MatcherReturnType> {
    const mcp = handleOf(received)
    const timeout = options.timeout ?? this.timeout
    const scope = { ...options, timeout }
    const where = options.origin ? ` from ${options.origin}` : ''
    if (!this.isNot) {
      const found = await mcp.waitForTool(name, scope).then(
        (): true => true,
        (error: unknown) => error as Error,
      )
      return {
        name: 'toHaveTool',
        pass: found === true,
        message: () =>
          found === true
            ? `expected no WebMCP tool named "${name}"${where}`
            : `expected a WebMCP tool named "${name}"${where}: ${found.message}`,
      }
    }
    // `.not`: until the tool is gone.
    const gone = await mcp.waitForToolGone(name, scope).then(
      (): true => true,
      (error: unknown) => error as Error,
    )
    return {
      name: 'toHaveTool',
      pass: gone !== true,
      message: () =>
        `expected no WebMCP tool named "${name}"${where}: ${gone === true ? '' : gone.message}`,
    }
  },

  async toReturn(
    this: ExpectMatcherState,
    received: ToolCall | PromiseLike<ToolCall>,
    expected: unknown,
  ): Promise<MatcherReturnType> {
    const call = await received
    if (!call || typeof call !== 'object' || !('events' in call)) {
      throw new Error(
        'toReturn: expect(…) takes a call, e.g. expect(webmcp.call("add", { a: 1 })).toReturn(…), ' +
          'not a result (for that, use expect(await webmcp.callTool(…)).toEqual(…)).',
      )
    }
    let pass = false
    if (call.ok) {
      // Playwright's own deep equality, asymmetric matchers included.
      try {
        baseExpect(call.result).toEqual(expected)
        pass = true
      } catch {
        pass = false
      }
    }
    const events = JSON.stringify(call.events)
    return {
      name: 'toReturn',
      pass,
      expected,
      actual: call.ok ? call.result : call.error,
      message: () =>
        call.ok
          ? `${this.utils.matcherHint('toReturn', undefined, undefined, { isNot: this.isNot })}\n\n` +
            `Expected: ${this.isNot ? 'not ' : ''}${this.utils.printExpected(expected)}\n` +
            `Received: ${this.utils.printReceived(call.result)}\nEvents: ${events}`
          : `${this.utils.matcherHint('toReturn', undefined, undefined, { isNot: this.isNot })}\n\n` +
            `Expected: ${this.utils.printExpected(expected)}\n` +
            `The call failed: ${String((call.error as Error)?.message ?? call.error)}\nEvents: ${events}`,
    }
  },
})
