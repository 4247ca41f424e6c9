import { inject } from '@angular/core'
import { describe, expectTypeOf, it } from 'vitest'
import { WEBMCP, injectWebMCP, provideWebMCP } from '../src'
import type { EnvironmentProviders, Signal } from '@angular/core'
import type { RegisteredTool, WebMCP } from '../src'

describe('the WEBMCP service', () => {
  it('inject(WEBMCP) and injectWebMCP() give the service', () => {
    expectTypeOf(inject(WEBMCP)).toEqualTypeOf<WebMCP>()
    expectTypeOf(injectWebMCP()).toEqualTypeOf<WebMCP>()
    expectTypeOf(injectWebMCP().tools).toEqualTypeOf<Signal<readonly RegisteredTool[]>>()
  })

  it('register infers the input from an inline schema', () => {
    const registration = injectWebMCP().register({
      name: 'add',
      description: 'Adds.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      execute: ({ a, b }) => a + b,
    })
    expectTypeOf(registration.execute).parameter(0).toEqualTypeOf<{ a: number; b: number }>()
    expectTypeOf(registration.lastResult).toEqualTypeOf<Signal<number | undefined>>()
    expectTypeOf(registration.unregister).toEqualTypeOf<() => void>()
  })

  it('register options: signal, injector, enabled, exposedTo, onError; no modelContext', () => {
    const webmcp = injectWebMCP()
    const tool = { name: 'n', description: 'd', execute: () => 1 }
    webmcp.register(tool, { signal: new AbortController().signal, enabled: false })
    webmcp.register(tool, { exposedTo: ['https://agent.example'], onError: () => {} })
    // @ts-expect-error the context comes from provideWebMCP
    webmcp.register(tool, { modelContext: undefined })
  })
})

describe('provideWebMCP', () => {
  it('returns environment providers', () => {
    expectTypeOf(provideWebMCP()).toEqualTypeOf<EnvironmentProviders>()
    provideWebMCP({ polyfill: false, fromOrigins: ['https://shop.example'] })
    // @ts-expect-error not a ModelContext
    provideWebMCP({ modelContext: {} })
  })
})
