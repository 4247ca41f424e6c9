// Permission: whether a document may use `tools`. Its parent vouches for it (the parent's policy
// for that frame, and the parent's own permission, up to the top); this document asks its parent
// about itself, decides for its children, and answers questions about them.

import { KEY } from './messages'
import {
  DEADLINE,
  bounded,
  containerAllows,
  indexIn,
  initialBlank,
  ownerOf,
  parentOf,
  random,
} from './tree'
import { childDocs, navigationAllow } from './record'
import { allowed, doc, local, members, permitted, post, silent, when, win } from './state'
import type { Vouch } from './state'
import { HOOK } from '../webmcp/hook'
import type { PolyfillHook } from '../webmcp/hook'

/** Questions asked by window message: id → [window asked, resolve with (answer, its origin)]. */
export const asks = new Map<string, [Window, (answer: [boolean | null, string]) => void]>()
/** Vouches for windows that are not members (ancestors asked about): window → [origin, result]. */
let vouches: WeakMap<Window, [string, Promise<Vouch>]>
/** Questions about other documents still waiting here, per asker (a flood of them is refused). */
let waitingQuestions: WeakMap<Window, number>

/** The document each child window showed as its initial about:blank (see `decide`). */
const blanks = new WeakMap<Window, string | undefined>()

/** Starts the vouches of a new link (see `reset`). */
export function resetPermission() {
  asks.clear()
  vouches = new WeakMap()
  waitingQuestions = new WeakMap()
}

/** Nothing vouched for `w` counts any longer (another document is shown there). */
export const forget = (w: Window) => vouches.delete(w)

/**
 * A same-origin `document`'s answer about a child of its own, where its polyfill has one: at once,
 * or, while its frame protocol loads, the promise of that load (asked again then).
 */
function admitsOf(document: Document) {
  const context = (document as Document & { modelContext?: object }).modelContext
  const hook =
    context &&
    ((context.constructor as unknown as Record<symbol, unknown>)[HOOK] as PolyfillHook | undefined)
  const admits = hook?.admits
  return (
    admits &&
    ((child: Window, origin: string, id: string) =>
      admits(context, child, origin, id) ?? hook.loading?.(context))
  )
}

/**
 * A same-origin parent can be asked directly, through its own polyfill: its decision and its own
 * permission, at once (`undefined` when it cannot tell yet, or is not reachable so; a promise when
 * it can once its frame protocol has loaded). A same-origin parent without the polyfill is read
 * instead, and its own parent asked in turn, up to the top.
 */
export function fromSameOriginParent(): boolean | Promise<unknown> | undefined {
  let w = win
  let id: string | undefined = doc
  try {
    for (;;) {
      if (w === w.top) return true
      const element = w.frameElement
      if (!element) return undefined
      const parent = w.parent
      const admits = admitsOf(parent.document)
      if (admits) return admits(w, local.origin, id ?? '')
      // A parent without the frame protocol (no polyfill, or the imperative-only one) cannot
      // answer: this document reads its container itself (as it is now; same-origin, as the
      // parent is), and goes on up.
      if (!containerAllows(element, local.origin, local.origin)) return false
      silent.add((w = parent))
      id = undefined
    }
  } catch {
    return undefined
  }
}

/**
 * Whether this document's child window `child`, showing a document of `origin`, may use tools:
 * this document's decision for it (made now, for a new document) and its own permission;
 * `undefined` while its own permission is not known. For a same-origin child's polyfill.
 */
export function admits(child: Window, origin: string, id: string): boolean | undefined {
  if (allowed === undefined || parentOf(child) !== win) return undefined
  return allowed && decide(child, origin, id || undefined)
}

/**
 * Whether `w`, showing a document of `origin`, may use `tools`: its parent says so, and the parent
 * itself may, up to the top. Settles within `ms`: `undefined` then (not kept; asked again later).
 */
export function vouch(w: Window, origin: string, ms = DEADLINE, id?: string): Promise<Vouch> {
  if (w === w.top) return Promise.resolve(true)
  const parent = parentOf(w)
  if (!parent) return Promise.resolve(false)
  if (parent === win) return permitted.then((granted) => granted && decide(w, origin, id))
  const self = w === win
  const member = members.get(w)
  if (!self && member?.origin === origin && member.vouching) return member.vouching
  const cached = self ? undefined : vouches.get(w)
  if (cached?.[0] === origin) return cached[1]
  // A same-origin parent without the frame protocol cannot answer: its container of `w` is read
  // here instead (as it is now), and that parent vouched for in turn.
  if (!self) {
    try {
      const { document } = parent
      if (!admitsOf(document)) {
        const element = ownerOf(document, w)
        return element && containerAllows(element, origin, parent.origin)
          ? vouch(parent, parent.origin, ms)
          : Promise.resolve(false)
      }
    } catch {
      // A cross-origin parent: asked.
    }
  }
  const asked = new Promise<[boolean | null, string]>((resolve) => {
    const key = random()
    asks.set(key, [parent, resolve])
    const ask = { [KEY]: 'ask', id: key, index: indexIn(parent, w), origin, own: self, doc: id }
    post(parent, ask, '*')
  }).then(([granted, parentOrigin]): Vouch | Promise<Vouch> =>
    // The parent's word counts only if the parent itself may use tools: asked of its own parent,
    // about the origin the browser stamped on its answer (never one the answer claims).
    granted === null ? undefined : granted && vouch(parent, parentOrigin),
  )
  const result = ms === Infinity ? asked : bounded(asked, undefined, ms)
  if (!self) {
    vouches.set(w, [origin, result])
    void result.then((granted) => {
      if (granted === undefined && vouches.get(w)?.[1] === result) vouches.delete(w)
    })
  }
  return result
}

/**
 * This document's policy for its child window `w` showing document `id` of `origin`: from the
 * `<iframe>`'s `allow` as it was when that document's navigation began (see `navigationAllow`).
 */
export function decide(w: Window, origin: string, id: string | undefined): boolean {
  const element = ownerOf(win.document, w)
  if (!element) return false
  // A frame's initial about:blank, while the navigation its insertion began is on its way: it
  // has the policy of that moment, and the document to come is the one a later change waits for.
  // Decided again once that document is there (in the same Window, when same-origin), it is still
  // the about:blank: the decision goes with the document, not the window.
  const blank = initialBlank(w, element) ? !!blanks.set(w, id) : !!id && blanks.get(w) === id
  if (id && !blank) childDocs.set(w, id)
  let allow: string | null | undefined
  const navigation = navigationAllow.get(element)
  if (navigation && blank) allow = navigation.allow
  else if (navigation) {
    navigation.doc ??= id
    if (navigation.doc === id) allow = navigation.allow
    else navigationAllow.delete(element)
  }
  return containerAllows(element, origin, local.origin, allow)
}

/**
 * The answer to "may child #`index`, of `origin`, use tools?", asked by `asker`: about itself
 * (`own`, its document `id`), or about another document.
 */
export async function answer(
  asker: Window,
  askerOrigin: string,
  index: number,
  origin: string,
  own: boolean,
  id: string | undefined,
) {
  // A child asking about itself: decided from its own window and origin, as stamped.
  if (own) return parentOf(asker) === win && (await permitted) && decide(asker, askerOrigin, id)
  // About another document: only about a child that introduced itself here with that origin, so
  // that nobody learns more than the child told them (its origin, and that it may use tools).
  const child = index >= 0 ? (win[index] as Window | undefined) : undefined
  const known = () =>
    [...members.values()].filter(
      (m) =>
        !m.left &&
        m.origin === origin &&
        (child ? m.window === child : parentOf(m.window) === win && indexIn(win, m.window) < 0),
    )
  // A document that may not use tools has nobody to tell about.
  if (allowed === false) return undefined
  if (!known().length) {
    const waiting = waitingQuestions.get(asker) ?? 0
    if (waiting >= 8) return undefined
    waitingQuestions.set(asker, waiting + 1)
    await when(() => known().length > 0)
    waitingQuestions.set(asker, (waitingQuestions.get(asker) ?? 1) - 1)
  }
  const found = known()
  // Not introduced here (within the deadline): no answer, which the asker counts as "cannot tell".
  if (!found.length) return undefined
  return (await permitted) && found.every((m) => decide(m.window, m.origin, m.doc))
}
