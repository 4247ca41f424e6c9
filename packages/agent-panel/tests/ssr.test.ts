// @vitest-environment node
import { expect, it } from 'vitest'

it('imports on the server without touching document', async () => {
  expect(typeof document).toBe('undefined')
  const panel = await import('../src/index')
  expect(typeof panel.mountAgentPanel).toBe('function')
  expect(typeof panel.createSchemaForm).toBe('function')
})
