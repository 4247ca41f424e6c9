import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createBridge, serveHttp } from '../../src/index'
import type { Bridge, HttpEndpoint } from '../../src/index'

const run = promisify(execFile)
// The MCP Inspector's command-line mode (v1: the v2 Inspector needs Node 22.19).
const INSPECTOR = join(
  dirname(
    createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json'),
  ),
  'build/cli.js',
)

async function inspector(endpoint: HttpEndpoint, ...args: string[]) {
  const auth = `Authorization: Bearer ${endpoint.token}`
  const argv = [INSPECTOR, '--cli', endpoint.url, '--transport', 'http', '--header', auth, ...args]
  // Inspector v1 finds its package.json through a path relative to the working directory (which
  // only works from its own folder when installed on its own).
  const { stdout } = await run(process.execPath, argv, { cwd: dirname(INSPECTOR), timeout: 30_000 })
  return JSON.parse(stdout)
}

describe('the MCP Inspector (--cli) against webmcp-kit-bridge over Streamable HTTP (with its token), native', () => {
  let bridge: Bridge
  let endpoint: HttpEndpoint

  beforeAll(async () => {
    bridge = await createBridge({ url: inject('fixtureUrl'), native: true })
    endpoint = await serveHttp(bridge)
  })
  afterAll(async () => {
    await endpoint?.close()
    await bridge?.close()
  })

  it('lists the page’s tools', async () => {
    await expect
      .poll(async () => (await bridge.listTools()).length, { timeout: 20_000 })
      .toBeGreaterThan(10)
    const { tools } = await inspector(endpoint, '--method', 'tools/list')
    const names = tools.map((tool: { name: string }) => tool.name)
    expect(names).toEqual(
      expect.arrayContaining(['add_task', 'list_tasks', 'find_teammate.2', 'slow']),
    )
    expect(tools.find((tool: { name: string }) => tool.name === 'add_task')).toMatchObject({
      title: 'Add a task',
      inputSchema: { type: 'object', required: ['text'] },
    })
  })

  it('calls a tool, and the page changes', async () => {
    const result = await inspector(
      endpoint,
      '--method',
      'tools/call',
      '--tool-name',
      'add_task',
      '--tool-arg',
      'text=Added by the Inspector',
    )
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ text: 'Added by the Inspector' })
    const demo = bridge.page.frames().find((frame) => frame.url().startsWith(inject('demoOrigin')))!
    await expect
      .poll(() => demo.locator('.tasks li span').allTextContents(), { timeout: 10_000 })
      .toContain('Added by the Inspector')
  })
})
