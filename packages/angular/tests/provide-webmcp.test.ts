import { ApplicationRef, Component, PLATFORM_ID } from '@angular/core'
import { TestBed } from '@angular/core/testing'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getModelContext, installModelContext } from '@webmcp-kit/core'
import { injectWebMCPTool, injectWebMCPTools, provideWebMCP } from '../src'
import { afterTasks, secureContext, uniqueName } from './utils'

const installed = () => 'modelContext' in document

beforeEach(secureContext)
afterEach(() => {
  // Whatever a test left behind, the next starts with a document without WebMCP.
  TestBed.resetTestingModule()
  delete (Document.prototype as { modelContext?: unknown }).modelContext
})

const hello = (name: string) => ({ name, description: 'Says hello.', execute: () => 'hello' })

describe('provideWebMCP', () => {
  it('importing the package installs nothing', () => {
    expect(installed()).toBe(false)
  })

  it('installs the polyfill in the browser when the application starts, and removes it with the application', async () => {
    TestBed.configureTestingModule({ providers: [provideWebMCP()] })
    expect(installed()).toBe(false)
    const name = uniqueName()
    @Component({ selector: 'x-hello', template: `{{ tool.status() }}` })
    class Hello {
      tool = injectWebMCPTool(() => hello(name))
    }
    const fixture = TestBed.createComponent(Hello)
    expect(installed()).toBe(true)
    await afterTasks(async () => {
      await fixture.whenStable()
      expect(fixture.nativeElement.textContent).toBe('registered')
    })
    expect((await getModelContext()!.getTools()).map((t) => t.name)).toEqual([name])

    TestBed.resetTestingModule()
    expect(installed()).toBe(false)
  })

  it('installs nothing on the server', () => {
    TestBed.configureTestingModule({
      providers: [provideWebMCP(), { provide: PLATFORM_ID, useValue: 'server' }],
    })
    TestBed.inject(ApplicationRef)
    expect(installed()).toBe(false)
  })

  it('installs nothing with polyfill: false', () => {
    TestBed.configureTestingModule({ providers: [provideWebMCP({ polyfill: false })] })
    TestBed.inject(ApplicationRef)
    expect(installed()).toBe(false)
  })

  it('keeps a ModelContext that was already there, and leaves it when the application goes', async () => {
    const uninstall = installModelContext()
    const existing = getModelContext()
    TestBed.configureTestingModule({ providers: [provideWebMCP()] })
    TestBed.inject(ApplicationRef)
    expect(getModelContext()).toBe(existing)
    TestBed.resetTestingModule()
    expect(getModelContext()).toBe(existing)
    uninstall()
  })

  it('supplies a ModelContext: tools register and are listed there, and no polyfill is installed', async () => {
    // A ModelContext that is not the document's: the polyfill's engine, detached from the document.
    const uninstall = installModelContext()
    const other = getModelContext()!
    uninstall()
    expect(installed()).toBe(false)

    TestBed.configureTestingModule({ providers: [provideWebMCP({ modelContext: other })] })
    const name = uniqueName()
    @Component({ selector: 'x-framed', template: '' })
    class Framed {
      tool = injectWebMCPTool(() => hello(name))
      tools = injectWebMCPTools()
    }
    const fixture = TestBed.createComponent(Framed)
    await fixture.whenStable()
    await afterTasks(() => expect(fixture.componentInstance.tool.status()).toBe('registered'))
    expect(installed()).toBe(false)
    // The first read starts the list (it asks the context for its tools).
    fixture.componentInstance.tools()
    await afterTasks(() =>
      expect(fixture.componentInstance.tools().map((t) => t.name)).toEqual([name]),
    )
    expect((await other.getTools()).map((t) => t.name)).toEqual([name])
  })
})
