import { spawn } from 'node:child_process'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { describe, expect, inject, it } from 'vitest'
import type { ChildProcess } from 'node:child_process'

// `webmcp-kit-bridge <url> --http` (built from source): the token it makes and prints once, or the
// one $WEBMCP_BRIDGE_TOKEN gives (then printed nowhere), and nothing served without it.

/** Starts the command; resolves its endpoint and what it printed once it serves. */
function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [inject('cli'), inject('fixtureUrl'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const serving = new Promise<{ url: string; stderr: string }>((resolve, reject) => {
    let stderr = ''
    child.stderr!.setEncoding('utf8')
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk
      const url = /serving MCP \(Streamable HTTP\) at (\S+)/.exec(stderr)?.[1]
      // The token line, when there is one, comes right after.
      if (url && (env.WEBMCP_BRIDGE_TOKEN || /Bearer \S+"/.test(stderr))) resolve({ url, stderr })
    })
    child.once('exit', (code) => reject(new Error(`the bridge exited (${code}): ${stderr}`)))
  })
  return { child, serving }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

async function tools(url: string, token?: string) {
  const client = new Client({ name: 'cli-http-test', version: '1' })
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  )
  try {
    return (await client.listTools()).tools.map((tool) => tool.name)
  } finally {
    await client.close()
  }
}

describe('webmcp-kit-bridge --http', () => {
  it('makes a token, prints it once, and serves only requests that carry it', async () => {
    const { child, serving } = start(['--http', '0'])
    try {
      const { url, stderr } = await serving
      const token = /Authorization: Bearer (\S+)"/.exec(stderr)![1]!
      expect(token).toMatch(/^[\w-]{32}$/)
      expect(stderr.split(token)).toHaveLength(2)
      expect(await tools(url, token)).toContain('page_state')
      await expect(tools(url)).rejects.toThrow(/401|Unauthorized/)
      await expect(tools(url, `${token}x`)).rejects.toThrow(/401|Unauthorized/)
    } finally {
      await stop(child)
    }
  })

  it('takes the token from WEBMCP_BRIDGE_TOKEN, and prints it nowhere', async () => {
    const secret = 'a-secret-of-the-person-0123456789'
    const { child, serving } = start(['--http', '0'], { WEBMCP_BRIDGE_TOKEN: secret })
    try {
      const { url, stderr } = await serving
      expect(stderr).not.toContain(secret)
      expect(stderr).not.toContain('Bearer')
      expect(await tools(url, secret)).toContain('page_state')
      await expect(tools(url, 'another-token-0123456789')).rejects.toThrow(/401|Unauthorized/)
    } finally {
      await stop(child)
    }
  })
})
