import { differential } from './harness'
import type { Case, Helpers } from './harness'

// The polyfill injected into every document, as the bridge's init script and extension content
// scripts do: a frame's initial `about:blank` gets it too (here the parent runs the polyfill's
// source in that document right after inserting the frame, as an init script would), and documents
// whose parent has no polyfill. Differential: native Chromium runs the same pages (the injected
// source leaves native WebMCP alone).

/** Page-side helpers of these cases. */
interface Injector {
  /** Runs the polyfill's source in `d` (a frame's current document), as an init script does. */
  inject(d: Document): void
  /**
   * Resolves once `f` has loaded and its test agent said its document joined the tree, or after
   * `DEADLINE` (an engine where that never happens must not hold the driver's session).
   */
  loaded(f: HTMLIFrameElement): Promise<void>
  /** `getTools()` in `f`'s document (through its agent): names, or the error's name; `'hang'`. */
  probe(f: HTMLIFrameElement): Promise<unknown>
  /**
   * Inserts `f`, loading a page of `origin` whose first script registers `realTool` (its promise
   * as `registered` in that Window), injects the polyfill into its initial about:blank and
   * registers `blankTool` there. `blank()` is that registration's state now: `'pending'`,
   * `'registered'` or the error's name. Native Chromium settles it in a task of its own, which on a
   * busy machine has run after the frame's load event: the cases read it once the replacing
   * document's own registration has settled.
   */
  replaced(f: HTMLIFrameElement, origin: string): { load: Promise<unknown>; blank(): string }
}

declare global {
  interface Window {
    injector: Injector
  }
}

async function installInjector() {
  const source = await (await fetch('/webmcp-standalone.iife.js')).text()
  // Native answers within a second or two: a page-side bound, so that a hang is an outcome.
  const DEADLINE = 8000
  const bounded = <T>(promise: Promise<T>): Promise<T | 'hang'> =>
    Promise.race([promise, new Promise<'hang'>((r) => setTimeout(() => r('hang'), DEADLINE))])
  const injector: Injector = {
    inject(d) {
      const script = d.createElement('script')
      script.textContent = source
      d.documentElement.append(script)
    },
    loaded(f) {
      const load = new Promise((resolve) => f.addEventListener('load', resolve, { once: true }))
      const ready = new Promise<void>((resolve) => {
        const listener = (event: MessageEvent) => {
          if (event.source !== f.contentWindow || event.data?.__testReady === undefined) return
          removeEventListener('message', listener)
          resolve()
        }
        addEventListener('message', listener)
      })
      return bounded(Promise.all([load, ready])).then(() => undefined)
    },
    probe(f) {
      // Through the frame's test agent, with the harness's helper (installed before a case runs).
      const { h } = window as unknown as { h: Helpers }
      const names = async () => {
        try {
          return (await document.modelContext!.getTools()).map((t) => t.name)
        } catch (e) {
          return (e as Error).name
        }
      }
      return bounded(h.inFrame(f, names).then((result) => result[1]))
    },
    replaced(f, origin) {
      f.src = `${origin}/?agent&body=${encodeURIComponent(
        `<script>window.registered = document.modelContext.registerTool({ name: 'realTool', description: 'd', execute: () => 'R' }).then(() => 'registered', (e) => e.name)</script>`,
      )}`
      const load = new Promise((resolve) => f.addEventListener('load', resolve, { once: true }))
      document.body.append(f)
      injector.inject(f.contentDocument!)
      let state = 'pending'
      f.contentDocument!.modelContext!.registerTool({
        name: 'blankTool',
        description: 'd',
        execute: () => 'BLANK',
      }).then(
        () => (state = 'registered'),
        (e: Error) => (state = e.name),
      )
      return { load, blank: () => state }
    },
  }
  window.injector = injector
}

/** A page with the polyfill (or without: `raw`) and the injector. */
const page = (raw = false) =>
  `/?${raw ? 'nopolyfill&' : ''}body=${encodeURIComponent(`<script>window.injecting = (${installInjector.toString()})()</script>`)}`

interface Injecting {
  injecting: Promise<void>
}

const cases: Case[] = [
  {
    name: 'D4: with the polyfill in every document, allow set right after inserting the frame does not count for the document it loads',
    path: page(),
    run: async ({ origin, otherOrigin }) => {
      await (window as unknown as Injecting).injecting
      const { injector } = window
      // Inserted with its src, injected in its initial about:blank, then allow changes in the same task.
      const insert = async (src: string, before: string | null, after: string | null) => {
        const f = document.createElement('iframe')
        if (before !== null) f.setAttribute('allow', before)
        f.src = src
        const loaded = injector.loaded(f)
        document.body.append(f)
        injector.inject(f.contentDocument!)
        if (after === null) f.removeAttribute('allow')
        else f.setAttribute('allow', after)
        await loaded
        return injector.probe(f)
      }
      return {
        crossGranted: await insert(`${otherOrigin}/?agent`, null, 'tools'),
        sameRefused: await insert(`${origin}/?agent`, null, "tools 'none'"),
        crossRevoked: await insert(`${otherOrigin}/?agent`, 'tools', null),
      }
    },
    expected: { crossGranted: 'NotAllowedError', sameRefused: [], crossRevoked: [] },
  },
  {
    name: 'tools registered by a frame’s initial about:blank document do not survive its navigation; the same-origin document that replaces it (in the same Window) lists and is listed',
    path: page(),
    run: async ({ mc, origin, until }) => {
      await (window as unknown as Injecting).injecting
      const { injector } = window
      await mc.registerTool({ name: 'topTool', description: 'd', execute: () => 'T' })
      const f = document.createElement('iframe')
      f.allow = 'tools'
      f.src = `${origin}/?agent&body=${encodeURIComponent(
        `<script>document.modelContext.registerTool({ name: 'realTool', description: 'd', execute: () => 'R' })</script>`,
      )}`
      const loaded = injector.loaded(f)
      document.body.append(f)
      // Kept by the Window: the document that comes sees it only where the Window is reused.
      const w = f.contentWindow as Window & { blankWindow?: boolean }
      w.blankWindow = true
      injector.inject(f.contentDocument!)
      // Whether this registration settles before the navigation commits is timing (natively it
      // sometimes never does): only that its tool does not survive is compared.
      void f
        .contentDocument!.modelContext!.registerTool({
          name: 'blankTool',
          description: 'd',
          execute: () => 'BLANK',
        })
        .catch(() => {})
      await loaded
      // Native Chromium sometimes lists the new document's tool in its parent a moment after load.
      await until(async () => (await mc.getTools()).some((t) => t.name === 'realTool'))
      return {
        reused: w.blankWindow === true,
        top: (await mc.getTools()).map((t) => t.name),
        frame: await injector.probe(f),
      }
    },
    expected: {
      reused: true,
      top: ['realTool', 'topTool'],
      frame: ['realTool', 'topTool'],
    },
  },
  {
    name: 'under a page without the polyfill, a same-origin frame’s initial about:blank registers, and the document that replaces it registers and lists its tool',
    path: page(true),
    run: async ({ origin }) => {
      await (window as unknown as Injecting).injecting
      const { injector } = window
      const f = document.createElement('iframe')
      // Nothing the page has answers for it, so there is nothing for its registration to wait for.
      const { load, blank } = injector.replaced(f, origin)
      await load
      const w = f.contentWindow as unknown as { registered: Promise<string> }
      const registered = await w.registered
      return { blank: blank(), registered, frame: await injector.probe(f) }
    },
    expected: { blank: 'registered', registered: 'registered', frame: ['realTool'] },
  },
  {
    name: 'a frame’s initial about:blank whose registration still waits on the page’s list when the same-origin document replacing it installs: it settles then, and the new document registers and is listed',
    path: page(true),
    run: async ({ origin, until }) => {
      const { injecting } = window as unknown as Injecting
      await injecting
      const { injector } = window
      const f = document.createElement('iframe')
      // Ahead of the polyfill's listener, this page drops the about:blank's introduction (its first
      // protocol message): the about:blank's registration is still waiting for this page's list
      // when the document that replaces it installs, as it mostly is when that navigation commits
      // before this page answers. Native sends no such message.
      let held = false
      addEventListener('message', (event) => {
        if (held || event.source !== f.contentWindow || !event.data?.__webmcp) return
        held = true
        event.stopImmediatePropagation()
      })
      injector.inject(document)
      const mc = document.modelContext!
      await mc.registerTool({ name: 'topTool', description: 'd', execute: () => 'T' })
      f.allow = 'tools'
      const { load, blank } = injector.replaced(f, origin)
      await load
      const w = f.contentWindow as unknown as { registered: Promise<string> }
      const registered = await w.registered
      await until(async () => (await mc.getTools()).some((t) => t.name === 'realTool'))
      return {
        blank: blank(),
        registered,
        top: (await mc.getTools()).map((t) => t.name),
        frame: await injector.probe(f),
      }
    },
    expected: {
      blank: 'registered',
      registered: 'registered',
      top: ['realTool', 'topTool'],
      frame: ['realTool', 'topTool'],
    },
  },
  {
    name: 'P0: a same-origin frame with the polyfill under a parent without it may use tools, as its allow says',
    path: page(true),
    run: async ({ origin }) => {
      await (window as unknown as Injecting).injecting
      const { injector } = window
      const insert = async (allow: string | null) => {
        const f = document.createElement('iframe')
        if (allow !== null) f.setAttribute('allow', allow)
        f.src = `${origin}/?agent&body=${encodeURIComponent(
          `<script>window.registered = document.modelContext.registerTool({ name: 'child', description: 'd', execute: () => 'C' }).then(() => 'registered', (e) => e.name)</script>`,
        )}`
        const loaded = injector.loaded(f)
        document.body.append(f)
        await loaded
        const registered = await (f.contentWindow as unknown as { registered: Promise<string> })
          .registered
        return [registered, await injector.probe(f)]
      }
      return { byDefault: await insert(null), refused: await insert("tools 'none'") }
    },
    expected: {
      byDefault: ['registered', ['child']],
      refused: ['NotAllowedError', 'NotAllowedError'],
    },
  },
  {
    name: 'P3: a same-origin srcdoc frame that installs the polyfill itself registers, and rejects InvalidStateError once removed',
    path: page(),
    run: async ({ mc }) => {
      await (window as unknown as Injecting).injecting
      const { injector } = window
      // `how`: srcdoc set before insertion, after it, or before it with the polyfill also injected
      // into the frame's initial about:blank.
      const srcdoc = async (name: string, how: 'before' | 'after' | 'injected') => {
        const f = document.createElement('iframe')
        const html = `<script src="/webmcp.iife.js"></script><script>window.registered = document.modelContext.registerTool({ name: '${name}', description: 'd', execute: () => 'S' }).then(() => 'registered', (e) => e.name)</script>`
        if (how !== 'after') f.srcdoc = html
        const load = () =>
          new Promise((resolve) => f.addEventListener('load', resolve, { once: true }))
        let loaded = load()
        document.body.append(f)
        if (how === 'injected') injector.inject(f.contentDocument!)
        if (how === 'after') {
          // (The initial about:blank may have fired its own load event by now.)
          await Promise.race([loaded, Promise.resolve()])
          loaded = load()
          f.srcdoc = html
        }
        // Bounded, so that an engine where the frame never loads or registers gives an outcome.
        const within = <T>(promise: Promise<T>) =>
          Promise.race([promise, new Promise<'hang'>((r) => setTimeout(() => r('hang'), 8000))])
        if ((await within(loaded)) === 'hang') return { before: 'hang' }
        const w = f.contentWindow as unknown as Window & { registered: Promise<string> }
        const registered = await within(w.registered)
        const context = w.document.modelContext!
        const listed = (await mc.getTools()).map((t) => t.name)
        f.remove()
        let afterRemoval: string
        try {
          afterRemoval = String(
            await within(
              context
                .registerTool({ name: 'late', description: 'd', execute: () => 'L' })
                .then(() => 'registered'),
            ),
          )
        } catch (e) {
          afterRemoval = (e as Error).name
        }
        return { registered, listed, afterRemoval }
      }
      return { before: await srcdoc('before', 'before') }
    },
    expected: {
      before: { registered: 'registered', listed: ['before'], afterRemoval: 'InvalidStateError' },
    },
    engines: {
      firefox: {
        expected: {
          before: { registered: 'registered', listed: ['before'], afterRemoval: 'hang' },
        },
        reason:
          'Firefox settles no promise of a document whose frame was removed, so its registerTool() never rejects',
      },
    },
  },
]

differential('frames, the polyfill in every document', cases)
