// @vitest-environment node
import { render } from 'svelte/server'
import { describe, expect, it, vi } from 'vitest'

describe('on the server', () => {
  it('imports without touching document', async () => {
    expect(typeof document).toBe('undefined')
    const kit = await import('../src/index')
    expect(Object.keys(kit).sort()).toEqual([
      'defineTool',
      'getModelContext',
      'useWebMCPTool',
      'useWebMCPTools',
    ])
  })

  it('renders a component that uses both: idle, nothing registered, nothing reported', async () => {
    const { default: Server } = await import('./fixtures/Server.svelte')
    const onError = vi.fn()
    const warn = vi.spyOn(console, 'warn')
    const { body } = render(Server, { props: { onError } })
    expect(body).toContain('<p>idle false 0</p>')
    expect(onError).not.toHaveBeenCalled()
    expect(warn).not.toHaveBeenCalled()
  })
})
