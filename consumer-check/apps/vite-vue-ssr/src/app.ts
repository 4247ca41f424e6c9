import { createSSRApp } from 'vue'
import App from './App.vue'

// The same app on the server (renderToString) and in the browser (hydration); the browser's entry
// installs the polyfill.
export const createApp = () => createSSRApp(App)
