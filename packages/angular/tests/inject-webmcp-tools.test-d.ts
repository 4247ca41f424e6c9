import { signal } from '@angular/core'
import { describe, expectTypeOf, it } from 'vitest'
import { injectWebMCPTools } from '../src'
import type { Injector, Signal } from '@angular/core'
import type { InjectWebMCPToolsOptions, RegisteredTool, WebMCPContext } from '../src'

describe('injectWebMCPTools', () => {
  it('returns a read-only signal of the listed tools', () => {
    const tools = injectWebMCPTools()
    expectTypeOf(tools).toEqualTypeOf<Signal<readonly RegisteredTool[]>>()
    // @ts-expect-error read-only
    tools.set([])
  })

  it('options: fromOrigins (an array, a signal or a function), modelContext, onError, injector', () => {
    const origins = signal<string[] | undefined>(['https://shop.example'])
    injectWebMCPTools({ fromOrigins: ['https://shop.example'] })
    injectWebMCPTools({ fromOrigins: origins })
    injectWebMCPTools({ fromOrigins: () => origins() })
    injectWebMCPTools({ onError: (error) => expectTypeOf(error).toBeUnknown() })
    expectTypeOf<InjectWebMCPToolsOptions['injector']>().toEqualTypeOf<Injector | undefined>()
    const context = {} as WebMCPContext
    injectWebMCPTools({ modelContext: context })
    // @ts-expect-error origins are strings
    injectWebMCPTools({ fromOrigins: [1] })
    // @ts-expect-error not a ModelContext
    injectWebMCPTools({ modelContext: {} })
  })
})
