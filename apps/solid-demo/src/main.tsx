// Installs document.modelContext where the browser has no WebMCP of its own (native is kept).
import '@webmcp-kit/core/polyfill'
import '../../demo-shared/demo.css'
import { render } from 'solid-js/web'
import { App } from './App'

render(() => <App />, document.getElementById('app')!)
