// The imperative API's own calls: registration, execution, getTools, concurrency. One page per
// browser (native Chromium and the polyfill's); `setup` runs in the page (sent as source text, so it
// can use nothing from this file) and returns the operation to time.
/** @type {import('../measure.mjs').Row[]} */
export const ROWS = [
  {
    id: 'register-abort',
    name: 'register+abort cycle',
    setup: async (mc) => {
      const tool = {
        name: 'bench',
        description: 'Benchmark tool',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        execute: () => 'ok',
      }
      return async () => {
        const controller = new AbortController()
        await mc.registerTool(tool, { signal: controller.signal })
        controller.abort()
      }
    },
  },
  {
    id: 'execute',
    name: 'executeTool round trip',
    setup: async (mc) => {
      /** @param {{ q: string }} input */
      const execute = (input) => ({ ok: true, echo: input.q })
      await mc.registerTool({ name: 'echo', description: 'Echoes', execute })
      const tool = (await mc.getTools()).find((t) => t.name === 'echo')
      return () => mc.executeTool(tool, { q: 'hello' })
    },
  },
  {
    id: 'execute-100kb',
    name: 'executeTool, 100 KB input',
    // Its samples scatter more than the other rows' (native's most: 1.0–1.5 ms in one loaded hour).
    samples: 21,
    setup: async (mc) => {
      /** @param {{ items: unknown[] }} input */
      const execute = (input) => ({ ok: true, count: input.items.length })
      await mc.registerTool({ name: 'sink', description: 'Counts items', execute })
      const tool = (await mc.getTools()).find((t) => t.name === 'sink')
      const note = 'lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(2)
      const items = Array.from({ length: 760 }, (_, i) => ({ id: i, name: `item ${i}`, note }))
      const input = { items }
      if (JSON.stringify(input).length < 100_000) throw new Error('input smaller than 100 KB')
      return () => mc.executeTool(tool, input)
    },
  },
  {
    id: 'get-tools-1000',
    name: 'getTools, 1,000 tools',
    setup: async (mc) => {
      const inputSchema = { type: 'object', properties: { q: { type: 'string' } } }
      const registrations = []
      for (let i = 0; i < 1000; i++) {
        const name = `tool-${String(i).padStart(4, '0')}`
        const tool = { name, description: `Tool ${i}`, inputSchema, execute: () => i }
        registrations.push(mc.registerTool(tool))
      }
      await Promise.all(registrations)
      return async () => {
        if ((await mc.getTools()).length !== 1000) throw new Error('expected 1,000 tools')
      }
    },
  },
  {
    id: 'concurrent-200',
    name: '200 concurrent executions',
    calls: 200,
    setup: async (mc) => {
      await mc.registerTool({ name: 'echo', description: 'Echoes', execute: () => ({ ok: true }) })
      const tool = (await mc.getTools()).find((t) => t.name === 'echo')
      return () => Promise.all(Array.from({ length: 200 }, (_, i) => mc.executeTool(tool, { i })))
    },
  },
]
