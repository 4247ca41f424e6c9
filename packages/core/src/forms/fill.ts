// Running a form tool as Chromium 156 does: check the whole input, fill the controls with the
// events frameworks listen for, then submit (`toolautosubmit`) or wait for the person to submit;
// `SubmitEvent.agentInvoked` and `respondWith()` carry the result back. Measured against native
// Chromium in tests/conformance/declarative-execute.test.ts.
import { fillCallbackOf } from './custom-elements'
import { rawResult } from '../spec/model-context'
import type { RawResult } from '../spec/model-context'
import { queueTask } from '../queue-task'
import { collectParams, typeOf } from './schema'
import type { Control, Param } from './schema'

declare global {
  interface SubmitEvent {
    /** Whether an agent's call of the form's tool started this submission (WebMCP forms). */
    readonly agentInvoked: boolean
    /**
     * Gives the agent the form tool's result: the value `response` fulfils with. Call
     * `preventDefault()` first, while the event is being dispatched.
     */
    respondWith(response: unknown): void
  }
}

/**
 * The attribute the polyfill sets on a form while an agent fills it: its `:tool-form-active`, which
 * script cannot add (native Chromium has only the pseudo-class).
 *
 * @example
 * ```css
 * form:is(:tool-form-active, [data-tool-form-active]) { outline: 2px dashed rebeccapurple; }
 * ```
 * ```ts
 * import { FORM_ACTIVE } from '@webmcp-kit/core'
 * const filling = document.querySelector(`form[${FORM_ACTIVE}]`)
 * ```
 */
export const FORM_ACTIVE = 'data-tool-form-active'

/**
 * The attribute the polyfill sets on that form's submit button: its `:tool-submit-active`.
 *
 * @example
 * ```ts
 * import { SUBMIT_ACTIVE } from '@webmcp-kit/core'
 * const button = document.querySelector(`[${SUBMIT_ACTIVE}]`)
 * ```
 */
export const SUBMIT_ACTIVE = 'data-tool-submit-active'

interface Run {
  form: HTMLFormElement
  button: HTMLElement | null
  settle: (result?: RawResult) => void
  /** The agent-invoked submit event, once there is one. */
  event?: SubmitEvent
  /** The agent's own submission is still being decided: `respondWith()` is allowed. */
  open?: boolean
  /** What `respondWith()` was last given. */
  response?: unknown
  /** The outcome of the agent's submit event is known (`decide` ran). */
  decided?: boolean
  /** `form.submit()` was called during the submit event. */
  navigated?: boolean
  /** The settled response, kept until the agent's own submission is decided. */
  done?: () => void
}

const runs = new WeakMap<EventTarget, Run>()
const agentEvents = new WeakMap<Event, Run>()

const int32 = (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31

/**
 * A value for a text-like control: strings, booleans, and numbers as Chromium prints them
 * (base::Value keeps int32 integers; other numbers get 6 significant digits: 1.2345678 → "1.23457").
 */
function toText(value: unknown): string | undefined {
  if (typeof value === 'number' && !int32(value)) {
    const text = value.toPrecision(6)
    return text.includes('e') || !text.includes('.') ? text : text.replace(/\.?0+$/, '')
  }
  return /^[sbn]/.test(typeof value) ? String(value) : undefined
}

const fire = (el: Element, ...types: string[]) => {
  for (const type of types) {
    el.dispatchEvent(new Event(type, { bubbles: true, composed: type === 'input' }))
  }
}

function setValue(el: Control, value: string) {
  const old = el.value
  el.value = value
  if (el.type !== 'hidden' && el.value !== old) fire(el, 'input', 'change')
}

/** Checkboxes and radios: `input` when the state changes, `change` always. */
function setChecked(el: HTMLInputElement, on: boolean) {
  const was = el.checked
  el.checked = on
  fire(el, ...(was === on ? [] : ['input']), 'change')
}

/** Checks one parameter's value and returns the step that applies it (nothing when invalid). */
function plan({ kind, controls }: Param, value: unknown, scratch: HTMLInputElement) {
  const el = controls[0] as Control
  const type = typeOf(el)
  const choices =
    el.localName === 'select' ? Array.from((el as HTMLSelectElement).options) : controls
  const allowed = choices.map((c) => c.value)
  if (kind === 'group' || type === 'select-multiple') {
    // An array of distinct allowed values.
    const list = Array.isArray(value) ? value.map(toText) : [undefined]
    const set = new Set(list)
    if (set.size < list.length || list.some((v) => !allowed.includes(v!))) return
    return () => {
      let changed = false
      for (const c of choices) {
        const on = set.has(c.value)
        if (kind === 'group') setChecked(c as HTMLInputElement, on)
        else {
          changed ||= (c as HTMLOptionElement).selected !== on
          ;(c as HTMLOptionElement).selected = on
        }
      }
      if (changed) fire(el, 'input', 'change')
    }
  }
  if (type === 'checkbox') {
    // Booleans, int32 integers, and "true" / "false" / "1" / "0" in any case.
    const text = typeof value === 'number' ? (int32(value) ? String(!!value) : '') : toText(value)
    const on = /^(true|1)$/i.test(text as string)
    if (on || /^(false|0)$/i.test(text as string))
      return () => setChecked(el as HTMLInputElement, on)
    return
  }
  const text = toText(value)
  if (text === undefined) return
  if (kind === 'radio' || type === 'select-one') {
    const target = choices[allowed.indexOf(text)]
    if (!target) return
    return kind === 'radio'
      ? () => setChecked(target as HTMLInputElement, true)
      : () => setValue(el, text)
  }
  // The value must survive the control's value sanitization ("abc" for a number does not); '' is
  // allowed, except for numbers and ranges.
  scratch.type = type
  scratch.value = text
  if (type !== 'textarea' && (text ? !scratch.value : /^(number|range)$/.test(type))) return
  return () => setValue(el, text)
}

/** Gives a custom element the agent's value as JSON; what it throws is reported, as native does. */
function fillCustom(el: Element, value: unknown) {
  const callback = fillCallbackOf(el)
  try {
    if (typeof callback === 'function') Reflect.apply(callback, el, [JSON.stringify(value)])
  } catch (error) {
    reportError(error)
  }
}

function finish(run: Run, result?: RawResult) {
  if (runs.get(run.form) !== run) return
  runs.delete(run.form)
  run.form.removeAttribute(FORM_ACTIVE)
  run.button?.removeAttribute(SUBMIT_ACTIVE)
  run.settle(result)
}

/** After the submit event and its microtasks: the result is known unless `respondWith()` waits. */
function decide(run: Run) {
  run.open = false
  run.decided = true
  const { event } = run
  if (run.done) run.done()
  else if (event && run.response === undefined) {
    finish(run, run.navigated || !event.defaultPrevented ? rawResult(null) : undefined)
  }
}

/** Recognises the submit event of a form an agent filled, for whichever listener asks first. */
function claim(event: Event): Run | undefined {
  const run = runs.get(event.target!)
  if (run && event.type === 'reset') finish(run)
  // Script-made submit events (`dispatchEvent`) are never the agent's.
  else if (run && !run.event && event.isTrusted) {
    run.event = event as SubmitEvent
    agentEvents.set(event, run)
    if (!run.open) queueTask(() => decide(run))
  }
  return agentEvents.get(event)
}

/**
 * Ends a pending execution of `form` with a failure (its tool went away). Once the agent's submit
 * event was dispatched, until its outcome is decided, the tool's going changes nothing: native
 * removes it during the dispatch and still delivers what `respondWith()` gets (the polyfill hears of
 * the removal only after the dispatch).
 */
export function cancelForm(form: HTMLFormElement): void {
  const run = runs.get(form)
  if (run && !(run.event && !run.decided)) finish(run)
}

/** The `execute` of a form tool. */
export function executeForm(
  form: HTMLFormElement,
  input: unknown,
  signal: AbortSignal,
  context: EventTarget,
): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const params = collectParams(form)
    const auto = form.hasAttribute('toolautosubmit')
    const scratch = form.ownerDocument.createElement('input')
    // Native focuses and marks the first enabled submit button (`form.elements` leaves out image
    // buttons, so search the tree).
    const button = [...(form.getRootNode() as ParentNode).querySelectorAll('button,input')].find(
      (el) =>
        (el as HTMLInputElement).form === form &&
        /^(submit|image)$/.test((el as HTMLInputElement).type) &&
        !el.matches(':disabled'),
    ) as HTMLElement | undefined
    // Every value is checked before any control changes. Custom elements take any value, through
    // their toolFillCallback once the built-in controls are filled (native calls them as custom
    // element reactions after its fill).
    const steps: Array<(() => unknown) | undefined> = Object.entries(input as object).map(
      ([key, value]) => {
        const param = params.get(key)
        return param?.kind === 'custom'
          ? () => steps.push(() => fillCustom(param.controls[0]!, value))
          : param && plan(param, value, scratch)
      },
    )
    if (steps.some((step) => !step) || !(auto || button)) throw Error('invalid input')
    // A second call while one waits replaces it (native leaves the first pending forever).
    cancelForm(form)
    // (Iterated as it grows: the custom elements' steps come last.)
    for (const step of steps) step!()
    const run: Run = {
      form,
      button: button ?? null,
      settle: (result) => (result ? resolve(result) : reject(Error('not submitted'))),
    }
    runs.set(form, run)
    form.setAttribute(FORM_ACTIVE, '')
    button?.setAttribute(SUBMIT_ACTIVE, '')
    // Submit events do not leave a shadow tree: the form's own listeners see them there.
    form.addEventListener('submit', claim, true)
    form.addEventListener('reset', claim, true)
    signal.addEventListener('abort', () => finish(run))
    if (!auto) return button!.focus()
    // In Chromium the agent's submission dispatches from native code, so the microtasks a submit
    // listener queues run while the event is still being dispatched: `respondWith()` stays allowed
    // until the engine fires this execution's `toolactivated`, right after those microtasks.
    run.open = true
    context.addEventListener('toolactivated', () => decide(run), { once: true })
    form.requestSubmit(button)
    // No submit event: constraint validation stopped it. Not cancelled: the form submitted.
    if (!run.event) finish(run)
    else if (!run.event.defaultPrevented) finish(run, rawResult(null))
  })
}

const invalid = (message: string) =>
  new DOMException(`respondWith: ${message}`, 'InvalidStateError')

let submitter: (() => unknown) | undefined

/** WebIDL's brand check: `event` must be a `SubmitEvent` (the browser's getter checks). */
const brand = (event: unknown) => {
  submitter ??= Object.getOwnPropertyDescriptor(SubmitEvent.prototype, 'submitter')!.get!
  submitter.call(event)
  return event as SubmitEvent
}

const additions = {
  /** Whether an agent's tool call started this submission. */
  get agentInvoked(): boolean {
    return !!claim(brand(this))
  },
  /** Delivers the agent's result: the value `response` fulfils with (after `preventDefault()`). */
  respondWith(this: SubmitEvent, response: unknown): void {
    brand(this)
    if (!arguments.length) throw new TypeError('respondWith: 1 argument required')
    const run = claim(this)
    if (!run) throw invalid('agentInvoked is false')
    if (!this.defaultPrevented) throw invalid('call preventDefault() first')
    if (!this.eventPhase && !run.open) throw invalid('the event is no longer being dispatched')
    run.response = response
    const settle = (text?: string) => {
      if (run.response !== response) return
      // Native ends the agent's own submission (and its marks) only after `toolactivated`.
      run.done = () => finish(run, text === undefined ? text : rawResult(text))
      if (!run.open) run.done()
    }
    Promise.resolve(response).then(
      (value) => {
        try {
          settle(
            String(value !== null && typeof value === 'object' ? JSON.stringify(value) : value),
          )
        } catch {
          // A value that does not serialise (a cycle) fails the call.
          settle()
        }
      },
      () => settle(),
    )
  },
}

let installed = false

/**
 * Installs, once per realm, `SubmitEvent.prototype.agentInvoked` / `respondWith()`, makes
 * `form.submit()` count as a navigation for a waiting form, and adds the markers' default outline.
 */
export function installFormSubmission(doc: Document): void {
  if (installed) return
  installed = true
  // Environments without SubmitEvent (jsdom) still get the form tools, without the additions.
  const proto = globalThis.SubmitEvent?.prototype ?? {}
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(additions))) {
    Object.defineProperty(proto, key, { ...descriptor, enumerable: true })
  }
  // The first listener of all, so that no page listener can hide the agent's submission.
  addEventListener('submit', claim, true)
  const forms = HTMLFormElement.prototype
  const { submit } = forms
  forms.submit = {
    submit(this: HTMLFormElement) {
      const run = runs.get(this)
      if (run?.event) run.navigated = true
      else if (run) finish(run, rawResult(null))
      submit.call(this)
    },
  }.submit
  // Native has no UA style for :tool-form-active; this outline is the polyfill's visible default,
  // at zero specificity so that any page rule wins.
  // (Assigned, not pushed: before Chromium 99 the array is frozen.)
  if (doc.adoptedStyleSheets) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(`:where([${FORM_ACTIVE}],[${SUBMIT_ACTIVE}]){outline:2px solid Highlight}`)
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  }
}
