// Installs document.modelContext where the browser has no WebMCP of its own (native is kept).
import '@webmcp-kit/core/polyfill'
import '../../demo-shared/demo.css'
import { createApp } from 'vue'
import App from './App.vue'

createApp(App).mount('#app')
