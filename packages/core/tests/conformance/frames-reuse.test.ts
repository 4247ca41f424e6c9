import { differential } from './harness'
import type { Case, Helpers } from './harness'

// A frame's initial about:blank and the document it navigates to, with the polyfill injected into
// every document as the bridge's init script and extension content scripts do: the parent runs the
// polyfill's source in the initial about:blank right after inserting the frame, and the document
// that comes loads it itself. Navigating to a same-origin document reuses the about:blank's Window
// (the HTML standard's rule for the initial about:blank), so the polyfill runs a second time in one
// realm, now for another document; to another origin, the document gets a Window of its own.
// Differential: native Chromium runs the same pages (the injected source leaves native alone).

/** What a case's frame reports: its tools, the parent's, and whether its Window was reused. */
interface Navigated {
  reused: unknown
  top: string[]
  frame: unknown
}

/**
 * Inserts a frame whose initial about:blank gets the polyfill and registers `blankTool` (and a form
 * tool `blankForm`), then navigates it to `src`: in the same task as the insertion (`at: 'insert'`)
 * or once the about:blank's tool is listed (`at: 'later'`). Resolves when the new document has
 * loaded and joined its tree, with what `Navigated` says.
 */
async function navigate(h: Helpers, src: string, at: 'insert' | 'later'): Promise<Navigated> {
  const source = await (await fetch('/webmcp.iife.js')).text()
  // Native answers within a second: a bound, so that a document that never answers is an outcome.
  const bounded = <T>(promise: Promise<T>) =>
    Promise.race([promise, new Promise<'hang'>((r) => setTimeout(() => r('hang'), 8000))])
  const f = document.createElement('iframe')
  f.allow = 'tools'
  if (at === 'insert') f.src = src
  document.body.append(f)
  // Kept by the Window, so the document that comes sees it only where the Window is reused.
  ;(f.contentWindow as unknown as { blankWindow: boolean }).blankWindow = true
  const d = f.contentDocument!
  const script = d.createElement('script')
  script.textContent = source
  d.documentElement.append(script)
  d.body.innerHTML = '<form toolname=blankForm tooldescription=d><input name=q></form>'
  const registering = d.modelContext!.registerTool({
    name: 'blankTool',
    description: 'd',
    execute: () => 'BLANK',
  })
  // Natively the about:blank may be replaced before its registration settles.
  void registering.catch(() => undefined)
  if (at === 'later') {
    await registering
    await h.until(async () => (await h.mc.getTools()).some((t) => t.name === 'blankTool'))
  }
  const loaded = new Promise((resolve) => f.addEventListener('load', resolve, { once: true }))
  if (at === 'later') f.src = src
  if ((await bounded(loaded)) === 'hang') return { reused: 'hang', top: [], frame: 'hang' }
  // Once its polyfill says the new document has joined its tree (at once under native WebMCP).
  const [, inside] = await bounded(
    h.inFrame(
      f,
      async (parent: string) => {
        const context = document.modelContext!
        const hook = (
          context.constructor as unknown as Record<
            symbol,
            { joined?: (c: unknown) => Promise<unknown> }
          >
        )[Symbol.for('webmcp-kit/polyfill')]
        await hook?.joined?.(context)
        const tools = await context.getTools({ fromOrigins: [parent] })
        return ['blankWindow' in window, tools.map((t) => t.name)]
      },
      location.origin,
    ),
  ).then((r) => (r === 'hang' ? ['', [r, r]] : r))
  const [reused, frame] = inside as [unknown, unknown]
  return {
    reused,
    top: (await h.mc.getTools({ fromOrigins: [new URL(src).origin] })).map((t) => t.name),
    frame,
  }
}

/** The frame's page: a form tool and a tool registered by its first script, both for `exposed`. */
const real = (origin: string, exposed: string) =>
  `${origin}/?agent&body=${encodeURIComponent(
    `<form toolname=realForm tooldescription=d><input name=q></form><script>document.modelContext.registerTool({ name: 'realTool', description: 'd', execute: () => 'REAL' }, { exposedTo: ['${exposed}'] })</script>`,
  )}`

declare global {
  interface Window {
    navigate: typeof navigate
    realPage: typeof real
  }
}

/**
 * The case's page: the polyfill, this file's helpers, and in its query where the frame goes
 * (`cross`: to the other origin) and when (`at`), which the case body reads.
 */
const page = (cross: boolean, at: 'insert' | 'later') =>
  `/?${cross ? 'cross&' : ''}at=${at}&body=${encodeURIComponent(
    `<script>window.navigate = ${navigate.toString()}; window.realPage = ${real.toString()}</script>`,
  )}`

const cases: Case[] = [false, true].flatMap((cross) =>
  (['insert', 'later'] as const).map((at): Case => ({
    name: `${cross ? 'a cross-origin' : 'a same-origin'} frame navigated ${at === 'insert' ? 'in the task that inserts it' : 'once its about:blank’s tool is listed'}: the about:blank’s tools are gone, the new document’s own are listed both ways`,
    path: page(cross, at),
    // Native Chromium 156's renderer crashes in some loads of this one page (see docs/conformance.md,
    // "Engines"); its expected outcome is native's, from the loads that do not crash.
    ...(!cross && at === 'insert'
      ? { polyfillOnly: 'native Chromium 156 crashes in some loads' }
      : {}),
    run: async (h) => {
      const query = new URLSearchParams(location.search)
      const there = query.has('cross') ? h.otherOrigin : h.origin
      await h.register('topTool', {}, { exposedTo: [there] })
      const at = query.get('at') as 'insert' | 'later'
      return window.navigate(h, window.realPage(there, h.origin), at)
    },
    expected: {
      // Natively, the Window of a frame's initial about:blank is reused only by a same-origin
      // document that replaces it in the task that inserted the frame.
      reused: !cross && at === 'insert',
      // A cross-origin document's form tools are not exposed to other origins.
      top: cross ? ['realTool', 'topTool'] : ['realForm', 'realTool', 'topTool'],
      frame: ['realForm', 'realTool', 'topTool'],
    },
  })),
)

differential('frames, a frame’s initial about:blank and the document that replaces it', cases)
