// The pages the browser suite tests against, served beside the polyfill by @webmcp-kit/test-config/browser's
// server: imperative tools, a declarative form tool, and a frame tree with a same-origin child and
// a cross-origin widget. Each page script runs after the polyfill (which does nothing where WebMCP
// is native), and sets `window.ready` once its tools are registered.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { hostileRoute } from './hostile-page'

type ModelContext = EventTarget & {
  registerTool(
    tool: {
      name: string
      description: string
      inputSchema?: object
      annotations?: object
      execute(input: Record<string, unknown>, options: { signal: AbortSignal }): unknown
    },
    options?: { exposedTo?: string[]; signal?: AbortSignal },
  ): Promise<undefined>
}
interface PageState {
  ready?: boolean
  exporting?: boolean
  rolledBack?: boolean
  exportSignal?: AbortSignal
  later?: () => void
  settingsOpen?: boolean
}

/** The `add` tool's name, description and schema, as the page registers them. */
export const ADD = {
  name: 'add',
  description: 'Adds two numbers and answers with their sum as text.',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  },
} as const

/** Runs in the page: the imperative tools (`add` is given, as `ADD`). */
function imperative(add: typeof ADD) {
  const mc = (document as unknown as { modelContext: ModelContext }).modelContext
  const page = window as unknown as PageState & Record<string, unknown>
  void Promise.all([
    mc.registerTool({
      ...add,
      annotations: { readOnlyHint: true, untrustedContentHint: false },
      execute: ({ a, b }) => ({ content: [{ type: 'text', text: String(Number(a) + Number(b)) }] }),
    }),
    mc.registerTool({
      name: 'echo',
      description: 'Answers with the input it was given.',
      execute: (input) => input,
    }),
    mc.registerTool({
      name: 'nothing',
      description: 'Does nothing and answers with nothing.',
      execute: () => undefined,
    }),
    mc.registerTool({
      name: 'greet',
      description: 'Answers with a greeting in plain text.',
      execute: () => 'Hello, agent',
    }),
    mc.registerTool({
      name: 'fails',
      description: 'Always fails, for the error path.',
      execute: () => {
        throw new RangeError('out of range')
      },
    }),
    mc.registerTool({
      name: 'export_tasks',
      description: 'Exports the tasks as CSV; takes a while, and can be cancelled.',
      annotations: { consequentialHint: true },
      execute: (_input, { signal }) =>
        new Promise((resolve, reject) => {
          page.exporting = true
          page.exportSignal = signal
          signal.addEventListener('abort', () => {
            // A cancelled run rolls back what it set.
            page.exporting = false
            page.rolledBack = true
            reject(signal.reason)
          })
          page.later = () => resolve('id,text')
        }),
    }),
    mc.registerTool({
      name: 'open_settings',
      description: 'Opens the settings, which offer the set_theme tool.',
      execute: async () => {
        if (page.settingsOpen) return 'Settings are open.'
        page.settingsOpen = true
        await mc.registerTool({
          name: 'set_theme',
          description: 'Sets the colour theme.',
          execute: () => 'done',
        })
        return 'Settings are open.'
      },
    }),
  ]).then(() => (page.ready = true))
  // A tool that comes later, when the page asks for it (waitForTool's case).
  page.registerLater = () =>
    setTimeout(
      () =>
        void mc.registerTool({
          name: 'late_tool',
          description: 'Registered a moment after the page asked for it.',
          execute: () => 'late',
        }),
      100,
    )
}

/** Runs in the page: the declarative form's submit handler (the form is in the body). */
function form() {
  const page = window as unknown as PageState
  const element = document.querySelector('form')!
  element.addEventListener('submit', (event) => {
    event.preventDefault()
    const submit = event as SubmitEvent & {
      agentInvoked?: boolean
      respondWith?(result: Promise<unknown>): void
    }
    const data = new FormData(element)
    if (submit.agentInvoked)
      submit.respondWith?.(
        Promise.resolve({ added: String(data.get('text')), priority: data.get('priority') }),
      )
  })
  page.ready = true
}

const FORM = `<form toolname="quick_add" tooldescription="Adds a task from a short text." toolautosubmit>
  <label>Task <input name="text" required toolparamdescription="What needs doing."></label>
  <select name="priority"><option>normal</option><option>high</option></select>
  <button>Add</button>
</form>`

/** Runs in the same-origin child frame. */
function child() {
  const mc = (document as unknown as { modelContext: ModelContext }).modelContext
  void mc
    .registerTool({
      name: 'child_tool',
      description: 'A tool of a same-origin frame.',
      execute: () => 'from the child',
    })
    .then(() => ((window as unknown as PageState).ready = true))
}

/** Runs in the cross-origin widget: one tool exposed to the top page's origin, one kept private. */
function widget(top: string) {
  const mc = (document as unknown as { modelContext: ModelContext }).modelContext
  void Promise.all([
    mc.registerTool(
      {
        name: 'find_teammate',
        description: 'Looks a teammate up by first name.',
        inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
        annotations: { readOnlyHint: true },
        execute: ({ name }) =>
          name === 'Ada'
            ? { name: 'Ada Lovelace', email: 'ada@example.com' }
            : { error: `No teammate called ${String(name)}.` },
      },
      { exposedTo: [top] },
    ),
    mc.registerTool({
      name: 'private_tool',
      description: 'Only for the widget itself.',
      execute: () => 'private',
    }),
  ]).then(() => ((window as unknown as PageState).ready = true))
}

const html = (body: string, script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><script src="/webmcp.iife.js"></script></head>` +
  `<body>${body}<script>${script}</script></body></html>`

/** The other loopback origin of the same server (localhost ↔ 127.0.0.1). */
const otherOrigin = (request: IncomingMessage) => {
  const host = request.headers.host ?? ''
  const port = host.split(':').pop()
  return host.startsWith('localhost') ? `http://127.0.0.1:${port}` : `http://localhost:${port}`
}
const topOrigin = (request: IncomingMessage) => `http://${request.headers.host}`

type Route = (request: IncomingMessage, response: ServerResponse) => void
const send =
  (page: (request: IncomingMessage) => string): Route =>
  (request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    })
    response.end(page(request))
  }

/** The routes of the suite's pages, for `startServer({ routes })`. */
export const ROUTES: Record<string, Route> = {
  '/imperative': send(() =>
    html('<h1>Imperative tools</h1>', `(${imperative})(${JSON.stringify(ADD)})`),
  ),
  '/form': send(() => html(FORM, `(${form})()`)),
  '/frames': send((request) =>
    html(
      `<iframe class="child" src="/child"></iframe>` +
        `<iframe class="widget" allow="tools" src="${otherOrigin(request)}/widget?top=${encodeURIComponent(topOrigin(request))}"></iframe>`,
      `(${imperative})(${JSON.stringify(ADD)})`,
    ),
  ),
  '/hostile': hostileRoute,
  '/child': send(() => html('<p>child</p>', `(${child})()`)),
  '/widget': send((request) => {
    const top = new URL(request.url ?? '/', 'http://x').searchParams.get('top') ?? ''
    return html('<p id="last">widget</p>', `(${widget})(${JSON.stringify(top)})`)
  }),
}
