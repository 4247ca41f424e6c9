import { ApplicationRef, Component } from '@angular/core'
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

  it('installs no polyfill: without one, tools are unsupported and nothing is registered', async () => {
    TestBed.configureTestingModule({ providers: [provideWebMCP()] })
    const name = uniqueName()
    @Component({ selector: 'x-hello', template: `{{ tool.status() }}` })
    class Hello {
      tool = injectWebMCPTool(() => hello(name))
    }
    const fixture = TestBed.createComponent(Hello)
    await fixture.whenStable()
    expect(installed()).toBe(false)
    expect(fixture.nativeElement.textContent).toBe('unsupported')
  })

  it('uses the polyfill the app installed at its entry', async () => {
    const uninstall = installModelContext()
    TestBed.configureTestingModule({ providers: [provideWebMCP()] })
    const name = uniqueName()
    @Component({ selector: 'x-hello', template: `{{ tool.status() }}` })
    class Hello {
      tool = injectWebMCPTool(() => hello(name))
    }
    const fixture = TestBed.createComponent(Hello)
    await afterTasks(async () => {
      await fixture.whenStable()
      expect(fixture.nativeElement.textContent).toBe('registered')
    })
    expect((await getModelContext()!.getTools()).map((t) => t.name)).toEqual([name])
    uninstall()
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
    await afterTasks(() =>
      expect(fixture.componentInstance.tools().map((t) => t.name)).toEqual([name]),
    )
    expect((await other.getTools()).map((t) => t.name)).toEqual([name])
  })
})
