// The frame tree as the link walks it: its windows, their frame elements, the `allow` history of
// those elements, and the bound on every wait for another document.

import { tupleOrigin } from '../webmcp/origin'
import { framePolicyAllowsTools } from './permissions-policy'

/** How long a question to another document may take before it counts as unanswered (for now). */
export const DEADLINE = 2000

export const random = () => crypto.randomUUID()

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

/** `targetOrigin` for a message to a document of `origin` (an opaque origin cannot be targeted). */
export const target = (origin: string) => (origin === 'null' ? '*' : origin)

/** The windows of the frame tree, from the top, in tree order. */
export function frameTree(from: Window): Window[] {
  const out: Window[] = []
  const walk = (w: Window) => {
    out.push(w)
    for (let i = 0; i < lengthOf(w); i++) walk(w[i] as Window)
  }
  walk(from.top ?? from)
  return out
}

/** Whether `w` belongs to the same top-level traversable as `self` (not a popup, opener or tab). */
export function sameTree(self: Window, w: Window): boolean {
  try {
    return w !== self && w.top === self.top
  } catch {
    return false
  }
}

export const parentOf = (w: Window): Window | null => {
  try {
    return parentGetter(w)
  } catch {
    return null
  }
}

/** The index of child `w` in `parent.frames`, or -1 (a frame in a shadow tree is not listed there). */
export function indexIn(parent: Window, w: Window): number {
  for (let i = 0; i < lengthOf(parent); i++) if (parent[i] === w) return i
  return -1
}

/**
 * Closed shadow roots created since the polyfill ran: a parent looks for a child's `<iframe>` there
 * too (open ones it finds through `shadowRoot`).
 */
export const closedRoots = new Set<WeakRef<ShadowRoot>>()
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

/** The element that holds child window `child` in `document`: iframe, frame or object, shadow trees included. */
export function ownerOf(document: Document, child: Window): Element | undefined {
  try {
    // A same-origin child knows its own frame element, wherever it is.
    const element = child.frameElement
    if (element) return element
  } catch {
    // Cross-origin: look for it.
  }
  return frameElements(document).find(
    (element) => (element as HTMLIFrameElement).contentWindow === child,
  )
}

/**
 * The `allow` attribute each frame element had when its current navigation started, where it
 * changed since (natively the container policy is fixed then: a change later counts from the next
 * navigation on), and the document it applies to (`doc`, once known: the next one to come until
 * then; another document of that frame has the attribute as it is). Recorded from install on, before
 * the link exists (see `connectFrames`); only `allow`, `src` and `srcdoc` changes are observed.
 */
export const navigationAllow = new WeakMap<Element, { allow: string | null; doc?: string }>()
/** The last document each child window showed here (by asking, or saying hello). */
export const childDocs = new WeakMap<Window, string>()

/**
 * Whether `w` shows the initial `about:blank` of `element` while the navigation its insertion began
 * is on its way (that document is replaced by the one the frame's `src` or `data` brings).
 */
export function initialBlank(w: Window, element: Element): boolean {
  try {
    if (w.location.href !== 'about:blank' || element.hasAttribute('srcdoc')) return false
  } catch {
    return false
  }
  const url = sourceOf(element)
  return !!url && url !== 'about:blank'
}

/** The URL a frame element loads: an `<object>`'s `data`, any other's `src`. */
const sourceOf = (element: Element) =>
  element.localName === 'object'
    ? (element as HTMLObjectElement).data
    : (element as HTMLIFrameElement).src

/**
 * Whether frame element `element` of a document of `parentOrigin` lets a document of `origin` use
 * tools: its `allow` (as given, or as it is now; only an `<iframe>` has one: an `<object allow>`
 * is no container policy) and the origin its `src` declares.
 */
export function containerAllows(
  element: Element,
  origin: string,
  parentOrigin: string,
  allow?: string | null,
): boolean {
  const iframe = element.localName === 'iframe'
  const policy = !iframe ? null : allow === undefined ? element.getAttribute('allow') : allow
  const url = sourceOf(element)
  const srcOrigin =
    element.hasAttribute('srcdoc') || !url || url === 'about:blank'
      ? parentOrigin
      : (tupleOrigin(url) ?? 'null')
  return framePolicyAllowsTools({ allow: policy, origin, parentOrigin, srcOrigin })
}

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

/** Resolves like `promise`, or with `fallback` once `ms` have passed. */
export function bounded<T>(promise: Promise<T>, fallback: T, ms = DEADLINE): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms)
    void promise.then((value) => {
      clearTimeout(timer)
      resolve(value)
    })
  })
}
