// What the frame protocol needs from install on, before its link exists (frames/connect.ts): the
// realm's own getters, the closed shadow roots, the `allow` history of frame elements, and the test
// that tells a protocol message from others. Kept apart from the protocol (frames/protocol.ts),
// which is loaded only when the page needs it; a copy of the protocol bundled apart from this module
// (the classic script's webmcp-frames.js) adopts this one's records (see `adopt`).

import { shareQueue } from '../queue-task'
import type { queueTask } from '../queue-task'
import { shareErrors } from '../webmcp/errors'
import type { domError } from '../webmcp/errors'

/** The key of every message of the protocol: its type. */
export const KEY = '__webmcp'

/**
 * The realm's own `length` and `parent` getters: a page may replace both on its window (they are
 * `[Replaceable]`; `var length = 5` does it), and the tree must still be walked as it is.
 */
export let lengthOf = (w: Window): number => w.length
export let parentGetter = (w: Window): Window | null => w.parent
export function saveGetters(w: Window) {
  const get = (name: string) => Object.getOwnPropertyDescriptor(w, name)?.get
  const length = get('length')
  const parent = get('parent')
  if (length) lengthOf = (at) => length.call(at) as number
  if (parent) parentGetter = (at) => parent.call(at) as Window | null
}

/** Whether `w` belongs to the same top-level traversable as `self` (not a popup, opener or tab). */
export function sameTree(self: Window, w: Window): boolean {
  try {
    return w !== self && w.top === self.top
  } catch {
    return false
  }
}

/**
 * Closed shadow roots created since the polyfill ran: a parent looks for a child's `<iframe>` there
 * too (open ones it finds through `shadowRoot`).
 */
export let closedRoots = new Set<WeakRef<ShadowRoot>>()
export const collected = new FinalizationRegistry<WeakRef<ShadowRoot>>((ref) =>
  closedRoots.delete(ref),
)

/** Every frame element of `document`, in open and (recorded) closed shadow trees too. */
export function frameElements(document: Document): Element[] {
  const out: Element[] = []
  const search = (root: Document | ShadowRoot) => {
    out.push(...root.querySelectorAll('iframe,frame,object,embed'))
    for (const host of root.querySelectorAll('*')) if (host.shadowRoot) search(host.shadowRoot)
  }
  search(document)
  for (const ref of closedRoots) {
    const root = ref.deref()
    if (root?.ownerDocument === document) search(root)
  }
  return out
}

/**
 * The `allow` attribute each frame element had when its current navigation started, where it
 * changed since (natively the container policy is fixed then: a change later counts from the next
 * navigation on), and the document it applies to (`doc`, once known: the next one to come until
 * then; another document of that frame has the attribute as it is). Recorded from install on, before
 * the link exists (see `connectFrames`); only `allow`, `src` and `srcdoc` changes are observed.
 */
export let navigationAllow = new WeakMap<Element, { allow: string | null; doc?: string }>()
/** The last document each child window showed here (by asking, or saying hello). */
export let childDocs = new WeakMap<Window, string>()

/** Records the history of `allow` (see `navigationAllow`). */
export function recordAllow(records: MutationRecord[]) {
  records.forEach((record, i) => {
    const element = record.target as Element
    if (record.attributeName === 'allow') {
      // The first change of `allow` since the navigation began: that navigation's document (the
      // one known now, or the next to come) keeps the old value.
      if (!navigationAllow.has(element)) {
        const child = (element as HTMLIFrameElement).contentWindow
        const doc = child ? childDocs.get(child) : undefined
        navigationAllow.set(element, { allow: record.oldValue, doc })
      }
      return
    }
    // A new navigation: `allow` as it is at this point (before any later change in this batch),
    // for the document it brings.
    const later = records.find(
      (next, j) => j > i && next.target === element && next.attributeName === 'allow',
    )
    const allow = later ? later.oldValue : element.getAttribute('allow')
    navigationAllow.set(element, { allow })
  })
}

/**
 * Whether `event` is a message of the protocol from another window of this frame tree (read as
 * little as possible: frames/messages.ts checks the rest once the protocol is here).
 */
export function protocolMessage(self: Window, event: MessageEvent): boolean {
  const { data } = event
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as Record<string, unknown>)[KEY] === 'string' &&
    sameTree(self, event.source as Window)
  )
}

/**
 * Makes this copy of the module use `eager`'s records, and the copy of the protocol it is part of
 * use the install's task queue and `DOMException`: for a copy bundled apart from the install (the
 * classic script's webmcp-frames.js), which would otherwise start with empty records, a task queue
 * of its own, and the `DOMException` global as it is when it loads (a page may have replaced it).
 */
interface Records {
  lengthOf: typeof lengthOf
  parentGetter: typeof parentGetter
  closedRoots: typeof closedRoots
  navigationAllow: typeof navigationAllow
  childDocs: typeof childDocs
}

export function adopt(eager: Records, queue: typeof queueTask, error: typeof domError): void {
  lengthOf = (w) => eager.lengthOf(w)
  parentGetter = (w) => eager.parentGetter(w)
  closedRoots = eager.closedRoots
  navigationAllow = eager.navigationAllow
  childDocs = eager.childDocs
  shareQueue(queue)
  shareErrors(error)
}
