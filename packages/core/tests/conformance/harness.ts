import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import type { ModelContext, ModelContextTool, RegisteredTool } from '../../src/types'

/** What every case body gets in the page. */
export interface Helpers {
  mc: ModelContext
  /** `['ok', value]`, `['err', error.name]`, or `['throw', reason]` for a non-error reason. */
  capture(fn: () => unknown): Promise<[string, unknown]>
  /** Waits for `ms` milliseconds (0: one timer task). */
  sleep(ms?: number): Promise<void>
  /** Registers a tool named `name` (description `'d'`, returns `'ok'`), overriding with `tool`. */
  register(
    name: string,
    tool?: Partial<ModelContextTool>,
    options?: object,
    context?: ModelContext,
  ): Promise<undefined>
  /** The first tool of that name in `getTools()`. */
  find(name: string, context?: ModelContext): Promise<RegisteredTool>
  /** Loads `src` (default: a page with the polyfill) into a new iframe and resolves with it. */
  frame(src?: string): Promise<HTMLIFrameElement>
  origin: string
  otherOrigin: string
}

/** One behaviour, checked identically against native Chromium and the polyfill. */
export interface Case {
  name: string
  /** Page to run in, relative to the test origin, or an absolute URL. Default `/`. */
  path?: string
  run: (h: Helpers) => Promise<unknown> | unknown
  expected: unknown
  /**
   * Run against the polyfill only, because native Chromium cannot run it (the reason is in
   * docs/conformance.md). Such cases do not count as agreeing with native.
   */
  polyfillOnly?: string
}

function installHelpers(origins: { origin: string; otherOrigin: string }) {
  const named = (e: unknown) => e !== null && typeof e === 'object' && typeof (e as Error).name === 'string'
  const h: Helpers = {
    ...origins,
    mc: document.modelContext!,
    async capture(fn) {
      try {
        return ['ok', await fn()]
      } catch (e) {
        return named(e) ? ['err', (e as Error).name] : ['throw', e]
      }
    },
    sleep: (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms)),
    register: (name, tool = {}, options, context = h.mc) =>
      context.registerTool({ name, description: 'd', execute: () => 'ok', ...tool }, options),
    async find(name, context = h.mc) {
      return (await context.getTools()).find((tool) => tool.name === name)!
    },
    frame(src = '/') {
      const iframe = document.createElement('iframe')
      iframe.src = src
      return new Promise((resolve) => {
        iframe.onload = () => resolve(iframe)
        document.body.append(iframe)
      })
    },
  }
  ;(window as unknown as { h: Helpers }).h = h
}

type ToolEventClass = new (type: string, init?: EventInit & { toolName?: string }) => Event & {
  readonly toolName: string
}

// The globals the API installs, as case bodies running in the page see them.
declare global {
  interface Document {
    readonly modelContext?: ModelContext
  }
  var ModelContext: { new (): ModelContext; (): ModelContext; prototype: ModelContext }
  var ToolActivatedEvent: ToolEventClass
  var ToolCancelEvent: ToolEventClass
}

/** Runs `cases` in both modes; every case must produce `expected` in both. */
export function differential(title: string, cases: Case[]) {
  for (const mode of ['native', 'polyfill'] as const) {
    describe(`${title} [${mode}]`, () => {
      let browser: Browser
      let context: BrowserContext
      const origins = { origin: inject('origin'), otherOrigin: inject('otherOrigin') }
      beforeAll(async () => {
        browser = await chromium.connect(inject(`${mode}Endpoint`))
        context = await browser.newContext()
      })
      afterAll(() => browser?.close())

      for (const c of cases) {
        if (c.polyfillOnly && mode === 'native') continue
        it(c.name, async () => {
          const page = await context.newPage()
          try {
            await page.goto(new URL((c.path ?? '/').replace('PORT', new URL(origins.origin).port), origins.origin).href)
            await page.evaluate(installHelpers, origins)
            const outcome = await page.evaluate(`(${c.run.toString()})(window.h)`)
            expect(outcome).toEqual(c.expected)
          } finally {
            await page.close()
          }
        })
      }
    })
  }
}
