import { describe, expect, it, vi } from 'vitest'

// In the node environment solid-js resolves to its server build, as in SolidStart's server: it
// runs components once and no effect.
describe('on the server', () => {
  it('imports without touching document', async () => {
    expect(typeof document).toBe('undefined')
    const kit = await import('../src/index')
    expect(Object.keys(kit).sort()).toEqual([
      'createWebMCPTool',
      'createWebMCPTools',
      'defineTool',
      'getModelContext',
    ])
  })

  it('renders a component that uses both: idle, not executing, no tools, nothing registered', async () => {
    const { renderToString } = await import('solid-js/web')
    const { isServer } = await import('solid-js/web')
    const { createWebMCPTool, createWebMCPTools } = await import('../src/index')
    expect(isServer).toBe(true)
    const warn = vi.spyOn(console, 'warn')
    const onError = vi.fn()
    const execute = vi.fn(() => 'ok')
    const html = renderToString(() => {
      const tool = createWebMCPTool(
        () => ({ name: 'ssr', description: 'Renders on the server.', execute }),
        { enabled: () => true, onError },
      )
      const tools = createWebMCPTools({ fromOrigins: () => ['https://a.example'] })
      return `${tool.status()} ${tool.isExecuting()} ${tools().length}`
    })
    expect(html).toBe('idle false 0')
    expect(warn).not.toHaveBeenCalled()
    expect(onError).not.toHaveBeenCalled()
    expect(execute).not.toHaveBeenCalled()
  })
})
