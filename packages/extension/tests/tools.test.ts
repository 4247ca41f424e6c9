// What leaves a shared document: each tool shaped and bounded as the wire takes it, a frame's list
// cut to fit one protocol message, and the main-world relay's messages (the page's word) checked.
import { describe, expect, it } from 'vitest'
import { MAX_MESSAGE_BYTES, MAX_TOOLS_PER_FRAME, parseMessage } from '../src/lib/protocol'
import { fitTools, MAX_SCHEMA_BYTES, parseRelayMessage, toWireTool } from '../src/lib/tools'

const schema = { type: 'object', properties: { text: { type: 'string' } } }

describe('a tool on the wire', () => {
  it('keeps the name, the description, a plain schema and only the four hints', () => {
    const tool = toWireTool(
      {
        name: 'echo',
        description: 'Echoes.',
        inputSchema: schema,
        annotations: { readOnlyHint: true, destructiveHint: true, consequentialHint: 'yes' },
        origin: 'https://bank.example',
        window: {},
      },
      'native',
    )
    expect(tool).toEqual({
      name: 'echo',
      description: 'Echoes.',
      inputSchema: schema,
      annotations: { readOnlyHint: true },
      source: 'native',
    })
  })

  it('takes the source it is given, never one the page names', () => {
    const tool = toWireTool({ name: 'x', source: 'native' }, 'page-asserted')
    expect(tool?.source).toBe('page-asserted')
  })

  it('refuses what is not a tool, and tools beyond the bounds', () => {
    for (const entry of [
      null,
      'echo',
      [],
      { name: '' },
      { name: 7 },
      { name: 'x'.repeat(257) },
      { name: 'x', inputSchema: 'object' },
      { name: 'x', inputSchema: [] },
      { name: 'x', inputSchema: { big: 'x'.repeat(MAX_SCHEMA_BYTES) } },
      { name: 'x', inputSchema: { n: 1n } },
    ]) {
      expect(
        toWireTool(entry, 'native'),
        JSON.stringify(entry, (_k, v: unknown) => String(v)),
      ).toBe(undefined)
    }
    const cyclic: Record<string, unknown> = { type: 'object' }
    cyclic.self = cyclic
    expect(toWireTool({ name: 'x', inputSchema: cyclic }, 'native')).toBe(undefined)
  })

  it('cuts a long description at 16 KiB, and counts a schema in UTF-8 bytes', () => {
    expect(
      toWireTool({ name: 'x', description: 'd'.repeat(20_000) }, 'native')?.description,
    ).toHaveLength(16 * 1024)
    // 30 000 three-byte characters: 90 000 bytes, over the bound though under it in UTF-16 units.
    expect(toWireTool({ name: 'x', inputSchema: { t: '€'.repeat(30_000) } }, 'native')).toBe(
      undefined,
    )
  })

  it('gives a copy of the schema: a getter the page left on it runs once, here', () => {
    let reads = 0
    const inputSchema = {
      get type() {
        reads++
        return 'object'
      },
    }
    const tool = toWireTool({ name: 'x', inputSchema }, 'page-asserted')
    expect(tool?.inputSchema).toEqual({ type: 'object' })
    expect(reads).toBe(1)
  })
})

describe('a frame’s tools', () => {
  it('keeps at most 512 tools, in order, leaving out what is not one', () => {
    const listed = [{}, ...Array.from({ length: 600 }, (_, i) => ({ name: `t${i}` }))]
    const tools = fitTools(listed, 'native')
    expect(tools).toHaveLength(MAX_TOOLS_PER_FRAME)
    expect(tools[0]?.name).toBe('t0')
  })

  it('fits one protocol message, which the bridge then takes', () => {
    const listed = Array.from({ length: 512 }, (_, i) => ({
      name: `t${i}`,
      description: '€'.repeat(5000),
    }))
    const tools = fitTools(listed, 'page-asserted')
    expect(tools.length).toBeGreaterThan(0)
    expect(tools.length).toBeLessThan(512)
    const message = JSON.stringify({
      type: 'tools',
      tab: 1,
      frame: 0,
      document: 'd',
      origin: 'https://a.test',
      tools,
    })
    expect(new TextEncoder().encode(message).length).toBeLessThanOrEqual(MAX_MESSAGE_BYTES)
    expect(parseMessage(message)).toMatchObject({ type: 'tools', tools: { length: tools.length } })
  })

  it('reads a list of millions of entries no further than its bound', () => {
    const listed = new Array<unknown>(1_000_000).fill(null)
    listed.push({ name: 'late' })
    expect(fitTools(listed, 'native')).toEqual([])
  })
})

describe('what the relay says', () => {
  it('takes its tools as page-asserted, bounded', () => {
    expect(
      parseRelayMessage({
        type: 'tools',
        tools: [{ name: 'echo', source: 'native' }, { name: '' }],
      }),
    ).toEqual({
      type: 'tools',
      tools: [{ name: 'echo', description: '', source: 'page-asserted' }],
      visible: [],
    })
  })

  it('takes what the relay says it sees of other frames as origin and name, within bounds', () => {
    const message = parseRelayMessage({
      type: 'tools',
      tools: [],
      visible: [
        { origin: 'https://b.test', name: 'exposed', window: {} },
        { origin: 7, name: 'not_an_origin' },
        { origin: 'https://b.test', name: 'n'.repeat(257) },
        { origin: 'o'.repeat(2049), name: 'long_origin' },
        'not a tool',
        ...Array.from({ length: 5000 }, (_, i) => ({ origin: 'https://c.test', name: `t${i}` })),
      ],
    })
    expect(message?.type === 'tools' && message.visible.slice(0, 2)).toEqual([
      { origin: 'https://b.test', name: 'exposed' },
      { origin: 'https://c.test', name: 't0' },
    ])
    expect(message?.type === 'tools' && message.visible).toHaveLength(4096)
    expect(parseRelayMessage({ type: 'tools', tools: [], visible: 'all' })).toEqual({
      type: 'tools',
      tools: [],
      visible: [],
    })
  })

  it('takes a result by its id, and a failure by name and message alone', () => {
    expect(parseRelayMessage({ type: 'result', id: 'a', ok: true, output: 3 })).toEqual({
      type: 'result',
      id: 'a',
      ok: true,
      output: 3,
    })
    expect(
      parseRelayMessage({
        type: 'result',
        id: 'a',
        ok: false,
        error: { name: 'NotAllowedError', message: 'No.', stack: 's' },
      }),
    ).toEqual({
      type: 'result',
      id: 'a',
      ok: false,
      error: { name: 'NotAllowedError', message: 'No.' },
    })
    expect(parseRelayMessage({ type: 'result', id: 'a', ok: false, error: 'boom' })).toEqual({
      type: 'result',
      id: 'a',
      ok: false,
      error: { name: 'Error', message: '' },
    })
  })

  it('refuses anything else', () => {
    for (const data of [
      null,
      'tools',
      { type: 'tools', tools: {} },
      { type: 'result', id: 1, ok: true },
      { type: 'result', id: 'x'.repeat(65), ok: true },
      { type: 'call', id: 'a', name: 'echo' },
    ]) {
      expect(parseRelayMessage(data), JSON.stringify(data)).toBe(undefined)
    }
  })
})
