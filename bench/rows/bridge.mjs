// A tool call made by an MCP client through @webmcp-kit/bridge, beside the same call made in the
// page (Chromium only: the bridge drives a Playwright page).
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { TIMING, calibrate, median, prepareIn, sampleIn } from '../measure.mjs'

/**
 * @typedef {import('../measure.mjs').Row} Row
 * @typedef {import('../measure.mjs').Side} Side
 * @typedef {import('../measure.mjs').Server} Server
 * @typedef {import('../measure.mjs').BridgeTimes} BridgeTimes
 */

/** @type {Row[]} */
export const ROWS = [
  {
    id: 'bridge',
    name: 'tool call through @webmcp-kit/bridge (MCP client → bridge → page)',
    bridge: true,
    setup: async (mc) => {
      /** @param {{ q: string }} input */
      const execute = (input) => ({ ok: true, echo: input.q })
      await mc.registerTool({ name: 'echo', description: 'Echoes', execute })
      const tool = (await mc.getTools()).find((t) => t.name === 'echo')
      return () => mc.executeTool(tool, { q: 'hello' })
    },
  },
]

/**
 * The bridge row: per Chromium, the row's tool call timed in the page (a direct `executeTool`), and
 * the same call made by an MCP client (the SDK's, over an in-memory transport) through the bridge
 * serving that page, timed in Node. Built from source, like the tests.
 * @param {Side[]} sides
 * @param {Row} row
 * @param {Server} server
 * @returns {Promise<BridgeTimes>}
 */
export async function runBridgeRow(sides, row, server) {
  const bridgeDir = new URL('../../packages/bridge/', import.meta.url)
  const { buildFromSource } = await import(new URL('scripts/from-source.mjs', bridgeDir).href)
  const { createBridge } = await import(pathToFileURL((await buildFromSource()).index).href)
  const require = createRequire(new URL('package.json', bridgeDir))
  /** @param {string} path */
  const sdk = (path) =>
    import(pathToFileURL(require.resolve(`@modelcontextprotocol/sdk/${path}`)).href)
  const [{ Client }, { InMemoryTransport }] = await Promise.all([
    sdk('client/index.js'),
    sdk('inMemory.js'),
  ])
  /** @type {BridgeTimes} */
  const out = {}
  for (const side of sides) {
    const tab = await side.open(`${server.origin}/bench/${row.id}`)
    const bridge = await createBridge({ page: tab.page })
    const client = new Client({ name: 'bench', version: '1.0.0' })
    try {
      const found = await tab.evaluate(prepareIn(row, server))
      if (found.impl !== side.impl || bridge.engine !== side.impl) {
        throw new Error(
          `${side.label}: expected the ${side.impl} modelContext, found ${found.impl}/${bridge.engine}`,
        )
      }
      const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
      await bridge.server.connect(serverEnd)
      await client.connect(clientEnd)
      const call = async () => {
        const result = await client.callTool({ name: 'echo', arguments: { q: 'hello' } })
        if (result.isError) throw new Error(`bridge call failed: ${result.content[0]?.text}`)
      }
      const iterations = await calibrate(call)
      const direct = []
      const bridged = []
      for (let s = 0; s < TIMING.samples; s++) {
        direct.push(await tab.evaluate(sampleIn()))
        const began = performance.now()
        for (let i = 0; i < iterations; i++) await call()
        bridged.push((performance.now() - began) / iterations)
      }
      out[side.label] = { direct: median(direct), bridge: median(bridged), iterations }
    } finally {
      await client.close()
      await bridge.close()
      await tab.close()
    }
  }
  return out
}
