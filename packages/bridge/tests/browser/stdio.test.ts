import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { inject } from 'vitest'
import { describeBridge } from './bridge-suite'

// The `webmcp-kit-bridge` command (built from source), spawned by the SDK's stdio client.
describeBridge('stdio', async ({ url, native }) => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  )
  const args = [inject('cli'), url, ...(native ? ['--native'] : [])]
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env,
    stderr: 'inherit',
  })
  return { transport, close: async () => {} }
})
