// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import * as entry from '../src/index'
import { describeEachReactMode } from './utils'

function App() {
  const { status, executionCount } = entry.useWebMCPTool({
    name: 'server_side',
    description: 'Rendered on the server.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    execute: ({ text }) => text,
  })
  const tools = entry.useWebMCPTools({ fromOrigins: ['https://shop.example'] })
  return <p>{`${status} ${executionCount} ${tools.length}`}</p>
}

describe('the package entry', () => {
  it('imports on the server without touching document', () => {
    expect(typeof document).toBe('undefined')
    expect(Object.keys(entry).sort()).toEqual([
      'defineTool',
      'getModelContext',
      'useWebMCPTool',
      'useWebMCPTools',
    ])
    expect(entry.getModelContext()).toBeUndefined()
  })

  it("starts every source module with 'use client'", () => {
    const dir = new URL('../src/', import.meta.url)
    const files = readdirSync(dir)
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      expect(readFileSync(new URL(file, dir), 'utf8').split('\n')[0], file).toBe("'use client'")
    }
  })
})

describeEachReactMode('server rendering', ({ mode }) => {
  it('renders the idle state and an empty tool list, without warnings', () => {
    const html = renderToString(
      mode === 'strict' ? (
        <StrictMode>
          <App />
        </StrictMode>
      ) : (
        <App />
      ),
    )
    expect(html).toBe('<p>idle 0 0</p>')
  })
})
