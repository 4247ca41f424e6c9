import { describe, expect, it } from 'vitest'
import {
  checkOutcome,
  checkTool,
  LIMITS,
  parseToolList,
  withinDepth,
} from '../src/page/tool-checks'

const nested = (depth: number): unknown => {
  let value: unknown = { type: 'string' }
  for (let i = 1; i < depth; i++) value = { type: 'object', properties: { x: value } }
  return value
}
const list = (...tools: unknown[]) =>
  JSON.stringify(tools.map((tool) => (typeof tool === 'string' ? tool : JSON.stringify(tool))))

describe('checkTool', () => {
  it('keeps a well-formed tool, with its four hints as booleans', () => {
    expect(
      checkTool({
        name: 'list_tasks',
        title: 'List',
        description: 'Lists.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
      }),
    ).toEqual({
      name: 'list_tasks',
      title: 'List',
      description: 'Lists.',
      inputSchema: { type: 'object' },
      annotations: {
        readOnlyHint: true,
        untrustedContentHint: false,
        consequentialHint: false,
        debugging: false,
      },
    })
    expect(checkTool({ name: 'a.b-c_9', description: '' })).toEqual({
      name: 'a.b-c_9',
      title: '',
      description: '',
    })
  })

  it('drops names MCP does not take, and fields of the wrong type', () => {
    for (const name of [
      'evil name\nwith newline',
      'x'.repeat(129),
      '',
      'naïve',
      'a b',
      42,
      undefined,
    ]) {
      expect(checkTool({ name, description: 'd' })).toBeUndefined()
    }
    expect(checkTool({ name: 'x'.repeat(128), description: 'd' })?.name).toHaveLength(128)
    expect(checkTool({ name: 'a', description: 5 })).toBeUndefined()
    expect(checkTool({ name: 'a', description: 'd', title: {} })).toBeUndefined()
    expect(checkTool({ name: 'a', description: 'd', inputSchema: '{not json' })).toBeUndefined()
    expect(checkTool({ name: 'a', description: 'd', inputSchema: [] })).toBeUndefined()
    expect(checkTool({ name: 'a', description: 'd', annotations: 5 })).toBeUndefined()
    expect(
      checkTool({ name: 'a', description: 'd', annotations: { readOnlyHint: 'yes' } }),
    ).toBeUndefined()
    expect(checkTool([{ name: 'a', description: 'd' }])).toBeUndefined()
  })

  it(`drops a schema nested deeper than ${LIMITS.schemaDepth}`, () => {
    expect(checkTool({ name: 'a', description: 'd', inputSchema: nested(30) })).toBeDefined()
    expect(checkTool({ name: 'a', description: 'd', inputSchema: nested(1000) })).toBeUndefined()
    expect(withinDepth(nested(100_000), LIMITS.schemaDepth)).toBe(false)
  })
})

describe('parseToolList', () => {
  it('reads a list of JSON texts, dropping only the bad entries and repeated names', () => {
    const tools = parseToolList(
      list(
        { name: 'fine', description: 'Fine.' },
        { name: 'evil name', description: 'Bad.' },
        '{not json',
        `{"name":"deep","description":"Deep.","inputSchema":${'{"x":'.repeat(5000)}1${'}'.repeat(5000)}}`,
        { name: 'fine', description: 'Again.' },
        { name: 'also_fine', description: 'Fine too.' },
      ),
    )
    expect(tools.map((tool) => tool.name)).toEqual(['fine', 'also_fine'])
    expect(tools[0]!.description).toBe('Fine.')
  })

  it('takes nothing from an answer that is not a JSON text of an array, or is too long', () => {
    for (const answer of [
      undefined,
      42,
      { filter: () => 42 },
      [JSON.stringify({ name: 'a', description: 'd' })],
      '{"name":"a"}',
      'not json',
      ' '.repeat(LIMITS.listLength + 1),
    ]) {
      expect(parseToolList(answer)).toEqual([])
    }
  })

  it(`takes at most ${LIMITS.tools} tools from one document`, () => {
    const many = Array.from({ length: LIMITS.tools + 5 }, (_, i) => ({
      name: `t${i}`,
      description: '',
    }))
    expect(parseToolList(list(...many))).toHaveLength(LIMITS.tools)
  })
})

describe('checkOutcome', () => {
  it('passes outcomes through, cut to the limits, and turns anything else into UnknownError', () => {
    expect(checkOutcome({ ok: true, value: '{"id":1}' })).toEqual({ ok: true, value: '{"id":1}' })
    expect(checkOutcome({ ok: true })).toEqual({ ok: true, value: null })
    expect(checkOutcome({ ok: false, name: 'RangeError', message: 'No.' })).toEqual({
      ok: false,
      name: 'RangeError',
      message: 'No.',
    })
    const long = checkOutcome({ ok: false, name: 'E'.repeat(500), message: 'm'.repeat(1e6) })
    expect(long).toMatchObject({ ok: false })
    if (!long.ok) {
      expect(long.name).toHaveLength(LIMITS.errorName)
      expect(long.message).toHaveLength(LIMITS.errorMessage)
    }
    for (const answer of [42, null, { ok: false, name: 5 }, { ok: 'yes' }, 'ok']) {
      expect(checkOutcome(answer)).toMatchObject({ ok: false, name: 'UnknownError' })
    }
  })
})
