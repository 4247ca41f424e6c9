'use client'
// Imported on the server too (server rendering): the polyfill entry and the hook must do nothing there.
import '@webmcp-kit/core/polyfill'
import { getModelContext, isPolyfill } from '@webmcp-kit/core'
import { useWebMCPTool } from '@webmcp-kit/react'
import { useState, useSyncExternalStore } from 'react'

const never = () => () => {}
const runtime = () => {
  const context = getModelContext()
  return context ? (isPolyfill(context) ? 'polyfill' : 'native') : 'none'
}

export function Todos() {
  const [todos, setTodos] = useState<string[]>([])
  // 'server' in the server's HTML and while hydrating, then the browser's answer.
  const runsOn = useSyncExternalStore(never, runtime, () => 'server')
  const { status } = useWebMCPTool({
    name: 'add_todo',
    description: 'Adds an item to the to-do list.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: ({ text }) => {
      setTodos([...todos, text])
      return `Added ${text}`
    },
  })
  return (
    <section>
      <p id="runtime">{runsOn}</p>
      <p id="status">{status}</p>
      <p id="todos">{todos.join(',')}</p>
    </section>
  )
}
