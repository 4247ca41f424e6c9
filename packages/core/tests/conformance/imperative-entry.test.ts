import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { differential } from './harness'
import type { ModelContext } from '../../src/webmcp/types'

// The imperative-only polyfill (`@webmcp-kit/core/polyfill/imperative`, webmcp-imperative.iife.js):
// the engine without the frame protocol and the declarative forms. Built from source here; each case
// runs it first, in a page without the whole polyfill (`?nopolyfill`).

const { outputFiles } = await build({
  entryPoints: [fileURLToPath(new URL('../../src/polyfill-imperative.ts', import.meta.url))],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  write: false,
})
const bundle = outputFiles[0]!.text

/** `run` after the imperative-only polyfill's script (which installs nothing over native WebMCP). */
const after = (run: (mc: ModelContext) => unknown) =>
  new Function(`${bundle};return (${run.toString()})(document.modelContext)`) as () => unknown
const path = (body: string) => `/?nopolyfill&body=${encodeURIComponent(body)}`

differential('the imperative-only polyfill', [
  {
    name: 'registerTool, getTools and executeTool as native, with the WebIDL shape',
    path: path(''),
    run: after(async (mc) => {
      await mc.registerTool({ name: 'a', description: 'd', execute: (i) => JSON.stringify(i) })
      const tool = (await mc.getTools()).find((t) => t.name === 'a')!
      return [
        ModelContext.name,
        Object.keys(ModelContext.prototype),
        (await mc.getTools()).map((t) => t.name),
        await mc.executeTool(tool, { q: 1 }),
        Object.prototype.toString.call(new ToolActivatedEvent('x')),
      ]
    }),
    expected: [
      'ModelContext',
      [
        'ontoolchange',
        'ontoolactivated',
        'ontoolcancel',
        'executeTool',
        'getTools',
        'registerTool',
      ],
      ['a'],
      '{"q":1}',
      '[object ToolActivatedEvent]',
    ],
  },
  {
    name: 'what a page gives up with it: tool forms, the pseudo-classes, custom element parameters',
    polyfillOnly:
      'native Chromium has all of it; this case checks what the imperative-only polyfill leaves out',
    path: path('<form toolname=f tooldescription=d><input name=a></form>'),
    run: after(async (mc) => {
      let parsed: string
      try {
        document.querySelector(':tool-form-active')
        parsed = 'ok'
      } catch (error) {
        parsed = (error as Error).name
      }
      return [
        (await mc.getTools()).map((t) => t.name),
        parsed,
        'setToolParamSchema' in ElementInternals.prototype,
        'agentInvoked' in SubmitEvent.prototype,
      ]
    }),
    expected: [[], 'SyntaxError', false, false],
  },
])
