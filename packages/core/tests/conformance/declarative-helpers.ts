import type { RegisteredTool } from '../../src/webmcp/types'
import type { Helpers } from './harness'

/** What the declarative cases get in the page, as `d` (installed by the first script of the body). */
export interface DeclarativeHelpers {
  /** Resolves once `count` more `toolchange` events have fired. Call it before the change. */
  changes(count?: number): Promise<void>
  /** Resolves at the next `toolactivated` (a form tool fires it once the form is filled). */
  activated(): Promise<void>
  /**
   * Resolves once the DOM changes made so far have been looked at and the events they cause have
   * fired: a `getTools()` answered after the task that derives the changed forms, then one answered
   * after the `toolchange` tasks that one queued. Exact for the polyfill; native Chromium delivers
   * some `toolchange` events later still, so wait for an expected event with `changes()` and use
   * this to check that nothing (more) happened.
   */
  settled(): Promise<void>
  /** Counts `toolchange` events from now on. */
  countChanges(): { readonly count: number }
  /**
   * Makes `change`, waits for the `events` `toolchange` events native fires for it (for 10 s at
   * most, so that a missing one shows in the count rather than as a hang), then until `settled()`;
   * resolves with the number of `toolchange` events seen since the change began.
   */
  step(change: () => unknown, events: number): Promise<number>
  /** The tool named `name` (default `t`) from `getTools()`. */
  tool(name?: string): Promise<RegisteredTool | undefined>
  /** That tool's input schema as JSON text. */
  schema(name?: string): Promise<string | undefined>
  /** Names (and descriptions) of the listed tools: `a:desc,b:desc`. */
  names(): Promise<string>
  /**
   * The ids of the elements an agent marks, `forms|submit buttons`: native `:tool-form-active` and
   * `:tool-submit-active`, the polyfill's `data-tool-form-active` / `data-tool-submit-active`.
   */
  marked(): string
  /**
   * `ok:<typeof>:<value>` or `err:<error name>`. The error's name and message also go to the
   * harness's `h.rejections`, which it compares with native Chromium's (`name: message`).
   */
  settle(promise: Promise<unknown>): Promise<string>
  /** Runs the tool `t` with `input` (and `signal`), settled as by `settle`, without waiting. */
  run(input: object, signal?: AbortSignal): Promise<string>
  /**
   * Starts the tool `t` with `input` and resolves once the form is filled (at `toolactivated`), with
   * the outcome still to come.
   */
  start(input: object, signal?: AbortSignal): Promise<{ result: Promise<string> }>
  /** Logs `type:name-or-id` for each event of `types` at every control of `form` into `log`. */
  watch(form: HTMLFormElement, types: string[], log: string[]): void
}

declare global {
  var d: DeclarativeHelpers
}

function install() {
  const mc = document.modelContext!
  const native = CSS.supports('selector(:tool-form-active)')
  const helpers: DeclarativeHelpers = {
    changes(count = 1) {
      return new Promise((resolve) => {
        let seen = 0
        const listener = () => {
          if (++seen < count) return
          mc.removeEventListener('toolchange', listener)
          resolve()
        }
        mc.addEventListener('toolchange', listener)
      })
    },
    activated: () =>
      new Promise((resolve) =>
        mc.addEventListener('toolactivated', () => resolve(), { once: true }),
      ),
    async settled() {
      // The microtasks first: the mutation records reach the polyfill's observer there.
      await null
      await mc.getTools()
      await mc.getTools()
    },
    countChanges() {
      const counter = { count: 0 }
      mc.addEventListener('toolchange', () => counter.count++)
      return counter
    },
    async step(change, events) {
      let count = 0
      let reached = () => {}
      const enough = new Promise<void>((resolve) => (reached = resolve))
      const listener = () => ++count >= events && reached()
      mc.addEventListener('toolchange', listener)
      try {
        await change()
        if (count < events) {
          await Promise.race([enough, new Promise((resolve) => setTimeout(resolve, 10_000))])
        }
        await helpers.settled()
        return count
      } finally {
        mc.removeEventListener('toolchange', listener)
      }
    },
    tool: async (name = 't') => (await mc.getTools()).find((tool) => tool.name === name),
    schema: async (name = 't') => JSON.stringify((await helpers.tool(name))?.inputSchema),
    names: async () =>
      (await mc.getTools()).map((tool) => `${tool.name}:${tool.description}`).join(),
    marked() {
      const selectors = native
        ? [':tool-form-active', ':tool-submit-active']
        : ['[data-tool-form-active]', '[data-tool-submit-active]']
      return selectors
        .map((selector) => Array.from(document.querySelectorAll(selector), (el) => el.id).join())
        .join('|')
    },
    async settle(promise) {
      try {
        const value = await promise
        return `ok:${typeof value}:${value}`
      } catch (error) {
        const { name, message } = error as Error
        ;(window as unknown as { h?: Helpers }).h?.rejections.push([name, String(message)])
        return `err:${name}`
      }
    },
    async run(input, signal) {
      const tool = await helpers.tool()
      return helpers.settle(mc.executeTool(tool!, input, { signal }))
    },
    async start(input, signal) {
      const activated = helpers.activated()
      const result = helpers.run(input, signal)
      await activated
      return { result }
    },
    watch(form, types, log) {
      for (const el of form.elements) {
        for (const type of types) {
          el.addEventListener(type, () =>
            log.push(`${type}:${(el as HTMLInputElement).name || el.id}`),
          )
        }
      }
    },
  }
  window.d = helpers
}

/** A page whose body is `body`, after a script that installs `d`. */
export const page = (body: string): string =>
  `/?body=${encodeURIComponent(`<script>(${install.toString()})()</script>${body}`)}`
