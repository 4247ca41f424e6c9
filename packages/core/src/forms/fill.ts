// Filling a form tool's form as Chromium 156 does: check the whole input, then fill the controls
// with the events frameworks listen for, custom elements last; then submission.ts submits it
// (`toolautosubmit`) or waits for the person to. Measured against native Chromium in
// tests/conformance/declarative-execute.test.ts.
import { fillCallbackOf } from './custom-elements'
import { collectParams, typeOf } from './schema'
import { awaitSubmission, cancelForm } from './submission'
import { rawResult } from '../webmcp/engine'
import type { RawResult } from '../webmcp/engine'
import type { Control, Param } from './schema'

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
    // Native's order: an object, a way to submit, then every value in order, each checked before
    // any control changes; the first that fails names the call's failure. Custom elements take any
    // value, through their toolFillCallback once the built-in controls are filled (native calls
    // them as custom element reactions after its fill).
    let failure = Array.isArray(input)
      ? 'JSON input arguments must be an object'
      : auto || button
        ? ''
        : 'No submit button was found, but for a form without `toolautosubmit`, there must be a submit button'
    // (An array's entries, or those of a form that cannot submit, only plan: they change nothing.)
    const steps: Array<(() => unknown) | undefined> = Object.entries(input as object).map(
      ([key, value]) => {
        const param = params.get(key)
        const step =
          param?.kind === 'custom'
            ? () => steps.push(() => fillCustom(param.controls[0]!, value))
            : param && plan(param, value, scratch)
        const text = toText(value)
        failure ||= step
          ? ''
          : param
            ? `Invalid value${text == null ? '' : ` "${text}"`} for parameter ${key}`
            : `Input contains a parameter "${key}" but there is no such parameter for the tool`
        return step
      },
    )
    if (failure) return reject(rawResult(failure))
    // A second call while one waits replaces it (native leaves the first pending forever).
    cancelForm(form)
    // (Iterated as it grows: the custom elements' steps come last.)
    for (const step of steps) step!()
    awaitSubmission(form, button ?? null, auto, signal, context, (value = null, failed) =>
      (failed ? reject : resolve)(rawResult(value)),
    )
  })
}
