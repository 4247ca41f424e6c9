// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { createSSRApp, defineComponent, h } from 'vue'
import { renderToString } from 'vue/server-renderer'

describe('on the server', () => {
  it('imports without touching document', async () => {
    expect(typeof document).toBe('undefined')
    const kit = await import('../src/index')
    expect(Object.keys(kit).sort()).toEqual([
      'WebMCPPlugin',
      'defineTool',
      'getModelContext',
      'modelContextKey',
      'useWebMCPTool',
      'useWebMCPTools',
    ])
  })

  it('renders a component that uses the composables and the plugin', async () => {
    const { WebMCPPlugin, useWebMCPTool, useWebMCPTools } = await import('../src/index')
    const warn = vi.spyOn(console, 'warn')
    const onError = vi.fn()
    const App = defineComponent({
      setup() {
        const { status, isExecuting } = useWebMCPTool(
          { name: 'ssr', description: 'Renders on the server.', execute: () => 'ok' },
          { enabled: () => true, onError },
        )
        const tools = useWebMCPTools({ fromOrigins: () => ['https://a.example'] })
        return () => h('p', `${status.value} ${isExecuting.value} ${tools.value.length}`)
      },
    })
    const app = createSSRApp(App).use(WebMCPPlugin)
    expect(await renderToString(app)).toBe('<p>idle false 0</p>')
    expect(warn).not.toHaveBeenCalled()
    expect(onError).not.toHaveBeenCalled()
  })
})
