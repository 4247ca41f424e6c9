// Calls across frames: a tool of a cross-origin frame, and the MessagePort round trip under it.
/** @type {import('../measure.mjs').Row[]} */
export const ROWS = [
  {
    id: 'execute-cross-origin',
    name: 'executeTool, cross-origin frame',
    target: 1,
    // Each sample crosses processes twice; one sample in five may take twice the others.
    samples: 31,
    setup: async (mc, { otherOrigin }) => {
      // A frame of the other origin (allowed to use tools) exposes a tool to this page.
      const register = `document.modelContext.registerTool({ name: 'echo', description: 'Echoes',
        execute: (input) => ({ ok: true, echo: input.q }) }, { exposedTo: ['${location.origin}'] })`
      const frame = document.createElement('iframe')
      frame.allow = 'tools'
      frame.src = `${otherOrigin}/?body=${encodeURIComponent(`<script>${register}</script>`)}`
      await new Promise((resolve) => {
        frame.onload = resolve
        document.body.append(frame)
      })
      let tool
      for (let i = 0; i < 100 && !tool; i++) {
        tool = (await mc.getTools({ fromOrigins: [otherOrigin] })).find((t) => t.name === 'echo')
        if (!tool) await new Promise((resolve) => setTimeout(resolve, 20))
      }
      if (!tool) throw new Error('the frame’s tool never appeared')
      return () => mc.executeTool(tool, { q: 'hello' })
    },
  },
  {
    // The floor under the row above: the polyfill's cross-origin call is one round trip on a
    // MessagePort between the two documents' processes (native brokers it in the browser process).
    id: 'port-cross-origin',
    name: 'MessagePort round trip to a cross-origin frame',
    polyfillOnly: true,
    samples: 31,
    setup: async (_mc, { otherOrigin }) => {
      const echo = `addEventListener('message', (event) => {
        const port = event.ports[0]
        if (port && event.data === 'echo') port.onmessage = (m) => port.postMessage(m.data)
      })`
      const frame = document.createElement('iframe')
      frame.src = `${otherOrigin}/?body=${encodeURIComponent(`<script>${echo}</script>`)}`
      await new Promise((resolve) => {
        frame.onload = resolve
        document.body.append(frame)
      })
      const { port1, port2 } = new MessageChannel()
      frame.contentWindow?.postMessage('echo', '*', [port2])
      return () =>
        new Promise((resolve) => {
          port1.onmessage = resolve
          port1.postMessage({ name: 'echo', input: '{"q":"hello"}' })
        })
    },
  },
]
