import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '@webmcp-kit/test-config/browser'
import { launch, selectEngines } from '@webmcp-kit/test-infra/engines'
import { createExtensionBridge } from '../../src/index'
import { newSecret, ORIGIN, Peer } from '../extension-peer'
import type { ExtensionBridge } from '../../src/index'
import type { TestServer } from '@webmcp-kit/test-config/browser'
import type { LaunchName } from '@webmcp-kit/test-infra/engines'

// A web page in a real browser attacks the `--extension` listener: WebSockets to its port (by
// 127.0.0.1 and by localhost), a CORS fetch, a preflighted POST and a no-cors fetch. Each is
// refused by the bridge (its log says so), the page reads nothing, and the extension itself
// still connects afterwards.

const secret = newSecret()
let bridge: ExtensionBridge
let server: TestServer
const logs: string[] = []

beforeAll(async () => {
  bridge = await createExtensionBridge({
    port: 0,
    env: {},
    pairing: { origin: ORIGIN, secret },
    log: (message) => logs.push(message),
  })
  server = await startServer()
})
afterAll(async () => {
  await bridge?.close()
  await server?.close()
})

// Chromium without the WebMCP flag: the listener does not depend on it.
const engines: LaunchName[] = selectEngines()

describe.each(engines)('a web page in %s', (engine) => {
  it('cannot open a WebSocket to the bridge, nor read it with fetch', async () => {
    const browser = await launch(engine)
    try {
      const page = await browser.newPage()
      await page.goto(`${server.origin}/?nopolyfill`)
      const seen = await page.evaluate(async (port: number) => {
        const socket = (url: string) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(url)
            ws.onopen = () => {
              resolve('open')
              ws.close()
            }
            ws.onerror = () => resolve('error')
            ws.onclose = (event) => resolve(`closed ${event.code}`)
          })
        const get = async (init: RequestInit) => {
          try {
            const response = await fetch(`http://127.0.0.1:${port}/`, init)
            return `${response.type} ${response.status}`
          } catch (error) {
            return (error as Error).name
          }
        }
        return {
          ws127: await socket(`ws://127.0.0.1:${port}/`),
          wsLocalhost: await socket(`ws://localhost:${port}/`),
          cors: await get({ mode: 'cors' }),
          preflight: await get({
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"type":"hello"}',
          }),
          noCors: await get({ mode: 'no-cors' }),
        }
      }, bridge.port)
      expect(seen).toEqual({
        ws127: 'error',
        wsLocalhost: 'error',
        cors: 'TypeError',
        preflight: 'TypeError',
        noCors: 'opaque 0',
      })
      expect(logs).toContain(`refused a connection from ${server.origin}: not an extension`)
      expect(bridge.connected).toBe(false)
    } finally {
      await browser.close()
    }
    // The extension itself still gets in.
    const peer = new Peer(bridge.port)
    expect(await peer.auth(secret)).toMatchObject({ type: 'ready' })
    await peer.close()
    await new Promise<void>((resolve) => {
      if (!bridge.connected) return resolve()
      const stop = bridge.onConnectionChanged(() => (stop(), resolve()))
    })
  }, 60_000)
})
