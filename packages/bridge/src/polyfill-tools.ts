import type { ConsoleMessage, Frame, JSHandle, Page } from 'playwright-core'
import type { ModelContext } from '@webmcp-kit/core'
import type { CallOutcome, PageTool, ToolSource } from './types'

/** The page function through which each document reports `toolchange`. */
const BINDING = '__webmcpBridgeToolChange'

/**
 * Runs in every document (as an init script, and once in those already loaded): reports
 * `toolchange` as soon as the document has a `modelContext`, which a polyfill may install late.
 */
const WATCH = `(() => {
  let watching = false
  const watch = () => {
    const mc = document.modelContext
    if (!mc || watching) return
    watching = true
    const report = () => globalThis.${BINDING}?.().catch(() => {})
    mc.addEventListener('toolchange', report)
    report()
  }
  watch()
  if (!watching) {
    document.addEventListener('DOMContentLoaded', watch)
    addEventListener('load', watch)
  }
})()`

/** What the polyfill logs when a tool fails; `executeTool` itself rejects with `UnknownError`. */
const FAILED = 'WebMCP tool execution failed: '

type Listed = Omit<PageTool, 'frame'> & { origin: string }

type ModelContextDocument = Document & { modelContext?: ModelContext }

/** The document's own tools (not those of other frames it can see). Runs in the page. */
async function ownTools(): Promise<Listed[]> {
  const mc = (document as ModelContextDocument).modelContext
  if (!mc) return []
  const tools = await mc.getTools().catch(() => [])
  return tools
    .filter((tool) => tool.window === window)
    .map(({ name, title, description, inputSchema, annotations, origin }) => ({
      name,
      title,
      description,
      ...(inputSchema && { inputSchema }),
      ...(annotations && { annotations }),
      origin,
    }))
}

/** Runs the document's tool `name` with `executeTool`. Runs in the page. */
async function run([name, input, controller]: readonly [
  string,
  Record<string, unknown>,
  AbortController,
]): Promise<CallOutcome> {
  const mc = (document as ModelContextDocument).modelContext
  const tools = mc ? await mc.getTools() : []
  const tool = tools.find((t) => t.name === name && t.window === window)
  if (!mc || !tool) return { ok: false, name: 'NotFoundError', message: `No tool ${name} here.` }
  try {
    return { ok: true, value: await mc.executeTool(tool, input, { signal: controller.signal }) }
  } catch (error) {
    const { name = 'Error', message = String(error) } = (error ?? {}) as Partial<Error>
    return { ok: false, name, message }
  }
}

/** `Name: message` from the first line of an error's description. */
function parseError(text: string): { name: string; message: string } {
  const first = text.split('\n')[0]!
  const colon = first.indexOf(': ')
  return colon < 0
    ? { name: first || 'Error', message: '' }
    : { name: first.slice(0, colon), message: first.slice(colon + 2) }
}

/** The page's frames in tree order, the top document first. */
function frameTree(page: Page): Frame[] {
  const out: Frame[] = []
  const walk = (frame: Frame) => {
    out.push(frame)
    frame.childFrames().forEach(walk)
  }
  walk(page.mainFrame())
  return out
}

/**
 * The tools of a page without native WebMCP, through the engine the page runs (the polyfill):
 * `getTools()` in each document, `executeTool(tool, input, { signal })` in the tool's own document,
 * and its `toolchange` events, plus navigations, as change hints.
 */
export async function polyfillTools(page: Page, changed: () => void): Promise<ToolSource> {
  const frameOf = new WeakMap<PageTool, Frame>()
  // The polyfill rejects a failed call with a generic UnknownError, as the spec says, and logs the
  // tool's exception: while calls run, those logs are matched to failures in order.
  let running = 0
  const failures: string[] = []
  const onConsole = (message: ConsoleMessage) => {
    if (!running || message.type() !== 'error') return
    const text = message.text()
    if (text.startsWith(FAILED)) failures.push(text.slice(FAILED.length))
  }
  const onFrame = () => changed()

  await page.exposeBinding(BINDING, () => changed())
  await page.addInitScript(WATCH)
  await Promise.all(page.frames().map((frame) => frame.evaluate(WATCH).catch(() => {})))
  page.on('console', onConsole)
  page.on('framenavigated', onFrame)
  page.on('frameattached', onFrame)
  page.on('framedetached', onFrame)
  page.on('load', onFrame)

  return {
    engine: 'polyfill',
    async list() {
      const frames = frameTree(page)
      const lists = await Promise.all(
        frames.map((frame) => frame.evaluate(ownTools).catch(() => [])),
      )
      const out: PageTool[] = []
      lists.forEach((tools, i) => {
        const frame = frames[i]!
        for (const { origin, ...tool } of tools) {
          const entry: PageTool = { ...tool, frame: { url: frame.url(), origin, top: i === 0 } }
          frameOf.set(entry, frame)
          out.push(entry)
        }
      })
      return out
    },
    async call(tool, input, signal) {
      const frame = frameOf.get(tool)
      if (!frame || frame.isDetached()) {
        return { ok: false, name: 'UnknownError', message: 'The document of the tool went away.' }
      }
      running++
      let controller: JSHandle<AbortController> | undefined
      const abort = () => void controller?.evaluate((c) => c.abort()).catch(() => {})
      try {
        controller = await frame.evaluateHandle(() => new AbortController())
        if (signal?.aborted) abort()
        signal?.addEventListener('abort', abort, { once: true })
        const outcome = await frame.evaluate(run, [tool.name, input, controller] as const)
        if (!outcome.ok && outcome.name === 'UnknownError' && failures.length) {
          return { ok: false, ...parseError(failures.shift()!) }
        }
        return outcome
      } catch (error) {
        // The document navigated or went away during the call.
        return {
          ok: false,
          name: 'UnknownError',
          message: (error as Error).message.split('\n')[0]!,
        }
      } finally {
        signal?.removeEventListener('abort', abort)
        void controller?.dispose().catch(() => {})
        if (--running === 0) failures.length = 0
      }
    },
    async close() {
      page.off('console', onConsole)
      page.off('framenavigated', onFrame)
      page.off('frameattached', onFrame)
      page.off('framedetached', onFrame)
      page.off('load', onFrame)
    },
  }
}
