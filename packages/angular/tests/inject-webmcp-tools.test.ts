import { Component, EnvironmentInjector, createEnvironmentInjector, signal } from '@angular/core'
import { TestBed } from '@angular/core/testing'
import { describe, expect, it, vi } from 'vitest'
import { injectWebMCPTool, injectWebMCPTools, provideWebMCP } from '../src'
import { afterTasks, flushTasks, uniqueName, usePolyfill, withChangeDetection } from './utils'
import type { RegisteredTool } from '../src'

const page = usePolyfill()

const tool = (name: string) => ({ name, description: 'Says hello.', execute: () => 'hello' })
const names = (tools: readonly RegisteredTool[]) => tools.map((t) => t.name)

const recording = () => page.recording()

describe('injection context', () => {
  it('throws NG0203 naming injectWebMCPTools outside an injection context', () => {
    expect(() => injectWebMCPTools()).toThrow(/NG0203(.*?)injectWebMCPTools/)
  })

  it('works outside an injection context with { injector }, listening until it is destroyed', async () => {
    const { calls, context } = recording()
    const injector = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector))
    const tools = injectWebMCPTools({ injector, modelContext: context })
    const controller = new AbortController()
    const name = uniqueName()
    await page.mc.registerTool(tool(name), { signal: controller.signal })
    expect(tools()).toEqual([])
    await afterTasks(() => expect(names(tools())).toEqual([name]))
    expect(calls.listeners).toBe(1)
    injector.destroy()
    expect(calls.listeners).toBe(0)
    controller.abort()
  })
})

describe('in a component', () => {
  it('lists the tools of the document, follows every toolchange, and stops on destroy', async () => {
    const { calls, context } = recording()
    TestBed.configureTestingModule({ providers: [provideWebMCP({ modelContext: context })] })
    const name = uniqueName()
    @Component({ selector: 'x-list', template: `{{ names().join(',') }}` })
    class ListComponent {
      tools = injectWebMCPTools()
      names = () => names(this.tools())
    }
    @Component({ selector: 'x-echo', template: '' })
    class EchoComponent {
      tool = injectWebMCPTool(() => tool(name))
    }
    const fixture = TestBed.createComponent(ListComponent)
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('')
    const echo = TestBed.createComponent(EchoComponent)
    await afterTasks(async () => {
      await fixture.whenStable()
      expect(fixture.nativeElement.textContent).toBe(name)
    })
    const listed = fixture.componentInstance.tools()
    // A toolchange that leaves the list as it was keeps the array.
    page.mc.dispatchEvent(new Event('toolchange'))
    await flushTasks(withChangeDetection)
    expect(fixture.componentInstance.tools()).toBe(listed)
    echo.destroy()
    await afterTasks(async () => {
      await fixture.whenStable()
      expect(fixture.nativeElement.textContent).toBe('')
    })
    fixture.destroy()
    expect(calls.listeners).toBe(0)
  })

  it('starts listening in its effect, at the first change detection, and reading adds no listener', async () => {
    const { calls, context } = recording()
    const tools = TestBed.runInInjectionContext(() => injectWebMCPTools({ modelContext: context }))
    expect(calls).toEqual({ getTools: [], listeners: 0 })
    TestBed.tick()
    expect(calls).toEqual({ getTools: [{ fromOrigins: undefined }], listeners: 1 })
    tools()
    tools()
    expect(calls).toEqual({ getTools: [{ fromOrigins: undefined }], listeners: 1 })
  })
})

describe('options', () => {
  it('fromOrigins: a signal; a new list asks again, the same list (a new array) does not', async () => {
    const { calls, context } = recording()
    const origins = signal(['https://a.example'])
    const tools = TestBed.runInInjectionContext(() =>
      injectWebMCPTools({ fromOrigins: origins, modelContext: context }),
    )
    tools()
    await flushTasks(withChangeDetection)
    expect(calls.getTools).toEqual([{ fromOrigins: ['https://a.example'] }])
    origins.set(['https://a.example'])
    await flushTasks(withChangeDetection)
    expect(calls.getTools).toHaveLength(1)
    origins.set(['https://b.example'])
    await flushTasks(withChangeDetection)
    expect(calls.getTools).toEqual([
      { fromOrigins: ['https://a.example'] },
      { fromOrigins: ['https://b.example'] },
    ])
  })

  it('fromOrigins and modelContext default to provideWebMCP’s; the call’s own win', async () => {
    const app = recording()
    const own = recording()
    TestBed.configureTestingModule({
      providers: [
        provideWebMCP({ modelContext: app.context, fromOrigins: ['https://app.example'] }),
      ],
    })
    TestBed.runInInjectionContext(() => injectWebMCPTools())
    TestBed.tick()
    expect(app.calls.getTools).toEqual([{ fromOrigins: ['https://app.example'] }])
    TestBed.runInInjectionContext(() =>
      injectWebMCPTools({ modelContext: own.context, fromOrigins: ['https://own.example'] }),
    )
    TestBed.tick()
    expect(own.calls.getTools).toEqual([{ fromOrigins: ['https://own.example'] }])
    expect(app.calls.getTools).toHaveLength(1)
  })

  it('onError hears a failed getTools (an insecure origin)', async () => {
    const onError = vi.fn()
    const tools = TestBed.runInInjectionContext(() =>
      injectWebMCPTools({ fromOrigins: ['http://insecure.example'], onError }),
    )
    expect(tools()).toEqual([])
    await afterTasks(() =>
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'SecurityError' })),
    )
  })
})
