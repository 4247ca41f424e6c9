import type { IncomingMessage, ServerResponse } from 'node:http'

const html = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><script src="/webmcp.iife.js"></script></head><body>${body}</body></html>`

// The fixture's own tools: a slow one to cancel, a consequential one, two that fail, one whose name clashes with
// the demo widget's, and one that navigates to the second page (whose `back` returns). `go`
// navigates in a timer after it answers and keeps the page busy, so that the navigation commits
// before any task the page queued after the answer; `back` starts its navigation before it answers.
const BUSY = 'const until = performance.now() + 300; while (performance.now() < until) {}'

const FIXTURE = `<script>
const mc = document.modelContext
const state = { slow: 'idle', sent: [] }
mc.registerTool({ name: 'page_state', description: 'Reads the state of the fixture page.',
  annotations: { readOnlyHint: true }, execute: () => state })
mc.registerTool({ name: 'slow', description: 'Runs until cancelled (30 s at most).',
  execute: (input, { signal }) => new Promise((resolve, reject) => {
    state.slow = 'running'
    const timer = setTimeout(() => { state.slow = 'done'; resolve('done') }, 30000)
    signal.addEventListener('abort', () => { clearTimeout(timer); state.slow = 'aborted'; reject(signal.reason) })
  }) })
mc.registerTool({ name: 'send_message', title: 'Send a message', description: 'Sends a message to the team.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  annotations: { consequentialHint: true },
  execute: ({ text }) => { state.sent.push(text); return 'Sent: ' + text } })
mc.registerTool({ name: 'find_teammate', description: 'The fixture page’s own teammate search.',
  annotations: { readOnlyHint: true, untrustedContentHint: true },
  execute: () => ({ name: 'Someone from the fixture' }) })
mc.registerTool({ name: 'broken', description: 'Always fails.',
  execute: ({ id }) => { throw new RangeError('No order ' + id + '.') } })
mc.registerTool({ name: 'refuse', description: 'Always refuses.',
  execute: async () => { throw new DOMException('Not today.', 'NotAllowedError') } })
mc.registerTool({ name: 'go', description: 'Opens the second page.',
  execute: () => { setTimeout(() => { location.href = '/second'; ${BUSY} }); return 'Opening the second page.' } })
</script>`

const SECOND = `<script>
document.modelContext.registerTool({ name: 'second_only', description: 'Exists on the second page only.',
  annotations: { readOnlyHint: true }, execute: () => 'second' })
document.modelContext.registerTool({ name: 'back', description: 'Returns to the first page.',
  execute: () => { location.href = '/fixture'; return 'Going back.' } })
</script>`

type Route = (req: IncomingMessage, res: ServerResponse) => void

const page =
  (body: string): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(html(body))
  }

/** The fixture pages, for `startServer({ routes })`: `/fixture` embeds the demo at `demoOrigin`. */
export function fixturePages(demoOrigin: string): Record<string, Route> {
  return {
    '/fixture': page(
      `${FIXTURE}<iframe allow="tools" src="${demoOrigin}/" width="1000" height="700"></iframe>`,
    ),
    '/second': page(SECOND),
  }
}
