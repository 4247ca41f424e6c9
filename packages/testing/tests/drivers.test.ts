import { describe, expect, it } from 'vitest'
import { attach, driverOf, webmcp } from '../src'
import type { WebMCPTarget } from '../src'

describe('driverOf', () => {
  it('tells WebdriverIO browsers from pages and frames by their shape', async () => {
    const scripts: string[] = []
    const wdio = driverOf({
      sessionId: 's',
      execute: async (script: string) => (scripts.push(script), 42),
    })
    expect([wdio.kind, wdio.concurrent]).toEqual(['webdriverio', false])
    expect(await wdio.evaluate('6 * 7')).toBe(42)
    expect(scripts).toEqual(['return (6 * 7\n)'])
    const page = driverOf({ evaluate: async (expression: string) => expression.length })
    expect([page.kind, page.concurrent, await page.evaluate('abc')]).toEqual(['page', true, 3])
  })

  it('says what to pass for anything else', () => {
    for (const target of [null, {}, 'page', { execute: () => 1 }]) {
      expect(() => webmcp(target as unknown as WebMCPTarget)).toThrow(
        /^webmcp\(target\): expected a Playwright Page or Frame, a Puppeteer Page or Frame, or a WebdriverIO browser, got (null|object|string)\. Pass `page`/,
      )
    }
  })

  it('attach() says what to pass, and that WebDriver classic cannot run a script first', async () => {
    await expect(attach({} as unknown as WebMCPTarget)).rejects.toThrow(
      /^attach\(target\): expected a Playwright Page, Frame or BrowserContext, a Puppeteer Page or Frame, or a WebdriverIO browser, got object\.$/,
    )
    const classic = { sessionId: 's', isBidi: false, execute: async () => null }
    await expect(attach(classic)).rejects.toThrow(
      /^attach\(browser\): this WebdriverIO session speaks WebDriver classic/,
    )
  })

  it('is safe to import where there is no DOM (Node, SSR)', async () => {
    expect(typeof document).toBe('undefined')
    const module = await import('../src')
    expect(Object.keys(module).sort()).toEqual([
      'TimeoutError',
      'attach',
      'driverOf',
      'lint',
      'webmcp',
    ])
  })
})
