// The end-to-end suites' client side: the official MCP SDK client, connected to the real bridge
// (createExtensionBridge, in process), paired with the real extension with no click (the bridge is
// given the secret and the extension's origin, the worker's test hook the same secret).
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { createExtensionBridge } from '@webmcp-kit/bridge'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { ExtensionBridge } from '@webmcp-kit/bridge'
import { ProtocolError } from 'puppeteer-core'
import type { Browser, Frame, Page, Target } from 'puppeteer-core'
import { toBase64Url } from '../../src/lib/protocol'
import { expect } from 'vitest'
import { connectorPage, FIREFOX_ORIGIN, hooks, launchFirefox, popupAction } from './launch'
import type { Launched } from './launch'

/** Where the bridge says a tool is (`_meta["webmcp-kit/frame"]`). */
export interface Place {
  tab: number
  frame: number
  origin: string
  source: 'native' | 'page-asserted'
}

export const placeOf = (tool: Tool) => tool._meta?.['webmcp-kit/frame'] as Place | undefined

export interface Watched {
  client: Client
  /** How many tools/list_changed notifications the client has had. */
  changes: () => number
  /** The client's tools once `test` passes them (checked now and on each tools/list_changed). */
  listed: (test: (tools: Tool[]) => boolean) => Promise<Tool[]>
}

/** Connects the SDK client over `transport`, counting tools/list_changed. */
export async function watchedClient(transport: Transport): Promise<Watched> {
  const client = new Client({ name: 'e2e-client', version: '1.0.0' })
  let changes = 0
  const waiters = new Set<() => void>()
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes++
    for (const wake of [...waiters]) wake()
  })
  const listed = async (test: (tools: Tool[]) => boolean) => {
    for (;;) {
      let wake!: () => void
      const changed = new Promise<void>((resolve) => waiters.add((wake = resolve)))
      const { tools } = await client.listTools()
      if (test(tools)) {
        waiters.delete(wake)
        return tools
      }
      await changed
      waiters.delete(wake)
    }
  }
  await client.connect(transport)
  return { client, changes: () => changes, listed }
}

export interface Connected extends Watched {
  bridge: ExtensionBridge
}

/**
 * A bridge paired with the extension of `origin` (given the secret, as a script pairs), the
 * extension paired by `pair` with the same secret and the bridge's port, and the SDK client
 * connected to the bridge in memory.
 */
export async function connectBridge(
  origin: string,
  pair: (secret: string, port: number) => Promise<unknown>,
): Promise<Connected> {
  const secret = crypto.getRandomValues(new Uint8Array(32))
  const bridge = await createExtensionBridge({
    port: 0,
    pairing: { origin, secret },
    log: () => {},
  })
  const connected = new Promise<void>((resolve) =>
    bridge.onConnectionChanged((up) => up && resolve()),
  )
  await pair(toBase64Url(secret), bridge.port)
  await connected
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await bridge.createServer().connect(serverSide)
  return { bridge, ...(await watchedClient(clientSide)) }
}

/** {@link connectBridge} with Chromium's extension, paired through the worker's hook. */
export const connectChromium = (launched: Launched) =>
  connectBridge(`chrome-extension://${launched.extension.id}`, (secret, port) =>
    hooks.pairWithSecret(launched.worker, secret, port),
  )

/** Firefox ESR with the extension, its connector page, and a bridge paired from that page. */
export async function connectFirefox() {
  const browser = await launchFirefox()
  const popup = await connectorPage(browser)
  const connected = await connectBridge(FIREFOX_ORIGIN, (secret, port) =>
    popupAction(popup, 'pairWithSecret', secret, port),
  )
  const close = async () => {
    await connected.client.close()
    await connected.bridge.close()
    await browser.close()
  }
  return { browser, popup, ...connected, close }
}

/** Calling `name` fails, as the bridge lists no tool of that name. */
export const callFailsUnknown = (client: Client, name: string) =>
  expect(client.callTool({ name, arguments: {} })).rejects.toThrow(/Unknown tool/)

/**
 * The name the bridge gives the first tool `name` of a loopback `origin` it lists:
 * `<site label>__<name>`, with `page-` first for a page-asserted tool.
 */
export function firstName(origin: string, name: string, native: boolean): string {
  const { hostname, port } = new URL(origin)
  return `${native ? '' : 'page-'}${hostname.replace(/[^a-z0-9]+/g, '_')}_${port}__${name}`
}

/** The text of a tool call's result. */
export const textOf = (result: object) =>
  (('content' in result ? result.content : []) as { type: string; text?: string }[])
    .map((part) => part.text ?? '')
    .join('')

/** What the suites read from a page or a frame: a Page, a Frame, or {@link frameReader}'s. */
export type Evaluates = Pick<Frame, 'evaluate'>

/** What a page's (or frame's) recording tools ran (`window.ran`, see pages.ts). */
export const ranIn = (page: Evaluates) =>
  page.evaluate(() => (window as { ran?: { name: string; input: unknown }[] }).ran ?? [])

/** The page's frame whose tool is `name` (see pages.ts's `framed`), as Puppeteer knows it. */
export const frameOf = (page: Page, name: string): Promise<Frame> =>
  page.waitForFrame((f) => f.url().includes(`name=${name}`))

/**
 * What reads the frame whose tool is `name`, once the page has loaded (as `page.goto` resolves:
 * after its frames' load, so after their scripts). A cross-site frame in Chromium is a target of
 * its own (site isolation), and it is read through a protocol session of that target: Puppeteer's
 * Frame of such a frame, with the connector's content script in an isolated world of it, now and
 * then never finds its main world (an evaluation waits forever), where the target's own session
 * answers every time.
 */
export async function frameReader(page: Page, name: string): Promise<Evaluates> {
  const frame = await frameOf(page, name)
  const target = page
    .browser()
    .targets()
    .find((t) => t.url() === frame.url())
  const reader: Evaluates = target ? await targetReader(target) : frame
  const ran = await reader.evaluate(() => Array.isArray((window as { ran?: unknown }).ran))
  if (!ran) throw new Error(`The frame of ${name} has not run its script: read it after load.`)
  return reader
}

/** Evaluates in the main world of `target`'s document, through a session of its own. */
async function targetReader(target: Target): Promise<Evaluates> {
  const session = await target.createCDPSession()
  const evaluate = async (fn: () => unknown) => {
    const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
      expression: `(${fn.toString()})()`,
      returnByValue: true,
      awaitPromise: true,
    })
    if (exceptionDetails) {
      throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text)
    }
    return result.value as unknown
  }
  // Called with a function and no arguments only (ranIn, frameReader): Runtime.evaluate's value.
  return { evaluate: evaluate as Evaluates['evaluate'] }
}

/** Resolves when `target` is gone (its window closed). */
export const closing = (browser: Browser, target: Target) =>
  new Promise<void>((resolve) => {
    const gone = (t: Target) => {
      if (t !== target) return
      browser.off('targetdestroyed', gone)
      resolve()
    }
    browser.on('targetdestroyed', gone)
  })

/**
 * The confirm window the extension opens next, once its page shows the request; `press` clicks
 * one of its buttons as the person does and resolves once the window has closed itself (the
 * click's last protocol answer may be lost with the window: that alone is no failure).
 */
export async function confirmWindow(browser: Browser) {
  const target = await browser.waitForTarget((t) => /\/confirm\.html#/.test(t.url()))
  const page = await target.asPage()
  // The window may still hold its first document, an empty about:blank without the element: only
  // the confirm page showing its request counts.
  await page.waitForFunction(() => !!document.getElementById('name')?.textContent)
  const shown = await page.evaluate(() => ({
    name: document.getElementById('name')?.textContent,
    origin: document.getElementById('origin')?.textContent,
    source: document.getElementById('source')?.textContent,
    input: JSON.parse(document.getElementById('input')?.textContent || 'null') as unknown,
  }))
  const closed = closing(browser, target)
  const press = async (button: '#run' | '#decline') => {
    await page.click(button).catch((error: unknown) => {
      // Puppeteer's TargetCloseError (a ProtocolError, not exported as such).
      if (!(error instanceof ProtocolError && error.name === 'TargetCloseError')) throw error
    })
    await closed
  }
  return { target, page, shown, closed, press }
}
