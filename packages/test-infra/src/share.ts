// Sharing one launched browser with other processes (vitest workers): `serve(browser)` answers on a
// small HTTP endpoint on loopback; `connect(endpoint)` there gives the same `Browser` interface.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { waitFor } from './page'
import type { Browser, Evaluate, Page, ServableBrowser, ServedPage } from './page'
import { script, unwrap } from './serialise'

/** One request to `serve`'s endpoint. */
interface Message {
  op: string
  page?: number
  url?: string
  source?: string
}

/** Serves `browser` to other processes on a loopback port; returns the endpoint for `connect`. */
export async function serve(
  browser: ServableBrowser,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const pages = new Map<number, ServedPage>()
  let next = 0
  // Each op runs only after the page it names was found (below).
  const page = (message: Message) => pages.get(message.page ?? -1) as ServedPage
  const ops: Record<string, (message: Message) => unknown> = {
    info: () => ({ engine: browser.engine, version: browser.version }),
    newPage: async () => {
      const id = ++next
      pages.set(id, await browser.newPage())
      return id
    },
    goto: (message) => page(message).goto(message.url ?? ''),
    run: (message) => page(message).run(message.source ?? ''),
    close: async (message) => {
      const p = pages.get(message.page ?? -1)
      pages.delete(message.page ?? -1)
      await p?.close()
    },
  }
  const server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    let reply
    try {
      const message = JSON.parse(body) as Message
      const op = ops[message.op]
      if (!op) throw new Error(`unknown op ${message.op}`)
      if (message.page !== undefined && !pages.has(message.page)) throw new Error('no such page')
      reply = { ok: (await op(message)) ?? null }
    } catch (error) {
      reply = { error: String(error instanceof Error ? error.message : error) }
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(reply))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A `Browser` served by `serve` in another process. Its `close()` closes only this connection's
 * pages; the browser belongs to the process that launched it.
 */
export async function connect(endpoint: string): Promise<Browser> {
  const call = async <T = unknown>(message: Message): Promise<T> => {
    const response = await fetch(endpoint, { method: 'POST', body: JSON.stringify(message) })
    const reply = (await response.json()) as { ok: T } | { error: string }
    if ('error' in reply) throw new Error(reply.error)
    return reply.ok
  }
  const { engine, version } = await call<{ engine: string; version: string }>({ op: 'info' })
  const open = new Set<number>()
  return {
    engine,
    version,
    async newPage() {
      const page = await call<number>({ op: 'newPage' })
      open.add(page)
      const evaluate: Evaluate = async (expressionOrFn, arg) =>
        unwrap(await call({ op: 'run', page, source: script(expressionOrFn, arg) }))
      return {
        goto: async (url) => void (await call({ op: 'goto', page, url })),
        evaluate: evaluate as Page['evaluate'],
        waitForFunction: ((fn, arg, options) =>
          waitFor(evaluate, fn, arg, options)) as Page['waitForFunction'],
        close: async () => {
          if (open.delete(page)) await call({ op: 'close', page })
        },
      }
    },
    async close() {
      await Promise.all([...open].map((page) => call({ op: 'close', page }).catch(() => {})))
      open.clear()
    },
  }
}
