// In the browser only, before the app hydrates: the polyfill where there is no native WebMCP.
import '@webmcp-kit/core/polyfill'
import { createApp } from './app'

createApp().mount('#app')
