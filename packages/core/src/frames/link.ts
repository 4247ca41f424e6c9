import { KEY, parseJSON, parseWindowMessage } from './messages'
import { DEADLINE, bounded, parentOf, target } from './tree'
import { sameTree } from './record'
import {
  allowed,
  doc,
  grant,
  local,
  members,
  offers,
  permitted,
  post,
  reset,
  wake,
  when,
  win,
} from './state'
import type { LocalDocument, Vouch } from './state'
import { admits, answer, asks, fromSameOriginParent, resetPermission, vouch } from './permission'
import { changed, ready, tools } from './tool-lists'
import { bind, execute, unwatch } from './calls'
import {
  early,
  hello,
  introduce,
  join,
  leave,
  meet,
  pageshow,
  resetIntroductions,
} from './introductions'
import { domError } from '../webmcp/errors'
import type { Engine, Link, ToolDefinition } from '../webmcp/engine'
import { isObject } from '../webmcp/webidl'

// The frame protocol: how the polyfills of the documents in one frame tree find each other, vouch
// for each other's `tools` permission, share the tools they expose to each other, and run them.
// Identity comes only from what the browser stamps on a window message (`event.source`,
// `event.origin`); each introduction hands over a MessagePort bound to that identity, which only the
// two documents hold. Every wait on another document is bounded, so no promise of the API depends on
// a stranger answering. See docs/frames.md for the protocol, its threat model and its limits.
//
// The parties, one module each, over the link's state (state.ts): permission.ts (vouches for this
// document and its children), introductions.ts (hello, welcome, bye), tool-lists.ts (the lists the
// members exchange), calls.ts (runs, results and the port messages). This module builds the link,
// and takes the window's messages. It is loaded when the page needs it (frames/connect.ts, which
// the install runs, listens until then).

/** The link of this document to the others in its frame tree, as the engine and `connectFrames` use it. */
export interface FrameLink extends Link {
  join(): void
  message(event: MessageEvent): void
  pagehide(): void
  pageshow(event: PageTransitionEvent): void
}

/**
 * Links `document`: at install (`atInstall`), or later, on demand, in a top-level document
 * that had no frames then, where an introduction at install would have reached nobody (see
 * `connectFrames`). The link before it in this realm, if any, is closed.
 */
function createLink(document: LocalDocument, atInstall?: boolean): FrameLink {
  reset(document, bind)
  resetPermission()
  resetIntroductions()
  question = undefined
  unanswered = 0
  if (win === win.top) settle(true, !atInstall)
  else fromParent()
  return {
    admits,
    join,
    /** This document's permission, once known: `undefined` while its parent has not answered. */
    get settled() {
      return allowed
    },
    wait: (run) => (allowed === undefined ? permission().then(run) : run()),
    allowed() {
      if (allowed !== true) {
        throw domError(
          'NotAllowedError',
          'Access to the feature "tools" is disallowed by permissions policy.',
        )
      }
    },
    joined,
    ready,
    execute,
    tools,
    changed,
    /** Leaves the frame tree for good (when the polyfill is uninstalled). */
    close() {
      leave(true)
      unwatch()
    },
    // The window's events, by type (`connectFrames` listens from install on).
    pagehide: () => leave(),
    pageshow,
    message: receiveWindow,
  }
}

// This document's own permission: asked of its parent (its vouch for this document, up to the top).

/** How long this document's question about its own permission may take (calls then reject `NotAllowedError`). */
const PATIENCE = 5000

/** The question about this document's own permission that is out, if any. */
let question: Promise<Vouch> | undefined
/** Until when an unanswered question counts as "not allowed" without asking again. */
let unanswered = 0

/**
 * Waits for this document's permission as long as a call should: `false` if it is still not known
 * then (the call rejects `NotAllowedError`; an answer that comes later still counts).
 */
function permission(): Promise<boolean> {
  if (allowed !== undefined) return Promise.resolve(allowed)
  if (Date.now() < unanswered) return Promise.resolve(false)
  // The answer to the question out (asked now if none is), or an answer to a later one.
  return Promise.race([askPermission().then(() => allowed === true), permitted])
}

/**
 * Takes this document's own permission from a same-origin parent's polyfill, asked again once that
 * one's frame protocol has loaded, or else asks by message.
 */
function fromParent() {
  const granted = fromSameOriginParent()
  const link = permitted
  const again = () => permitted === link && allowed === undefined && fromParent()
  // (The parent's promise is of its own realm: not an instance of this one's `Promise`.)
  if (granted === undefined) void askPermission()
  else if (typeof granted === 'boolean') settle(granted)
  else void Promise.resolve(granted).then(again, again)
}

/** Asks about this document's own permission (`again`: even if a question is out, maybe lost). */
function askPermission(again = false): Promise<Vouch> {
  if (allowed !== undefined) return Promise.resolve(allowed)
  if (again) unanswered = 0
  if (question && !again) return question
  // Not bounded: an answer that comes after PATIENCE still counts (the calls meanwhile were refused).
  const vouched = vouch(win, local.origin, Infinity, doc)
  void vouched.then((granted) => granted !== undefined && settle(granted))
  const asked = bounded(vouched, undefined, PATIENCE)
  const link = permitted
  question = asked
  void asked.then((granted) => {
    if (question === asked) question = undefined
    // Silence is not an answer (the parent may not be listening yet): the calls of the next moments
    // are refused at once, and the one after asks again. (Unless this link was closed since, and
    // the next one started: that one asks for itself.)
    if (granted === undefined && permitted === link) unanswered = Date.now() + DEADLINE
  })
  return asked
}

/** This document's own permission is known: it introduces itself (unless `quiet`), and greets those who waited. */
function settle(granted: boolean, quiet?: boolean) {
  if (allowed !== undefined) return
  grant(granted)
  if (!granted) {
    for (const [, , port] of early.values()) port.close()
    early.clear()
    return
  }
  if (!quiet) introduce()
  for (const [w, [origin, id, port]] of early) hello(w, origin, id, port)
  early.clear()
}

/**
 * Resolves with this document's permission once it is known and every document it has met has
 * settled its vouch and exchanged tool lists with it (within the deadline): the tree has taken
 * this document in. For tests, which must wait for that instead of for a time.
 */
async function joined(): Promise<boolean> {
  if (!(await permission())) return false
  const offered = [...offers.keys()]
  await when(() => offered.every((w) => !offers.has(w)))
  await Promise.all(
    [...members.values()].map(async (member) => {
      if (member.vouching) await bounded(member.vouching, undefined)
      if (member.allowed !== true) return
      await when(() => member.left || (member.received > 0 && member.acked >= member.sent))
    }),
  )
  return true
}

/** Introductions and questions about children, by window message. */
function receiveWindow(event: MessageEvent): void {
  const message = parseWindowMessage(event)
  if (!message) return
  const source = event.source as Window | null
  // Only windows of this frame tree take part: not popups, openers or other tabs.
  if (!source || !sameTree(win, source)) return
  const { origin } = event
  switch (message[KEY]) {
    case 'ask': {
      const { id, index, own, doc } = message
      // Only a child asks about itself; nobody else gets an answer (not even "no"), as natively
      // nobody answers at all.
      if (own && parentOf(source) !== win) return
      void answer(source, origin, index, message.origin, own, doc).then(
        (granted) =>
          granted !== undefined &&
          post(source, { [KEY]: 'answer', id, allowed: granted }, target(origin)),
      )
      return
    }
    case 'answer': {
      const ask = asks.get(message.id)
      if (ask?.[0] !== source) return
      asks.delete(message.id)
      ask[1]([message.allowed, origin])
      return
    }
    case 'hello': {
      const { port, doc } = message
      if (allowed === false) return port.close()
      if (allowed) return hello(source, origin, doc, port)
      // Not yet known whether this document may use tools: the latest introduction per window waits.
      early.get(source)?.[2].close()
      early.set(source, [origin, doc, port])
      // The parent's polyfill is here now: a question it missed can be asked again.
      if (source === parentOf(win)) void askPermission(true)
      return
    }
    case 'welcome': {
      const port = offers.get(source)
      if (!port) return
      offers.delete(source)
      meet(source, origin, message.doc, port)
      wake()
    }
  }
}

/** The spec's "tool is exposed to an origin"; an opaque origin is same-origin with nothing else. */
const exposed = (tool: ToolDefinition, owner: string, accessing: string) =>
  (owner === accessing && owner !== 'null') || tool.exposedTo.includes(accessing)

/**
 * Links `engine`'s document, shown in `window`, to the others of its frame tree: at install
 * (`atInstall`), or later, on demand (see `connectFrames`).
 */
export function linkDocument(engine: Engine, window: Window, atInstall?: boolean): FrameLink {
  const { origin, tools } = engine
  return createLink(
    {
      window,
      origin,
      list: (caller) => engine.list((tool) => exposed(tool, origin, caller)),
      changed: () => engine.changed(),
      run: (name, input, caller, reply) => {
        const tool = tools.get(name)
        // The caller's side converted the input to an object; a document that sends anything
        // else (`null`, a number, a string) does not reach the tool, as natively it cannot.
        if (!tool || !exposed(tool, origin, caller) || !isObject(parseJSON(input))) return false
        // Started in the task that delivered the request (as native starts it in the task of
        // the browser's message); the reply leaves as soon as the tool settles.
        return engine.start(tool, input, (ok, value) =>
          reply(ok, ok ? value : (value as DOMException).message),
        )
      },
    },
    atInstall,
  )
}
