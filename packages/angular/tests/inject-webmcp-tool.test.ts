import {
  Component,
  EnvironmentInjector,
  Injector,
  createEnvironmentInjector,
  effect,
  input,
  signal,
} from '@angular/core'
import { TestBed } from '@angular/core/testing'
import { provideRouter } from '@angular/router'
import { RouterTestingHarness } from '@angular/router/testing'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { injectWebMCPTool, provideWebMCP } from '../src'
import { afterTasks, flushTasks, uniqueName, usePolyfill, withChangeDetection } from './utils'
import type { WebMCPContext, WebMCPTool } from '../src'

const page = usePolyfill()

const schema = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
} as const

const echo = (name: string) => ({
  name,
  description: 'Echoes its input.',
  inputSchema: schema,
  execute: ({ text }: { text: string }) => `echo: ${text}`,
})

/** Renders `component` and waits until its tool's registration has settled. */
async function render<T extends { tool: { status(): string } }>(component: new () => T) {
  const fixture = TestBed.createComponent(component)
  await afterTasks(async () => {
    await fixture.whenStable()
    expect(fixture.componentInstance.tool.status()).not.toBe('registering')
  })
  await fixture.whenStable()
  return fixture
}

describe('injection context', () => {
  it('throws NG0203 naming injectWebMCPTool outside an injection context', () => {
    expect(() => injectWebMCPTool(() => echo(uniqueName()))).toThrow(/NG0203(.*?)injectWebMCPTool/)
  })

  it('works outside an injection context with { injector }, living as long as that injector', async () => {
    const name = uniqueName()
    const parent = TestBed.inject(EnvironmentInjector)
    const injector = createEnvironmentInjector([], parent)
    const tool = injectWebMCPTool(() => echo(name), { injector })
    expect(tool.status()).toBe('idle')
    TestBed.tick()
    expect(tool.status()).toBe('registering')
    await afterTasks(() => expect(tool.status()).toBe('registered'))
    expect(await page.listed()).toEqual([name])
    injector.destroy()
    expect(await page.listed()).toEqual([])
    expect(tool.status()).toBe('idle')
  })

  it('works in runInInjectionContext, and the root injector’s destruction unregisters', async () => {
    const name = uniqueName()
    const tool = TestBed.runInInjectionContext(() => injectWebMCPTool(() => echo(name)))
    TestBed.tick()
    await afterTasks(() => expect(tool.status()).toBe('registered'))
    TestBed.resetTestingModule()
    expect(await page.listed()).toEqual([])
  })

  it('with a component’s Injector, the tool lives as long as the component', async () => {
    const name = uniqueName()
    @Component({ selector: 'x-host', template: '' })
    class Host {
      injector = TestBed.inject(Injector)
    }
    const fixture = TestBed.createComponent(Host)
    const injector = fixture.componentRef.injector
    const tool = injectWebMCPTool(() => echo(name), { injector })
    await fixture.whenStable()
    await afterTasks(() => expect(tool.status()).toBe('registered'))
    fixture.destroy()
    expect(await page.listed()).toEqual([])
  })
})

describe('in a component', () => {
  it('registers exactly once on mount and renders the status; unregisters on destroy', async () => {
    const name = uniqueName()
    @Component({ selector: 'x-echo', template: `{{ tool.status() }}` })
    class EchoComponent {
      tool = injectWebMCPTool(() => echo(name))
    }
    const fixture = TestBed.createComponent(EchoComponent)
    expect(fixture.componentInstance.tool.status()).toBe('idle')
    expect(await page.listed()).toEqual([])
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('registering')
    await afterTasks(async () => {
      await fixture.whenStable()
      expect(fixture.nativeElement.textContent).toBe('registered')
    })
    expect(await page.find(name)).toMatchObject({
      description: 'Echoes its input.',
      inputSchema: schema,
    })
    expect(page.toolchanges).toBe(1)

    fixture.destroy()
    expect(await page.listed()).toEqual([])
    expect(page.toolchanges).toBe(2)
  })

  it('an @if that removes and re-creates the component during change detection: one registration', async () => {
    const name = uniqueName()
    const show = signal(true)
    @Component({ selector: 'x-child', template: `{{ tool.status() }}` })
    class Child {
      tool = injectWebMCPTool(() => echo(name))
    }
    @Component({
      selector: 'x-parent',
      imports: [Child],
      template: `@if (show()) {
        <x-child />
      }`,
    })
    class Parent {
      show = show
    }
    const fixture = TestBed.createComponent(Parent)
    await afterTasks(async () => {
      await fixture.whenStable()
      expect(fixture.nativeElement.textContent).toBe('registered')
    })
    show.set(false)
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('')
    expect(await page.listed()).toEqual([])
    show.set(true)
    await afterTasks(async () => {
      await fixture.whenStable()
      expect(fixture.nativeElement.textContent).toBe('registered')
    })
    expect(await page.listed()).toEqual([name])
    await afterTasks(() => expect(page.toolchanges).toBe(3))
  })

  it('an agent’s call reaches the latest execute, and the template shows its result', async () => {
    const name = uniqueName()
    @Component({
      selector: 'x-counter',
      template: `{{ count() }}|{{ tool.executionCount() }}|{{ tool.lastResult() }}|{{
          tool.isExecuting()
        }}`,
    })
    class CounterComponent {
      count = signal(0)
      step = signal(1)
      tool = injectWebMCPTool(() => {
        const step = this.step()
        return {
          name,
          description: 'Increments the counter.',
          execute: () => {
            this.count.update((n) => n + step)
            return this.count()
          },
        }
      })
    }
    const fixture = await render(CounterComponent)
    expect(fixture.nativeElement.textContent).toBe('0|0||false')
    const registered = (await page.find(name))!
    expect(await page.mc.executeTool(registered, {})).toBe('1')
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('1|1|1|false')

    // A new execute closure (the factory read `step`): swapped in place, no re-registration.
    const before = page.toolchanges
    fixture.componentInstance.step.set(10)
    await fixture.whenStable()
    await flushTasks(withChangeDetection)
    expect(page.toolchanges).toBe(before)
    expect(await page.mc.executeTool(registered, {})).toBe('11')
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('11|2|11|false')
  })

  it('tracks a running execution in isExecuting, overlapping calls included', async () => {
    const name = uniqueName()
    const gates: Array<() => void> = []
    @Component({ selector: 'x-slow', template: `{{ tool.isExecuting() }}` })
    class SlowComponent {
      tool = injectWebMCPTool(() => ({
        name,
        description: 'Waits.',
        execute: () => new Promise<string>((resolve) => gates.push(() => resolve('done'))),
      }))
    }
    const fixture = await render(SlowComponent)
    const registered = (await page.find(name))!
    const first = page.mc.executeTool(registered, {})
    const second = fixture.componentInstance.tool.execute({})
    await afterTasks(() => expect(gates).toHaveLength(2))
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('true')
    expect(fixture.componentInstance.tool.snapshot().executingCount).toBe(2)
    gates[0]!()
    await afterTasks(() => expect(fixture.componentInstance.tool.executionCount()).toBe(1))
    expect(fixture.componentInstance.tool.snapshot()).toMatchObject({
      isExecuting: true,
      executingCount: 1,
      executionCount: 1,
    })
    gates[1]!()
    expect(await Promise.all([first, second])).toEqual(['done', 'done'])
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('false')
    expect(fixture.componentInstance.tool.executionCount()).toBe(2)
  })

  it('a local execute runs the tool, and a failure lands in error without unregistering', async () => {
    const name = uniqueName()
    const onError = vi.fn()
    const failure = new Error('boom')
    @Component({ selector: 'x-fail', template: `{{ tool.error() }}` })
    class FailComponent {
      tool = injectWebMCPTool(
        () => ({
          name,
          description: 'Fails on demand.',
          inputSchema: { type: 'object', properties: { fail: { type: 'boolean' } } },
          execute: ({ fail }) => {
            if (fail) throw failure
            return 'fine'
          },
        }),
        { onError },
      )
    }
    const fixture = await render(FailComponent)
    const { tool } = fixture.componentInstance
    expect(await tool.execute({ fail: false })).toBe('fine')
    await expect(tool.execute({ fail: true })).rejects.toBe(failure)
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('Error: boom')
    expect(tool.status()).toBe('registered')
    expect(onError).toHaveBeenCalledWith(failure)
    expect(tool.lastResult()).toBe('fine')
  })

  it('execute works before the first change detection (the registration is created on demand)', async () => {
    const name = uniqueName()
    @Component({ selector: 'x-early', template: '' })
    class EarlyComponent {
      tool = injectWebMCPTool(() => echo(name))
    }
    const fixture = TestBed.createComponent(EarlyComponent)
    expect(await fixture.componentInstance.tool.execute({ text: 'hi' })).toBe('echo: hi')
    expect(fixture.componentInstance.tool.executionCount()).toBe(1)
    await fixture.whenStable()
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([name])
  })

  it('the factory may read required inputs: it first runs once they are set', async () => {
    @Component({ selector: 'x-named', template: `{{ tool.status() }}` })
    class NamedComponent {
      name = input.required<string>()
      tool = injectWebMCPTool(() => echo(this.name()))
    }
    const name = uniqueName()
    const fixture = TestBed.createComponent(NamedComponent)
    fixture.componentRef.setInput('name', name)
    await fixture.whenStable()
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([name])

    // An input change that renames the tool re-registers it under the new name.
    const renamed = uniqueName()
    fixture.componentRef.setInput('name', renamed)
    await fixture.whenStable()
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([renamed])
  })

  it('a registration failure lands in status and error (a tool of that name already exists)', async () => {
    const name = uniqueName()
    const controller = new AbortController()
    await page.mc.registerTool(
      { name, description: 'Registered elsewhere.', execute: () => 'x' },
      { signal: controller.signal },
    )
    const onError = vi.fn()
    @Component({ selector: 'x-dup', template: `{{ tool.status() }}` })
    class DuplicateComponent {
      tool = injectWebMCPTool(() => echo(name), { onError })
    }
    const fixture = await render(DuplicateComponent)
    expect(fixture.nativeElement.textContent).toBe('error')
    expect(fixture.componentInstance.tool.error()).toMatchObject({ name: 'InvalidStateError' })
    expect(onError).toHaveBeenCalledOnce()
    fixture.destroy()
    // The failed registration never touches the other tool of that name.
    expect(await page.listed()).toEqual([name])
    controller.abort()
  })

  it('is unsupported where there is no ModelContext, and does not throw', async () => {
    @Component({ selector: 'x-none', template: `{{ tool.status() }}` })
    class NoneComponent {
      tool = injectWebMCPTool(() => echo(uniqueName()))
    }
    // This test's document has no modelContext: remove the polyfill the harness installed.
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'modelContext')!
    delete (Document.prototype as { modelContext?: unknown }).modelContext
    try {
      const fixture = await render(NoneComponent)
      expect(fixture.nativeElement.textContent).toBe('unsupported')
    } finally {
      Object.defineProperty(Document.prototype, 'modelContext', descriptor)
    }
  })
})

describe('signals', () => {
  it('an enabled signal registers and unregisters the tool', async () => {
    const name = uniqueName()
    const enabled = signal(false)
    @Component({ selector: 'x-toggle', template: `{{ tool.status() }}` })
    class ToggleComponent {
      tool = injectWebMCPTool(() => echo(name), { enabled })
    }
    const fixture = await render(ToggleComponent)
    expect(fixture.nativeElement.textContent).toBe('idle')
    expect(await page.listed()).toEqual([])

    enabled.set(true)
    await afterTasks(async () => {
      await fixture.whenStable()
      expect(fixture.nativeElement.textContent).toBe('registered')
    })
    expect(await page.listed()).toEqual([name])

    enabled.set(false)
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('idle')
    expect(await page.listed()).toEqual([])
    expect(page.toolchanges).toBe(2)
  })

  it('toggling enabled several times before change detection causes no churn', async () => {
    const name = uniqueName()
    const enabled = signal(true)
    @Component({ selector: 'x-rapid', template: '' })
    class RapidComponent {
      tool = injectWebMCPTool(() => echo(name), { enabled: () => enabled() })
    }
    await render(RapidComponent)
    const before = page.toolchanges
    for (let i = 0; i < 5; i++) {
      enabled.set(false)
      enabled.set(true)
    }
    TestBed.tick()
    await flushTasks(withChangeDetection)
    expect(page.toolchanges).toBe(before)
    expect(await page.listed()).toEqual([name])
  })

  it('a signal read in the factory changes the schema: re-registered, with exactly one tool listed', async () => {
    const name = uniqueName()
    const units = signal<string[]>(['celsius'])
    @Component({ selector: 'x-weather', template: '' })
    class WeatherComponent {
      tool = injectWebMCPTool(() => ({
        name,
        description: 'Tells the temperature.',
        inputSchema: {
          type: 'object',
          properties: { unit: { type: 'string', enum: units() } },
        },
        execute: ({ unit }) => `20 ${unit}`,
      }))
    }
    const fixture = await render(WeatherComponent)
    expect((await page.find(name))?.inputSchema).toMatchObject({
      properties: { unit: { enum: ['celsius'] } },
    })
    const before = page.toolchanges

    units.set(['celsius', 'fahrenheit'])
    await fixture.whenStable()
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([name])
    expect((await page.find(name))?.inputSchema).toMatchObject({
      properties: { unit: { enum: ['celsius', 'fahrenheit'] } },
    })
    // One unregister and one register.
    await afterTasks(() => expect(page.toolchanges).toBe(before + 2))
    await afterTasks(() => expect(fixture.componentInstance.tool.status()).toBe('registered'))

    // The same schema again (a new object): nothing happens.
    units.set(['celsius', 'fahrenheit'])
    await fixture.whenStable()
    await flushTasks(withChangeDetection)
    expect(page.toolchanges).toBe(before + 2)
  })

  it('a Standard Schema validates the agent’s input before execute runs', async () => {
    const name = uniqueName()
    const execute = vi.fn(({ city }: { city: string }) => `sunny in ${city}`)
    @Component({ selector: 'x-zod', template: '' })
    class ZodComponent {
      tool = injectWebMCPTool(() => ({
        name,
        description: 'Tells the weather.',
        inputSchema: z.object({ city: z.string() }),
        execute,
      }))
    }
    const fixture = await render(ZodComponent)
    const registered = (await page.find(name))!
    expect(registered.inputSchema).toMatchObject({ properties: { city: { type: 'string' } } })
    const reply = JSON.parse((await page.mc.executeTool(registered, { city: 42 }))!)
    expect(reply).toMatchObject({ issues: [{ path: ['city'] }] })
    expect(execute).not.toHaveBeenCalled()
    expect(await page.mc.executeTool(registered, { city: 'Oslo' })).toBe('sunny in Oslo')
    expect(fixture.componentInstance.tool.lastResult()).toBe('sunny in Oslo')
  })

  it('passes exposedTo (a signal) to registerTool, re-registering when it changes', async () => {
    const calls: Array<string[] | undefined> = []
    const recording: WebMCPContext = {
      registerTool: (tool, options) => {
        calls.push(options?.exposedTo)
        return page.mc.registerTool(tool, options)
      },
      getTools: (options) => page.mc.getTools(options),
      addEventListener: (...args: Parameters<EventTarget['addEventListener']>) =>
        page.mc.addEventListener(...args),
      removeEventListener: (...args: Parameters<EventTarget['removeEventListener']>) =>
        page.mc.removeEventListener(...args),
    }
    TestBed.configureTestingModule({ providers: [provideWebMCP({ modelContext: recording })] })
    const exposedTo = signal(['https://agent.example'])
    const name = uniqueName()
    @Component({ selector: 'x-exposed', template: '' })
    class ExposedComponent {
      tool = injectWebMCPTool(() => echo(name), { exposedTo })
    }
    const fixture = await render(ExposedComponent)
    expect(calls).toEqual([['https://agent.example']])
    expect(fixture.componentInstance.tool.status()).toBe('registered')

    exposedTo.set(['https://other.example'])
    await fixture.whenStable()
    await flushTasks(withChangeDetection)
    expect(calls).toEqual([['https://agent.example'], ['https://other.example']])
    expect(await page.listed()).toEqual([name])
  })

  it('a new tool with new exposedTo or enabled in one change detection: one registration at most', async () => {
    const [before, after] = [uniqueName(), uniqueName()]
    const name = signal(before)
    const exposedTo = signal(['https://a.example'])
    const enabled = signal(true)
    @Component({ selector: 'x-both', template: '' })
    class BothComponent {
      tool = injectWebMCPTool(() => echo(name()), { exposedTo, enabled })
    }
    const fixture = await render(BothComponent)
    const registerTool = vi.spyOn(page.mc, 'registerTool')
    name.set(after)
    exposedTo.set(['https://b.example'])
    await fixture.whenStable()
    await afterTasks(() => expect(fixture.componentInstance.tool.status()).toBe('registered'))
    expect(registerTool).toHaveBeenCalledOnce()
    expect(registerTool.mock.calls[0]![0]).toMatchObject({ name: after })
    expect(registerTool.mock.calls[0]![1]).toMatchObject({ exposedTo: ['https://b.example'] })
    expect(await page.listed()).toEqual([after])
    // A new name and enabled: false together: unregistered, the new name never registered.
    name.set(uniqueName())
    enabled.set(false)
    await fixture.whenStable()
    await flushTasks(withChangeDetection)
    expect(registerTool).toHaveBeenCalledOnce()
    expect(fixture.componentInstance.tool.status()).toBe('idle')
    expect(await page.listed()).toEqual([])
  })
})

describe('route change', () => {
  it('a routed component’s tool is registered while its route is active', async () => {
    const cartName = uniqueName()
    const searchName = uniqueName()
    @Component({ selector: 'x-cart', template: 'cart' })
    class CartPage {
      tool = injectWebMCPTool(() => echo(cartName))
    }
    @Component({ selector: 'x-search', template: 'search' })
    class SearchPage {
      tool = injectWebMCPTool(() => echo(searchName))
    }
    TestBed.configureTestingModule({
      providers: [
        provideRouter([
          { path: 'cart', component: CartPage },
          { path: 'search', component: SearchPage },
          { path: 'about', children: [] },
        ]),
      ],
    })
    const harness = await RouterTestingHarness.create()
    await harness.navigateByUrl('/cart', CartPage)
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([cartName])

    await harness.navigateByUrl('/search', SearchPage)
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([searchName])

    await harness.navigateByUrl('/about')
    expect(await page.listed()).toEqual([])

    // Back again: registered once more, exactly once.
    await harness.navigateByUrl('/cart', CartPage)
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([cartName])
    expect(harness.routeNativeElement?.textContent).toBe('cart')
  })
})

describe('the same concepts as the other bindings', () => {
  it('executingCount is a signal of its own, as in the snapshot', async () => {
    const name = uniqueName()
    const gates: Array<() => void> = []
    @Component({ selector: 'x-count', template: `{{ tool.executingCount() }}` })
    class CountComponent {
      tool = injectWebMCPTool(() => ({
        name,
        description: 'Waits.',
        execute: () => new Promise<string>((resolve) => gates.push(() => resolve('done'))),
      }))
    }
    const fixture = await render(CountComponent)
    const { tool } = fixture.componentInstance
    const runs = [tool.execute({}), tool.execute({})]
    await afterTasks(() => expect(gates).toHaveLength(2))
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('2')
    gates.forEach((open) => open())
    await Promise.all(runs)
    await fixture.whenStable()
    expect(fixture.nativeElement.textContent).toBe('0')
    expect(tool.executingCount()).toBe(tool.snapshot().executingCount)
  })

  it('a per-call modelContext wins over provideWebMCP’s', async () => {
    const registered: string[] = []
    const own: WebMCPContext = {
      registerTool: (tool, options) => (
        registered.push(tool.name),
        page.mc.registerTool(tool, options)
      ),
      getTools: (options) => page.mc.getTools(options),
      addEventListener: () => {},
      removeEventListener: () => {},
    }
    const app: WebMCPContext = {
      ...own,
      registerTool: () => Promise.reject(new Error('not this one')),
    }
    TestBed.configureTestingModule({ providers: [provideWebMCP({ modelContext: app })] })
    const name = uniqueName()
    @Component({ selector: 'x-own', template: '' })
    class OwnComponent {
      tool = injectWebMCPTool(() => echo(name), { modelContext: own })
    }
    const fixture = await render(OwnComponent)
    expect(fixture.componentInstance.tool.status()).toBe('registered')
    expect(registered).toEqual([name])
    fixture.destroy()
    expect(await page.listed()).toEqual([])
  })

  it('after destroy the signals read idle: the core tells the last listener, no re-read needed', async () => {
    const name = uniqueName()
    @Component({ selector: 'x-gone', template: `{{ tool.status() }}` })
    class GoneComponent {
      tool = injectWebMCPTool(() => echo(name))
    }
    const fixture = await render(GoneComponent)
    const { tool } = fixture.componentInstance
    const seen: string[] = []
    const watcher = TestBed.runInInjectionContext(() => effect(() => seen.push(tool.status())))
    TestBed.tick()
    fixture.destroy()
    TestBed.tick()
    expect(seen).toEqual(['registered', 'idle'])
    watcher.destroy()
  })
})

describe('misuse', () => {
  const fix = 'Pass { name, description, inputSchema?, execute(input, { signal }) }.'

  // Angular reports an error thrown in an effect; TestBed rethrows it from change detection.
  it('a factory that returns a tool without execute throws the Error every binding throws', async () => {
    @Component({ selector: 'x-broken', template: '' })
    class BrokenComponent {
      tool = injectWebMCPTool(
        () => ({ name: 'broken', description: 'No execute.' }) as unknown as WebMCPTool,
      )
    }
    const fixture = TestBed.createComponent(BrokenComponent)
    expect(() => fixture.detectChanges()).toThrow(
      new Error(`The tool "broken" has no execute function. ${fix}`),
    )
    expect(await page.listed()).toEqual([])
  })

  it('a tool a signal later loses is reported, and the last one stays registered', async () => {
    const name = uniqueName()
    const current = signal<WebMCPTool | undefined>(echo(name) as WebMCPTool)
    @Component({ selector: 'x-lost', template: '' })
    class LostComponent {
      tool = injectWebMCPTool(() => current() as WebMCPTool)
    }
    const fixture = await render(LostComponent)
    expect(await page.listed()).toEqual([name])
    current.set(undefined)
    expect(() => fixture.detectChanges()).toThrow(new Error(`The tool is undefined. ${fix}`))
    await flushTasks(withChangeDetection)
    expect(await page.listed()).toEqual([name])
    expect(fixture.componentInstance.tool.status()).toBe('registered')
  })
})
