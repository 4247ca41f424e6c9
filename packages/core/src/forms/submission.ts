// The submission half of a form tool's run, as Chromium 156 has it: the agent's submit event
// (`SubmitEvent.agentInvoked`, `respondWith()`), `form.submit()` as a navigation, a reset or a
// cancellation ending the run, and the form's markers while it waits (the SubmitEvent members are
// typed in webmcp/types.ts). fill.ts fills the form first.
// Measured against native Chromium in tests/conformance/declarative-execute.test.ts.
import { FORM_ACTIVE, SUBMIT_ACTIVE } from './markers'
import { queueTask } from '../queue-task'
import { stringify } from '../webmcp/json-depth'
import { domError } from '../webmcp/errors'
import { isObject } from '../webmcp/webidl'

/** A form tool's run: the form an agent filled, until its submission settles the call. */
interface Run {
  form: HTMLFormElement
  button: HTMLElement | null
  /**
   * Gets the result (`null`: the submission went ahead), or (`failed`) the message the call
   * rejects with; nothing when the call was aborted.
   */
  settle: (value?: string | null, failed?: boolean) => void
  /** The agent-invoked submit event, once there is one. */
  event?: SubmitEvent
  /** The agent's own submission is still being decided: `respondWith()` is allowed. */
  open?: boolean
  /** What `respondWith()` was last given, by any submission of the run. */
  response?: unknown
  /** The outcome of the agent's submit event is known (`decide` ran). */
  decided?: boolean
  /** `form.submit()` was called during the submit event. */
  navigated?: boolean
  /** The settled response, kept until the agent's own submission is decided. */
  done?: () => void
}

const CANCELLED = 'Tool execution cancelled'

const runs = new WeakMap<EventTarget, Run>()
const agentEvents = new WeakMap<Event, Run>()
/**
 * What each submit event's `respondWith()` was last given: of one event the last call wins; of two
 * submissions the call waited through, the first response to settle (native).
 */
const responses = new WeakMap<Event, unknown>()

function finish(run: Run, value?: string | null, failed?: boolean) {
  if (runs.get(run.form) !== run) return
  runs.delete(run.form)
  run.form.removeAttribute(FORM_ACTIVE)
  run.button?.removeAttribute(SUBMIT_ACTIVE)
  run.settle(value, failed)
}

/** After the submit event and its microtasks: the result is known unless `respondWith()` waits. */
function decide(run: Run) {
  run.open = false
  run.decided = true
  const { event } = run
  if (run.done) run.done()
  else if (event && run.response === undefined) {
    if (run.navigated || !event.defaultPrevented) finish(run, null)
    else
      finish(
        run,
        "The site has a programming error: it called preventDefault() on the 'submit' event, without also calling respondWith() with the tool result",
        true,
      )
  }
}

/** Recognises the submit event of a form an agent filled, for whichever listener asks first. */
function claim(event: Event): Run | undefined {
  const run = runs.get(event.target!)
  if (run && event.type === 'reset') finish(run, `${CANCELLED} by a form reset`, true)
  // Script-made submit events (`dispatchEvent`) are never the agent's; while the call waits, every
  // other submission of the form is the agent's too (native).
  else if (run && event.isTrusted) {
    agentEvents.set(event, run)
    if (!run.event && (run.event = event as SubmitEvent) && !run.open) queueTask(() => decide(run))
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
  // Native cancels the call as for an updated tool.
  if (run && !(run.event && !run.decided))
    finish(run, `${CANCELLED}, since tool definition was updated`, true)
}

/**
 * Waits for the agent's submission of `form`, which has just been filled: submits it at once
 * (`toolautosubmit`) or focuses `button` for the person to submit. `settle` gets the result, or
 * native's message when the form was not submitted (constraint validation, a reset, its tool gone),
 * or nothing when the call was aborted.
 */
export function awaitSubmission(
  form: HTMLFormElement,
  button: HTMLElement | null,
  auto: boolean,
  signal: AbortSignal,
  context: EventTarget,
  settle: Run['settle'],
): void {
  const run: Run = { form, button, settle }
  runs.set(form, run)
  outline()
  form.setAttribute(FORM_ACTIVE, '')
  button?.setAttribute(SUBMIT_ACTIVE, '')
  // Submit events do not leave a shadow tree: the form's own listeners see them there.
  for (const type of ['submit', 'reset']) form.addEventListener(type, claim, true)
  signal.addEventListener('abort', () => finish(run))
  if (!auto) return button!.focus()
  // In Chromium the agent's submission dispatches from native code, so the microtasks a submit
  // listener queues run while the event is still being dispatched: `respondWith()` stays allowed
  // until the engine fires this execution's `toolactivated`, right after those microtasks.
  run.open = true
  context.addEventListener('toolactivated', () => decide(run), { once: true })
  form.requestSubmit(button)
  // No submit event: constraint validation stopped it, and native names each invalid control with
  // the browser's own message. Not cancelled: the form submitted.
  if (!run.event)
    finish(
      run,
      // (A valid control's message, and one barred from validation's, is empty; a custom
      // element has none.)
      `Form validation failed: ${[...form.elements]
        .map(
          (el) =>
            (el as HTMLInputElement).validationMessage &&
            `${(el as HTMLInputElement).name}: ${(el as HTMLInputElement).validationMessage}. `,
        )
        .join('')}`,
      true,
    )
  else if (!run.event.defaultPrevented) finish(run, null)
}

/** Chromium's wording for a `respondWith()` call that throws. */
const failed = (message: string) => `Failed to execute 'respondWith' on 'SubmitEvent': ${message}`

const invalid = (message: string) => domError('InvalidStateError', failed(message))

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
    if (!arguments.length) throw new TypeError(failed('1 argument required, but only 0 present.'))
    const run = claim(this)
    if (!run)
      throw invalid(
        'You can only call respondWith on an submit event that has agentInvoked == true.',
      )
    if (!this.defaultPrevented)
      throw invalid('To call respondWith, you must first call preventDefault.')
    if (!this.eventPhase && !run.open)
      throw invalid('To call respondWith, the event must be currently being dispatched.')
    run.response = response
    responses.set(this, response)
    const settle = (text: string, error?: boolean) => {
      if (responses.get(this) !== response) return
      // Native ends the agent's own submission (and its marks) only after `toolactivated`.
      run.done = () => finish(run, text, error)
      if (!run.open) run.done()
    }
    // A thenable is taken as a promise (its `then` read and called as `Promise.resolve` does).
    Promise.resolve(response).then(
      (value) => {
        try {
          // Objects and functions as JSON (a function's is none: "undefined"), the rest by String().
          settle(String(isObject(value) ? stringify(value) : value))
        } catch {
          // A value that does not serialise (a cycle, a BigInt, a throwing toJSON) fails the call.
          settle(
            'respondWith promise resolved with an object that could not be serialized to JSON',
            true,
          )
        }
      },
      () => settle('respondWith promise was rejected', true),
    )
  },
}

/** The document whose outline style sheet is not made yet (made at its first fill, not at install). */
let unstyled: Document | undefined

function outline() {
  const doc = unstyled
  unstyled = undefined
  // Native has no UA style for :tool-form-active; this outline is the polyfill's visible default,
  // at zero specificity so that any page rule wins; first, as if adopted at install.
  // (Assigned, not pushed: before Chromium 99 the array is frozen.)
  if (doc?.adoptedStyleSheets) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(`:where([${FORM_ACTIVE}],[${SUBMIT_ACTIVE}]){outline:2px solid Highlight}`)
    doc.adoptedStyleSheets = [sheet, ...doc.adoptedStyleSheets]
  }
}

let installed = false

/**
 * Installs, once per realm, `SubmitEvent.prototype.agentInvoked` / `respondWith()`, makes
 * `form.submit()` count as a navigation for a waiting form, and gives `doc` the markers' default
 * outline (at its first fill).
 */
export function installFormSubmission(doc: Document): void {
  if (installed) return
  installed = true
  // Environments without SubmitEvent (jsdom) still get the form tools, without the additions.
  const proto = globalThis.SubmitEvent?.prototype ?? {}
  // (An object literal's properties are enumerable already, as WebIDL's are.)
  Object.defineProperties(proto, Object.getOwnPropertyDescriptors(additions))
  // The first listener of all, so that no page listener can hide the agent's submission.
  addEventListener('submit', claim, true)
  const forms = HTMLFormElement.prototype
  const { submit } = forms
  forms.submit = {
    submit(this: HTMLFormElement) {
      const run = runs.get(this)
      if (run?.event) run.navigated = true
      else if (run) finish(run, null)
      submit.call(this)
    },
  }.submit
  unstyled = doc
}
