import { describe, expectTypeOf, it } from 'vitest'
import { createBridge, serveHttp } from '../src/index'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { Page } from 'playwright-core'
import type { Bridge, BridgeOptions, ConfirmPolicy, HttpEndpoint } from '../src/index'

describe('createBridge', () => {
  it('takes options and resolves to a Bridge', () => {
    expectTypeOf(createBridge).parameter(0).toEqualTypeOf<BridgeOptions>()
    expectTypeOf(createBridge).returns.resolves.toEqualTypeOf<Bridge>()
    expectTypeOf<BridgeOptions['confirm']>().toEqualTypeOf<ConfirmPolicy | undefined>()
    expectTypeOf<ConfirmPolicy>().toEqualTypeOf<'consequential' | 'writes' | 'never'>()
    // @ts-expect-error url is a string
    void createBridge({ url: new URL('http://localhost:5171') })
  })

  it('gives the page, the MCP server and MCP-shaped tools and results', () => {
    expectTypeOf<Bridge['page']>().toEqualTypeOf<Page>()
    expectTypeOf<Bridge['engine']>().toEqualTypeOf<'native' | 'polyfill'>()
    expectTypeOf<Bridge['server']>().toEqualTypeOf<McpServer>()
    expectTypeOf<Bridge['listTools']>().returns.resolves.toEqualTypeOf<Tool[]>()
    expectTypeOf<Bridge['callTool']>().returns.resolves.toEqualTypeOf<CallToolResult>()
    expectTypeOf<Bridge['callTool']>()
      .parameter(1)
      .toEqualTypeOf<Record<string, unknown> | undefined>()
    const bridge = {} as Bridge
    // @ts-expect-error arguments are an object, as in MCP
    void bridge.callTool('add_task', 'text')
  })
})

describe('serveHttp', () => {
  it('resolves to the endpoint', () => {
    expectTypeOf(serveHttp).returns.resolves.toEqualTypeOf<HttpEndpoint>()
    expectTypeOf<HttpEndpoint['url']>().toBeString()
  })
})
