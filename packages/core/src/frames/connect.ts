// What the install does for the frame protocol in every document, before the protocol itself is
// loaded: it records what cannot be recovered later, listens, and loads the protocol
// (frames/protocol.ts) once the page needs it. See `connectFrames`.

import {
  closedRoots,
  collected,
  frameElements,
  lengthOf,
  protocolMessage,
  recordAllow,
  saveGetters,
} from './record'
import type { FrameLink } from './link'
import { queueTask } from '../queue-task'
import { onShadowRoot } from '../shadow-roots'
import { domError } from '../webmcp/errors'
import { hook } from '../webmcp/install-engine'
import { engineFor } from '../webmcp/engine'
import type { Link } from '../webmcp/engine'

/** The frame protocol's module (frames/protocol.ts). */
export type Protocol = typeof import('./protocol')

/** Gives the protocol: at once (a bundle that carries it), or by loading it (`import()`). */
export type LoadProtocol = () => Protocol | Promise<Protocol>

/**
 * Connects `context`'s document (a `ModelContext` of this engine, shown in a window) to the other
 * documents of its frame tree: from now on their polyfills can reach it. Returns the disconnect.
 *
 * Only what cannot be recovered later is done at once: the realm's getters and closed shadow roots,
 * the `allow` history of frame elements, and the window's listeners (first in line, as the page's
 * come later). The protocol is loaded (`load`), and the link built, only when the page needs it: a
 * frame asks its parent about its own permission at once; a top-level document with frames
 * introduces itself to them; one without frames (its introduction would reach nobody, and no call
 * of it depends on the link before another document has spoken) waits for the first protocol
 * message or a same-origin child's question. Until the link is built, the window's events and the
 * calls that wait for it are held, and then handed to it in the order they came.
 */
export function connectFrames(context: object, load: LoadProtocol): () => void {
  const engine = engineFor(context)
  const window = engine?.window
  // The document's origin is read now, once (the engine keeps it): a page may replace
  // `window.origin` before the link is built.
  if (!engine || !window || engine.link || !engine.origin) return () => {}
  const top = window === window.top
  let link: FrameLink | undefined
  /** The protocol is being loaded: what waits for the link, in order. */
  let held: Array<() => void> | undefined
  /** Why the link cannot be built: the protocol did not load, or the polyfill was removed. */
  let failure: unknown
  /** The link introduces itself to the frames there are (see `FrameLink.join`) once it is built. */
  let joining = false
  /** Settles once the protocol has loaded, or failed to. */
  let loaded: Promise<void> | undefined
  const built = (protocol: Protocol) => {
    // The window of install: the document may have left it since (its link then learns that).
    try {
      if (failure === undefined) link = engine.link = protocol.linkDocument(engine, window, joining)
    } catch (error) {
      failure = error
    }
    release()
  }
  const release = () => {
    const steps = held ?? []
    held = undefined
    for (const step of steps) step()
  }
  /** `step` once the link is built, or at once if it is (it throws `failure` if it cannot be). */
  const later = <T>(step: () => T | Promise<T>): Promise<T> =>
    new Promise((resolve, reject) => {
      const run = () => {
        try {
          if (!link) throw failure
          resolve(step())
        } catch (error) {
          reject(error)
        }
      }
      if (held) held.push(run)
      else run()
    })
  // While the protocol loads: what the engine asks of the link. A top-level document may use tools
  // (its calls do not wait), and has met nobody yet; a frame's calls wait for the link.
  const loading: Link = {
    get settled() {
      return link?.settled
    },
    wait: (run) => (link ? link.wait(run) : top ? run() : later(() => link!.wait(run))),
    allowed: () => link?.allowed(),
    tools: (wanted) => link?.tools(wanted) ?? [],
    ready: () => link?.ready(),
    changed: (exposedTo) => link?.changed(exposedTo) ?? Promise.resolve(),
    // (A top-level document's call on a tool of a window it has not met: the link tells.) The
    // request leaves once the link is built, after what came before it; a cancellation follows it.
    execute: (...args) => {
      if (link) return link.execute(...args)
      let cancel: (() => void) | undefined
      let cancelled = false
      later(() => {
        cancel = link!.execute(...args)
        if (cancelled) cancel()
      }).catch((error: unknown) => args[4](false, error))
      return () => {
        cancelled = true
        cancel?.()
      }
    },
    joined: () => (link ? link.joined() : later(() => link!.joined())),
    admits: (...args) => link?.admits(...args),
    close: () => link?.close(),
  }
  const build = (atInstall?: boolean) => {
    if (link) return atInstall && link.join()
    joining ||= !!atInstall
    if (held || failure !== undefined) return
    held = []
    engine.link = loading
    let protocol: Protocol | Promise<Protocol>
    try {
      protocol = load()
    } catch (error) {
      protocol = Promise.reject(error)
    }
    if (protocol instanceof Promise) {
      loaded = protocol.then(built, (error: unknown) => {
        failure ??= error
        release()
      })
    } else built(protocol)
  }
  // Where a same-origin child's frame link asks this document (see `fromSameOriginParent`): the
  // only document of this realm with a link. Until it is built the child asks by message instead.
  hook.admits = (_parentContext, child, childOrigin, doc) => {
    build()
    return link?.admits(child, childOrigin, doc)
  }
  // Meanwhile, what such a child waits for before it asks again.
  hook.loading = () => (held ? loaded : undefined)
  saveGetters(window)
  // The closed shadow roots attached from now on.
  const untrack = onShadowRoot((root) => {
    if (root.mode !== 'closed') return
    const ref = new WeakRef(root)
    closedRoots.add(ref)
    collected.register(root, ref)
  })
  const attributes = new MutationObserver(recordAllow)
  attributes.observe(window.document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['allow', 'src', 'srcdoc'],
    attributeOldValue: true,
  })
  // Removes the listeners (the options dictionary reads the controller's `signal`).
  const listening = new AbortController()
  // Before the link is asked for, only a protocol message needs it (a page transition event is
  // none): a `pagehide` or `pageshow` would find no document met, and nothing to tell. A message
  // from outside the tree (a popup, the opener) builds nothing: it is dropped unread.
  const forward = (event: Event) => {
    const take = () => link && (link[event.type as 'pageshow'] as (event: Event) => void)(event)
    if (link) return take()
    if (!held && (event.type !== 'message' || !protocolMessage(window, event as MessageEvent)))
      return
    build()
    if (held) held.push(take)
    else take()
  }
  for (const type of ['message', 'pagehide', 'pageshow'])
    window.addEventListener(type, forward, listening)
  // Frames already there may have asked before this document listened: introduced to them now, as
  // their ask is lost. Frames in shadow trees are not in `window.length`: looked for a task later,
  // off the load's path (without an introduction, such a frame's tools never reached this page).
  if (!top || lengthOf(window)) build(true)
  else queueTask(() => frameElements(window.document).length && build(true))
  return () => {
    listening.abort()
    untrack()
    attributes.disconnect()
    link?.close()
    engine.link = link = undefined
    // What waits for the link now fails as a call does whose permission never came.
    failure ??= domError(
      'NotAllowedError',
      'Access to the feature "tools" is disallowed by permissions policy.',
    )
    release()
  }
}
