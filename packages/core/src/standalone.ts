// The classic script dist/webmcp-standalone.iife.js: dist/webmcp.iife.js with the frame protocol in
// the same file, for a copy that has no URL of its own to load webmcp-frames.js from (inline, or
// injected into every document as an init script or content script).
import * as protocol from './frames/protocol'
import { installPolyfill } from './install-polyfill'

installPolyfill(() => protocol)
