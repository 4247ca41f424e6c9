import { differential } from './harness'
import type { Case } from './harness'

// The classic script loads the frame protocol, its second file webmcp-frames.js, only when the page
// needs it: when the page has frames, or a document of its frame tree speaks the protocol to it. A
// page without frames never fetches it, whatever messages it gets that are not the protocol's; a
// second file that fails to load, or a copy of the script with no URL to load it from, fails the
// calls that need the protocol, and every promise still settles. (Frames whose protocol comes late:
// frames-load.test.ts.)

/** The cases' page-side helpers (a case's `run` is sent to the page as source: it has no closure). */
function kit() {
  /** Resolves with the first message from `w` that `pick` accepts, or with `'hang'` after 8 s. */
  const reply = (w: () => Window | null, pick: (data: unknown) => unknown) =>
    new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => resolve('hang'), 8000)
      addEventListener('message', function listen(event) {
        const value = event.source === w() ? pick(event.data) : undefined
        if (value === undefined) return
        removeEventListener('message', listen)
        clearTimeout(timer)
        resolve(value)
      })
    })
  return {
    /** How many times this document fetched the classic script's second file. */
    fetched: () =>
      performance.getEntriesByName(new URL('/webmcp-frames.js', location.href).href).length,
    reply,
    /** A child's report: what its first script's registration did (see `registering`). */
    report: (f: HTMLIFrameElement) =>
      reply(
        () => f.contentWindow,
        (data) => (data as { what?: unknown } | null)?.what,
      ),
    /** A first script that registers `name` and reports to its parent how that went. */
    registering: (name: string, exposedTo: string) =>
      // (`</` kept out of this source, which is itself inside a page's <script>.)
      `<script>document.modelContext.registerTool({ name: '${name}', description: 'd', execute: () => 'x' }, { exposedTo: ['${exposedTo}'] })
        .then(() => 'registered', (e) => e.name + ': ' + e.message).then((what) => parent.postMessage({ what }, '*'))<${'/'}script>`,
  }
}
type Kit = ReturnType<typeof kit>
declare global {
  interface Window {
    loadKit: Kit
  }
}

/** A page with the helpers, and `query` (`missing`: its classic script has no second file). */
const page = (query = '') =>
  `/?${query}${query && '&'}body=${encodeURIComponent(`<script>window.loadKit = (${kit.toString()})()</script>`)}`

const cases: Case[] = [
  {
    name: 'a page without frames, given messages that are not the protocol’s (its own, a frame’s without a polyfill, a key that is not a type): fetches no frame protocol, and its tools work',
    path: page(),
    run: async ({ mc, origin }) => {
      const { fetched, reply } = window.loadKit
      await mc.registerTool({ name: 'own', description: 'd', execute: () => 'x' })
      // From itself: not another document of its tree.
      postMessage({ __webmcp: 'hello', doc: 'x' }, '*')
      postMessage({ hello: 1 }, '*')
      // From a frame that has no polyfill, inserted after the install.
      const f = document.createElement('iframe')
      const body = `<script>parent.postMessage({ __webmcp: 5 }, '*'); parent.postMessage('__webmcp', '*'); parent.postMessage({ done: 1 }, '*')</script>`
      f.src = `${origin}/?nopolyfill&body=${encodeURIComponent(body)}`
      const done = reply(
        () => f.contentWindow,
        (data) => (data as { done?: number } | null)?.done,
      )
      document.body.append(f)
      await done
      // After the messages were dispatched, and after the polyfill's queued tasks.
      const names = (await mc.getTools()).map((t) => t.name)
      return [fetched(), names]
    },
    expected: [0, ['own']],
  },
  {
    name: 'a page without frames, whose later frame speaks the protocol to it: fetches the frame protocol once, and the two list each other’s tools',
    polyfillOnly: 'native WebMCP has no second file to fetch',
    path: page(),
    run: async ({ mc, origin }) => {
      const { fetched, report: reportOf, registering } = window.loadKit
      await mc.registerTool({ name: 'topTool', description: 'd', execute: () => 'x' }, {})
      const before = fetched()
      const f = document.createElement('iframe')
      f.src = `${origin}/?body=${encodeURIComponent(registering('childTool', origin))}`
      const report = reportOf(f)
      document.body.append(f)
      const registered = await report
      const names = (await mc.getTools()).map((t) => t.name)
      const there = await f.contentDocument!.modelContext!.getTools()
      return [before, fetched(), registered, names, there.map((t) => t.name)]
    },
    expected: [0, 1, 'registered', ['childTool', 'topTool'], ['childTool', 'topTool']],
  },
  {
    name: 'a page that replaces the DOMException global before its frame protocol loads: a call on a removed frame’s tool still rejects with a real InvalidStateError',
    path: page(),
    run: async ({ mc, origin }) => {
      const { report: reportOf, registering } = window.loadKit
      const Real = DOMException
      // A page's own global, replaced before any frame spoke to it.
      ;(window as unknown as { DOMException: unknown }).DOMException = class extends Error {}
      const f = document.createElement('iframe')
      f.src = `${origin}/?body=${encodeURIComponent(registering('childTool', origin))}`
      const report = reportOf(f)
      document.body.append(f)
      const registered = await report
      const tool = (await mc.getTools()).find((t) => t.name === 'childTool')
      f.remove()
      const outcome = await mc.executeTool(tool!, {}).then(
        () => 'resolved',
        (e: unknown) => [e instanceof Real, (e as Error).name],
      )
      ;(window as unknown as { DOMException: unknown }).DOMException = Real
      return [registered, outcome]
    },
    expected: ['registered', [true, 'InvalidStateError']],
  },
  {
    name: 'the classic script whose second file is missing (a 404): a page without frames works; a frame’s registration rejects with the failed import, and the page’s tools stay its own',
    polyfillOnly: 'native WebMCP has no second file to miss',
    path: page('missing'),
    run: async ({ mc, origin }) => {
      const { report: reportOf, registering } = window.loadKit
      await mc.registerTool({ name: 'topTool', description: 'd', execute: () => 'x' })
      const f = document.createElement('iframe')
      f.src = `${origin}/?missing&body=${encodeURIComponent(registering('childTool', origin))}`
      const report = reportOf(f)
      document.body.append(f)
      const registered = String(await report)
      const names = (await mc.getTools()).map((t) => t.name)
      // The import's own TypeError, whose words are the engine's.
      return [registered.split(':')[0], names]
    },
    expected: ['TypeError', ['topTool']],
  },
  {
    name: 'a copy of the classic script with no URL of its own (inline) in a frame: its registration rejects with an Error that says to use the standalone script',
    polyfillOnly: 'native WebMCP has no second file to load',
    path: page(),
    run: async () => {
      const { report: reportOf, registering } = window.loadKit
      const source = await (await fetch('/webmcp.iife.js')).text()
      const f = document.createElement('iframe')
      f.srcdoc = `<script>${source.replaceAll('</script', '<\\/script')}</script>${registering('childTool', location.origin)}`
      const report = reportOf(f)
      document.body.append(f)
      const registered = String(await report)
      return [
        registered.startsWith('Error: webmcp-kit:'),
        registered.includes('webmcp-standalone.iife.js'),
      ]
    },
    expected: [true, true],
  },
  {
    name: 'the classic script run in a worker, which has no document: throws nothing and installs nothing',
    path: page(),
    run: async ({ origin }) => {
      const source = `try { importScripts('${origin}/webmcp.iife.js'); postMessage(['ran', typeof document, 'modelContext' in self]) } catch (e) { postMessage([String(e)]) }`
      const worker = new Worker(
        URL.createObjectURL(new Blob([source], { type: 'text/javascript' })),
      )
      const ran = await new Promise((resolve) => {
        worker.onmessage = (event) => resolve(event.data)
        worker.onerror = (event) => resolve([event.message])
      })
      worker.terminate()
      return ran
    },
    expected: ['ran', 'undefined', false],
  },
]

differential('the frame protocol, loaded when the page needs it', cases)
