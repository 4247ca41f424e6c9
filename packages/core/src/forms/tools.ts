// Declarative tools: every `<form toolname tooldescription>` of the document is a tool, kept in
// step with the DOM the way Chromium 156 keeps it (measured in tests/conformance/declarative-*).
import { addTool, siteKeyed } from '../webmcp/engine'
import { onShadowRoot } from '../shadow-roots'
import { queueTask } from '../queue-task'
import { eachGiven, internalsOf, latentChanges, patchCustomElements } from './custom-elements'
import { executeForm } from './fill'
import { cancelForm, installFormSubmission } from './submission'
import { formSchema } from './schema'

/** Whether `node` holds `root`'s host, in its tree or a shadow tree inside it. */
function hosts(node: Node, root: ShadowRoot): boolean {
  for (let host: Node | undefined = root.host; host; host = (host.getRootNode() as ShadowRoot).host)
    if (node.contains(host)) return true
  return false
}

/** Whether two lists hold the same items in the same order. */
const same = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** Attributes that no derivation reads (form-schema.ts), of any element. */
const UNREAD = /^(class|style|data-|aria-(?!description$))/

/**
 * What the observer watches of the whole document (and of each shadow root): what can make or
 * unmake a tool form, or change what one holds: nodes coming and going, the tool attributes and the
 * associations. A page without tool forms pays for nothing else.
 */
const SHALLOW: MutationObserverInit = {
  subtree: true,
  childList: true,
  attributeFilter: 'toolname tooldescription form id for name disabled type'.split(' '),
}
/** What it watches of each tool form, and of what the form reads outside itself: everything. */
const DEEP: MutationObserverInit = {
  subtree: true,
  childList: true,
  attributes: true,
  characterData: true,
}

/**
 * Registers the document's declarative form tools in its `ModelContext` and keeps them current.
 * Returns the function that stops it and removes the tools.
 */
export function startFormTools(doc: Document): () => void {
  // A site-keyed document (`Origin-Agent-Cluster: ?0`) has no declarative tools in Chromium.
  if (siteKeyed(doc)) return () => {}
  const context = (doc as Document & { modelContext: EventTarget }).modelContext
  /** The registered forms: what they were registered with, and how to remove them. */
  const entries = new Map<HTMLFormElement, [key: unknown[], remove: () => void]>()
  /** Forms to derive again. */
  const dirty = new Set<HTMLFormElement>()
  /** Forms of those that left their place since (to register again where they are now). */
  const moved = new Set<HTMLFormElement>()
  /**
   * Counts the changes that can alter a derivation (all but attributes it never reads): a form
   * derived since the last one, marked again by such an attribute (`class`, `aria-invalid`…), would
   * be derived to the same tool, so it is not derived again.
   */
  let changes = 0
  const derived = new WeakMap<HTMLFormElement, number>()
  /**
   * Each tool form's listed elements when it was derived, and the image buttons and labels it read:
   * watched in full where they stand outside the form.
   */
  const reads = new Map<HTMLFormElement, [listed: Element[], read: Node[]]>()
  /** Whether `reads` changed since the observer last followed it. */
  let rewatch = false
  const stamp = () => changes + latentChanges()

  const qualifies = (form: HTMLFormElement) =>
    form.isConnected &&
    form.ownerDocument === doc &&
    form.hasAttribute('toolname') &&
    form.hasAttribute('tooldescription')

  const unregister = (form: HTMLFormElement) => {
    entries.get(form)?.[1]()
    entries.delete(form)
    cancelForm(form)
  }

  const flush = () => {
    for (const form of dirty) {
      dirty.delete(form)
      const entry = entries.get(form)
      if (!qualifies(form)) {
        if (entry) unregister(form)
        rewatch = reads.delete(form) || rewatch
        continue
      }
      // A form taken out and put back (moved) is registered again, as native does.
      const again = moved.delete(form)
      if (entry && !again && derived.get(form) === stamp()) continue
      derived.set(form, stamp())
      const name = form.getAttribute('toolname')!
      const description = form.getAttribute('tooldescription')!
      const title = form.getAttribute('tooltitle')
      const read: Node[] = []
      const inputSchema = formSchema(form, read)
      reads.set(form, [[...form.elements], read])
      rewatch = true
      // (Kept as the values, not as one string: the schema text is the tool's own.)
      const key = [name, description, title, form.hasAttribute('toolautosubmit'), inputSchema]
      if (!again && entry && same(entry[0], key)) continue
      // An update unregisters and registers again: two `toolchange` events, as native.
      entry?.[1]()
      entries.delete(form)
      const remove = addTool(context, {
        name,
        title,
        description,
        inputSchema,
        annotations: null,
        execute: (input, { signal }) => executeForm(form, input, signal, context),
      })
      // A name already held (by an earlier form or an imperative tool) leaves the form out until
      // it changes again.
      if (remove) entries.set(form, [key, remove])
    }
    if (rewatch) watch()
  }

  const mark = (form: HTMLFormElement | null | undefined) => {
    if (!form) return
    if (!dirty.size) queueTask(flush)
    dirty.add(form)
  }
  /** The form of a custom element (`internals.form` throws for one that is not form-associated). */
  const formOf = (el: Element) => {
    try {
      return internalsOf(el)?.form
    } catch {
      return null
    }
  }
  // Read later: an element upgraded with its schema set in its constructor has no form yet there.
  const stopCustomElements = patchCustomElements((el) => {
    changes++
    queueMicrotask(() => mark(formOf(el)))
  })

  const controls = 'form,input,select,textarea,fieldset'
  const handle = (records: MutationRecord[]) => {
    /** The elements whose attribute change was looked at. */
    const seen = new Set<Node>()
    /** The nodes added so far. */
    const added = new Set<Node>()
    /** Whether a node left, or an association changed: a tool form may have lost a control. */
    let removed = false
    /**
     * Whether no tool form has been derived (a page without tool forms). Then no node leaving can
     * matter (no tool form loses a control or moves), nor a control entering (a tool form not yet
     * derived is pending, and reads its controls when it is): only a form entering does. The
     * batch's node lists are read no further than that (each read of them costs the page).
     */
    const none = !reads.size
    for (const record of records) {
      // Not destructured: `addedNodes` and `removedNodes` are new lists at each read.
      const { target, attributeName } = record
      const el = target as HTMLInputElement
      const form = el instanceof HTMLFormElement ? el : null
      if (attributeName) {
        // What a derivation reads: all attributes but these.
        if (!UNREAD.test(attributeName)) changes++
        if (/^(form|id)$/.test(attributeName)) removed = true
        if (form) {
          // The form's tool attributes, its `id` (form-associated controls).
          if (/^(tool|id$)/.test(attributeName)) mark(form)
        }
        // Chromium derives a form again when any attribute of one of its controls changes.
        else if (!seen.has(el) && seen.add(el) && el.matches(controls)) mark(el.form)
        continue
      }
      if (none) {
        changes++
        const nodes = record.addedNodes
        for (let i = 0; i < nodes.length; i++) {
          const node = nodes[i]!
          if (!node.isConnected || added.has(node)) continue
          added.add(node)
          // (A text or a comment has neither a local name nor children.)
          if ((node as Element).localName === 'form') mark(node as HTMLFormElement)
          else if ((node as Element).firstElementChild)
            for (const form of (node as Element).getElementsByTagName('form')) mark(form)
        }
        mark(form)
        continue
      }
      const { addedNodes, removedNodes } = record
      // A text; or the tree, where a node added and removed again by the batch (a row added and
      // removed in one task) changes nothing a derivation reads.
      if (record.type === 'characterData') changes++
      for (const node of removedNodes) {
        if (added.has(node)) continue
        changes++
        removed = true
      }
      for (const node of addedNodes) added.add(node)
      if (form) mark(form)
      else {
        // Forms and controls coming or going deeper in the tree (options and label text do not
        // count, as in Chromium), but for nodes the batch added and took out again.
        const at = el.closest?.('form')
        const gone = [...removedNodes]
        for (const node of [...addedNodes, ...gone]) {
          if (node.nodeType !== 1 || (!node.isConnected && added.has(node))) continue
          for (const found of [node as Element, ...(node as Element).querySelectorAll(controls)]) {
            if (found.localName === 'form') {
              mark(found as HTMLFormElement)
              if (gone.includes(node)) moved.add(found as HTMLFormElement)
            } else if (found.matches(controls)) mark((found as HTMLInputElement).form ?? at)
          }
          // Custom elements with a parameter schema count as controls.
          eachGiven((el) => node.contains(el) && mark(formOf(el) ?? at))
        }
      }
    }
    // What the batch added and left in the tree.
    const kept = [...added].filter((node) => node.isConnected)
    if (kept.length) changes++
    // A tool form that left (a shadow host takes its trees' forms with it: no record says so), or
    // lost a control or an image button standing elsewhere (not a label: native waits for those).
    if (removed) {
      for (const [form, [listed, read]] of reads) {
        if (
          !form.isConnected ||
          !same(listed, [...form.elements]) ||
          read.some((el) => (el as HTMLInputElement).type && (el as HTMLInputElement).form !== form)
        )
          mark(form)
      }
    }
    for (const ref of roots) {
      const root = ref.deref()
      if (!root) roots.delete(ref)
      else if (kept.some((node) => hosts(node, root))) {
        for (const form of root.querySelectorAll('form')) {
          mark(form)
          moved.add(form)
        }
      }
    }
    // Chromium unregisters at once; it defers registrations and updates to a task.
    for (const form of dirty) if (entries.has(form) && !qualifies(form)) unregister(form)
  }
  const observer = new MutationObserver(handle)
  /** Follows the document, its shadow roots and its tool forms (after what it has to say). */
  function watch() {
    rewatch = false
    handle(observer.takeRecords())
    observer.disconnect()
    observer.observe(doc, SHALLOW)
    for (const ref of roots) {
      const root = ref.deref()
      if (root) observer.observe(root, SHALLOW)
    }
    for (const [form, [listed, read]] of reads) {
      observer.observe(form, DEEP)
      // What stands inside the form is watched through it already.
      for (const node of [...listed, ...read])
        if (!form.contains(node)) observer.observe(node, DEEP)
    }
  }
  // Forms in shadow trees are tools too: the observer follows every shadow root attached later.
  const roots = new Set<WeakRef<ShadowRoot>>()
  const stopShadowRoots = onShadowRoot((root) => {
    roots.add(new WeakRef(root))
    observer.observe(root, SHALLOW)
  })
  observer.observe(doc, SHALLOW)
  installFormSubmission(doc)
  for (const form of doc.forms) mark(form)

  return () => {
    observer.disconnect()
    stopCustomElements()
    stopShadowRoots()
    entries.forEach((_, form) => unregister(form))
  }
}
