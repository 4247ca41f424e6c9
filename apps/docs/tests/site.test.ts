import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { lint, webmcp } from '@webmcp-kit/testing'
import { chromium } from 'playwright-core'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))
const origin = inject('siteOrigin')
const LIVE_TOOLS = ['convert_temperature', 'count_words', 'roll_dice']

async function open(endpoint: string): Promise<[Browser, BrowserContext]> {
  const browser = await chromium.connect(endpoint)
  return [browser, await browser.newContext({ viewport: { width: 1280, height: 860 } })]
}

/** Records the page's console errors and uncaught exceptions. */
function errorsOf(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return errors
}

describe('the site, crawled', () => {
  let browser: Browser
  let context: BrowserContext
  beforeAll(async () => {
    ;[browser, context] = await open(inject('polyfillEndpoint'))
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('has no broken internal link or anchor, and no page logs an error', async () => {
    const page = await context.newPage()
    const errors = errorsOf(page)
    const seen = new Map<string, string[]>() // page path → the ids on it
    const links: Array<{ from: string; href: string }> = []
    const queue = ['/']
    while (queue.length > 0) {
      const path = queue.shift()!
      if (seen.has(path)) continue
      const response = await page.goto(`${origin}${path}`)
      expect(response?.status(), `${path} (linked from a page)`).toBe(200)
      // The API reference's pages (two hundred, generated, with nothing of their own to load after
      // the app) are read once the app has hydrated; the others once the network is idle.
      if (path.startsWith('/api/'))
        await page.waitForFunction(() => '__vue_app__' in (document.querySelector('#app') ?? {}))
      else await page.waitForLoadState('networkidle')
      const found = await page.evaluate(() => ({
        ids: [...document.querySelectorAll('[id]')].map((el) => el.id),
        hrefs: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
      }))
      seen.set(path, found.ids)
      for (const href of found.hrefs) {
        const url = new URL(href)
        if (url.origin !== origin) continue
        links.push({ from: path, href })
        if (!seen.has(url.pathname)) queue.push(url.pathname)
      }
    }
    // Every page of the sidebar was reached (the crawl found the site, not only its home page).
    expect([...seen.keys()]).toEqual(
      expect.arrayContaining([
        '/getting-started.html',
        '/live.html',
        '/docs/bindings.html',
        '/docs/polyfill.html',
        '/docs/frames.html',
        '/docs/testing.html',
        '/docs/bridge.html',
        '/docs/browser-support.html',
        '/docs/conformance.html',
        '/docs/performance.html',
        '/docs/packages/core.html',
        '/api/',
        '/api/@webmcp-kit/angular/functions/injectWebMCPTool.html',
        '/api/@webmcp-kit/core/@webmcp-kit/core/classes/ToolRegistration.html',
      ]),
    )
    const broken = links.filter(({ href }) => {
      const url = new URL(href)
      const ids = seen.get(url.pathname)
      if (!ids) return true
      const hash = decodeURIComponent(url.hash.slice(1))
      return hash !== '' && !ids.includes(hash)
    })
    expect(broken).toEqual([])
    expect(errors).toEqual([])
  }, 600_000)

  it.each([
    // A concept finds its guide, a name its page of the API reference.
    ['frame tree', '/docs/frames.html'],
    ['agent bridge', '/docs/bridge.html'],
    ['browser support', '/docs/browser-support.html'],
    ['testing your tools', '/docs/testing.html'],
    ['injectWebMCPTool', '/api/@webmcp-kit/angular/functions/injectWebMCPTool.html'],
    ['ToolRegistration', '/api/@webmcp-kit/core/@webmcp-kit/core/classes/ToolRegistration.html'],
    ['createBridge', '/api/@webmcp-kit/bridge/@webmcp-kit/bridge/functions/createBridge.html'],
    ['serveHttp', '/api/@webmcp-kit/bridge/@webmcp-kit/bridge/functions/serveHttp.html'],
  ])('finds %s in the local search, on %s', async (query, expected) => {
    const page = await context.newPage()
    await page.goto(`${origin}/`)
    await page.locator('#local-search button').click()
    await page.locator('.VPLocalSearchBox input').fill(query)
    const results = page.locator('.VPLocalSearchBox .result')
    await expect.poll(() => results.count()).toBeGreaterThan(0)
    const pages = await results.evaluateAll((anchors) =>
      anchors.slice(0, 3).map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    )
    expect(pages).toContain(expected)
    await page.close()
  })

  it('shows the costs page with the charts of the committed bench run, in its HTML', async () => {
    // The charts are drawn when the site is built: the served HTML holds them before any script runs.
    const html = await (await fetch(`${origin}/docs/performance.html`)).text()
    const charts = [...html.matchAll(/<figure class="bench-chart" data-chart="([a-z]+)"/g)]
    expect(charts.map(([, name]) => name)).toEqual([
      'api',
      'bridge',
      'host',
      'pages',
      'startup',
      'memory',
    ])
    const page = await context.newPage()
    await page.goto(`${origin}/docs/performance.html`)
    const figures = page.locator('figure.bench-chart')
    await expect.poll(() => figures.count()).toBe(6)
    for (const figure of await figures.all()) {
      expect(await figure.locator('svg rect').count()).toBeGreaterThan(1)
      // Each names its run's browser, machine (or that the run did not record it) and date.
      expect(await figure.locator('figcaption').textContent()).toMatch(
        /Chromium 156[^;]*; [^;]+; [^;]+; median of \d+ samples per cell/,
      )
    }
    await page.close()
  })

  it('takes the screenshots of the home page and of a guide', async () => {
    const page = await context.newPage()
    for (const [path, name] of [
      ['/', 'docs-home'],
      ['/getting-started.html', 'docs-guide'],
    ] as const) {
      await page.goto(`${origin}${path}`)
      await page.waitForLoadState('networkidle')
      const file = process.env.UPDATE_SCREENSHOTS ? `${SCREENSHOTS}${name}.png` : undefined
      const png = await page.screenshot({ path: file })
      expect(png.subarray(1, 4).toString()).toBe('PNG')
    }
  })
})

describe.each([
  ['native', true],
  ['polyfill', false],
] as const)('the live page, on %s', (mode, native) => {
  let browser: Browser
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    let context: BrowserContext
    ;[browser, context] = await open(inject(native ? 'nativeEndpoint' : 'polyfillEndpoint'))
    page = await context.newPage()
    errors = errorsOf(page)
    await page.goto(`${origin}/live.html`)
  })
  afterAll(async () => {
    await browser?.close()
  })

  const card = (name: string) => page.locator(`.wmk-tool[data-tool="${name}"]`)
  const run = async (name: string, fields: Record<string, string>) => {
    const box = card(name)
    for (const [field, value] of Object.entries(fields)) {
      const control = box.locator(`[name="${field}"]`)
      if ((await control.evaluate((el) => el.tagName)) === 'SELECT')
        await control.selectOption(value)
      else await control.fill(value)
    }
    await box.locator('.wmk-run').click()
    const output = box.locator('output')
    await expect.poll(() => output.getAttribute('data-state')).not.toBe('running')
    return {
      state: await output.getAttribute('data-state'),
      text: (await output.textContent()) ?? '',
    }
  }

  it(`lists its tools in the agent panel, registered with ${native ? 'native WebMCP' : 'the polyfill'}`, async () => {
    await expect.poll(() => page.locator('.wmk-engine').getAttribute('data-engine')).toBe(mode)
    await expect
      .poll(() =>
        page
          .locator('.wmk-tool')
          .evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.tool)),
      )
      .toEqual(LIVE_TOOLS)
    const listed = await webmcp(page).tools()
    expect(listed.map((tool) => tool.name).sort()).toEqual(LIVE_TOOLS)
    expect(lint(listed)).toEqual([])
  })

  it('runs each tool from the panel, and as an agent calls it', async () => {
    expect(await run('convert_temperature', { value: '100', from: 'celsius' })).toEqual({
      state: 'ok',
      text: JSON.stringify({ value: 212, unit: 'fahrenheit' }, null, 2),
    })
    expect(JSON.parse((await run('count_words', { text: 'Tools you can call' })).text)).toEqual({
      words: 4,
      characters: 18,
    })
    const rolled = JSON.parse((await run('roll_dice', { count: '3', sides: '6' })).text)
    expect(rolled.rolls).toHaveLength(3)
    expect(rolled.sum).toBe(rolled.rolls.reduce((a: number, b: number) => a + b, 0))
    expect(
      await webmcp(page).callTool('convert_temperature', { value: 212, from: 'fahrenheit' }),
    ).toEqual({
      value: 100,
      unit: 'celsius',
    })
    expect(await webmcp(page).callTool('roll_dice', { count: 11 })).toEqual({
      error: 'count must be an integer from 1 to 10 and sides one from 2 to 100.',
    })
  })

  it('takes its tools away when the reader leaves the page, and registers them again on return', async () => {
    await page.locator('.VPSidebar a[href="/getting-started.html"]').click()
    await expect.poll(() => page.url()).toBe(`${origin}/getting-started.html`)
    await webmcp(page).waitForToolGone('roll_dice')
    expect(await webmcp(page).tools()).toEqual([])
    await page.locator('.VPSidebar a[href="/live.html"]').click()
    await webmcp(page).waitForTool('roll_dice')
    expect((await webmcp(page).tools()).map((tool) => tool.name).sort()).toEqual(LIVE_TOOLS)
    expect(errors).toEqual([])
  })
})

if (process.env.UPDATE_SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true })
