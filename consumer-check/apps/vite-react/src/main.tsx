import '@webmcp-kit/core/polyfill'
import { getModelContext, isPolyfill } from '@webmcp-kit/core'
import { useWebMCPTool } from '@webmcp-kit/react'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'

function Todos() {
  const [todos, setTodos] = useState<string[]>([])
  const { status } = useWebMCPTool({
    name: 'add_todo',
    description: 'Adds an item to the to-do list.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: ({ text }) => {
      setTodos([...todos, text])
      return `Added ${text}`
    },
  })
  const context = getModelContext()
  return (
    <main>
      <p id="runtime">{context ? (isPolyfill(context) ? 'polyfill' : 'native') : 'none'}</p>
      <p id="status">{status}</p>
      <p id="todos">{todos.join(',')}</p>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Todos />
  </StrictMode>,
)
