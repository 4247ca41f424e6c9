import { WebMCPPlugin } from '@webmcp-kit/vue'
import { createSSRApp } from 'vue'
import App from './App.vue'

// The same app on the server (renderToString) and in the browser (hydration). The plugin installs
// the polyfill in the browser only.
export const createApp = () => createSSRApp(App).use(WebMCPPlugin, { polyfill: true })
