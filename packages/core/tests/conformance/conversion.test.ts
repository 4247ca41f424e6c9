import { differential } from './harness'

// WebIDL converts a method's arguments once, in order, before anything else happens: a page's
// getters run once even when the call has to wait (a registration in the task that installed the
// polyfill, before its frame link settled; a frame still waiting for its parent's answer).

/**
 * Page script: dictionaries whose every member is a getter that logs its read into `window.reads`,
 * then the three methods called at once (while the document may still be waiting) into
 * `window.calls`.
 */
function callAtOnce() {
  const reads: string[] = []
  const dict = (label: string, values: Record<string, unknown>) => {
    const out = {} as never
    for (const [key, value] of Object.entries(values)) {
      Object.defineProperty(out, key, {
        enumerable: true,
        get: () => (reads.push(`${label}.${key}`), value),
      })
    }
    return out
  }
  const mc = document.modelContext!
  const tool = dict('tool', {
    name: 'a',
    title: 'T',
    description: 'd',
    inputSchema: { type: 'object' },
    execute: () => 'ok',
    annotations: { readOnlyHint: true },
  })
  const registered = dict('registered', {
    name: 'a',
    title: 'T',
    description: 'd',
    inputSchema: { type: 'object' },
    window,
    origin: location.origin,
    annotations: { readOnlyHint: true },
  })
  const settle = (p: Promise<unknown>) =>
    p.then(
      (value) => ['ok', value],
      (error: Error) => ['err', error.name],
    )
  const w = window as unknown as { reads: string[]; calls: Promise<unknown[]> }
  w.reads = reads
  w.calls = Promise.all([
    settle(mc.registerTool(tool, dict('options', { exposedTo: [], signal: undefined }))),
    settle(
      mc.getTools(dict('getOptions', { fromOrigins: [] })).then((ts) => ts.map((t) => t.name)),
    ),
    settle(
      mc.executeTool(
        registered,
        dict('input', { q: 1 }),
        dict('execOptions', { signal: undefined }),
      ),
    ),
  ])
}

const READS = [
  'tool.annotations',
  'tool.description',
  'tool.execute',
  'tool.inputSchema',
  'tool.name',
  'tool.title',
  'options.exposedTo',
  'options.signal',
  'getOptions.fromOrigins',
  'registered.annotations',
  'registered.description',
  'registered.inputSchema',
  'registered.name',
  'registered.origin',
  'registered.title',
  'registered.window',
  'execOptions.signal',
  'input.q',
]

const script = (body: string) => `<script>${body}</script>`
const OUTCOMES = [
  ['ok', undefined],
  ['ok', ['a']],
  ['ok', 'ok'],
]

differential('WebIDL: arguments are converted once, before any wait', [
  {
    name: 'in the task that installs the polyfill: every getter runs once, in order',
    // The core's exports without the classic script: install and call in one script (one task).
    path: `/?nopolyfill&body=${encodeURIComponent(
      '<script src="/webmcp-kit.js"></script>' +
        script(`WebMCPKit.installModelContext();(${callAtOnce.toString()})()`),
    )}`,
    run: async () => {
      const w = window as unknown as { reads: string[]; calls: Promise<unknown[]> }
      return [await w.calls, w.reads]
    },
    expected: [OUTCOMES, READS],
  },
  {
    name: 'in a frame still waiting for its parent: every getter runs once, in order',
    // The page keeps the frame's script as text.
    path: `/?body=${encodeURIComponent(script(`window.callAtOnce=${JSON.stringify(callAtOnce.toString())}`))}`,
    run: async ({ frame }) => {
      // The frame calls from its first script, before its parent can have answered it.
      const body = `<script>(${(window as unknown as { callAtOnce: string }).callAtOnce})()</script>`
      const iframe = await frame(`/?body=${encodeURIComponent(body)}`, { allow: 'tools' })
      const w = iframe.contentWindow as unknown as { reads: string[]; calls: Promise<unknown[]> }
      return [await w.calls, w.reads]
    },
    expected: [OUTCOMES, READS],
  },
])
