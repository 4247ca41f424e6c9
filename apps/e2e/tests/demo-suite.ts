import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { lint, webmcp } from '@webmcp-kit/testing'
import { chromium } from 'playwright-core'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))

const APP_TOOLS = [
  'add_task',
  'complete_task',
  'delete_all_tasks',
  'export_tasks',
  'list_tasks',
  'quick_add',
]

/**
 * The same end-to-end suite for each demo app, in native WebMCP and in the polyfill: every tool is
 * run from the agent panel, as a person playing the agent would, and the app's UI is checked; an
 * agent's view (`@webmcp-kit/testing`) lists, lints and calls the tools beside it.
 */
export function describeDemo(app: string, title: string) {
  describe.each([
    ['native', true],
    ['polyfill', false],
  ] as const)(`${title} demo, %s`, (mode, native) => {
    let browser: Browser
    let page: Page
    const port = inject('appPorts')[app]
    const origin = `http://localhost:${port}`
    const widgetOrigin = `http://127.0.0.1:${port}`

    beforeAll(async () => {
      browser = await chromium.connect(inject(native ? 'nativeEndpoint' : 'polyfillEndpoint'))
      const context = await browser.newContext({ viewport: { width: 1200, height: 860 } })
      page = await context.newPage()
      await page.goto(`${origin}/`)
    })
    afterAll(async () => {
      await browser?.close()
    })

    const card = (name: string, from = origin): Locator =>
      page.locator(`.wmk-tool[data-tool="${name}"][data-origin="${from}"]`)
    const toolNames = () =>
      page
        .locator('.wmk-tool')
        .evaluateAll((cards) =>
          cards
            .map(
              (card) =>
                `${(card as HTMLElement).dataset.origin} ${(card as HTMLElement).dataset.tool}`,
            )
            .sort(),
        )
    const run = async (name: string, fields: Record<string, string> = {}, from = origin) => {
      const box = card(name, from)
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
        error: await output.getAttribute('data-error'),
        text: (await output.textContent()) ?? '',
      }
    }
    const taskTexts = () => page.locator('.tasks li span').allTextContents()
    /** The page's tools as an agent sees them (the app's and the widget's). */
    const agent = () => webmcp(page)
    /** Calls a tool as an agent may, with input the panel's forms cannot make (wrong types). */
    const call = (name: string, input: object, from = origin, signal?: AbortSignal) =>
      agent().callTool(name, input, { origin: from, fromOrigins: [widgetOrigin], signal })

    it(`runs on ${mode === 'native' ? 'native WebMCP' : 'the polyfill'}, and lists the app's and the widget's tools`, async () => {
      await expect.poll(() => page.locator('.wmk-engine').getAttribute('data-engine')).toBe(mode)
      const expected = [
        ...APP_TOOLS.map((name) => `${origin} ${name}`),
        `${widgetOrigin} find_teammate`,
      ].sort()
      await expect.poll(toolNames, { timeout: 15_000 }).toEqual(expected)
      // What the panel lists is what an agent lists, and every tool follows the authoring guide.
      const listed = await agent().tools({ fromOrigins: [widgetOrigin] })
      expect(listed.map((tool) => `${tool.origin} ${tool.name}`).sort()).toEqual(expected)
      expect(lint(listed)).toEqual([])
      await expect(
        card('delete_all_tasks').locator('.wmk-hint').allTextContents(),
      ).resolves.toEqual(['consequentialHint'])
      // Task texts are user content: untrustedContentHint.
      await expect(card('list_tasks').locator('.wmk-hint').allTextContents()).resolves.toEqual([
        'readOnlyHint',
        'untrustedContentHint',
      ])
    })

    it('runs the read-only and state-changing tools, and the board shows the result', async () => {
      const listed = await run('list_tasks')
      expect(listed.state).toBe('ok')
      expect(JSON.parse(listed.text)).toEqual([
        { id: 1, text: 'Try WebMCP', priority: 'high', tags: ['demo'], done: false },
      ])
      const added = await run('add_task', {
        text: 'Write the e2e tests',
        priority: 'low',
        tags: 'qa\nci',
      })
      expect(added.state).toBe('ok')
      expect(JSON.parse(added.text)).toMatchObject({
        text: 'Write the e2e tests',
        priority: 'low',
        tags: ['qa', 'ci'],
      })
      await expect.poll(taskTexts).toEqual(['Try WebMCP', 'Write the e2e tests'])
      const done = await run('complete_task', { id: '1' })
      expect(done.state).toBe('ok')
      await expect
        .poll(() => page.locator('.tasks li[data-task="1"]').getAttribute('class'))
        .toContain('done')
      // An unknown id is an answer the agent can act on, not a failure (which would reach it as a
      // bare UnknownError): what went wrong, and the tasks it can pick from. Without their texts:
      // people typed those, and only list_tasks is marked as returning untrusted content.
      const missing = await run('complete_task', { id: '99' })
      expect(missing.state).toBe('ok')
      expect(JSON.parse(missing.text)).toEqual({
        error:
          'No task with id 99. Call complete_task with the id of one of availableTasks (list_tasks gives their texts).',
        availableTasks: [
          { id: 1, done: true },
          { id: 2, done: false },
        ],
      })
      expect(await page.locator('.tasks li.done').count()).toBe(1)
    })

    it('answers add_task and complete_task input it cannot use with what to send instead', async () => {
      const tasks = await taskTexts()
      // The browser checks no input against the schema (here its minLength): the tool does, and
      // says what to send instead (a thrown error would reach the agent as a bare UnknownError).
      const empty = await run('add_task', { text: '' })
      expect(empty.state).toBe('ok')
      expect(JSON.parse(empty.text)).toEqual({
        error:
          'A task needs text saying what needs doing (got ""). Call add_task again with text, e.g. "Water the plants".',
      })
      expect(await call('add_task', {})).toEqual({
        error:
          'A task needs text saying what needs doing (got nothing). Call add_task again with text, e.g. "Water the plants".',
      })
      expect(await call('add_task', { text: 42 })).toMatchObject({
        error: expect.stringContaining('(got 42)'),
      })
      expect(await call('add_task', { text: 'Ship it', priority: 'urgent' })).toEqual({
        error:
          'Unknown priority "urgent". Call add_task again with a priority from allowedPriorities, or without one for normal.',
        allowedPriorities: ['low', 'normal', 'high'],
      })
      expect(await call('add_task', { text: 'Ship it', tags: 'release' })).toEqual({
        error:
          'tags must be a list of strings (got "release"). Call add_task again with tags such as ["home"], or without tags.',
      })
      // true is no id (Number(true) would have completed task 1).
      expect(await call('complete_task', { id: true })).toMatchObject({
        error: expect.stringMatching(/^No task with id true\. /),
      })
      expect(await taskTexts()).toEqual(tasks)
      expect(await page.locator('.tasks li.done').count()).toBe(1)
    })

    it('fills and submits the declarative quick-add form', async () => {
      // `required` lets a text of spaces through; the submit handler answers it.
      const blank = await run('quick_add', { text: '   ', priority: 'high' })
      expect(blank.state).toBe('ok')
      expect(JSON.parse(blank.text)).toEqual({
        error: 'A task needs text saying what needs doing. Call quick_add again with text.',
      })
      expect(await taskTexts()).not.toContain('   ')
      const result = await run('quick_add', { text: 'Added through the form', priority: 'high' })
      expect(result.state).toBe('ok')
      expect(result.text).toContain('Added through the form')
      await expect.poll(taskTexts).toContain('Added through the form')
      if (!native) {
        await page.evaluate(() => {
          scrollTo(0, 0)
          document.querySelector('aside')?.scrollTo(0, 0)
        })
        // The README's screenshots: written with UPDATE_SCREENSHOTS=1 (every run would change them,
        // the widget shows its port), and taken on every run.
        const path = process.env.UPDATE_SCREENSHOTS ? `${SCREENSHOTS}${app}-demo.png` : undefined
        const png = await page.screenshot({ path })
        expect(png.subarray(1, 4).toString()).toBe('PNG')
      }
    })

    it('cancels the long-running export, and runs it to the end', async () => {
      const box = card('export_tasks')
      await box.locator('[name=seconds]').fill('30')
      await box.locator('.wmk-run').click()
      await expect.poll(() => page.locator('.status').textContent()).toBe('Exporting…')
      await box.locator('.wmk-cancel').click()
      const output = box.locator('output')
      await expect.poll(() => output.getAttribute('data-state')).toBe('error')
      expect(await output.getAttribute('data-error')).toBe('AbortError')
      await expect.poll(() => page.locator('.status').textContent()).toBe('Export cancelled.')
      const tooLong = await run('export_tasks', { seconds: '90' })
      expect(tooLong.state).toBe('ok')
      expect(JSON.parse(tooLong.text)).toEqual({
        error:
          'seconds must be a number from 0 to 60 (got 90). Call export_tasks again with one in that range, or without seconds for 3.',
      })
      expect(await call('export_tasks', { seconds: '1' })).toMatchObject({
        error: expect.stringContaining('(got "1")'),
      })
      // An agent cancels its own call: the tool's signal aborts, and the app says so.
      const controller = new AbortController()
      const running = agent().call('export_tasks', { seconds: 30 }, { signal: controller.signal })
      await expect.poll(() => page.locator('.status').textContent()).toBe('Exporting…')
      controller.abort()
      const cancelled = await running
      expect(cancelled.ok).toBe(false)
      expect(cancelled.events.map((event) => event.type)).toContain('toolcancel')
      await expect.poll(() => page.locator('.status').textContent()).toBe('Export cancelled.')
      const exported = await run('export_tasks', { seconds: '0.1' })
      expect(exported.state).toBe('ok')
      // The text is quoted (it may hold commas).
      expect(exported.text).toContain('2,"Write the e2e tests",low,false')
    })

    it('offers set_theme only while Settings is open', async () => {
      expect(await card('set_theme').count()).toBe(0)
      await page.locator('nav a[href="#/settings"]').click()
      await agent().waitForTool('set_theme')
      await expect.poll(() => card('set_theme').count()).toBe(1)
      expect(await call('set_theme', { theme: 'blue' })).toEqual({
        error: 'Unknown theme "blue". Call set_theme again with a theme from allowedThemes.',
        allowedThemes: ['light', 'dark'],
      })
      expect(await page.locator('main.app').getAttribute('class')).toContain('light')
      const themed = await run('set_theme', { theme: 'dark' })
      expect(themed.state).toBe('ok')
      await expect.poll(() => page.locator('main.app').getAttribute('class')).toContain('dark')
      await page.locator('nav a[href="#/"]').click()
      await agent().waitForToolGone('set_theme')
      await expect.poll(() => card('set_theme').count()).toBe(0)
    })

    it('runs the cross-origin widget’s tool', async () => {
      const unknown = await run('find_teammate', { name: 'Linus' }, widgetOrigin)
      expect(unknown.state).toBe('ok')
      expect(JSON.parse(unknown.text)).toEqual({
        error: 'No teammate called Linus. Look up one of knownFirstNames.',
        knownFirstNames: ['Ada', 'Grace', 'Alan'],
      })
      // Not a key the directory inherits from Object.prototype.
      const inherited = await run('find_teammate', { name: 'constructor' }, widgetOrigin)
      expect(JSON.parse(inherited.text)).toMatchObject({
        error: 'No teammate called constructor. Look up one of knownFirstNames.',
      })
      expect(await call('find_teammate', {}, widgetOrigin)).toEqual({
        error:
          "A lookup needs a teammate's first name (got nothing). Look up one of knownFirstNames.",
        knownFirstNames: ['Ada', 'Grace', 'Alan'],
      })
      const found = await run('find_teammate', { name: 'Ada' }, widgetOrigin)
      expect(found.state).toBe('ok')
      expect(JSON.parse(found.text)).toMatchObject({ email: 'ada@example.com' })
      const widget = page.frameLocator('iframe.widget')
      await expect.poll(() => widget.locator('#last').textContent()).toBe('Looked up Ada Lovelace.')
    })

    it('asks before deleting every task', async () => {
      page.once('dialog', (dialog) => void dialog.dismiss())
      const declined = await run('delete_all_tasks')
      // The agent learns that the person said no (a thrown error would reach it without the message).
      expect(declined.state).toBe('ok')
      expect(JSON.parse(declined.text)).toEqual({
        error: 'The person declined, so no task was deleted. Ask again only if they say so.',
      })
      expect((await taskTexts()).length).toBeGreaterThan(0)
      page.once('dialog', (dialog) => void dialog.accept())
      const deleted = await run('delete_all_tasks')
      expect(deleted.state).toBe('ok')
      await expect.poll(taskTexts).toEqual([])
      // An empty board: nothing to lose, so the person is not asked.
      let asked = 0
      const count = () => asked++
      page.on('dialog', count)
      try {
        expect(await run('delete_all_tasks')).toMatchObject({
          state: 'ok',
          text: 'There are no tasks to delete.',
        })
      } finally {
        page.off('dialog', count)
      }
      expect(asked).toBe(0)
    })
  })
}

if (process.env.UPDATE_SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true })
