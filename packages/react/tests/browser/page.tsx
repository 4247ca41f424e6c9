// The test page, bundled from source with React by global-setup.ts (esbuild, jsx: 'automatic').
import { StrictMode, useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { isPolyfill } from '@webmcp-kit/core'
import { getModelContext, useWebMCPTool, useWebMCPTools } from '../../src/index'
import { TOOL } from './app'
import type { App, AppProps, AppState } from './app'

const errors: string[] = []
addEventListener('error', (event) => errors.push(`error: ${event.message}`))
addEventListener('unhandledrejection', (event) => errors.push(`unhandled: ${event.reason}`))
const consoleError = console.error
console.error = (...args: unknown[]) => {
  errors.push(`console.error: ${args.map(String).join(' ')}`)
  consoleError(...args)
}

// Count what reaches the API, native or polyfill, without changing it.
const modelContext = getModelContext()!
const counts = { registerTool: 0, toolchange: 0 }
const registerTool = modelContext.registerTool
modelContext.registerTool = function (...args: Parameters<typeof registerTool>) {
  counts.registerTool++
  return registerTool.apply(this, args)
}
modelContext.addEventListener('toolchange', () => counts.toolchange++)

let state: AppState | undefined
let listed: string[] = []

function Counter({ enabled, schemaVersion, value }: Omit<AppProps, 'strict' | 'mountKey'>) {
  const [count, setCount] = useState(0)
  const snapshot = useWebMCPTool(
    {
      name: TOOL,
      description: 'Adds to the counter; answers with the value of the last render and the sum.',
      inputSchema: {
        type: 'object',
        properties: { by: { type: 'number', description: `schema ${schemaVersion}` } },
        required: ['by'],
      },
      // A new closure every render, over this render's count and value.
      execute: ({ by }) => {
        setCount(count + by)
        return `${value}:${count + by}`
      },
    },
    { enabled },
  )
  state = {
    status: snapshot.status,
    count,
    executionCount: snapshot.executionCount,
    lastResult: snapshot.lastResult,
    error: snapshot.error ? String(snapshot.error) : null,
  }
  return <output>{JSON.stringify(state)}</output>
}

function ToolList() {
  listed = useWebMCPTools().map((tool) => tool.name)
  return (
    <ul>
      {listed.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  )
}

const root = createRoot(document.getElementById('root')!)
const app: App = {
  render({ strict, mountKey, ...props }) {
    const tree = (
      <>
        <Counter key={mountKey} {...props} />
        <ToolList />
      </>
    )
    flushSync(() => root.render(strict ? <StrictMode>{tree}</StrictMode> : tree))
  },
  unmount: () => root.unmount(),
  state: () => state!,
  listed: () => listed,
  counts: () => ({ ...counts }),
  errors,
  native: () => !isPolyfill(modelContext),
}
;(window as unknown as { app: App }).app = app
