// The classic script dist/webmcp.iife.js: installs document.modelContext where the browser has
// none, and loads the frame protocol, when the page needs it, from webmcp-frames.js beside itself
// (its own URL, read as it runs). Where it has no URL of its own (inline, or injected as an init
// script or content script), webmcp-standalone.iife.js carries the protocol in the one file.
import * as recorded from './frames/record'
import { installPolyfill } from './install-polyfill'
import { queueTask } from './queue-task'
import { domError } from './webmcp/errors'
import type { Protocol } from './frames/connect'

const script = typeof document === 'undefined' ? null : document.currentScript
const source = script && 'src' in script ? script.src : ''

installPolyfill(() => {
  if (!source) {
    throw new Error(
      'webmcp-kit: this copy of webmcp.iife.js has no URL of its own (it runs inline, or injected), so it cannot load its frame protocol from webmcp-frames.js beside it. Use webmcp-standalone.iife.js there: it carries the protocol.',
    )
  }
  return (import(new URL('webmcp-frames.js', source).href) as Promise<Protocol>).then(
    (protocol) => (protocol.adopt(recorded, queueTask, domError), protocol),
  )
})
