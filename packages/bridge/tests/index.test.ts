import { describe, expect, it } from 'vitest'
import * as bridge from '../src/index'
import { createBridge } from '../src/index'
import type { ConfirmPolicy } from '../src/index'

describe('@webmcp-kit/bridge', () => {
  it('imports in Node without a document, and exports the library API', () => {
    expect(typeof document).toBe('undefined')
    expect(Object.keys(bridge).sort()).toEqual([
      'NATIVE_FLAG',
      'ToolNames',
      'createBridge',
      'createExtensionBridge',
      'nameTools',
      'needsConfirmation',
      'serveHttp',
      'toCallResult',
      'toMcpTool',
    ])
    expect(bridge.NATIVE_FLAG).toBe('--enable-experimental-web-platform-features')
  })

  it('refuses to start without a page, and with an unknown confirmation policy, saying what to pass', async () => {
    await expect(createBridge({})).rejects.toThrow(
      'createBridge: pass the page to serve: { url: "http://localhost:5171/" }, { page } or { cdp }.',
    )
    const confirm = 'sometimes' as ConfirmPolicy // as from untyped JavaScript
    await expect(createBridge({ url: 'http://localhost:1/', confirm })).rejects.toThrow(
      "createBridge: confirm must be 'consequential', 'writes' or 'never', not sometimes.",
    )
  })

  it('says how to fix a missing Chromium', async () => {
    await expect(
      createBridge({ url: 'http://localhost:1/', executablePath: '/nowhere/chromium' }),
    ).rejects.toThrow(
      'webmcp-kit-bridge: no Chromium at /nowhere/chromium. Install it (Debian: apt-get install chromium), set CHROMIUM_PATH, or attach to a running one with --cdp.',
    )
  })
})
