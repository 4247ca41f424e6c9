import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { connect } from '@webmcp-kit/test-infra/engines'
import type { Browser, Page } from '@webmcp-kit/test-infra/engines'

/** The page's `window.kit` (page.ts), as step bodies running in the page see it. */
declare const kit: Window['kit']

const body = '<script type="module" src="/angular-page.js"></script>'

// One application per engine WEBMCP_ENGINES selects (native WebMCP in `chromium-native`, the
// polyfill elsewhere), walked through its lifecycle step by step: each step starts from the state
// the previous one left, as a person using the page would.
for (const [engine, endpoint] of Object.entries(inject('engineEndpoints'))) {
  const native = engine === 'chromium-native'
  describe(`an Angular application [${engine}]`, () => {
    let browser: Browser
    let page: Page
    beforeAll(async () => {
      browser = await connect(endpoint!)
      page = await browser.newPage()
      const url = new URL('/', inject('origin'))
      // No polyfill script: provideWebMCP() installs it where there is no native WebMCP.
      url.searchParams.set('nopolyfill', '')
      url.searchParams.set('body', body)
      await page.goto(url.href)
      await page.waitForFunction(() => 'kit' in window)
    })
    afterAll(() => browser?.close())

    it('provideWebMCP installs the polyfill at bootstrap only where the browser has no WebMCP', async () => {
      const result = await page.evaluate(async () => {
        const before = kit.before
        await kit.start()
        return [before, 'modelContext' in document, kit.native()]
      })
      expect(result).toEqual(native ? [true, true, true] : [false, true, false])
    })

    it('the component registers its tool exactly once, and the tools signal lists it', async () => {
      const result = await page.evaluate(async () => {
        await kit.until(
          () => kit.text('status') === 'registered' && kit.text('tools') === 'counter',
        )
        await kit.drained()
        return [await kit.names(), kit.toolchanges(), kit.counter(), kit.text('tools')]
      })
      expect(result).toEqual([['counter'], 1, '0|registered|0|', 'counter'])
    })

    it('an agent’s call reaches the latest execute and updates the rendered state', async () => {
      const result = await page.evaluate(async () => {
        const first = await kit.call('counter', { times: 2 })
        await kit.until(() => kit.text('runs') === '1')
        const rendered = kit.counter()
        // The factory reads `step`: a new execute, swapped in place without re-registering.
        kit.controls.step.set(10)
        // Change detection runs the factory and swaps the new execute in; no toolchange follows.
        await kit.drained()
        const changes = kit.toolchanges()
        const second = await kit.call('counter', { times: 1 })
        await kit.until(() => kit.text('runs') === '2')
        return [first, rendered, changes, second, kit.counter()]
      })
      expect(result).toEqual(['2', '2|registered|1|2', 1, '12', '12|registered|2|12'])
    })

    it('the enabled signal unregisters and registers again', async () => {
      const result = await page.evaluate(async () => {
        kit.controls.enabled.set(false)
        await kit.until(() => kit.text('status') === 'idle' && kit.text('tools') === '')
        const off = [await kit.names(), kit.text('status')]
        kit.controls.enabled.set(true)
        await kit.until(
          () => kit.text('status') === 'registered' && kit.text('tools') === 'counter',
        )
        await kit.drained()
        return [off, await kit.names(), kit.toolchanges()]
      })
      expect(result).toEqual([[[], 'idle'], ['counter'], 3])
    })

    it('a signal read in the factory changes the schema: re-registered once, state kept', async () => {
      const result = await page.evaluate(async () => {
        kit.controls.units.set(['celsius', 'fahrenheit'])
        await kit.until(() => kit.toolchanges() === 5 && kit.text('status') === 'registered')
        await kit.drained()
        const tool = await kit.find('counter')
        const unit = (tool?.inputSchema?.properties as Record<string, { enum: string[] }>).unit
        return [await kit.names(), unit?.enum, kit.toolchanges(), kit.counter()]
      })
      expect(result).toEqual([['counter'], ['celsius', 'fahrenheit'], 5, '12|registered|2|12'])
    })

    it('unmounting the component unregisters; mounting it again registers exactly once', async () => {
      const result = await page.evaluate(async () => {
        kit.controls.show.set(false)
        await kit.until(() => kit.counter() === null && kit.text('tools') === '')
        const unmounted = [await kit.names(), kit.toolchanges()]
        kit.controls.show.set(true)
        await kit.until(
          () => kit.text('status') === 'registered' && kit.text('tools') === 'counter',
        )
        await kit.drained()
        const call = await kit.call('counter', { times: 3 })
        await kit.until(() => kit.text('runs') === '1')
        return [unmounted, await kit.names(), kit.toolchanges(), call, kit.counter()]
      })
      // The new component starts from 0; `step` is still 10.
      expect(result).toEqual([[[], 6], ['counter'], 7, '30', '30|registered|1|30'])
    })

    it('destroying the application unregisters its tools and removes the polyfill it installed', async () => {
      const result = await page.evaluate(async () => {
        const names = await kit.names()
        kit.stop()
        return [names, 'modelContext' in document, kit.problems]
      })
      expect(result).toEqual([['counter'], native, []])
      if (native) {
        expect(await page.evaluate(() => kit.names())).toEqual([])
      }
    })
  })
}
