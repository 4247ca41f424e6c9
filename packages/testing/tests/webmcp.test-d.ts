import { describe, expectTypeOf, it } from 'vitest'
import { expect, test } from '../src/playwright'
import { webmcp } from '../src'
import type { Frame as PlaywrightFrame, Page as PlaywrightPage } from 'playwright-core'
import type { Frame as PuppeteerFrame, Page as PuppeteerPage } from 'puppeteer-core'
import type { Browser as WebdriverIOBrowser } from 'webdriverio'
import type {
  FrameTreeToolInfo,
  LintFinding,
  ToolCall,
  WebMCP,
  WebMCPTarget,
  WebMCPToolInfo,
} from '../src'
import { lint } from '../src'

declare const playwrightPage: PlaywrightPage
declare const playwrightFrame: PlaywrightFrame
declare const puppeteerPage: PuppeteerPage
declare const puppeteerFrame: PuppeteerFrame
declare const wdio: WebdriverIOBrowser

describe('webmcp(target)', () => {
  it('takes Playwright and Puppeteer pages and frames, and WebdriverIO browsers', () => {
    expectTypeOf(playwrightPage).toExtend<WebMCPTarget>()
    expectTypeOf(playwrightFrame).toExtend<WebMCPTarget>()
    expectTypeOf(puppeteerPage).toExtend<WebMCPTarget>()
    expectTypeOf(puppeteerFrame).toExtend<WebMCPTarget>()
    expectTypeOf(wdio).toExtend<WebMCPTarget>()
    expectTypeOf(webmcp(wdio)).toEqualTypeOf<WebMCP>()
    // @ts-expect-error: not a driver's page
    webmcp('page')
  })

  it('lists the frame’s tools, or the frame tree’s with their origins', () => {
    const mcp = webmcp(playwrightPage)
    expectTypeOf(mcp.tools()).resolves.toEqualTypeOf<WebMCPToolInfo[]>()
    expectTypeOf(mcp.tools({ timeout: 1 })).resolves.toEqualTypeOf<WebMCPToolInfo[]>()
    expectTypeOf(mcp.tools({ fromOrigins: ['https://a.example'] })).resolves.toEqualTypeOf<
      FrameTreeToolInfo[]
    >()
    expectTypeOf(mcp.waitForTool('add')).resolves.toHaveProperty('origin').toBeString()
  })

  it('types results as unknown unless told', () => {
    const mcp = webmcp(puppeteerPage)
    expectTypeOf(mcp.callTool('add')).resolves.toBeUnknown()
    expectTypeOf(mcp.callTool<{ sum: number }>('add', { a: 1 })).resolves.toEqualTypeOf<{
      sum: number
    }>()
    expectTypeOf(mcp.call<number>('add')).resolves.toEqualTypeOf<ToolCall<number>>()
    // @ts-expect-error: the signal must be an AbortSignal
    void mcp.callTool('add', {}, { signal: 'stop' })
  })

  it('lints listed tools', () => {
    expectTypeOf(lint).toBeCallableWith([] as WebMCPToolInfo[])
    expectTypeOf(lint).toBeCallableWith([] as FrameTreeToolInfo[])
    expectTypeOf(lint([])).toEqualTypeOf<LintFinding[]>()
  })
})

describe('@webmcp-kit/testing/playwright', () => {
  it('gives tests a webmcp fixture and the matchers', () => {
    test('types', async ({ page, webmcp: mcp }) => {
      expectTypeOf(mcp).toEqualTypeOf<WebMCP>()
      await expect(page).toHaveTool('add', { timeout: 1 })
      await expect(mcp).not.toHaveTool('add')
      await expect(mcp.call('add', { a: 1 })).toReturn({ sum: 1 })
    })
  })
})
