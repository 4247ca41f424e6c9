import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

// The README's command, run as a person runs it (issue 19): the packages packed as they would be
// published, installed from the tarballs into an empty project, and the documented
// `npx -y @webmcp-kit/bridge <url>` run there. npx must find our package locally: the registry is
// unreachable for that step, so a lookup of any package (ours or a stranger's) fails the test.

const run = promisify(execFile)
const root = fileURLToPath(new URL('../../../../', import.meta.url))
const DEMO_URL = 'http://localhost:5171'

/** The desktop-client config the README documents: its `command` and `args`. */
function documentedCommand(readme: string): { command: string; args: string[] } {
  const json = /```json\n([\s\S]*?)```/.exec(readFileSync(readme, 'utf8'))![1]!
  const servers = (
    JSON.parse(json) as { mcpServers: Record<string, { command: string; args: string[] }> }
  ).mcpServers
  return Object.values(servers)[0]!
}

describe('the documented command, npx -y @webmcp-kit/bridge, from the packed package', () => {
  let project: string
  const readme = join(root, 'packages/bridge/README.md')

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'webmcp-kit-bridge-npx-'))
    const packs = join(project, 'packs')
    await run(
      'pnpm',
      ['exec', 'turbo', 'run', 'build', '--filter=@webmcp-kit/bridge', '--output-logs=errors-only'],
      {
        cwd: root,
      },
    )
    for (const pkg of ['core', 'bridge']) {
      await run('pnpm', ['pack', '--pack-destination', packs], { cwd: join(root, 'packages', pkg) })
    }
    const tarballs = readdirSync(packs).map((name) => join(packs, name))
    writeFileSync(join(project, 'package.json'), '{ "name": "a-project", "private": true }\n')
    // The dependencies of ours (the MCP SDK, playwright-core) come from the registry (or npm's cache).
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', ...tarballs],
      { cwd: project, timeout: 240_000 },
    )
  }, 300_000)
  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true })
  })

  it('is the same in the package README and the bridge page of the docs', () => {
    expect(documentedCommand(join(root, 'docs/bridge.md'))).toEqual(documentedCommand(readme))
    expect(documentedCommand(readme)).toEqual({
      command: 'npx',
      args: ['-y', '@webmcp-kit/bridge', DEMO_URL],
    })
  })

  it('serves the page’s tools to an MCP client over stdio', async () => {
    const { command, args } = documentedCommand(readme)
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    )
    const transport = new StdioClientTransport({
      command,
      args: args.map((arg) => (arg === DEMO_URL ? inject('fixtureUrl') : arg)),
      cwd: project,
      // No registry for npx: it must run the installed package.
      env: { ...env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_offline: 'true' },
      stderr: 'pipe',
    })
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()))
    const client = new Client({ name: 'npx-test', version: '1.0.0' })
    try {
      await client.connect(transport)
      await expect
        .poll(async () => (await client.listTools()).tools.map((t) => t.name), { timeout: 20_000 })
        .toEqual(expect.arrayContaining(['page_state', 'add_task', 'list_tasks']))
      const result = (await client.callTool({
        name: 'send_message',
        arguments: { text: 'via npx' },
      })) as CallToolResult
      expect(result.content).toEqual([{ type: 'text', text: 'Sent: via npx' }])
      // The installed command is ours, under its own name.
      expect(stderr).toMatch(/^webmcp-kit-bridge: /m)
      expect(readdirSync(join(project, 'node_modules/.bin'))).toContain('webmcp-kit-bridge')
    } finally {
      await client.close()
    }
  })
})
