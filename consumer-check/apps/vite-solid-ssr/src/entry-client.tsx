// The polyfill, in the browser only (native WebMCP is kept); then hydration of the server's HTML.
import '@webmcp-kit/core/polyfill'
import { hydrate } from 'solid-js/web'
import { App } from './App'

hydrate(() => <App />, document.getElementById('app')!)
