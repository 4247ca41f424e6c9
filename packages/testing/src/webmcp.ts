import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { readerScript } from './agent'
import { attachmentOf, driverOf, preloaderOf, remember } from './drivers'
import type { AgentReply, AgentRequest, ListedTool, PageError } from './agent-protocol'
import type { AttachTarget, Attachment, Driver, WebMCPTarget } from './drivers'
import type {
  CallToolOptions,
  FrameTreeToolInfo,
  ToolCall,
  ToolScope,
  ToolsOptions,
  WaitForToolOptions,
  WebMCP,
  WebMCPToolAnnotations,
} from './types'

/**
 * Thrown when an operation's `timeout` passes, like Playwright's `errors.TimeoutError`.
 *
 * @example
 * ```ts
 * try {
 *   await webmcp(page).waitForTool('add', { timeout: 1_000 })
 * } catch (error) {
 *   if (error instanceof TimeoutError) console.log('no add tool')
 * }
 * ```
 */
export class TimeoutError extends Error {
  override name = 'TimeoutError'
}

let calls = 0
/** The entry point of a reader `webmcp()` installs itself, in a page no init script prepared. */
const UNATTACHED = '__webmcpKitTestingUnattached'
/** What the page answers when its document has no reader (it was loaded before `attach`). */
const NO_READER = 'webmcp-kit/testing: no reader'

/** Runs `request` in the page through its reader, checks the reply and parses it. */
async function askPage(
  driver: Driver,
  attachment: Attachment | undefined,
  method: string,
  request: AgentRequest,
): Promise<AgentReply> {
  const text = JSON.stringify(request)
  const literal = JSON.stringify(text)
  const expression = attachment
    ? `((entry) => typeof entry === 'function' ? entry(${literal}) : ${JSON.stringify(NO_READER)})` +
      `(window[${JSON.stringify(attachment.name)}])`
    : `${readerScript(null, UNATTACHED)}(${literal})`
  const reply = await driver.evaluate(expression)
  if (typeof reply !== 'string') throw tampered(method)
  if (!attachment) return JSON.parse(reply) as AgentReply
  if (reply === NO_READER)
    throw new Error(
      `webMCP.${method}: this document was loaded before attach() prepared the page, so the ` +
        'reader is not in it. Call `await attach(page)` before `page.goto(…)` (the Playwright ' +
        'Test fixture does), or reload the page after attaching; or use webmcp() on a page that ' +
        'was never attached, which reads the page as its scripts left it.',
    )
  const body = reply.slice(64)
  const expected = createHmac('sha256', attachment.key)
    .update(Buffer.from(`${text}\n${body}`, 'utf16le'))
    .digest()
  const given = Buffer.from(reply.slice(0, 64), 'hex')
  if (given.length !== 32 || !timingSafeEqual(given, expected)) throw tampered(method)
  return JSON.parse(body) as AgentReply
}

const tampered = (method: string) =>
  new Error(
    `webMCP.${method}: the reply from the page failed its check: a script in the page changed ` +
      'what the test reads (for example by replacing a global the driver uses, such as eval).',
  )

/**
 * Prepares `target` so that every document it loads from now on runs the reader before any page
 * script: a Playwright `Page` or `BrowserContext` (`addInitScript`), a Puppeteer `Page`
 * (`evaluateOnNewDocument`), or a WebdriverIO browser on WebDriver BiDi (`script.addPreloadScript`);
 * a frame's page for a frame. `webmcp(target)` then reads the page through references taken at
 * document start, and rejects any reply a page script rewrote. Call it before the page loads.
 *
 * @throws {Error} For a WebdriverIO session on WebDriver classic, which cannot run a script before
 *   the page's own.
 * @example
 * ```ts
 * const page = await browser.newPage()
 * await attach(page)
 * await page.goto('http://localhost:5173/')
 * await webmcp(page).callTool('add_task', { text: 'Milk' })
 * ```
 */
export async function attach(target: AttachTarget): Promise<void> {
  const preloader = preloaderOf(target)
  if (!preloader) return
  const attachment: Attachment = {
    key: randomBytes(32),
    name: `__webmcpKitTesting_${randomBytes(8).toString('hex')}`,
  }
  await preloader.add(readerScript(attachment.key.toString('hex'), attachment.name))
  remember(preloader.owner, attachment)
}
/** How long one evaluation waits in the page before handing back (WebDriver runs one at a time). */
const slice = (driver: Driver) => (driver.concurrent ? 10_000 : 250)

const describeTools = (tools: ListedTool[]) => tools.map((tool) => tool.name).join(', ')

/** Playwright's `_describe` then `normalizeTool`: the tool as `page.webmcp.tools()` gives it. */
function normalize(tool: ListedTool, withOrigin: boolean): FrameTreeToolInfo {
  let schema = tool.inputSchema
  if (typeof schema === 'string') {
    try {
      schema = JSON.parse(schema) as unknown
    } catch {
      schema = undefined
    }
  }
  const annotations: WebMCPToolAnnotations = {}
  if (tool.annotations?.readOnlyHint) annotations.readOnly = true
  if (tool.annotations?.untrustedContentHint) annotations.untrustedContent = true
  if (tool.annotations?.consequentialHint) annotations.consequential = true
  return {
    name: tool.name,
    description: tool.description ?? '',
    ...(schema !== undefined && schema !== null
      ? { inputSchema: schema as Record<string, unknown> }
      : {}),
    ...(Object.keys(annotations).length ? { annotations } : {}),
    ...(withOrigin ? { origin: tool.origin ?? '' } : {}),
  } as FrameTreeToolInfo
}

/** Playwright's `_parseResult`. */
function parseResult(value: unknown): unknown {
  if (typeof value !== 'string') return value
  if (value === 'undefined') return undefined
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

const scopeOf = (options: ToolScope = {}) => {
  const { origin } = options
  const fromOrigins = options.fromOrigins ?? (origin === undefined ? undefined : ([] as string[]))
  return {
    ...(fromOrigins
      ? { fromOrigins: origin ? [...new Set([...fromOrigins, origin])] : fromOrigins }
      : {}),
    ...(origin === undefined ? {} : { origin }),
  }
}

const NO_CONTEXT =
  ' The page has no document.modelContext: load the polyfill (@webmcp-kit/core/polyfill) or ' +
  'launch Chromium with --enable-features=WebMCP.'

function pageError(method: string, error: PageError): Error {
  const failure = new Error(`webMCP.${method}: ${error.name}: ${error.message}`)
  if (error.cause) {
    const cause = new Error(error.cause.message)
    cause.name = error.cause.name
    failure.cause = cause
  }
  return failure
}

function missing(name: string, available: ListedTool[], scoped: boolean, unavailable = false) {
  const listed = scoped
    ? available.map((tool) => `${tool.name} (${tool.origin})`).join(', ')
    : describeTools(available)
  return new Error(
    `webMCP.callTool: No WebMCP tool named "${name}".` +
      (available.length
        ? ` Available tools: ${listed}.`
        : ' The frame does not register any WebMCP tools.') +
      (unavailable ? NO_CONTEXT : ''),
  )
}

/** Rejects with a `TimeoutError` after `timeout` ms (never, for `0`). */
function withTimeout<T>(method: string, timeout: number | undefined, work: Promise<T>): Promise<T> {
  if (!timeout) return work
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new TimeoutError(`webMCP.${method}: Timeout ${timeout}ms exceeded.`)),
      timeout,
    )
  })
  return Promise.race([work, expired]).finally(() => clearTimeout(timer))
}

/** A document mid-navigation: its evaluation fails, and the next one reaches the new document. */
const navigating = (error: unknown) =>
  /context was destroyed|navigat|detached|Cannot find context|No frame|document unloaded|Inspected target/i.test(
    String((error as Error)?.message ?? error),
  )

/**
 * The WebMCP tools of `target`'s frame: a Playwright `Page` or `Frame`, a Puppeteer `Page` or
 * `Frame`, or a WebdriverIO browser (its current browsing context). Runs in the frame's main world,
 * so it sees the polyfill as well as native WebMCP, in every engine.
 *
 * @throws {TypeError} When `target` is none of these.
 * @example
 * ```ts
 * import { webmcp } from '@webmcp-kit/testing'
 *
 * await page.goto('http://localhost:5173/')
 * const mcp = webmcp(page) // or a Puppeteer page, a frame, or a WebdriverIO browser
 * const add = await mcp.waitForTool('add_task')
 * expect(add.annotations).toBeUndefined()
 * expect(await mcp.callTool('add_task', { text: 'Milk' })).toMatchObject({ text: 'Milk' })
 * ```
 */
export function webmcp(target: WebMCPTarget): WebMCP {
  const driver = driverOf(target)
  /** Asks the page; a reply the reader could not give (its own error) rejects. */
  const ask = async (request: AgentRequest, method = 'callTool'): Promise<AgentReply> => {
    const reply = await askPage(driver, attachmentOf(target), method, request)
    if ('failed' in reply) throw pageError(method, reply.failed)
    return reply
  }

  async function tools(options: ToolsOptions & ToolScope = {}) {
    const scope = scopeOf(options)
    const reply = await withTimeout(
      'tools',
      options.timeout,
      ask({ op: 'tools', ...scope }, 'tools'),
    )
    if ('unavailable' in reply) return []
    if (!('tools' in reply))
      throw new Error(`webMCP.tools: unexpected reply ${JSON.stringify(reply)}`)
    return reply.tools.map((tool) => normalize(tool, !!scope.fromOrigins))
  }

  async function run(
    method: string,
    name: string,
    input: unknown,
    options: CallToolOptions,
    events: boolean,
  ): Promise<{ reply: Extract<AgentReply, { settled: true }>; stopped?: unknown }> {
    const { signal, timeout } = options
    signal?.throwIfAborted()
    const scope = scopeOf(options)
    const id = `${++calls}-${Math.random().toString(36).slice(2)}`
    const started = await ask(
      { op: 'start', id, name, input: input ?? {}, events, ...scope },
      method,
    )
    if ('unavailable' in started) throw missing(name, [], !!scope.fromOrigins, true)
    if ('missing' in started) throw missing(name, started.available, !!scope.fromOrigins)
    let expired = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let aborting = false
    let cancel: Promise<unknown> | undefined
    const sendAbort = () => (cancel ??= ask({ op: 'abort', id }, method).catch(() => {}))
    const abort = () => {
      aborting = true
      // WebDriver runs one script at a time: there the abort goes in after the current slice.
      if (driver.concurrent) sendAbort()
    }
    if (timeout) timer = setTimeout(() => ((expired = true), abort()), timeout)
    signal?.addEventListener('abort', abort, { once: true })
    // Aborted while the call was starting.
    if (signal?.aborted) abort()
    try {
      for (;;) {
        if (aborting) await sendAbort()
        const reply = await ask({ op: 'settle', id, wait: slice(driver) }, method)
        if ('settled' in reply) {
          // Cancelled by the caller: the reason it gave (or the timeout), once the page has
          // cancelled the execution.
          if (expired)
            return {
              reply,
              stopped: new TimeoutError(`webMCP.${method}: Timeout ${timeout}ms exceeded.`),
            }
          if (signal?.aborted) return { reply, stopped: signal.reason as unknown }
          return { reply }
        }
        if ('missing' in reply)
          throw new Error(`webMCP.${method}: the call was lost (the page navigated).`)
      }
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', abort)
    }
  }

  /** Waits for the tool to be listed (`gone`: not to be), a look on each toolchange. */
  async function waitFor(name: string, options: WaitForToolOptions, gone: boolean) {
    const { timeout = 30_000 } = options
    const scope = scopeOf(options)
    const method = gone ? 'waitForToolGone' : 'waitForTool'
    const deadline = timeout ? Date.now() + timeout : Infinity
    for (;;) {
      const wait = Math.max(0, Math.min(slice(driver), deadline - Date.now()))
      const reply: AgentReply = await ask({ op: 'wait', name, wait, gone, ...scope }, method).catch(
        (error: unknown) => {
          if (navigating(error)) return { unavailable: true }
          throw error
        },
      )
      if ('found' in reply && !reply.found === gone)
        return reply.found ? normalize(reply.found, true) : undefined
      // Without a ModelContext (none yet, or gone with a navigation), no tool is listed.
      if ('unavailable' in reply && gone) return undefined
      if (Date.now() >= deadline) {
        const listed = await tools(scope).catch(() => [])
        throw new TimeoutError(
          `webMCP.${method}: Timeout ${timeout}ms exceeded waiting for ` +
            `${gone ? 'no' : 'a'} tool named "${name}"` +
            (scope.origin ? ` from ${scope.origin}` : '') +
            (listed.length ? ` (listed: ${listed.map((t) => t.name).join(', ')}).` : '.') +
            ('unavailable' in reply ? NO_CONTEXT : ''),
        )
      }
      // Without a ModelContext yet (a polyfill loading, a navigation), the page is asked again.
      if ('unavailable' in reply) await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  return {
    tools: tools as WebMCP['tools'],
    async callTool<Result>(name: string, input?: unknown, options: CallToolOptions = {}) {
      const { reply, stopped } = await run('callTool', name, input, options, false)
      if (stopped !== undefined) throw stopped
      if (!reply.ok) throw pageError('callTool', reply.error!)
      return parseResult(reply.value) as Result
    },
    async call<Result>(
      name: string,
      input?: unknown,
      options: CallToolOptions = {},
    ): Promise<ToolCall<Result>> {
      let outcome: Awaited<ReturnType<typeof run>>
      try {
        outcome = await run('call', name, input, options, true)
      } catch (error) {
        return { ok: false, error, events: [] }
      }
      const { reply, stopped } = outcome
      if (stopped !== undefined) return { ok: false, error: stopped, events: reply.events }
      return reply.ok
        ? { ok: true, result: parseResult(reply.value) as Result, events: reply.events }
        : { ok: false, error: pageError('call', reply.error!), events: reply.events }
    },
    async waitForTool(name: string, options: WaitForToolOptions = {}) {
      return (await waitFor(name, options, false))!
    },
    async waitForToolGone(name: string, options: WaitForToolOptions = {}) {
      await waitFor(name, options, true)
    },
  }
}
