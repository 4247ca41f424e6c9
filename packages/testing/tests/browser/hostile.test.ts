// A page under test that patches the globals an in-page reader leans on (hostile-page.ts), after
// load, so that a tool it lacks looks present, a failing call looks passing and a wrong result looks
// right. Attached before the page loads (`attach`), the reader sees through every patch: it works
// from references it took at document start, and a reply the page rewrote on its way to the test
// fails its check. The polyfill is injected before the reader (an init script), as the README
// advises. WebDriver classic cannot attach: there `attach` says so.
import { buildPolyfill } from '@webmcp-kit/test-config/browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { TimeoutError, attach, webmcp } from '../../src'
import { ATTACKS, POLYFILL_LIMITS } from './hostile-page'
import { sessions } from './sessions'
import type { Session } from './sessions'
import type { WebMCP } from '../../src'

const origin = inject('origin')

/** What the test sees is what the page's tools do: no ghost, a failure, 2 + 40 - 1. */
async function seesThrough(mcp: WebMCP) {
  expect((await mcp.tools()).map((tool) => tool.name).sort()).toEqual(['broken', 'sum'])
  await expect(mcp.callTool('ghost')).rejects.toThrow(
    'webMCP.callTool: No WebMCP tool named "ghost". Available tools: ',
  )
  await expect(mcp.waitForTool('ghost', { timeout: 300 })).rejects.toBeInstanceOf(TimeoutError)
  await expect(mcp.callTool('broken')).rejects.toThrow(/^webMCP\.callTool: UnknownError: /)
  expect(await mcp.callTool('sum', { a: 2, b: 40 })).toBe(41)
  expect(await mcp.call('sum', { a: 2, b: 40 })).toEqual({
    ok: true,
    result: 41,
    events: [{ type: 'toolactivated', toolName: 'sum' }],
  })
  const failed = await mcp.call('broken')
  expect([failed.ok, failed.events]).toEqual([
    false,
    [{ type: 'toolactivated', toolName: 'broken' }],
  ])
}

const polyfill = await buildPolyfill()

for (const { label, start } of sessions({ polyfill })) {
  describe(`${label}: a page that patches globals after load`, () => {
    let session: Session
    beforeAll(async () => void (session = await start()))
    afterAll(() => session?.close())

    if (label.startsWith('WebdriverIO')) {
      it('attach() says that WebDriver classic cannot run a script before the page', async () => {
        await expect(attach(await session.top())).rejects.toThrow(
          /^attach\(browser\): this WebdriverIO session speaks WebDriver classic, which has no way to run a script before the page's own\. /,
        )
      })
      return
    }

    const native = label.endsWith('chromium-native')
    // `everything` has the patches of POLYFILL_LIMITS: under a polyfill, `reader` has the rest.
    for (const attack of ATTACKS.filter((name) => native || name !== 'everything')) {
      const limit = !native && POLYFILL_LIMITS.includes(attack)
      it(
        limit
          ? `${attack}: changes what the polyfill itself answers (a limit: native WebMCP resists it)`
          : `${attack}: a missing tool stays missing, a failure fails, a wrong result stays wrong`,
        async () => {
          const page = await session.open(`${origin}/hostile?attack=${attack}`)
          expect(await session.evaluate('window.attacked')).toBe(attack)
          const mcp = webmcp(page)
          // Where the patch rewrites what the driver hands back (Playwright evaluates through the
          // page's eval), the replies it rewrites fail their check: the test fails, unfooled.
          const check = /^webMCP\.\w+: the reply from the page failed its check: /
          const rewritten = attack === 'eval' || attack === 'reader' || attack === 'everything'
          if (rewritten && label.startsWith('Playwright')) {
            await expect(mcp.tools()).rejects.toThrow(check)
            await expect(mcp.callTool('ghost')).rejects.toThrow(check)
            await expect(mcp.callTool('broken')).rejects.toThrow(check)
            await expect(mcp.waitForTool('ghost', { timeout: 300 })).rejects.toThrow(check)
            return
          }
          if (!limit) return seesThrough(mcp)
          // The polyfill is page script, calling the page's Promise and Array as they are when it
          // runs: a failure it reports as passing, a tool it lists that was never registered.
          if (attack === 'array')
            expect((await mcp.tools()).map((tool) => tool.name)).toContain('ghost')
          else expect(await mcp.callTool('broken')).toBe('fine')
        },
      )
    }
  })
}
