// The service worker: the link to the bridge, the shared tabs' frames, the popup's and the confirm
// page's requests, and the test hooks (globalThis.webmcpKit) that let a script pair and share with
// no clicks.
import { browser } from 'wxt/browser'
import type { Browser } from 'wxt/browser'
import { confirmMessage, waiting, windowClosed } from './confirm'
import { FRAME_PORT, RELAY_KEY } from './frame-messages'
import type { FrameToWorker, WorkerToFrame } from './frame-messages'
import { Hub } from './hub'
import type { FrameRecord } from './hub'
import { Link } from './link'
import type { Credentials } from './link'
import { DEFAULT_EXTENSION_PORT as DEFAULT_PORT, fromBase64Url, isCode } from './protocol'
import { relayMain } from './relay-main'
import { loadConfirm, loadPairing, saveConfirm, savePairing } from './settings'
import type { ConfirmMode } from './settings'
import { Sharing } from './sharing'
import { fromOriginsOf, webOrigin } from './sites'

/** What the popup shows (and state() returns). */
export interface WorkerState {
  paired: boolean
  port: number
  link: 'idle' | 'connecting' | 'ready'
  client: string
  error: string | undefined
  sites: string[]
  tabs: { tab: number; title: string; url: string }[]
  confirm: ConfirmMode
  /** Each shared document: `tools` the bridge was sent, `reported` what it said it registered. */
  frames: {
    tab: number
    frame: number
    origin: string
    native: boolean
    tools: string[]
    reported: string[]
  }[]
  confirming: number
}

/** The worker's hooks on `globalThis.webmcpKit`: what the popup does, for scripts and tests. */
export interface TestHooks {
  /** Pairs with the bridge showing `code` (on `port`, default 47615). */
  pair(code: string, port?: number): Promise<void>
  /** Takes a secret the bridge was given (base64url, 32 bytes): no code, no click. */
  pairWithSecret(secret: string, port?: number): Promise<void>
  /** Shares a tab (the extension needs access to it: activeTab or the site's permission). */
  share(tab: number): Promise<void>
  /** Shares a site whose host permission is granted. */
  shareSite(site: string): Promise<void>
  /** Revokes a tab (by id) or a site (by origin). */
  revoke(target: number | string): Promise<void>
  setConfirm(mode: ConfirmMode): Promise<void>
  unpair(): Promise<void>
  state(): Promise<WorkerState>
}

export function startWorker(): void {
  const origin = new URL(browser.runtime.getURL('/')).origin
  const sharing = new Sharing()
  let confirm: ConfirmMode = 'consequential'
  let pendingCode: { port: number; code: string } | undefined
  let port = DEFAULT_PORT
  let client = ''
  let error: string | undefined
  const loaded = (async () => {
    await sharing.load()
    confirm = await loadConfirm()
    port = (await loadPairing())?.port ?? DEFAULT_PORT
  })()

  const sharedTabs = async () => {
    const ids = new Set(sharing.tabs)
    for (const record of hub.frames.values()) if (record.frame === 0) ids.add(record.tab)
    const tabs: WorkerState['tabs'] = []
    for (const id of ids) {
      const tab = await browser.tabs.get(id).catch(() => undefined)
      if (tab && sharing.covers(id, tab.url)) {
        tabs.push({ tab: id, title: tab.title ?? '', url: tab.url ?? '' })
      }
    }
    return tabs
  }
  const sendTabs = async () => {
    link.send({ type: 'tabs', tabs: await sharedTabs() })
    changed()
  }

  const hub = new Hub({
    send: (message) => link.send(message),
    confirmMode: () => confirm,
    tabsChanged: () => void sendTabs(),
  })

  const link = new Link(origin, {
    async credentials(): Promise<Credentials | undefined> {
      await loaded
      if (pendingCode) return pendingCode
      const pairing = await loadPairing()
      return pairing && { port: pairing.port, secret: pairing.secret }
    },
    async paired(pairedPort, secret) {
      pendingCode = undefined
      port = pairedPort
      await savePairing({ port: pairedPort, secret })
      changed()
    },
    ready(name) {
      client = name
      error = undefined
      void sendTabs().then(() => hub.republish())
    },
    message: (message) => void hub.fromBridge(message),
    down(reason) {
      error = reason
      pendingCode = undefined
      hub.abortAll()
      changed()
    },
  })

  /** Tells the open popup (any extension page) to show the state again; none open is no failure. */
  const changed = () => void browser.runtime.sendMessage({ type: 'state-changed' }).catch(() => {})

  // What each document of a tab asks getTools for of other frames' tools: the shared sites among
  // the tab's documents. Told again whenever that changes (a frame came or went, a site was shared
  // or revoked); the first time always, which starts its first report.
  const tellShared = (tab?: number) => {
    const records = [...hub.frames.values()]
    for (const record of records) {
      if (tab !== undefined && record.tab !== tab) continue
      const origins = new Set(records.filter((r) => r.tab === record.tab).map((r) => r.origin))
      const fromOrigins = fromOriginsOf(sharing.sites, origins, record.origin)
      const asked = JSON.stringify(fromOrigins)
      if (asked === record.asked) continue
      record.asked = asked
      record.port.postMessage({ type: 'shared', fromOrigins } satisfies WorkerToFrame)
    }
  }

  const pairWith = async (credentials: { port: number; secret?: string; code?: string }) => {
    link.stop()
    if (credentials.secret !== undefined) {
      const secret = fromBase64Url(credentials.secret, 32)
      if (!secret) throw new Error('The secret is 32 bytes in base64url.')
      await savePairing({ port: credentials.port, secret })
    } else if (credentials.code !== undefined) {
      if (!isCode(credentials.code)) throw new Error('A pairing code looks like ABCD-2345.')
      pendingCode = { port: credentials.port, code: credentials.code }
    }
    port = credentials.port
    await waitIdle()
    link.start()
  }
  const waitIdle = async () => {
    while (link.state !== 'idle') await new Promise((resolve) => setTimeout(resolve, 20))
  }

  const state = async (): Promise<WorkerState> => {
    await loaded
    return {
      paired: (await loadPairing()) !== undefined,
      port,
      link: link.state,
      client,
      error,
      sites: sharing.sites,
      tabs: await sharedTabs(),
      confirm,
      frames: [...hub.frames.values()].map((r) => ({
        tab: r.tab,
        frame: r.frame,
        origin: r.origin,
        native: r.native,
        tools: (r.published ?? []).map((t) => t.name),
        reported: r.tools.map((t) => t.name),
      })),
      confirming: waiting().length,
    }
  }

  const actions: TestHooks = {
    pair: (code, bridgePort = DEFAULT_PORT) => pairWith({ port: bridgePort, code }),
    pairWithSecret: (secret, bridgePort = DEFAULT_PORT) => pairWith({ port: bridgePort, secret }),
    async share(tab) {
      await loaded
      await sharing.shareTab(tab)
      await sendTabs()
    },
    async shareSite(site) {
      await loaded
      await sharing.shareSite(new URL(site).origin)
      tellShared()
      await sendTabs()
    },
    async revoke(target) {
      await loaded
      if (typeof target === 'number') {
        await sharing.revokeTab(target)
        if (!sharing.covers(target, (await browser.tabs.get(target).catch(() => undefined))?.url)) {
          hub.dropTab(target)
        }
      } else {
        const site = new URL(target).origin
        await sharing.revokeSite(site)
        for (const record of [...hub.frames.values()]) {
          const tab = await browser.tabs.get(record.tab).catch(() => undefined)
          if (record.frame === 0 && !sharing.covers(record.tab, tab?.url)) hub.dropTab(record.tab)
        }
        tellShared()
      }
      await sendTabs()
    },
    async setConfirm(mode) {
      confirm = mode === 'non-read-only' ? mode : 'consequential'
      await saveConfirm(confirm)
    },
    async unpair() {
      link.stop()
      pendingCode = undefined
      await savePairing(undefined)
    },
    state,
  }
  ;(globalThis as unknown as { webmcpKit: TestHooks }).webmcpKit = actions

  browser.runtime.onConnect.addListener((framePort: Browser.runtime.Port) => {
    if (framePort.name !== FRAME_PORT) return
    void loaded.then(() => connectFrame(framePort))
  })
  const connectFrame = (framePort: Browser.runtime.Port) => {
    const sender = framePort.sender
    const tab = sender?.tab
    const frameOrigin = webOrigin(sender?.url)
    if (!tab?.id || sender?.frameId === undefined || !frameOrigin) return framePort.disconnect()
    if (!sharing.covers(tab.id, tab.url)) return framePort.disconnect()
    const tabId = tab.id
    const frameId = sender.frameId
    let record: FrameRecord | undefined
    framePort.onMessage.addListener((message: FrameToWorker) => {
      if (message.type === 'hello' && !record) {
        record = {
          port: framePort,
          tab: tabId,
          frame: frameId,
          document: String(message.document).slice(0, 64),
          origin: frameOrigin,
          native: message.native === true,
          tools: [],
          visible: [],
        }
        if (!hub.add(record)) return framePort.disconnect()
        tellShared(tabId)
      } else if (message.type === 'relay' && record && !record.native) {
        void browser.scripting
          .executeScript({
            target: { tabId, frameIds: [frameId] },
            world: 'MAIN',
            func: relayMain,
            args: [String(message.nonce), RELAY_KEY],
            injectImmediately: true,
          })
          .catch(() => {})
      } else if (record) hub.fromFrame(record, message)
    })
    framePort.onDisconnect.addListener(() => {
      if (!record) return
      hub.remove(record)
      tellShared(tabId)
    })
  }

  browser.runtime.onMessage.addListener(
    (message: unknown, sender: Browser.runtime.MessageSender) => {
      const request = (message ?? {}) as { type?: string; id?: unknown; allow?: unknown }
      if (request.type === 'confirm-get' || request.type === 'confirm-answer') {
        return Promise.resolve(confirmMessage(request, sender.url) ?? null)
      }
      if (
        request.type !== 'popup' ||
        !sender.url?.startsWith(browser.runtime.getURL('/popup.html'))
      ) {
        return undefined
      }
      const { action, args } = message as { action: keyof TestHooks; args: unknown[] }
      const run = actions[action] as ((...a: unknown[]) => Promise<unknown>) | undefined
      if (!run) return undefined
      return run(...args).then(
        (value) => ({ ok: true, value: value ?? null }),
        (failure: unknown) => ({ ok: false, error: String((failure as Error).message ?? failure) }),
      )
    },
  )
  browser.tabs.onRemoved.addListener((tab) => {
    if (sharing.tabs.includes(tab)) void sharing.revokeTab(tab)
    if ([...hub.frames.values()].some((r) => r.tab === tab)) hub.dropTab(tab)
    void sendTabs()
  })
  browser.windows.onRemoved.addListener(windowClosed)
  // Just installed: the connector's page, where the person pairs and shares.
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install')
      void browser.tabs.create({ url: browser.runtime.getURL('/popup.html') })
  })
  // A worker woken by the alarm (or the browser starting) reconnects; the link retries itself while
  // the worker lives.
  browser.alarms.create('webmcp-kit-link', { periodInMinutes: 1 })
  browser.alarms.onAlarm.addListener(() => link.start())
  browser.runtime.onStartup.addListener(() => void sharing.register().catch(() => {}))
  link.start()
}
