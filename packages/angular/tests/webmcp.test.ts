import { Component, EnvironmentInjector, createEnvironmentInjector, effect } from '@angular/core'
import { TestBed } from '@angular/core/testing'
import { describe, expect, it, vi } from 'vitest'
import { WEBMCP, injectWebMCP, injectWebMCPTool, provideWebMCP } from '../src'
import { afterTasks, flushTasks, uniqueName, usePolyfill, withChangeDetection } from './utils'
import type { RegisteredTool } from '../src'

const page = usePolyfill()

const tool = (name: string) => ({
  name,
  description: 'Says hello.',
  execute: () => 'hello',
})

const names = (tools: readonly RegisteredTool[]) => tools.map((t) => t.name)

describe('injection context', () => {
  it('injectWebMCP throws NG0203 naming injectWebMCP outside an injection context', () => {
    expect(() => injectWebMCP()).toThrow(/NG0203(.*?)injectWebMCP/)
  })

  it('injectWebMCP returns the root service, the same as inject(WEBMCP)', () => {
    const service = TestBed.runInInjectionContext(() => injectWebMCP())
    expect(service).toBe(TestBed.inject(WEBMCP))
  })
})

describe('tools', () => {
  it('lists the tools of the document and follows every toolchange', async () => {
    const { tools } = TestBed.inject(WEBMCP)
    const a = uniqueName()
    const b = uniqueName()
    expect(tools()).toEqual([])
    const controller = new AbortController()
    await page.mc.registerTool(tool(a), { signal: controller.signal })
    await afterTasks(() => expect(names(tools())).toEqual([a]))
    expect(tools()[0]).toMatchObject({ name: a, description: 'Says hello.' })
    expect(tools()[0]!.window).toBe(window)

    @Component({ selector: 'x-b', template: '' })
    class B {
      tool = injectWebMCPTool(() => tool(b))
    }
    const fixture = TestBed.createComponent(B)
    await fixture.whenStable()
    await afterTasks(() => expect(names(tools())).toEqual([a, b]))

    fixture.destroy()
    controller.abort()
    await afterTasks(() => expect(tools()).toEqual([]))
  })

  it('drives templates and effects, and keeps its identity while the list is unchanged', async () => {
    const name = uniqueName()
    @Component({ selector: 'x-list', template: `{{ count() }}` })
    class ListComponent {
      tools = injectWebMCP().tools
      count = () => this.tools().length
      seen: Array<readonly RegisteredTool[]> = []
      log = effect(() => this.seen.push(this.tools()))
    }
    const fixture = TestBed.createComponent(ListComponent)
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('0')
    const webmcp = TestBed.inject(WEBMCP)
    const registration = webmcp.register(tool(name))
    await afterTasks(async () => {
      await fixture.whenStable()
      expect(fixture.nativeElement.textContent).toBe('1')
    })
    const listed = webmcp.tools()
    // A toolchange that leaves the list as it was (another document's, or a no-op) changes nothing.
    page.mc.dispatchEvent(new Event('toolchange'))
    await flushTasks(withChangeDetection)
    await fixture.whenStable()
    expect(webmcp.tools()).toBe(listed)
    expect(fixture.componentInstance.seen.map(names)).toEqual([[], [name]])
    registration.unregister()
  })

  it('starts listening at the first read, not when injected, and stops with the application', async () => {
    const { calls, context: counting } = page.recording()
    TestBed.configureTestingModule({ providers: [provideWebMCP({ modelContext: counting })] })
    const webmcp = TestBed.inject(WEBMCP)
    const registration = webmcp.register(tool(uniqueName()))
    await afterTasks(() => expect(registration.status()).toBe('registered'))
    expect([calls.getTools.length, calls.listeners]).toEqual([0, 0])

    webmcp.tools()
    webmcp.tools()
    expect([calls.getTools.length, calls.listeners]).toEqual([1, 1])
    await afterTasks(() => expect(webmcp.tools()).toHaveLength(1))

    TestBed.resetTestingModule()
    expect(calls.listeners).toBe(0)
    expect(await page.listed()).toEqual([])
  })

  it('asks getTools for the origins given to provideWebMCP', async () => {
    const {
      calls: { getTools: asked },
      context: recording,
    } = page.recording()
    TestBed.configureTestingModule({
      providers: [
        provideWebMCP({ modelContext: recording, fromOrigins: ['https://shop.example'] }),
      ],
    })
    TestBed.inject(WEBMCP).tools()
    expect(asked).toEqual([{ fromOrigins: ['https://shop.example'] }])
  })
})

describe('register', () => {
  it('registers now, from anywhere (no injection context), with signals and a local execute', async () => {
    const webmcp = TestBed.inject(WEBMCP)
    const name = uniqueName()
    const registration = webmcp.register({
      name,
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      execute: ({ a, b }) => a + b,
    })
    expect(registration.status()).toBe('registering')
    await afterTasks(() => expect(registration.status()).toBe('registered'))
    const registered = (await page.find(name))!
    expect(await page.mc.executeTool(registered, { a: 2, b: 3 })).toBe('5')
    expect(registration.lastResult()).toBe(5)
    expect(await registration.execute({ a: 1, b: 1 })).toBe(2)
    expect(registration.executionCount()).toBe(2)

    registration.unregister()
    expect(await page.listed()).toEqual([])
    expect(registration.status()).toBe('idle')
    registration.unregister()
  })

  it('unregisters when its signal aborts, and registers nothing with an aborted signal', async () => {
    const webmcp = TestBed.inject(WEBMCP)
    const controller = new AbortController()
    const name = uniqueName()
    const registration = webmcp.register(tool(name), { signal: controller.signal })
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([name])
    controller.abort()
    expect(await page.listed()).toEqual([])
    expect(registration.status()).toBe('idle')

    const late = webmcp.register(tool(uniqueName()), { signal: controller.signal })
    await flushTasks(withChangeDetection)
    expect(late.status()).toBe('idle')
    expect(await page.listed()).toEqual([])
    await afterTasks(() => expect(page.toolchanges).toBe(2))
    await flushTasks(withChangeDetection)
    expect(page.toolchanges).toBe(2)
  })

  it('unregisters when the given injector is destroyed (a component’s, a child environment’s)', async () => {
    const webmcp = TestBed.inject(WEBMCP)
    @Component({ selector: 'x-owner', template: '' })
    class Owner {}
    const fixture = TestBed.createComponent(Owner)
    const child = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector))
    const owned = uniqueName()
    const scoped = uniqueName()
    webmcp.register(tool(owned), { injector: fixture.componentRef.injector })
    webmcp.register(tool(scoped), { injector: child })
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([owned, scoped].sort())
    fixture.destroy()
    expect(await page.listed()).toEqual([scoped])
    child.destroy()
    expect(await page.listed()).toEqual([])
  })

  it('lives as long as the application by default', async () => {
    const webmcp = TestBed.inject(WEBMCP)
    const name = uniqueName()
    webmcp.register(tool(name))
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([name])
    TestBed.resetTestingModule()
    expect(await page.listed()).toEqual([])
  })

  it('an early unregister lets go of the injector and the signal', async () => {
    const webmcp = TestBed.inject(WEBMCP)
    const controller = new AbortController()
    const remove = vi.spyOn(controller.signal, 'removeEventListener')
    const child = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector))
    const registration = webmcp.register(tool(uniqueName()), {
      signal: controller.signal,
      injector: child,
    })
    registration.unregister()
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function))
    child.destroy()
    controller.abort()
    expect(await page.listed()).toEqual([])
    // One register, one unregister: later teardown found nothing left to do.
    await afterTasks(() => expect(page.toolchanges).toBe(2))
    await flushTasks(withChangeDetection)
    expect(page.toolchanges).toBe(2)
  })

  it('passes enabled and exposedTo; a failure reaches onError and error', async () => {
    const webmcp = TestBed.inject(WEBMCP)
    const off = webmcp.register(tool(uniqueName()), { enabled: false })
    expect(off.status()).toBe('idle')
    const onError = vi.fn()
    const insecure = webmcp.register(tool(uniqueName()), {
      exposedTo: ['http://insecure.example'],
      onError,
    })
    await afterTasks(() => expect(insecure.status()).toBe('error'))
    expect(insecure.error()).toMatchObject({ name: 'SecurityError' })
    expect(onError).toHaveBeenCalledOnce()
    expect(await page.listed()).toEqual([])
  })
})
