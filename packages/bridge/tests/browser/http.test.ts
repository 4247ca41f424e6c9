import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { createBridge, serveHttp } from '../../src/index'
import { describeBridge } from './bridge-suite'

// The library: createBridge + serveHttp in this process, and the SDK's Streamable HTTP client.
describeBridge('Streamable HTTP', async ({ url, native }) => {
  const bridge = await createBridge({ url, native })
  const endpoint = await serveHttp(bridge)
  const demo = () =>
    bridge.page
      .frames()
      .find(
        (frame) => frame.url().startsWith('http://localhost') && frame !== bridge.page.mainFrame(),
      )!
  return {
    transport: new StreamableHTTPClientTransport(new URL(endpoint.url), {
      requestInit: { headers: { authorization: `Bearer ${endpoint.token}` } },
    }),
    taskTexts: () => demo().locator('.tasks li span').allTextContents(),
    async close() {
      await endpoint.close()
      await bridge.close()
    },
  }
})
