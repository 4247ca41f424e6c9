/** MCP messages as raw HTTP callers send them, for the HTTP transport's tests. */

/** An `initialize` request. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'attacker', version: '1' },
  },
})

/** A request (with an `id`) or a notification (without). */
export const message = (method: string, id?: number, params: object = {}) =>
  JSON.stringify({ jsonrpc: '2.0', method, params, ...(id !== undefined && { id }) })
