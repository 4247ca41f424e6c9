// The frame tree as the link walks it: its windows, their frame elements and what their `allow`
// lets a document do, and the bound on every wait for another document. (What is recorded from
// install on is in record.ts.)

import { tupleOrigin } from '../webmcp/origin'
import { framePolicyAllowsTools } from './permissions-policy'
import { frameElements, lengthOf, parentGetter } from './record'

/** How long a question to another document may take before it counts as unanswered (for now). */
export const DEADLINE = 2000

export const random = () => crypto.randomUUID()

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
