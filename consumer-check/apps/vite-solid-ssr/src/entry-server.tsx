import { generateHydrationScript, renderToString } from 'solid-js/web'
import { App } from './App'

// Solid's server build: the component runs once, no effect runs, nothing registers.
export const render = () => ({
  html: renderToString(() => <App />),
  head: generateHydrationScript(),
})
