// Installs document.modelContext where the browser has no WebMCP of its own (native is kept).
import '@webmcp-kit/core/polyfill'
import '../../demo-shared/demo.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
