// @vitest-environment node
import { DOCUMENT, PLATFORM_ID } from '@angular/core'
import { TestBed } from '@angular/core/testing'
import { describe, expect, it } from 'vitest'
import { injectWebMCPTool, injectWebMCPTools, provideWebMCP } from '../src'

describe('on the server (no document)', () => {
  it('imports without touching document', async () => {
    expect(typeof document).toBe('undefined')
    const module = await import('../src')
    expect(Object.keys(module).sort()).toEqual([
      'defineTool',
      'getModelContext',
      'injectWebMCPTool',
      'injectWebMCPTools',
      'provideWebMCP',
    ])
  })

  it('tools are unsupported and the list is empty; nothing throws', async () => {
    TestBed.configureTestingModule({
      providers: [
        provideWebMCP(),
        { provide: PLATFORM_ID, useValue: 'server' },
        // As under platform-server: Angular has a DOCUMENT of its own, the global `document` is absent.
        { provide: DOCUMENT, useValue: {} },
      ],
    })
    const tool = TestBed.runInInjectionContext(() =>
      injectWebMCPTool(() => ({ name: 'hello', description: 'Says hello.', execute: () => 'hi' })),
    )
    TestBed.tick()
    expect(tool.status()).toBe('unsupported')
    expect(await tool.execute({})).toBe('hi')
    expect(TestBed.runInInjectionContext(() => injectWebMCPTools())()).toEqual([])
    TestBed.resetTestingModule()
    expect(tool.status()).toBe('idle')
  })
})
