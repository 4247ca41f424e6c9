import { describe, expectTypeOf, it } from 'vitest'
import { useWebMCPTools } from '../src/index'
import type { RegisteredTool, UseWebMCPToolsOptions } from '../src/index'

describe('useWebMCPTools', () => {
  it('returns the registered tools, read-only', () => {
    const tools = useWebMCPTools({ fromOrigins: ['https://shop.example'] })
    expectTypeOf(tools).toEqualTypeOf<readonly RegisteredTool[]>()
    expectTypeOf(tools[0]!.name).toBeString()
    // @ts-expect-error read-only
    tools.push()
    // @ts-expect-error fromOrigins is a list
    useWebMCPTools({ fromOrigins: 'https://shop.example' })
    expectTypeOf<UseWebMCPToolsOptions>().toHaveProperty('onError')
  })
})
