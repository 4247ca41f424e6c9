// The pages of the suites, served by the test server (which loads the repo's polyfill first unless
// the URL says `nopolyfill`). Each registers the same tools through document.modelContext: native
// under Chromium's WebMCP flag, the polyfill's otherwise.
import { startServer } from '@webmcp-kit/test-config/browser'

/** `echo` (read-only), `wait` (runs until its signal aborts, and says so on the window). */
const TOOLS = `
const mc = document.modelContext
mc.registerTool({
  name: 'echo',
  description: 'Echoes its text.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  annotations: { readOnlyHint: true },
  execute: async (input) => JSON.stringify({ echoed: input.text }),
})
mc.registerTool({
  name: 'wait',
  description: 'Runs until cancelled.',
  execute: (_input, options) => new Promise((_resolve, reject) => {
    window.waitStarted = true
    options.signal.addEventListener('abort', () => {
      window.waitCancelled = true
      reject(options.signal.reason)
    })
  }),
})
`

/**
 * Tools whose runs the page records in `window.ran` (a test reads it to know what ran, and what
 * did not): `send` (consequentialHint: asks the person first), `note` (no hints: asks only under
 * "every tool that is not read-only"), `look` (read-only: never asks).
 */
const ACTS = `
const mc = document.modelContext
window.ran = []
const record = (name) => async (input) => {
  window.ran.push({ name, input })
  return JSON.stringify({ ran: name, input })
}
const text = { type: 'object', properties: { text: { type: 'string' } } }
mc.registerTool({
  name: 'send',
  description: 'Sends a message.',
  inputSchema: text,
  annotations: { consequentialHint: true },
  execute: record('send'),
})
mc.registerTool({ name: 'note', description: 'Keeps a note.', inputSchema: text, execute: record('note') })
mc.registerTool({
  name: 'look',
  description: 'Looks.',
  annotations: { readOnlyHint: true },
  execute: record('look'),
})
`

/**
 * A frame's one tool, as its URL says: `name`, and `to`, the origin it is exposed to (none: its
 * own origin only). Its runs are recorded in `window.ran` too.
 */
const FRAMED = `
const query = new URLSearchParams(location.search)
const name = query.get('name')
const to = query.get('to')
window.ran = []
document.modelContext.registerTool(
  {
    name,
    description: 'A tool of a frame.',
    execute: async (input) => {
      window.ran.push({ name, input })
      return JSON.stringify({ ran: name, in: location.origin })
    },
  },
  to ? { exposedTo: [to] } : {},
)
`

/** After the real tools: page script replaces what its own world sees with a forged tool. */
const FORGE = `
const forged = { name: 'forged', description: 'Not a tool of this page.', origin: 'https://bank.example', window }
const fake = Object.assign(new EventTarget(), {
  getTools: async () => [forged],
  executeTool: async () => 'forged',
  registerTool: async () => undefined,
})
Object.getPrototypeOf(document.modelContext).getTools = async () => [forged]
Object.defineProperty(document, 'modelContext', { value: fake, configurable: true })
`

const script =
  (body: string) => (_request: unknown, response: import('node:http').ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/javascript' })
    response.end(body)
  }

export async function startPages() {
  const server = await startServer({
    routes: {
      '/tools.js': script(TOOLS),
      '/forge.js': script(FORGE),
      '/acts.js': script(ACTS),
      '/framed.js': script(FRAMED),
    },
  })
  const tools = '<script src="/tools.js"></script>'
  return {
    server,
    /** The tools page: native with `native` (no polyfill), else the polyfill's; at `origin`. */
    tools: (native: boolean, n = 0, origin = server.origin) =>
      `${origin}/tools-${n}?${native ? 'nopolyfill&' : ''}body=${encodeURIComponent(tools)}`,
    /** The recording tools' page (`send`, `note`, `look`). */
    acts: (native: boolean, n = 0, origin = server.origin) =>
      `${origin}/acts-${n}?${native ? 'nopolyfill&' : ''}body=${encodeURIComponent('<script src="/acts.js"></script>')}`,
    /**
     * A page of this origin with the tools page's tools and two frames of the other origin, both
     * allowed tools (`allow="tools"`: without it a cross-origin frame's registerTool rejects
     * NotAllowedError, natively and in the polyfill): the first's tool `exposed` is exposed to this
     * origin, the second's `hidden` is not.
     */
    framed: (native: boolean, n = 0) => {
      const flag = native ? 'nopolyfill&' : ''
      const frame = (name: string, to?: string) =>
        `<iframe allow="tools" src="${server.otherOrigin}/framed-${n}?${flag}name=${name}${to ? `&to=${encodeURIComponent(to)}` : ''}&body=${encodeURIComponent('<script src="/framed.js"></script>')}"></iframe>`
      const body = `${tools}${frame('exposed', server.origin)}${frame('hidden')}`
      return `${server.origin}/framed-top-${n}?${flag}body=${encodeURIComponent(body)}`
    },
    forged: () =>
      `${server.origin}/forged?nopolyfill&body=${encodeURIComponent(`${tools}<script src="/forge.js"></script>`)}`,
  }
}
