import { getModelContext, isPolyfill } from '@webmcp-kit/core'
import { createWebMCPTool } from '@webmcp-kit/solid'
import { createSignal, onMount } from 'solid-js'

export function App() {
  const [todos, setTodos] = createSignal<string[]>([])
  const [runtime, setRuntime] = createSignal('server')
  const tool = createWebMCPTool(() => ({
    name: 'add_todo',
    description: 'Adds an item to the to-do list.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: ({ text }) => {
      setTodos([...todos(), text])
      return `Added ${text}`
    },
  }))
  onMount(() => {
    const context = getModelContext()
    setRuntime(context ? (isPolyfill(context) ? 'polyfill' : 'native') : 'none')
  })
  return (
    <main>
      <p id="runtime">{runtime()}</p>
      <p id="status">{tool.status()}</p>
      <p id="todos">{todos().join(',')}</p>
    </main>
  )
}
