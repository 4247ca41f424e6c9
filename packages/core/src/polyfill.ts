// Side-effect entry: `import '@webmcp-kit/core/polyfill'` installs document.modelContext where the
// browser has none. It is also bundled as the classic script dist/webmcp.iife.js.
import { installModelContext } from './install'

installModelContext()
