// How Chromium 156 turns a `<form toolname>` into a tool's input schema (form_mcp_schema.cc), as
// measured against native Chromium in tests/conformance/declarative-schema.test.ts.
import { elementSchema, internalsOf } from './custom-elements'

/** A form control that can be a tool parameter. */
export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** One tool parameter: the controls sharing its name, and how they are filled. */
export interface Param {
  /**
   * `radio` and `group` (two or more checkboxes) take one or several of the members' values;
   * `custom` is a form-associated custom element with a schema (custom-elements.ts).
   */
  kind: 'radio' | 'group' | 'single' | 'custom'
  controls: Control[]
}

type Schema = Record<string, unknown>

// Chromium's StripWhiteSpace: ASCII whitespace and the characters of bidi class WS (not U+00A0).
const SPACE = '[\\t-\\r \\u1680\\u2000-\\u200a\\u2028\\u205f\\u3000]+'
const TRIM = new RegExp(`^${SPACE}|${SPACE}$`, 'g')
const trim = (text: string): string => text.replace(TRIM, '')

// A valid floating-point number: Chromium ignores "+5", " 5" and "5." in min, max, step and value.
const NUMBER = /^-?(\d+|\d*\.\d+)(e[+-]?\d+)?$/i

/** An attribute that is a valid, finite floating-point number, as written. */
function numeric(el: Element, name: string): string | undefined {
  const value = el.getAttribute(name)
  return value && NUMBER.test(value) && isFinite(+value) ? value : undefined
}

/**
 * Whether `base` is a whole number of `step`s. Chromium computes with exact decimals (0.3 is a
 * multiple of 0.1, 0.1 is not one of 0.2); doubles with a relative tolerance agree with it for
 * every value short of 15 significant digits.
 */
function isMultiple(base: string, step: string): boolean {
  const steps = +base / +step
  return Math.abs(steps - Math.round(steps)) < 1e-9 * Math.max(1, Math.abs(steps))
}

// Chromium writes non-integral numbers with 15 significant digits (1.0000000000000002 → 1).
const round = (n: number) => (Number.isInteger(n) ? n : +n.toPrecision(15))

/** A label's text without the text of the controls inside it (a `<select>`'s options…). */
function text(node: Node): string {
  let out = ''
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) out += (child as Text).data
    else if (child.nodeType === 1 && !('labels' in child || internalsOf(child as Element))) {
      out += text(child)
    }
  }
  return out
}

/**
 * Each labelled element's labels, in tree order, found in one pass per derivation (each control's
 * own `labels` walks the whole tree again after any change of the DOM: 200 controls, 200 walks).
 */
let labels = new Map<Element, Element[]>()

/**
 * The texts of `el.labels` (`internals.labels` for a custom element), trimmed and joined with "; "
 * (empty ones included, as native). Not read from `labels`, which the browser would keep for
 * each control.
 */
const labelText = (el: Control) =>
  (labels.get(el) ?? []).map((label) => trim(text(label))).join('; ')

/** A control's description: `toolparamdescription`, else its labels, else `aria-description`. */
const describe = (el: Control) =>
  el.getAttribute('toolparamdescription') ||
  labelText(el) ||
  el.getAttribute('aria-description') ||
  undefined

/**
 * The control's type as native Chromium sees it: engines without month and week inputs (Firefox,
 * Safari) report "text" for them.
 */
export function typeOf(el: Element): string {
  const type = el.getAttribute('type')?.toLowerCase()
  return type === 'month' || type === 'week' ? type : (el as Control).type
}

/**
 * How a listed element takes part: `''` a parameter of its own type (`typeOf`), `'#'` an element that
 * is no parameter but whose name still counts (a button, a fieldset, an output, a file input, a
 * hidden input without a description, a custom element without a schema: a parameter sharing its
 * name is left out, as native), `undefined` not at all (disabled or read-only controls, `<object>`).
 */
function role(el: Element): string | undefined {
  const { readOnly, localName } = el as HTMLInputElement
  const type = typeOf(el)
  if (!/^(input|select|textarea|button|fieldset|output|object)$/.test(localName)) {
    return elementSchema(el) ? 'custom' : '#'
  }
  if (localName === 'object' || (localName !== 'fieldset' && el.matches(':disabled'))) return
  // `readonly` applies to these (a readonly checkbox, radio, range or colour still counts).
  if (readOnly && /^(text|search|url|tel|email|pass|date|mon|week|time|num)/.test(type)) return
  return /^(input|select|textarea)$/.test(localName) &&
    (type === 'hidden'
      ? el.getAttribute('toolparamdescription')
      : !/^(submit|reset|button|image|file)$/.test(type))
    ? type
    : '#'
}

/**
 * The form's parameters by name, in the order their names first appear among its listed elements. A
 * name shared by controls of different types, or by several that are not radios or checkboxes, is
 * left out. The image buttons it reads go into `read`.
 */
export function collectParams(form: HTMLFormElement, read: Node[] = []): Map<string, Param> {
  const byName = new Map<string, [string, Control][]>()
  for (const el of form.elements) {
    const type = role(el)
    // A custom element's name is taken as written (native trims only the built-in controls'), and
    // needs one. For the others an empty name is a name: a lone unnamed control is the parameter ""
    // (Chromium 156.0.8078.114).
    const name =
      type &&
      (el.localName.includes('-') ? el.getAttribute('name') || false : trim((el as Control).name))
    if (typeof name === 'string')
      byName.set(name, [...(byName.get(name) ?? []), [type!, el as Control]])
  }
  // Image buttons are not in `form.elements`, but their names count too.
  for (const el of (form.getRootNode() as ParentNode).querySelectorAll('input[type=image i]')) {
    const image = el as HTMLInputElement
    if (image.form === form && read.push(image) && !image.disabled) {
      byName.get(trim(image.name))?.push(['#', image])
    }
  }
  const params = new Map<string, Param>()
  for (const [name, members] of byName) {
    const controls = members.map(([, el]) => el)
    const [[type], second] = members as [[string, Control], unknown?]
    const kind =
      type === 'radio' || type === 'custom'
        ? type
        : type === 'checkbox' && second
          ? 'group'
          : 'single'
    // Several controls share a name only as a radio or checkbox group.
    if (
      type !== '#' &&
      members.every(([other]) => other === type) &&
      !(second && (kind === 'single' || kind === 'custom'))
    ) {
      params.set(name, { kind, controls })
    }
  }
  return params
}

const many = (items: Schema): Schema => ({ type: 'array', items, uniqueItems: true })

const TIME = '([01][0-9]|2[0-3]):[0-5][0-9]'
const DATE_NOTE = "Dates MUST be provided in 'YYYY-MM-DD' format."

/** The schema of one parameter; `description` is always its last key. */
function property(form: HTMLFormElement, { kind, controls }: Param): Schema {
  const [el, second] = controls as [Control, Control?]
  if (kind === 'custom') {
    // The element's own schema; a description found for it replaces the schema's.
    const custom = elementSchema(el)!
    const found = describe(el)
    if (found) custom.description = found
    return custom
  }
  const type = typeOf(el)
  let description = describe(el)
  let schema: Schema = { type: 'string' }
  let patterned = type === 'number'
  if (kind !== 'single' || el.localName === 'select') {
    // Radio and checkbox titles come from their labels; an option's title is its text.
    const choices = kind === 'single' ? Array.from((el as HTMLSelectElement).options) : controls
    schema.anyOf = choices.map((c) => {
      const title = 'text' in c ? c.textContent! : labelText(c) || undefined
      return { type: 'string', const: c.value, title }
    })
    schema.enum = choices.map((c) => c.value)
    if (second) {
      // A group's description is that of the nearest fieldset holding all its members.
      description = undefined
      for (let node = el.parentElement; node && node !== form; node = node.parentElement) {
        if (node.localName === 'fieldset' && controls.every((c) => node!.contains(c))) {
          description = node.getAttribute('toolparamdescription') || undefined
          break
        }
      }
    }
    if (kind === 'group' || type === 'select-multiple') schema = many(schema)
  } else if (type === 'checkbox') schema.type = 'boolean'
  else if (type === 'number' || type === 'range') {
    schema.type = 'number'
    let min = numeric(el, 'min')
    let max = numeric(el, 'max')
    if (type === 'range') {
      min ??= '0'
      max ??= '100'
      if (+max < +min) max = min
    }
    if (min) schema.minimum = round(+min)
    if (max) schema.maximum = round(+max)
    // A range rejects step="any"; a step that is not a positive number means the default, 1.
    // Chromium states the step only when the step base (min, else value, else 0) is on it.
    const step = numeric(el, 'step')
    if (type === 'range' || !/^any$/i.test(el.getAttribute('step')!)) {
      const valid = step && +step > 0 ? step : '1'
      if (isMultiple(numeric(el, 'min') ?? numeric(el, 'value') ?? '0', valid)) {
        schema.multipleOf = round(+valid)
      }
    }
  } else if (type === 'date') {
    schema.format = 'date'
    description = description ? `${description} (${DATE_NOTE})` : DATE_NOTE
  } else if (type === 'time' || type === 'datetime-local') {
    const step = +(numeric(el, 'step') ?? 60)
    schema.format = `^${type === 'time' ? '' : '[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T'}${TIME}${
      step <= 0 || step >= 60 ? '' : step < 1 ? '(:[0-5][0-9](\\.[0-9]{1,3})?)?' : '(:[0-5][0-9])?'
    }$`
  } else if (type === 'month') schema.format = '^[0-9]{4}-(0[1-9]|1[0-2])$'
  else if (type === 'week') schema.format = '^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$'
  else if (type === 'color') schema.format = '^#[0-9a-zA-Z]{6}$'
  else patterned = el.localName === 'input'
  // `pattern` counts on text-like and hidden inputs and on numbers; an invalid one is left out.
  const pattern = el.getAttribute('pattern')
  if (pattern !== null && patterned) {
    try {
      new RegExp(pattern, 'v')
      schema.pattern = pattern
    } catch {
      // Native logs it; the browser's own validation reports it too.
    }
  }
  schema.description = description
  return schema
}

/**
 * The form's input schema as JSON text, byte for byte as native Chromium serialises it. The image
 * buttons and labels it reads go into `read` (tools.ts watches those outside the form).
 */
export function formSchema(form: HTMLFormElement, read: Node[]): string {
  // A null prototype keeps a parameter named "__proto__" an ordinary key.
  const properties: Schema = Object.create(null)
  const required: string[] = []
  for (const label of (form.getRootNode() as ParentNode).querySelectorAll('label')) {
    const control = label.control
    if (control) labels.set(control, [...(labels.get(control) ?? []), label])
  }
  for (const [name, param] of collectParams(form, read)) {
    for (const el of param.controls) read.push(...(labels.get(el) ?? []))
    properties[name] = property(form, param)
    if (param.kind !== 'custom' && param.controls.some((el) => el.required)) required.push(name)
  }
  // Not kept: the map holds the page's elements.
  labels = new Map()
  return JSON.stringify({ type: 'object', properties, required })
}
