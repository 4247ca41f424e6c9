import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import type { ModelContext, ModelContextTool, RegisteredTool } from '../../src/webmcp/types'
import { connect } from '@webmcp-kit/test-infra/engines'
import type { Browser as EngineBrowser } from '@webmcp-kit/test-infra/engines'

/** The engines besides Chromium that run every case with the polyfill (issue 11). */
export type OtherEngine = 'firefox' | 'webkit'

/** What a case's test records for the summary reporter (@webmcp-kit/test-config/summary-reporter). */
export interface EngineMeta {
  engine: string
  /** The outcome equals native Chromium's (`expected`). */
  agrees: boolean
  polyfillOnly: boolean
  /** A documented engine limit (docs/conformance.md, "Engines"). */
  limit: boolean
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: EngineMeta
  }
}

/** What every case body gets in the page. */
export interface Helpers {
  mc: ModelContext
  /**
   * `['ok', value]`, `['err', error.name]`, or `['throw', reason]` for a non-error reason. Each
   * error's name and message is also kept in `rejections`.
   */
  capture(fn: () => unknown): Promise<[string, unknown]>
  /**
   * `[name, message]` of every error `capture` caught, in order. The harness compares them with
   * native Chromium's for the same case (see `Case.messages`).
   */
  rejections: Array<[string, string]>
  /**
   * Waits for `ms` milliseconds (0: one timer task). Only where the time is the behaviour under
   * test (a tool that takes a while); never to let something happen before an assertion: wait for
   * it with `next`, `until` or `drained`.
   */
  sleep(ms?: number): Promise<void>
  /**
   * Waits until `condition()` is truthy, checked every 10 ms: for a state no event announces (in
   * another frame, or behind native's own scheduling). Throws, failing the case, when it is still
   * falsy after `ms` (default 10 s), instead of letting the case go on.
   */
  until(condition: () => unknown, ms?: number): Promise<void>
  /**
   * Resolves with the next `type` event at `target`. Call it before what fires the event.
   */
  next(target: EventTarget, type: string): Promise<Event>
  /**
   * Resolves once every task the API queued in this document before the call has run (its
   * `toolchange`, `toolactivated` and `toolcancel` events, promise resolutions): `getTools()`
   * answers in a task queued after them, in native Chromium as in the polyfill. For checking that
   * something did not happen.
   */
  drained(context?: ModelContext): Promise<void>
  /**
   * A trap for argument conversions: `watched('', dict)` is `dict` behind a proxy that logs each
   * string key read (as `prefix + key`) to `trap.reads`, and throws `trap.thrown` at the read of
   * `trap.where`. `trap.fail` throws it too (for a `toJSON` or a getter).
   */
  trap(where: string): {
    reads: string[]
    thrown: unknown
    fail(): never
    watched<T extends object>(prefix: string, target: T): T
  }
  /** Registers a tool named `name` (description `'d'`, returns `'ok'`), overriding with `tool`. */
  register(
    name: string,
    tool?: Partial<ModelContextTool>,
    options?: object,
    context?: ModelContext,
  ): Promise<undefined>
  /** The first tool of that name in `getTools()`. */
  find(name: string, context?: ModelContext): Promise<RegisteredTool>
  /**
   * Loads `src` (default: a page with the polyfill) into a new iframe with the given attributes
   * (e.g. `{ allow: 'tools' }`), appended to `parent` (default: the body), and resolves with it
   * once it has loaded and is ready: a page of the test server gets the test agent (`agent` is
   * added to its query), which says so once the page's polyfill has joined the frame tree (at once
   * under native WebMCP). Other pages, and sandboxed ones without scripts, only load.
   */
  frame(
    src?: string,
    attributes?: Record<string, string>,
    parent?: Element,
  ): Promise<HTMLIFrameElement>
  /**
   * Runs `fn` in `target` (a frame whose page has the test agent, `?agent`), which may be
   * cross-origin: `['ok', value]` or `['err', name]`. `fn` must be self-contained.
   */
  inFrame<A>(
    target: HTMLIFrameElement | Window,
    fn: (arg: A) => unknown,
    arg?: A,
  ): Promise<[string, unknown]>
  origin: string
  otherOrigin: string
  /** A third secure origin: `http://[::1]:PORT`. */
  thirdOrigin: string
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
  /**
   * An attack's count of the forged messages it sent, read from its outcome in Node. A suite with
   * such cases prints, after its file, per engine how many of its cases ran and how many forged
   * messages they sent.
   */
  forged?: (outcome: unknown) => number
  /**
   * Where an engine cannot do what native Chromium does: the outcome it has instead, and why. Each
   * is listed in docs/conformance.md ("Engines"); the test checks the engine still does exactly
   * this, and the case does not count as agreeing with native there.
   */
  engines?: Partial<Record<OtherEngine, { expected: unknown; reason: string }>>
  /**
   * Where an engine's own built-ins word a rejection differently (a `JSON.parse` `SyntaxError`):
   * why, per engine (each listed in docs/conformance.md, "Engines"). There the rejections' names
   * are compared with native's, not their messages. Everywhere else, and always for the polyfill in
   * Chromium, names and messages must be native's.
   */
  messages?: Partial<Record<OtherEngine, string>>
}

function installHelpers(origins: { origin: string; otherOrigin: string; thirdOrigin: string }) {
  const named = (e: unknown) =>
    e !== null && typeof e === 'object' && typeof (e as Error).name === 'string'
  const h: Helpers = {
    ...origins,
    mc: document.modelContext!,
    rejections: [],
    async capture(fn) {
      try {
        return ['ok', await fn()]
      } catch (e) {
        if (!named(e)) return ['throw', e]
        h.rejections.push([(e as Error).name, String((e as Error).message)])
        return ['err', (e as Error).name]
      }
    },
    sleep: (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms)),
    async until(condition, ms = 10_000) {
      const end = Date.now() + ms
      while (!(await condition())) {
        if (Date.now() > end) throw new Error(`until: still false after ${ms} ms: ${condition}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    next: (target, type) =>
      new Promise((resolve) => target.addEventListener(type, resolve, { once: true })),
    async drained(context = h.mc) {
      await context.getTools()
    },
    trap(where) {
      const reads: string[] = []
      // A TypeError where the case says so: one the polyfill could take for its own.
      const thrown = where.endsWith('TypeError') ? new TypeError('mine') : { where }
      const fail = () => {
        throw thrown
      }
      const watched = <T extends object>(prefix: string, target: T) =>
        new Proxy(target, {
          get(t, key) {
            if (typeof key === 'string') {
              reads.push(prefix + key)
              if (prefix + key === where) fail()
            }
            return Reflect.get(t, key)
          },
        })
      return { reads, thrown, fail, watched }
    },
    register: (name, tool = {}, options, context = h.mc) =>
      context.registerTool({ name, description: 'd', execute: () => 'ok', ...tool }, options),
    async find(name, context = h.mc) {
      return (await context.getTools()).find((tool) => tool.name === name)!
    },
    frame(src = '/', attributes = {}, parent = document.body) {
      const iframe = document.createElement('iframe')
      for (const [name, value] of Object.entries(attributes)) iframe.setAttribute(name, value)
      const url = new URL(src, location.href)
      const sandbox = iframe.getAttribute('sandbox')
      const announces =
        [h.origin, h.otherOrigin, h.thirdOrigin].includes(url.origin) &&
        (sandbox === null || sandbox.split(/\s+/).includes('allow-scripts'))
      if (announces && !url.searchParams.has('agent')) {
        url.search = url.search ? `${url.search}&agent` : '?agent'
      }
      iframe.src = announces ? url.href : src
      return new Promise((resolve, reject) => {
        let loaded = false
        let ready = !announces
        const done = () => {
          if (!loaded || !ready) return
          removeEventListener('message', listener)
          resolve(iframe)
        }
        const listener = (event: MessageEvent) => {
          if (event.source !== iframe.contentWindow || event.data?.__testReady === undefined) return
          if (!event.data.__testReady) {
            removeEventListener('message', listener)
            return reject(
              new Error(`frame ${src} did not join its frame tree: ${event.data.error}`),
            )
          }
          ready = true
          done()
        }
        addEventListener('message', listener)
        // The load event (the page's scripts have run) and the agent's word (the tree has it).
        iframe.addEventListener('load', () => ((loaded = true), done()), { once: true })
        parent.append(iframe)
      })
    },
    inFrame(target, fn, arg) {
      const w = 'contentWindow' in target ? target.contentWindow! : target
      const id = Math.random()
      return new Promise((resolve) => {
        const listener = (event: MessageEvent) => {
          if (event.data?.__testReply !== id) return
          removeEventListener('message', listener)
          resolve(event.data.result)
        }
        addEventListener('message', listener)
        w.postMessage({ __test: fn.toString(), id, arg }, '*')
      })
    },
  }
  ;(window as unknown as { h: Helpers }).h = h
}

type ToolEventClass = new (
  type: string,
  init?: EventInit & { toolName?: string },
) => Event & {
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

const agrees = (outcome: unknown, expected: unknown) => {
  try {
    expect(outcome).toEqual(expected)
    return true
  } catch {
    return false
  }
}

/** Per suite title and case name: native Chromium's rejections (`Helpers.rejections`) in this run. */
const nativeRejections = new Map<string, Array<[string, string]>>()

/** The rejections `capture` saw in `page` (`null` when the case left the page). */
const rejectionsOf = (page: { evaluate<T>(fn: () => T): Promise<T> }) =>
  page.evaluate(
    () => (window as unknown as { h?: Helpers }).h?.rejections ?? null,
  ) as Promise<Array<[string, string]> | null>

/**
 * Checks a case's rejections against native's of this run (when native ran it): names and messages,
 * or only names where `names` (an engine's own wording, `Case.messages`).
 */
function sameRejections(key: string, rejections: Array<[string, string]> | null, names = false) {
  const native = nativeRejections.get(key)
  if (!native || !rejections) return
  const shown = (list: Array<[string, string]>) =>
    list.map(([name, message]) => (names ? name : `${name}: ${message}`))
  expect(shown(rejections), 'the rejections (name: message) native Chromium had').toEqual(
    shown(native),
  )
}

/**
 * Runs `cases` against native Chromium and the polyfill in Chromium (each must produce `expected`),
 * then with the polyfill in every other engine selected (`WEBMCP_ENGINES`, see global-setup.ts).
 */
export function differential(title: string, cases: Case[]) {
  if (cases.some((c) => c.forged)) tally(title)
  const engines = inject('engines')
  if (engines.includes('chromium')) chromiumModes(title, cases)
  for (const engine of engines)
    if (engine !== 'chromium') otherEngine(engine as OtherEngine, title, cases)
}

/** Per suite title and engine: how many attack cases ran and how many forged messages they sent. */
const tallies = new Map<string, Map<string, { cases: number; forged: number }>>()

/** Prints `title`'s tallies after its file: `chromium-native: 9 attacks, 0 forged messages; …`. */
function tally(title: string) {
  tallies.set(title, new Map())
  afterAll(() => {
    const lines = [...tallies.get(title)!].map(
      ([engine, { cases, forged }]) => `${engine} ${cases} attacks, ${forged} forged messages`,
    )
    if (lines.length) console.info(`${title}: ${lines.join('; ')}; all refused`)
  })
}

function count(title: string, engine: string, c: Case, outcome: unknown) {
  const byEngine = tallies.get(title)
  if (!byEngine) return
  const t = byEngine.get(engine) ?? { cases: 0, forged: 0 }
  t.cases++
  t.forged += c.forged?.(outcome) ?? 0
  byEngine.set(engine, t)
}

function otherEngine(engine: OtherEngine, title: string, cases: Case[]) {
  describe(`${title} [${engine}]`, () => {
    let browser: EngineBrowser
    const origin = inject('origin')
    const origins = {
      origin,
      otherOrigin: inject('otherOrigin'),
      thirdOrigin: origin.replace('localhost', '[::1]'),
    }
    beforeAll(async () => {
      browser = await connect(inject('engineEndpoints')[engine]!)
    })
    afterAll(() => browser?.close())

    for (const c of cases) {
      it(c.name, async ({ task }) => {
        const limit = c.engines?.[engine]
        // Recorded before the run, so that a case that throws counts as disagreeing.
        const meta: EngineMeta = {
          engine,
          agrees: false,
          polyfillOnly: !!c.polyfillOnly,
          limit: !!limit,
        }
        task.meta.conformance = meta
        const page = await browser.newPage()
        try {
          await page.goto(
            new URL((c.path ?? '/').replace('PORT', new URL(origin).port), origin).href,
          )
          await page.evaluate(installHelpers, origins)
          const outcome = await page.evaluate(`(${c.run.toString()})(window.h)`)
          count(title, engine, c, outcome)
          expect(outcome).toEqual(limit ? limit.expected : c.expected)
          // A documented limit is not native's outcome, so neither are its rejections.
          const rejections = limit ? null : await rejectionsOf(page)
          sameRejections(`${title}\0${c.name}`, rejections, !!c.messages?.[engine])
          meta.agrees = !c.polyfillOnly && agrees(outcome, c.expected) && !limit
        } finally {
          await page.close()
        }
      })
    }
  })
}

function chromiumModes(title: string, cases: Case[]) {
  for (const mode of ['native', 'polyfill'] as const) {
    if (mode === 'native' && cases.every((c) => c.polyfillOnly)) continue
    describe(`${title} [${mode}]`, () => {
      let browser: Browser
      let context: BrowserContext
      const origins = {
        origin: inject('origin'),
        otherOrigin: inject('otherOrigin'),
        thirdOrigin: inject('origin').replace('localhost', '[::1]'),
      }
      beforeAll(async () => {
        browser = await chromium.connect(inject(`${mode}Endpoint`))
        context = await browser.newContext()
      })
      afterAll(() => browser?.close())

      for (const c of cases) {
        if (c.polyfillOnly && mode === 'native') continue
        it(c.name, async ({ task }) => {
          const meta: EngineMeta = {
            engine: 'chromium',
            agrees: false,
            polyfillOnly: !!c.polyfillOnly,
            limit: false,
          }
          if (mode === 'polyfill') task.meta.conformance = meta
          const page = await context.newPage()
          try {
            await page.goto(
              new URL((c.path ?? '/').replace('PORT', new URL(origins.origin).port), origins.origin)
                .href,
            )
            await page.evaluate(installHelpers, origins)
            const outcome = await page.evaluate(`(${c.run.toString()})(window.h)`)
            count(title, mode === 'native' ? 'chromium-native' : 'chromium', c, outcome)
            expect(outcome).toEqual(c.expected)
            const rejections = await rejectionsOf(page)
            const key = `${title}\0${c.name}`
            if (mode === 'native') nativeRejections.set(key, rejections ?? [])
            else sameRejections(key, rejections)
            meta.agrees = !c.polyfillOnly && agrees(outcome, c.expected)
          } finally {
            await page.close()
          }
        })
      }
    })
  }
}
