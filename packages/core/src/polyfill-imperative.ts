// Side-effect entry: `import '@webmcp-kit/core/polyfill/imperative'` installs document.modelContext
// without frames or declarative forms. Also bundled as the classic script
// dist/webmcp-imperative.iife.js.
import { installImperativeModelContext } from './webmcp/install-engine'

installImperativeModelContext()
