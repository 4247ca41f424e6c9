import { describe, expect, it } from 'vitest'
import { createSchemaForm } from '../src/schema-form'

const set = (form: HTMLElement, name: string, value: string) => {
  const control = form.querySelector<HTMLInputElement>(`[name="${name}"]`)!
  control.value = value
}

describe('createSchemaForm', () => {
  it('builds a control per property kind and reads typed values back', () => {
    const form = createSchemaForm({
      type: 'object',
      properties: {
        text: { type: 'string', description: 'What' },
        count: { type: 'integer' },
        urgent: { type: 'boolean' },
        column: { type: 'string', enum: ['todo', 'done'] },
        tags: { type: 'array', items: { type: 'string' } },
        extra: { type: 'object' },
      },
      required: ['text', 'column'],
    })
    const kinds = [...form.element.querySelectorAll('input, select, textarea')].map(
      (control) => `${control.tagName.toLowerCase()}:${control.getAttribute('name')}`,
    )
    expect(kinds).toEqual([
      'input:text',
      'input:count',
      'input:urgent',
      'select:column',
      'textarea:tags',
      'textarea:extra',
    ])
    set(form.element, 'text', 'Ship it')
    set(form.element, 'count', '3')
    form.element.querySelector<HTMLInputElement>('[name=urgent]')!.checked = true
    set(form.element, 'column', 'done')
    set(form.element, 'tags', 'a\n\n b \n')
    set(form.element, 'extra', '{"x":1}')
    expect(form.read()).toEqual({
      text: 'Ship it',
      count: 3,
      urgent: true,
      column: 'done',
      tags: ['a', 'b'],
      extra: { x: 1 },
    })
  })

  it('leaves empty optional fields out and keeps defaults', () => {
    const form = createSchemaForm({
      type: 'object',
      properties: { seconds: { type: 'number', default: 5 }, note: { type: 'string' } },
    })
    expect(form.read()).toEqual({ seconds: 5 })
  })

  it('names the field whose JSON is invalid', () => {
    const form = createSchemaForm({ type: 'object', properties: { extra: {} } })
    set(form.element, 'extra', '{nope')
    expect(() => form.read()).toThrow(/extra: not valid JSON/)
  })

  it('has no fields without a schema and a JSON textarea for a schema without properties', () => {
    expect(createSchemaForm(undefined).read()).toEqual({})
    const raw = createSchemaForm({ anyOf: [{ type: 'object' }] })
    set(raw.element, '$input', '{"a":[1]}')
    expect(raw.read()).toEqual({ a: [1] })
  })
})
