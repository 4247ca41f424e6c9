import { differential } from './harness'

// A document with an opaque origin (a CSP sandbox, a sandboxed frame allowed `tools *`, a sandboxed
// srcdoc frame, a data: frame) and its own tools: what registering, listing and running them gives.
// Native Chromium lists such a tool with the origin "null" and refuses to run it through
// `executeTool` (no origin names it); only the browser's own agent (DevTools) runs it.

/** What an opaque-origin frame's own tool gives (the second case's `own`), natively. */
const ownTool = [
  'null',
  [['own', 'null', true]],
  'NotSupportedError: The provided origin is invalid.',
  'NotSupportedError: The provided origin is invalid.',
  'NotSupportedError: Cannot execute tools that live in a document with an opaque origin.',
  'UnknownError: The operation failed for an unknown transient reason (e.g. out of memory).',
]

differential('opaque origins', [
  {
    name: 'a top-level opaque-origin page (CSP sandbox) lists its own tool; running it by its listed origin "null" rejects NotSupportedError, as native',
    path: '/?csp=sandbox%20allow-scripts',
    run: async ({ mc, capture, register }) => {
      await register('own', { execute: (input) => JSON.stringify(input) })
      const tools = await mc.getTools()
      const t = tools[0]!
      const out: unknown[] = [
        origin,
        tools.map((tool) => [tool.name, tool.origin, tool.window === window]),
      ]
      for (const o of [t.origin, 'garbage', 'data:text/plain,x', 'http://localhost:1'])
        out.push(await capture(() => mc.executeTool({ ...t, origin: o }, {})))
      return out
    },
    expected: [
      'null',
      [['own', 'null', true]],
      ['err', 'NotSupportedError'],
      ['err', 'NotSupportedError'],
      ['err', 'NotSupportedError'],
      ['err', 'UnknownError'],
    ],
  },
  {
    name: 'sandboxed frames allowed tools * (src= and srcdoc) list their own tool, and running it by its origin "null" rejects NotSupportedError, as native; a data: frame has no modelContext',
    run: async ({ frame, inFrame, origin: top }) => {
      const own = async () => {
        const mc = document.modelContext
        if (!mc) return ['no modelContext', isSecureContext]
        const said = (e: unknown) => `${(e as Error).name}: ${(e as Error).message}`
        const out: unknown[] = [origin]
        try {
          await mc.registerTool({
            name: 'own',
            description: 'd',
            execute: (i: unknown) => JSON.stringify(i),
          })
          const tools = await mc.getTools()
          out.push(tools.map((tool) => [tool.name, tool.origin, tool.window === window]))
          const t = tools.find((tool) => tool.name === 'own')!
          for (const o of [t.origin, 'garbage', 'data:text/plain,x', 'http://localhost:1']) {
            try {
              out.push(await mc.executeTool({ ...t, origin: o }, { o }))
            } catch (e) {
              out.push(said(e))
            }
          }
        } catch (e) {
          out.push(said(e))
        }
        return out
      }
      const scripts = `<script src="${top}/webmcp.iife.js"></script><script src="${top}/test-agent.js"></script>`
      const ready = (iframe: HTMLIFrameElement) =>
        new Promise<HTMLIFrameElement>((resolve) => {
          const listener = (event: MessageEvent) => {
            if (event.source !== iframe.contentWindow || event.data?.__testReady === undefined)
              return
            removeEventListener('message', listener)
            resolve(iframe)
          }
          addEventListener('message', listener)
        })
      const made = (attributes: Record<string, string>) => {
        const iframe = document.createElement('iframe')
        for (const [name, value] of Object.entries(attributes)) iframe.setAttribute(name, value)
        const done = ready(iframe)
        document.body.append(iframe)
        return done
      }
      const src = await frame('/', { sandbox: 'allow-scripts', allow: 'tools *' })
      const srcdoc = await made({ sandbox: 'allow-scripts', allow: 'tools *', srcdoc: scripts })
      const data = await made({
        allow: 'tools *',
        src: `data:text/html,${encodeURIComponent(scripts)}`,
      })
      return [await inFrame(src, own), await inFrame(srcdoc, own), await inFrame(data, own)]
    },
    expected: [
      ['ok', ownTool],
      ['ok', ownTool],
      ['ok', ['no modelContext', false]],
    ],
    engines: {
      firefox: {
        expected: [
          ['ok', ownTool],
          ['ok', ownTool],
          ['ok', ownTool],
        ],
        reason:
          'Firefox counts a data: frame of a secure page as a secure context, so the polyfill installs there: an opaque-origin document like the others',
      },
    },
  },
])
