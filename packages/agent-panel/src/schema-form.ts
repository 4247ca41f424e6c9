import type { JSONSchema } from '@webmcp-kit/core/lifecycle'

/**
 * A form built from a tool's `inputSchema`: `element` holds the controls, `read()` returns the input
 * object (or throws a `SyntaxError` / `TypeError` naming the field whose text is not valid).
 */
export interface SchemaForm {
  element: HTMLElement
  read(): Record<string, unknown>
}

type Property = JSONSchema & {
  type?: string | string[]
  enum?: unknown[]
  items?: JSONSchema
  description?: string
  default?: unknown
  title?: string
}

const kindOf = (schema: Property) => {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return 'enum'
  if (type === 'string') return 'string'
  if (type === 'number' || type === 'integer') return 'number'
  if (type === 'boolean') return 'boolean'
  if (type === 'array' && (schema.items as Property | undefined)?.type === 'string')
    return 'strings'
  return 'json'
}

/** An element with `props` assigned and `children` appended (the panel's only DOM helper). */
export const create = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] => {
  const element = Object.assign(document.createElement(tag), props)
  element.append(...children)
  return element
}

/**
 * Builds input controls from a JSON Schema: a text field per string, a number field per number or
 * integer, a checkbox per boolean, a select per string enum, a textarea (one item a line) per array
 * of strings, and a JSON textarea for anything else (or for a schema without `properties`).
 *
 * @example
 * ```ts
 * const form = createSchemaForm({ type: 'object', properties: { text: { type: 'string' } } })
 * form.read() // { text: '' } is left out: { }
 * ```
 */
export function createSchemaForm(schema: JSONSchema | undefined): SchemaForm {
  const element = create('div', { className: 'wmk-fields' })
  const properties = (schema?.properties ?? undefined) as Record<string, Property> | undefined
  if (schema && !properties && schema.type !== 'object') {
    const area = create('textarea', { name: '$input', value: '{}' })
    area.setAttribute('aria-label', 'input (JSON)')
    element.append(create('label', {}, 'input (JSON)', area))
    return {
      element,
      read: () => JSON.parse(area.value || '{}') as Record<string, unknown>,
    }
  }
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : [])
  const readers: (() => [string, unknown] | undefined)[] = []
  for (const [name, property] of Object.entries(properties ?? {})) {
    const kind = kindOf(property)
    const caption = `${property.title ?? name}${required.has(name) ? ' *' : ''}`
    const hint = property.description ? create('small', {}, property.description) : ''
    let control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
    if (kind === 'enum') {
      const select = create('select', { name })
      if (!required.has(name)) select.append(create('option', { value: '' }, '—'))
      for (const value of property.enum as string[])
        select.append(create('option', { value }, value))
      if (typeof property.default === 'string') select.value = property.default
      control = select
      readers.push(() => (select.value ? [name, select.value] : undefined))
    } else if (kind === 'boolean') {
      const box = create('input', { type: 'checkbox', name, checked: property.default === true })
      control = box
      readers.push(() => [name, box.checked])
    } else if (kind === 'number') {
      const field = create('input', { type: 'number', name, step: 'any' })
      if (typeof property.default === 'number') field.value = String(property.default)
      control = field
      readers.push(() => {
        if (field.value === '') return undefined
        const value = Number(field.value)
        if (Number.isNaN(value)) throw new TypeError(`${name}: "${field.value}" is not a number`)
        return [name, value]
      })
    } else if (kind === 'string') {
      const field = create('input', { type: 'text', name })
      if (typeof property.default === 'string') field.value = property.default
      control = field
      readers.push(() =>
        field.value === '' && !required.has(name) ? undefined : [name, field.value],
      )
    } else if (kind === 'strings') {
      const area = create('textarea', { name, placeholder: 'one item a line', rows: 2 })
      control = area
      readers.push(() => {
        const items = area.value
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
        return items.length || required.has(name) ? [name, items] : undefined
      })
    } else {
      const area = create('textarea', { name, placeholder: 'JSON', rows: 2 })
      if (property.default !== undefined) area.value = JSON.stringify(property.default)
      control = area
      readers.push(() => {
        if (area.value.trim() === '') return undefined
        try {
          return [name, JSON.parse(area.value)]
        } catch {
          throw new SyntaxError(`${name}: not valid JSON`)
        }
      })
    }
    element.append(
      create('label', { className: kind === 'boolean' ? 'wmk-check' : '' }, caption, control, hint),
    )
  }
  return {
    element,
    read: () =>
      Object.fromEntries(readers.map((read) => read()).filter((entry) => entry !== undefined)),
  }
}
