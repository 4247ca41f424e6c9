// The frames soak page (bundled by global-setup.ts; the test server's page loads the polyfill
// before it, a no-op under native WebMCP): iframes added and removed again and again, one at a
// time, alternately of this origin and of the other one, each registering a tool from its first
// script. The parent waits for the frame's word that its registration resolved, for its tool in
// `getTools()`, calls it every tenth frame, removes the frame, and waits until the tool is gone.
import { startSoakPage } from '@webmcp-kit/test-infra/soak-page'

const TOOL = 'frame_tool'
const origin = location.origin
const otherOrigin = origin.replace('//localhost:', '//127.0.0.1:')

/** A child page: its first script registers the tool, exposed to this page, then says so. */
const child = (from: string, tools: boolean) => {
  const script = tools
    ? `document.modelContext.registerTool(
        { name: '${TOOL}', description: 'A tool of a frame added and removed again and again.', execute: () => 'from the frame' },
        { exposedTo: ['${origin}'] },
      ).then(() => parent.postMessage({ soak: 'ready' }, '*'), (error) => parent.postMessage({ soak: String(error) }, '*'))`
    : `parent.postMessage({ soak: 'ready' }, '*')`
  return `${from}/?body=${encodeURIComponent(`<script>${script}</script>`)}`
}

startSoakPage((soak) => {
  const fromOrigins = [otherOrigin]
  const listed = async () => (await soak.names(fromOrigins)).includes(TOOL)
  /** Adds a frame of `from` and resolves with it once its script said it is ready. */
  const add = (from: string, tools: boolean) =>
    new Promise<HTMLIFrameElement>((resolve, reject) => {
      const frame = document.createElement('iframe')
      frame.setAttribute('allow', 'tools')
      const listener = (event: MessageEvent) => {
        if (event.source !== frame.contentWindow || !event.data?.soak) return
        removeEventListener('message', listener)
        if (event.data.soak === 'ready') resolve(frame)
        else reject(new Error(`soak: the frame's registerTool rejected: ${event.data.soak}`))
      }
      addEventListener('message', listener)
      frame.src = child(from, tools)
      document.body.append(frame)
    })
  const frameCycle = (tools: boolean) => async (i: number) => {
    const from = i % 2 ? otherOrigin : origin
    const frame = await add(from, tools)
    if (tools) {
      await soak.until(listed, `the tool of frame ${i} (${from}) in getTools()`)
      if (i % 10 === 0) await soak.call(TOOL, {}, fromOrigins)
    }
    frame.remove()
    if (tools) await soak.until(async () => !(await listed()), `frame ${i}'s tool gone`)
  }
  const end = async () => {
    for (const frame of document.querySelectorAll('iframe')) frame.remove()
    await soak.until(async () => !(await listed()), 'no frame tool left')
  }
  return {
    control: { cycle: frameCycle(false), end },
    frames: { cycle: frameCycle(true), end },
  }
})
