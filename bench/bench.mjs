// `pnpm bench`: per-call times of the polyfill beside native Chromium WebMCP, in one Chromium pair
// (one browser launched with the native flag, one without). Every row is measured inside a fresh
// page with `performance.now()`, by the same function in both browsers: warm-up, then several
// samples of many calls each, alternating between the browsers; the median sample is reported.
//
//   node bench/bench.mjs [--json] [--only id,id] [--engine chromium|firefox|webkit] [--core DIR]
//
// `--core DIR`: the polyfill built from another copy of packages/core/src (an earlier commit's, from
// `git archive`), so that a change can be measured before and after in the same way.
//
// `--engine firefox` / `--engine webkit`: the polyfill in that engine (no engine but Chromium has
// WebMCP), beside the polyfill in Chromium as the reference column; no targets are judged there,
// except the host page's DOM work (with the polyfill ÷ without it, measured in that engine).
//
// The host page's cost (issue 22, host.mjs): start-up beside the peer polyfill, the page's own DOM
// work in a tool form with and without the polyfill (two same-origin frames of one tab, samples
// interleaved), memory per tool beside native (Chromium, through the DevTools protocol).
//
// Adding a row: append an entry to ROWS. Its `setup` runs in the page (it is sent as source text,
// so it can use nothing from this file) and returns the function to time.
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { build } from 'esbuild'
import {
  FORM_SOURCE,
  IDLE_SOURCE,
  STARTUP,
  addForms,
  measureMemory,
  registerTools,
  runStartup,
  startupBuilds,
  startupPage,
} from './host.mjs'

// The test infrastructure is TypeScript: its register hooks let plain Node load it.
await import('@webmcp-kit/test-config/register')
const { chromiumOptions, startServer } = await import('@webmcp-kit/test-config/browser')
const { launch } = await import('@webmcp-kit/test-infra/engines')

/**
 * What the rows use of a page's `document.modelContext` (native or the polyfill's).
 * @typedef {{ name: string, inputSchema: { required: string[] } }} PageTool
 * @typedef {object} PageModelContext
 * @property {(tool: object, options?: object) => Promise<void>} registerTool
 * @property {(options?: object) => Promise<PageTool[]>} getTools
 * @property {(tool: PageTool | undefined, input: object) => Promise<unknown>} executeTool
 * @property {(type: string, listener: () => void) => void} addEventListener
 * @property {(type: string, listener: () => void) => void} removeEventListener
 * @typedef {{ origin: string, otherOrigin: string, slot?: string }} Env
 */

/**
 * @typedef {object} Row
 * @property {string} id Short name, for `--only` and the JSON output.
 * @property {string} name What the table shows.
 * @property {(mc: PageModelContext, env: Env) => Promise<() => Promise<unknown>>} setup
 *   Runs in the page with its `document.modelContext`; resolves to one timed operation.
 * @property {number} [calls] Tool calls made by one operation (the time is divided by it). Default 1.
 * @property {number} [target] Acceptance: polyfill time at most `target` × native. Default 0.5.
 * @property {number} [maxMs] Acceptance, instead: polyfill time per call at most this many ms.
 * @property {boolean} [polyfillOnly] No native counterpart (e.g. a polyfill-internal cost).
 * @property {string} [query] Query string of the row's page (see `startServer`: `body=`, `oac=`…).
 * @property {number} [samples] Samples per browser, for a row whose single samples scatter widely.
 * @property {boolean} [bridge] Measured through `@webmcp-kit/bridge` instead (see `runBridgeRow`):
 *   `setup`'s operation is timed in the page, and the same tool call through the bridge.
 * @property {boolean} [inPage] A cost the polyfill adds to the platform (its selector patch): both
 *   columns are measured in one page of the polyfill's Chromium, interleaved, `setup` being called
 *   with `env.slot` `'reference'` (the platform's own functions, saved by the page before the
 *   polyfill loaded: `query` must arrange it) or `'candidate'` (what the page has now). The native
 *   column holds the reference. Chromium only.
 * @property {boolean} [host] A cost to the host page (issue 22), an in-page row of the engine's own
 *   polyfill browser (other engines too): the tab (without the polyfill) loads each slot's page in a
 *   same-origin frame, `reference` without the polyfill, `candidate` with it.
 */

/** @type {Row[]} */
const ROWS = [
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
  {
    id: 'execute-cross-origin',
    name: 'executeTool, cross-origin frame',
    target: 1,
    // Each sample crosses processes twice; one sample in five may take twice the others.
    samples: 31,
    setup: async (mc, { otherOrigin }) => {
      // A frame of the other origin (allowed to use tools) exposes a tool to this page.
      const register = `document.modelContext.registerTool({ name: 'echo', description: 'Echoes',
        execute: (input) => ({ ok: true, echo: input.q }) }, { exposedTo: ['${location.origin}'] })`
      const frame = document.createElement('iframe')
      frame.allow = 'tools'
      frame.src = `${otherOrigin}/?body=${encodeURIComponent(`<script>${register}</script>`)}`
      await new Promise((resolve) => {
        frame.onload = resolve
        document.body.append(frame)
      })
      let tool
      for (let i = 0; i < 100 && !tool; i++) {
        tool = (await mc.getTools({ fromOrigins: [otherOrigin] })).find((t) => t.name === 'echo')
        if (!tool) await new Promise((resolve) => setTimeout(resolve, 20))
      }
      if (!tool) throw new Error('the frame’s tool never appeared')
      return () => mc.executeTool(tool, { q: 'hello' })
    },
  },
  {
    // The floor under the row above: the polyfill's cross-origin call is one round trip on a
    // MessagePort between the two documents' processes (native brokers it in the browser process).
    id: 'port-cross-origin',
    name: 'MessagePort round trip to a cross-origin frame',
    polyfillOnly: true,
    samples: 31,
    setup: async (_mc, { otherOrigin }) => {
      const echo = `addEventListener('message', (event) => {
        const port = event.ports[0]
        if (port && event.data === 'echo') port.onmessage = (m) => port.postMessage(m.data)
      })`
      const frame = document.createElement('iframe')
      frame.src = `${otherOrigin}/?body=${encodeURIComponent(`<script>${echo}</script>`)}`
      await new Promise((resolve) => {
        frame.onload = resolve
        document.body.append(frame)
      })
      const { port1, port2 } = new MessageChannel()
      frame.contentWindow?.postMessage('echo', '*', [port2])
      return () =>
        new Promise((resolve) => {
          port1.onmessage = resolve
          port1.postMessage({ name: 'echo', input: '{"q":"hello"}' })
        })
    },
  },
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
  // The selector patch (:tool-form-active, src/selectors.ts): a selector that names neither
  // pseudo-class must cost nothing measurable. The reference is the same call to the function the
  // page saved before the polyfill patched it; 1,000 elements; `calls` operations per sample.
  .../** @type {[string, string, string, number, string, string][]} */ ([
    ['qsa', 'querySelectorAll', 'Document', 100, '.item > span', 'document'],
    ['matches', 'matches', 'Element', 2000, '.item > span', 'el'],
    ['closest', 'closest', 'Element', 2000, '.item', 'el'],
  ]).map(([id, method, iface, calls, selector, on]) => ({
    id: `selector-${id}`,
    name: `${method}('${selector}') (÷ the page's own ${method}, saved before the polyfill)`,
    calls,
    target: 1.05,
    inPage: true,
    samples: 21,
    query: `nopolyfill&body=${encodeURIComponent(
      `<script>window.saved = { ${method}: ${iface}.prototype.${method} }</script>` +
        '<script src="/webmcp.iife.js"></script>',
    )}`,
    setup: /** @type {Row['setup']} */ (
      new Function(
        'mc',
        'env',
        `return (async () => {
        document.body.insertAdjacentHTML('beforeend', Array.from({ length: 1000 }, (_, i) =>
          '<div class="item i' + i + '"><span>' + i + '</span></div>').join(''))
        const el = document.querySelector('.i500 > span')
        const fn = env.slot === 'reference' ? window.saved.${method} : ${iface}.prototype.${method}
        if (fn === ${iface}.prototype.${method} && env.slot === 'reference') throw new Error('not patched')
        const target = ${on}
        return async () => {
          let out
          for (let i = 0; i < ${calls}; i++) out = fn.call(target, '${selector}')
          if (!out) throw new Error('the selector matched nothing')
        }
      })()`,
      )
    ),
  })),
  // The host page's own DOM work inside a 200-control tool form (issue 22), timed until the tasks it
  // causes have run, in the page with the polyfill and in the same page without it.
  .../** @type {[string, string, string][]} */ ([
    [
      'dom-attributes',
      '1,000 attribute changes (class) in a 200-control <form toolname>, one task',
      `for (let i = 0; i < 1000; i++) controls[(i * 7) % controls.length].classList.toggle('dirty')`,
    ],
    [
      'dom-rows',
      '100 rows added and removed in a 200-control <form toolname>, one task',
      `const rows = []
      for (let i = 0; i < 100; i++) {
        const row = document.createElement('div')
        row.className = 'row extra'
        row.innerHTML = '<label>Extra ' + i + ' <input name=extra' + i + '></label>'
        form.append(row)
        rows.push(row)
      }
      for (const row of rows) row.remove()`,
    ],
    [
      'dom-input',
      '300 input events, aria-invalid toggled each time, in a 200-control <form toolname>',
      `for (let i = 0; i < 300; i++) {
        const input = texts[i % texts.length]
        input.value = i % 3 ? 'someone@example.com' : 'no'
        input.setAttribute('aria-invalid', String(i % 3 === 0))
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await nextTask()
      }`,
    ],
  ]).map(([id, name, work]) => ({
    id,
    name,
    host: true,
    inPage: true,
    target: 1.05,
    samples: 21,
    query: 'nopolyfill',
    // Each slot's page is a same-origin frame of the tab (one renderer, one heap, samples
    // interleaved): `reference` without the polyfill, `candidate` with it. The slots `tool` and
    // `plain` (see `runToolForm`) are the page's own modelContext (native where the tab has it, else
    // the polyfill) with the form a tool, and with the same form without `toolname`.
    setup: /** @type {Row['setup']} */ (
      new Function(
        'mc',
        'env',
        `return (async () => {
        const native = !!document.modelContext
        const own = env.slot === 'tool' || env.slot === 'plain'
        const frame = document.createElement('iframe')
        frame.src = env.slot === 'reference' || native ? '/?nopolyfill' : '/'
        await new Promise((resolve) => {
          frame.onload = resolve
          document.body.append(frame)
        })
        const w = frame.contentWindow
        const fmc = w.document.modelContext
        const impl = !fmc ? 'none' : fmc.constructor[Symbol.for('webmcp-kit/polyfill')] ? 'polyfill' : 'native'
        const expected = env.slot === 'reference' ? 'none' : own && native ? 'native' : 'polyfill'
        if (impl !== expected) throw new Error(env.slot + ': ' + impl)
        return w.eval(${JSON.stringify(`(async (mc, tool) => {
          const idle = ${IDLE_SOURCE}
          const nextTask = () => new Promise((resolve) => {
            const { port1, port2 } = new MessageChannel()
            port1.onmessage = () => (port1.close(), resolve())
            port2.postMessage(0)
          })
          const form = ${FORM_SOURCE}
          if (!tool) {
            form.removeAttribute('toolname')
            form.removeAttribute('tooldescription')
          }
          const listed = mc && tool && new Promise((resolve) => mc.addEventListener('toolchange', resolve, { once: true }))
          document.body.append(form)
          await listed
          await idle()
          const controls = [...form.elements]
          const texts = controls.filter((el) => el.type === 'email')
          return async () => {
            ${work}
            await idle()
          }
        })`)})(fmc, env.slot !== 'plain')
      })()`,
      )
    ),
  })),
  {
    id: 'form-schema-200',
    name: 'derive the schema of a 200-control form',
    maxMs: 5,
    setup: async (mc) => {
      // A declarative tool with 200 labelled controls of every kind. Native derives the schema when
      // a control changes (and caches it), so one operation is: change a control, wait for the
      // re-registration (two toolchange events), and read the new schema with getTools().
      /** @type {((i: number) => string)[]} */
      const kinds = [
        (i) => `<label for=c${i}>Field ${i}</label><input id=c${i} name=c${i}>`,
        (i) => `<input type=number name=c${i} min=0 max=${i} step=0.5 aria-description="n ${i}">`,
        (i) => `<select name=c${i}><option>a</option><option value=b>B ${i}</option></select>`,
        (i) => `<label><input type=checkbox name=c${i}> Box ${i}</label>`,
        (i) => `<input type=date name=c${i} toolparamdescription="Day ${i}">`,
        (i) => `<input type=radio name=r${i - (i % 10)} value=${i}>`,
        (i) => `<textarea name=c${i} required></textarea>`,
        (i) => `<input type=email name=c${i} pattern=".+@example[.]com">`,
      ]
      const form = document.createElement('form')
      form.setAttribute('toolname', 'bench')
      form.setAttribute('tooldescription', 'A large form')
      form.innerHTML = Array.from({ length: 200 }, (_, i) => kinds[i % kinds.length]?.(i)).join('')
      /** @param {number} count */
      const changes = (count) =>
        /** @type {Promise<void>} */ (
          new Promise((resolve) => {
            let seen = 0
            const listener = () => {
              if (++seen < count) return
              mc.removeEventListener('toolchange', listener)
              resolve()
            }
            mc.addEventListener('toolchange', listener)
          })
        )
      const registered = changes(1)
      document.body.append(form)
      await registered
      const last = /** @type {HTMLInputElement} */ (form.elements[form.elements.length - 1])
      let required = false
      return async () => {
        required = !required
        const changed = changes(2)
        last.required = required
        await changed
        const [tool] = await mc.getTools()
        if (!tool || tool.inputSchema.required.includes(last.name) !== required) {
          throw new Error('the schema was not derived again')
        }
      }
    },
  },
]

/**
 * Per row and browser: `warmupMs` of calls (at least `minWarmup`), which also calibrates how many
 * calls make one sample of about `sampleMs` (at least `minIterations`); then `samples` samples,
 * taken alternately in the browsers so that a slow moment of the machine hits both columns alike.
 */
const TIMING = { warmupMs: 150, sampleMs: 80, samples: 9, minWarmup: 5, minIterations: 3 }

/**
 * What a page keeps between `prepare` and its samples, per slot.
 * @typedef {{ run: () => Promise<unknown>, iterations: number, calls: number }} Prepared
 * @typedef {typeof globalThis & { __bench?: Record<string, Prepared> }} BenchGlobal
 */

/**
 * Runs in the page (serialised with `toString`, like `setup`): sets the row up, warms it up and
 * keeps the calibrated operation for `sample`. Returns which implementation the page has.
 * @param {Row['setup']} setup
 * @param {typeof TIMING & { calls: number, env: Env }} options
 */
async function prepare(setup, { calls, warmupMs, sampleMs, minWarmup, minIterations, env }) {
  const mc = /** @type {Document & { modelContext?: PageModelContext }} */ (document).modelContext
  // The polyfill's ModelContext class carries core's hook (what core itself goes by).
  const polyfill = /** @type {{ constructor: Record<symbol, unknown> }} */ (
    /** @type {unknown} */ (mc)
  )?.constructor[Symbol.for('webmcp-kit/polyfill')]
  const impl = !mc ? 'none' : polyfill ? 'polyfill' : 'native'
  const run = await setup(/** @type {PageModelContext} */ (mc), env)
  let warm = 0
  const start = performance.now()
  while (warm < minWarmup || performance.now() - start < warmupMs) {
    await run()
    warm++
  }
  const each = (performance.now() - start) / warm
  const iterations = Math.max(minIterations, Math.ceil(sampleMs / each))
  const page = /** @type {BenchGlobal} */ (globalThis)
  ;(page.__bench ??= {})[env.slot ?? 'main'] = { run, iterations, calls }
  return { impl, iterations }
}

/** Runs in the page: one sample, in ms per tool call. */
async function sample(slot = 'main') {
  const bench = /** @type {Record<string, Prepared>} */ (
    /** @type {BenchGlobal} */ (globalThis).__bench
  )
  const { run, iterations, calls } = /** @type {Prepared} */ (bench[slot])
  const start = performance.now()
  for (let i = 0; i < iterations; i++) await run()
  return (performance.now() - start) / (iterations * calls)
}

/**
 * Runs in the page, for an in-page row: one sample of both slots, interleaved in 16 slices so that
 * a slow moment of the machine falls on both alike. Returns ms per call, per slot.
 */
async function pairedSample(/** @type {string[]} */ slots) {
  const bench = /** @type {Record<string, Prepared>} */ (
    /** @type {BenchGlobal} */ (globalThis).__bench
  )
  const spent = slots.map(() => 0)
  const slices = 16
  for (let slice = 0; slice < slices; slice++) {
    for (let k = 0; k < slots.length; k++) {
      const i = slice % 2 ? slots.length - 1 - k : k
      const { run, iterations } = /** @type {Prepared} */ (bench[/** @type {string} */ (slots[i])])
      const start = performance.now()
      for (let n = 0; n < Math.ceil(iterations / slices); n++) await run()
      spent[i] = /** @type {number} */ (spent[i]) + performance.now() - start
    }
  }
  return slots.map((slot, i) => {
    const { iterations, calls } = /** @type {Prepared} */ (bench[slot])
    return /** @type {number} */ (spent[i]) / (Math.ceil(iterations / slices) * slices * calls)
  })
}

/**
 * @typedef {object} Tab
 * @property {(expression: string) => Promise<any>} evaluate
 * @property {() => Promise<void>} close
 * @property {import('playwright-core').Page} [page] The page itself (Chromium only).
 * @typedef {object} Side One browser, one column of the table.
 * @property {string} label Column heading.
 * @property {'native' | 'polyfill'} impl What `document.modelContext` must be there.
 * @property {string} version The browser's version.
 * @property {(url: string) => Promise<Tab>} open A fresh page at `url`.
 * @property {() => Promise<void>} close
 * @typedef {{ origin: string, otherOrigin: string, close(): Promise<void> }} Server
 * @typedef {Record<string, { ms: number, iterations: number, samples: number[] }>} Times
 * @typedef {{ ratio: number | undefined, target?: number, maxMs?: number, meets: boolean, text: string }} Verdict
 * @typedef {Record<string, { direct: number, bridge: number, iterations: number }>} BridgeTimes
 * @typedef {{ toolMs: number, plainMs: number, ratio: number, iterations: number[], samples: [number, number][] }} FormCost
 * @typedef {Record<string, FormCost>} ToolForm A host row's work, the form a tool ÷ the same form
 *   without `toolname`, in each browser with its own modelContext (native, or the polyfill).
 * @typedef {{ row: Row, times?: Times, verdict?: Verdict | null, bridge?: BridgeTimes, toolForm?: ToolForm }} Result
 */

/**
 * @param {boolean} native
 * @returns {Promise<Side>}
 */
async function chromiumSide(native) {
  const browser = await chromium.launch(chromiumOptions(native))
  return {
    label: native ? 'native' : 'polyfill',
    impl: native ? 'native' : 'polyfill',
    version: `Chromium ${browser.version()}`,
    async open(url) {
      const page = await browser.newPage()
      await page.goto(url)
      return {
        page,
        evaluate: (expression) => page.evaluate(expression),
        close: () => page.close(),
      }
    },
    close: () => browser.close(),
  }
}

/**
 * The bridge row: per Chromium, the row's tool call timed in the page (a direct `executeTool`), and
 * the same call made by an MCP client (the SDK's, over an in-memory transport) through the bridge
 * serving that page, timed in Node. Built from source, like the tests.
 * @param {Side[]} sides
 * @param {Row} row
 * @param {Server} server
 * @returns {Promise<BridgeTimes>}
 */
async function runBridgeRow(sides, row, server) {
  const bridgeDir = new URL('../packages/bridge/', import.meta.url)
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
      const options = {
        ...TIMING,
        calls: 1,
        env: { origin: server.origin, otherOrigin: server.otherOrigin },
      }
      const found = await tab.evaluate(`(${prepare})(${row.setup}, ${JSON.stringify(options)})`)
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
      const start = performance.now()
      let warm = 0
      while (warm < TIMING.minWarmup || performance.now() - start < TIMING.warmupMs) {
        await call()
        warm++
      }
      const each = (performance.now() - start) / warm
      const iterations = Math.max(TIMING.minIterations, Math.ceil(TIMING.sampleMs / each))
      const direct = []
      const bridged = []
      for (let s = 0; s < TIMING.samples; s++) {
        direct.push(await tab.evaluate(`(${sample})()`))
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

/** @param {Result[]} results */
function printBridge(results) {
  for (const { row, bridge } of results) {
    if (!bridge) continue
    console.log(`\n${row.name}, beside a direct in-page executeTool of the same tool:`)
    for (const [label, { direct, bridge: through }] of Object.entries(bridge)) {
      console.log(
        `  ${label.padEnd(9)} direct ${format(direct)} ms/call, through the bridge ${format(through)} ms/call: ${(through / direct).toFixed(1)}×`,
      )
    }
  }
}

/**
 * The polyfill in another engine (@webmcp-kit/test-infra's engines), as a column named after it.
 * @param {Parameters<typeof launch>[0]} engine
 * @param {string} [label]
 * @returns {Promise<Side>}
 */
async function engineSide(engine, label = engine) {
  const browser = await launch(engine)
  return {
    label,
    impl: 'polyfill',
    version: browser.version,
    async open(url) {
      const page = await browser.newPage()
      await page.goto(url)
      return { evaluate: (expression) => page.evaluate(expression), close: () => page.close() }
    },
    close: () => browser.close(),
  }
}

/**
 * The columns per `--engine`; the first is the reference the others are compared with, and targets
 * are judged only when it is native. Other engines have no native WebMCP: the polyfill in Chromium
 * is their reference. Launched one after another (two cores).
 * @type {Record<string, () => Promise<Side[]>>}
 */
const ENGINES = {
  chromium: () => Promise.all([chromiumSide(true), chromiumSide(false)]),
  firefox: async () => [
    await engineSide('chromium', 'chromium polyfill'),
    await engineSide('firefox'),
  ],
  webkit: async () => [
    await engineSide('chromium', 'chromium polyfill'),
    await engineSide('webkit'),
  ],
}

/** @param {string[]} argv */
function parseArgs(argv) {
  const args = {
    json: false,
    engine: 'chromium',
    only: /** @type {string[] | null} */ (null),
    core: fileURLToPath(new URL('../packages/core/src/', import.meta.url)),
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => argv[++i] ?? fail(`${arg} needs a value`)
    if (arg === '--json') args.json = true
    else if (arg === '--engine') args.engine = value()
    else if (arg === '--only') args.only = value().split(',')
    else if (arg === '--core') args.core = value()
    else fail(`unknown argument ${arg}`)
  }
  if (!ENGINES[args.engine]) fail(`unknown engine ${args.engine} (have: ${Object.keys(ENGINES)})`)
  const ids = [...ROWS.map((row) => row.id), ...HOST_ROWS]
  const unknown = args.only?.filter((id) => !ids.includes(id))
  if (unknown?.length) fail(`unknown row ${unknown} (have: ${ids})`)
  return args
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`bench: ${message}`)
  process.exit(2)
}

/** @param {number[]} values */
const median = (values) =>
  /** @type {number} */ ([...values].sort((a, b) => a - b)[values.length >> 1])

/**
 * Runs one row in a fresh page of each browser (the pages stay open together, and samples alternate
 * between them, starting with a different browser each time).
 * @param {Side[]} sides
 * @param {Row} row
 * @param {Server} server
 * @returns {Promise<Times>}
 */
async function runRow(sides, row, server) {
  const url = `${server.origin}/bench/${row.id}${row.query ? `?${row.query}` : ''}`
  const options = {
    ...TIMING,
    calls: row.calls ?? 1,
    env: { origin: server.origin, otherOrigin: server.otherOrigin },
  }
  const active = sides.filter((side) => !(side.impl === 'native' && row.polyfillOnly))
  // An in-page row: one polyfill tab, shared by both columns, each with its slot (a host row: the
  // engine's own polyfill browser, whose tab loads each slot's page in a frame).
  const owner = (row.host ? [...sides].reverse() : sides).find((side) => side.impl === 'polyfill')
  const shared = row.inPage && owner && (await owner.open(url))
  /** @param {Side} side */
  const slot = (side) => (!row.inPage ? 'main' : side === active[0] ? 'reference' : 'candidate')
  /** @param {Side} side */
  const expected = (side) => (row.host ? 'none' : row.inPage ? 'polyfill' : side.impl)
  /** @type {Tab[]} */
  const tabs = []
  try {
    for (const side of active) tabs.push(shared || (await side.open(url)))
    const times = active.map(() => /** @type {number[]} */ ([]))
    /** @type {number[]} */
    const iterations = []
    for (const [i, side] of active.entries()) {
      const env = { ...options.env, slot: slot(side) }
      const found = await /** @type {Tab} */ (tabs[i]).evaluate(
        `(${prepare})(${row.setup}, ${JSON.stringify({ ...options, env })})`,
      )
      if (found.impl !== expected(side)) {
        throw new Error(
          `${side.label}: expected the ${expected(side)} modelContext, found ${found.impl}`,
        )
      }
      iterations.push(found.iterations)
    }
    for (let s = 0; s < (row.samples ?? TIMING.samples); s++) {
      if (shared) {
        const paired = await shared.evaluate(
          `(${pairedSample})(${JSON.stringify(active.map(slot))})`,
        )
        paired.forEach((/** @type {number} */ ms, /** @type {number} */ i) => times[i]?.push(ms))
        continue
      }
      const order = active.map((_, i) => i)
      if (s % 2) order.reverse()
      for (const i of order) {
        const tab = /** @type {Tab} */ (tabs[i])
        times[i]?.push(
          await tab.evaluate(`(${sample})('${slot(/** @type {Side} */ (active[i]))}')`),
        )
      }
    }
    return Object.fromEntries(
      active.map((side, i) => [
        side.label,
        {
          ms: median(/** @type {number[]} */ (times[i])),
          iterations: /** @type {number} */ (iterations[i]),
          samples: /** @type {number[]} */ (times[i]),
        },
      ]),
    )
  } finally {
    await Promise.all([...new Set(tabs)].map((tab) => tab.close()))
  }
}

/**
 * A host row in each Chromium with its own modelContext (native with the flag, else the polyfill):
 * the same work in a frame whose form is a tool (`tool`) and in one whose form has no `toolname`
 * (`plain`), two same-origin frames of one tab, interleaved like the row itself. What the tool form
 * costs the page in each implementation, native's being the floor the polyfill's is judged beside.
 * @param {Side[]} sides
 * @param {Row} row
 * @param {Server} server
 * @returns {Promise<ToolForm>}
 */
async function runToolForm(sides, row, server) {
  const url = `${server.origin}/bench/${row.id}${row.query ? `?${row.query}` : ''}`
  const slots = ['tool', 'plain']
  /** @type {ToolForm} */
  const out = {}
  for (const side of sides) {
    const tab = await side.open(url)
    try {
      const iterations = []
      for (const slot of slots) {
        const options = {
          ...TIMING,
          calls: row.calls ?? 1,
          env: { origin: server.origin, otherOrigin: server.otherOrigin, slot },
        }
        const found = await tab.evaluate(`(${prepare})(${row.setup}, ${JSON.stringify(options)})`)
        const top = side.impl === 'native' ? 'native' : 'none'
        if (found.impl !== top) throw new Error(`${side.label} ${slot}: the tab has ${found.impl}`)
        iterations.push(found.iterations)
      }
      /** @type {[number, number][]} */
      const samples = []
      for (let s = 0; s < (row.samples ?? TIMING.samples); s++) {
        samples.push(await tab.evaluate(`(${pairedSample})(${JSON.stringify(slots)})`))
      }
      const toolMs = median(samples.map(([tool]) => tool))
      const plainMs = median(samples.map(([, plain]) => plain))
      out[side.label] = { toolMs, plainMs, ratio: toolMs / plainMs, iterations, samples }
    } finally {
      await tab.close()
    }
  }
  return out
}

/** @param {number} ms */
function format(ms) {
  return ms >= 10
    ? ms.toFixed(1)
    : ms >= 1
      ? ms.toFixed(2)
      : ms >= 0.01
        ? ms.toFixed(3)
        : ms.toPrecision(2)
}

/**
 * @param {Side[]} sides
 * @param {Result[]} results
 * @param {string[]} [labels] Column headings, by side.
 */
function printTable(sides, results, labels = sides.map((side) => side.label)) {
  const [reference, ...others] = sides
  const head = ['row', ...labels.map((label) => `${label} ms/call`)]
  for (const [i] of others.entries()) head.push(`${labels[i + 1]}/${labels[0]}`)
  const lines = results.map(({ row, times = {} }) => {
    const ref = reference && times[reference.label]?.ms
    const cells = [
      row.name,
      ...sides.map((side) => {
        const ms = times[side.label]?.ms
        return ms === undefined ? '—' : format(ms)
      }),
    ]
    for (const side of others) {
      const ms = times[side.label]?.ms
      cells.push(ref && ms !== undefined ? `${(ms / ref).toFixed(2)}×` : '—')
    }
    return cells
  })
  const widths = head.map((_, i) =>
    Math.max(...[head, ...lines].map((cells) => cells[i]?.length ?? 0)),
  )
  /** @param {string[]} cells */
  const render = (cells) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
  console.log(render(head))
  console.log(widths.map((width) => '─'.repeat(width)).join('  '))
  for (const cells of lines) console.log(render(cells))
  console.log()
  for (const { verdict, toolForm } of results) {
    if (!verdict) continue
    // Beside the row's verdict, what the form being a tool costs the page in each implementation.
    const costs = Object.entries(toolForm ?? {}).map(
      ([label, { ratio }]) => `${label}: ${ratio.toFixed(2)}×`,
    )
    console.log(
      costs.length ? `${verdict.text}; ${costs.join(', ')} (tool form ÷ plain form)` : verdict.text,
    )
  }
}

/**
 * Whether the polyfill meets the row's target (a ratio to native, or `maxMs`).
 * @param {Side[]} sides
 * @param {Row} row
 * @param {Times} times
 * @returns {Verdict | null}
 */
function judge(sides, row, times) {
  const [reference, candidate] = sides
  if (!reference) return null
  const ms = candidate && times[candidate.label]?.ms
  const ref = reference.impl === 'native' || row.host ? times[reference.label]?.ms : undefined
  const ratio = ms !== undefined && ref ? ms / ref : undefined
  if (ms === undefined) return null
  if (row.maxMs !== undefined) {
    const meets = ms <= row.maxMs
    const text = `${meets ? 'PASS' : 'FAIL'}  ${row.name}: polyfill ${format(ms)} ms (target ≤ ${row.maxMs} ms)`
    return { ratio, maxMs: row.maxMs, meets, text }
  }
  if (ratio === undefined) return null
  const target = row.target ?? 0.5
  const meets = ratio <= target
  const versus = row.host
    ? 'the same page without it'
    : row.inPage
      ? 'the unpatched function'
      : 'native'
  const text = `${meets ? 'PASS' : 'FAIL'}  ${row.name}: polyfill ${ratio.toFixed(2)}× ${versus} (target ≤ ${target}×)`
  return { ratio, target, meets, text }
}

/** The host-page rows that are not ROWS (each a run of its own): `--only` names them too. */
const HOST_ROWS = ['startup', 'memory-tools', 'memory-forms']

/** Start-up samples per variant (fresh loads). */
const STARTUP_SAMPLES = 21

/** Fresh pages per memory row and browser. */
const MEMORY_SAMPLES = 5

/**
 * The engine's own polyfill browser (the last polyfill column).
 * @param {Side[]} sides
 */
function polyfillSide(sides) {
  const side = [...sides].reverse().find((s) => s.impl === 'polyfill')
  if (!side) throw new Error('bench: no polyfill browser')
  return side
}

/**
 * @typedef {Awaited<ReturnType<typeof startupRows>>} Startup
 * @typedef {import('./host.mjs').Builds} Builds
 */

/**
 * The start-up rows of one engine: its polyfill browser, every variant a fresh load.
 * @param {Side[]} sides
 * @param {Server} server
 * @param {Builds} builds
 */
async function startupRows(sides, server, builds) {
  const side = polyfillSide(sides)
  const { ms, installMs, samples } = await runStartup(side.open, server.origin, STARTUP_SAMPLES)
  const empty = Object.fromEntries(STARTUP)
  /** @param {import('./host.mjs').Variant} variant */
  const net = (variant) => ms[variant] - ms[/** @type {'empty' | 'empty-esm'} */ (empty[variant])]
  return {
    label: side.label,
    version: side.version,
    ms,
    installMs,
    samples,
    net,
    bytes: builds.bytes,
  }
}

/**
 * @param {Startup} startup
 * @param {string} peer
 */
function printStartup({ label, version, ms, installMs, samples, net, bytes }, peer) {
  console.log(
    `\nStart-up in ${label} (${version}), a fresh load each (no code cache), median of ${samples}:`,
  )
  /** @type {[string, import('./host.mjs').Variant, import('./host.mjs').Variant][]} */
  const rows = [
    ['classic script', 'ours-classic', 'peer-classic'],
    ['ESM entry', 'ours-esm', 'peer-esm'],
  ]
  const verdicts = []
  for (const [name, ours, theirs] of rows) {
    const ratio = net(ours) / net(theirs)
    console.log(
      `  ${name.padEnd(15)} ours ${format(net(ours))} ms net of an empty script (${format(ms[ours])} ms with it, ${(bytes[ours] / 1000).toFixed(1)} kB gz), ${peer} ${format(net(theirs))} ms net (${(bytes[theirs] / 1000).toFixed(1)} kB gz): ${ratio.toFixed(2)}× the peer`,
    )
    verdicts.push(
      `${ratio <= 0.8 ? 'PASS' : 'FAIL'}  start-up, ${name}: ${ratio.toFixed(2)}× the peer's (target ≤ 0.8×) in ${label}`,
    )
  }
  if (installMs !== undefined) {
    // The split page runs the same script without installing, then install() from a later script.
    console.log(
      `  of the classic script: parse, compile and top-level evaluation ${format(net('ours-split'))} ms, then install() ${format(installMs)} ms`,
    )
  }
  for (const verdict of verdicts) console.log(verdict)
}

/**
 * @typedef {Awaited<ReturnType<typeof measureMemory>>} PerTool
 * @typedef {object} Memory
 * @property {string} id
 * @property {string} name
 * @property {Record<string, PerTool>} memory Heap per tool: the heap a page's `count` tools add ÷ `count`.
 * @property {Record<string, PerTool>} [marginal] Heap per tool beyond the first `count` (a fresh page of
 *   `2 × count` tools, less one of `count`, ÷ `count`): the one-time cost (compiled code, first
 *   allocations) left out.
 */

/**
 * Memory rows (Chromium only: the DevTools protocol), native and polyfill, a fresh page each.
 * @param {Side[]} sides
 * @param {Server} server
 * @param {string[] | null} only
 * @returns {Promise<Memory[]>}
 */
async function memoryRows(sides, server, only) {
  /** @type {[string, string, (count: number) => string, number, boolean][]} */
  const rows = [
    ['memory-tools', 'per registered tool (1,000 tools)', registerTools, 1000, true],
    ['memory-forms', 'per form tool (100 forms of 5 controls)', addForms, 100, false],
  ]
  /** @type {(samples: PerTool[], scale?: number) => PerTool} */
  const medians = (samples, scale = 1) => ({
    jsPerTool: median(samples.map((m) => m.jsPerTool * scale)),
    embedderPerTool: median(samples.map((m) => m.embedderPerTool * scale)),
    heapPerTool: median(samples.map((m) => m.heapPerTool * scale)),
  })
  /** @type {Memory[]} */
  const out = []
  for (const [id, name, setup, count, marginal] of rows.filter(
    ([id]) => !only || only.includes(id),
  )) {
    /** @type {Memory['memory']} */
    const times = {}
    /** @type {Record<string, PerTool>} */
    const beyond = {}
    for (const side of sides) {
      /** @param {number} n */
      const measure = async (n) => {
        const tab = await side.open(`${server.origin}/bench/${id}`)
        try {
          if (!tab.page) throw new Error('bench: memory rows need Chromium')
          return await measureMemory(tab.page, setup(n), n)
        } finally {
          await tab.close()
        }
      }
      const samples = []
      const doubled = []
      for (let s = 0; s < MEMORY_SAMPLES; s++) {
        samples.push(await measure(count))
        if (marginal) doubled.push(await measure(2 * count))
      }
      times[side.label] = medians(samples)
      if (marginal) {
        // Medians of the whole heap each page added, at `count` and at `2 × count` tools.
        const once = medians(samples, count)
        const twice = medians(doubled, 2 * count)
        beyond[side.label] = {
          jsPerTool: (twice.jsPerTool - once.jsPerTool) / count,
          embedderPerTool: (twice.embedderPerTool - once.embedderPerTool) / count,
          heapPerTool: (twice.heapPerTool - once.heapPerTool) / count,
        }
      }
    }
    out.push({ id, name, memory: times, ...(marginal && { marginal: beyond }) })
  }
  return out
}

/**
 * @param {Memory[]} results
 * @param {Side[]} sides
 */
function printMemory(results, sides) {
  if (!results.length) return
  /** @param {number} bytes */
  const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`
  console.log(
    `\nMemory, median of ${MEMORY_SAMPLES} fresh pages after GC (V8's heap + Blink's C++ heap, where native keeps its tools):`,
  )
  const verdicts = []
  /** @param {Record<string, PerTool>} memory */
  const cells = (memory) =>
    sides.map((side) => {
      const { jsPerTool = NaN, embedderPerTool = NaN, heapPerTool = NaN } = memory[side.label] ?? {}
      return `${side.label} ${kb(heapPerTool)} (${kb(jsPerTool)} + ${kb(embedderPerTool)})`
    })
  for (const { name, memory, marginal } of results) {
    console.log(`  ${name}: ${cells(memory).join('; ')}`)
    const { native, polyfill } = memory
    if (marginal) {
      const { native: n, polyfill: p } = marginal
      const ratio =
        n && p ? `: polyfill ${(p.heapPerTool / n.heapPerTool).toFixed(2)}× native's` : ''
      console.log(
        `    marginal, (heap(2N) − heap(N)) ÷ N, fresh pages: ${cells(marginal).join('; ')}${ratio}`,
      )
    }
    if (native && polyfill) {
      const ratio = polyfill.heapPerTool / native.heapPerTool
      const meets = ratio <= 1
      const extra =
        marginal?.native && marginal.polyfill
          ? `; marginal ${(marginal.polyfill.heapPerTool / marginal.native.heapPerTool).toFixed(2)}×`
          : ''
      verdicts.push(
        `${meets ? 'PASS' : 'FAIL'}  memory ${name}: polyfill heap ${ratio.toFixed(2)}× native's (target ≤ 1×)${extra}`,
      )
    }
  }
  for (const verdict of verdicts) console.log(verdict)
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  const rows = ROWS.filter(
    (row) =>
      (!args.only || args.only.includes(row.id)) &&
      !((row.bridge || (row.inPage && !row.host)) && args.engine !== 'chromium'),
  )
  const began = performance.now()
  const builds = await startupBuilds(args.core)
  const [polyfill] = (
    await build({
      entryPoints: [`${args.core}/polyfill.ts`],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2022',
      write: false,
    })
  ).outputFiles.map((file) => file.text)
  /** @type {(text: string | undefined) => import('@webmcp-kit/test-config/browser').Route} */
  const script = (text) => (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript' })
    response.end(text)
  }
  const server = await startServer({
    routes: {
      // The polyfill of `--core` (by default the same source startServer builds).
      '/webmcp.iife.js': script(polyfill),
      ...Object.fromEntries(
        /** @type {import('./host.mjs').PageVariant[]} */ ([
          'empty',
          'empty-esm',
          ...STARTUP.map(([variant]) => variant),
        ]).map((variant) => [
          `/bench-startup/${variant}`,
          /** @type {import('@webmcp-kit/test-config/browser').Route} */ (
            _request,
            response,
            url,
          ) => {
            response.writeHead(200, {
              'content-type': 'text/html; charset=utf-8',
              'cache-control': 'no-store',
            })
            response.end(startupPage(variant, builds.scripts, url.searchParams.get('n')))
          },
        ]),
      ),
    },
  })
  const sides = await /** @type {() => Promise<Side[]>} */ (ENGINES[args.engine])()
  /** @type {Result[]} */
  const results = []
  /** @type {Startup | undefined} */
  let startup
  /** @type {Memory[]} */
  let memory = []
  try {
    for (const row of rows) {
      if (row.bridge) {
        results.push({ row, bridge: await runBridgeRow(sides, row, server) })
        if (!args.json) process.stderr.write(`  measured ${row.id}\n`)
        continue
      }
      const times = await runRow(sides, row, server)
      const toolForm =
        row.host && args.engine === 'chromium' ? await runToolForm(sides, row, server) : undefined
      results.push({ row, times, verdict: judge(sides, row, times), toolForm })
      if (!args.json) process.stderr.write(`  measured ${row.id}\n`)
    }
    if (!args.only || args.only.includes('startup')) {
      startup = await startupRows(sides, server, builds)
      if (!args.json) process.stderr.write('  measured startup\n')
    }
    if (args.engine === 'chromium') {
      memory = await memoryRows(sides, server, args.only)
      if (!args.json && memory.length) process.stderr.write('  measured memory\n')
    }
  } finally {
    await Promise.all(sides.map((side) => side.close()))
    await server.close()
  }
  const seconds = (performance.now() - began) / 1000
  if (args.json) {
    const rowsOut = results.map(({ row, times, verdict, bridge, toolForm }) => ({
      id: row.id,
      name: row.name,
      calls: row.calls ?? 1,
      ...times,
      ...(verdict && { ...verdict, text: undefined }),
      ...(toolForm && { toolForm }),
      ...(bridge && {
        bridge: Object.fromEntries(
          Object.entries(bridge).map(([label, b]) => [label, { ...b, ratio: b.bridge / b.direct }]),
        ),
      }),
    }))
    const browsers = Object.fromEntries(sides.map((side) => [side.label, side.version]))
    const startupOut = startup && {
      engine: startup.label,
      ms: startup.ms,
      installMs: startup.installMs,
      bytes: startup.bytes,
      peer: builds.peer,
      net: Object.fromEntries(STARTUP.map(([variant]) => [variant, startup.net(variant)])),
    }
    const out = {
      engine: args.engine,
      browsers,
      timing: TIMING,
      seconds,
      rows: rowsOut,
      startup: startupOut,
      memory,
    }
    console.log(JSON.stringify(out, null, 2))
  } else {
    console.log()
    const plain = results.filter((result) => !result.bridge && !result.row.host)
    if (plain.length) printTable(sides, plain)
    const host = results.filter((result) => result.row.host)
    if (host.length) {
      const engine = polyfillSide(sides).version
      console.log(`The host page's DOM work, in ${engine} (two frames of one tab, interleaved):`)
      printTable(sides, host, ['without polyfill', 'with polyfill'])
    }
    printBridge(results)
    if (startup) printStartup(startup, builds.peer)
    printMemory(memory, sides)
    console.log(
      `\n(${[...new Set(sides.map((side) => side.version))].join(', ')}; median of ${TIMING.samples} samples per cell; ${seconds.toFixed(1)} s)`,
    )
  }
}

await main()
