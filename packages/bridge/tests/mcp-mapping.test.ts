import { describe, expect, it } from 'vitest'
import {
  confirmationMessage,
  needsConfirmation,
  toCallResult,
  toMcpTool,
} from '../src/mcp/mcp-mapping'
import { tool, widget } from './page-tools'

const hints = (set: Record<string, boolean>) => ({
  readOnlyHint: false,
  untrustedContentHint: false,
  consequentialHint: false,
  debugging: false,
  ...set,
})

describe('toMcpTool', () => {
  it('maps the WebMCP annotations to MCP hints, and keeps them and the frame in _meta', () => {
    const mcp = toMcpTool({
      name: 'delete_all.2',
      tool: tool('delete_all', {
        title: 'Delete all',
        frame: widget,
        annotations: hints({ consequentialHint: true, untrustedContentHint: true }),
      }),
    })
    expect(mcp).toEqual({
      name: 'delete_all.2',
      title: 'Delete all',
      description: 'The delete_all tool.',
      inputSchema: { type: 'object' },
      annotations: {
        title: 'Delete all',
        readOnlyHint: false,
        destructiveHint: true,
        openWorldHint: true,
      },
      _meta: {
        'webmcp-kit/name': 'delete_all',
        'webmcp-kit/frame': widget,
        'webmcp-kit/annotations': hints({ consequentialHint: true, untrustedContentHint: true }),
      },
    })
  })

  it('says nothing of destructiveness for a read-only tool, and adds no annotations without hints', () => {
    expect(
      toMcpTool({
        name: 'list',
        tool: tool('list', { annotations: hints({ readOnlyHint: true }) }),
      }).annotations,
    ).toEqual({
      readOnlyHint: true,
      openWorldHint: false,
    })
    const plain = toMcpTool({ name: 'add', tool: tool('add') })
    expect(plain.annotations).toBeUndefined()
    expect(plain.title).toBeUndefined()
  })

  it('gives MCP an object schema, keeping one that is not in _meta', () => {
    const typed = { type: 'object', properties: { q: { type: 'string' } } }
    expect(toMcpTool({ name: 'a', tool: tool('a', { inputSchema: typed }) }).inputSchema).toBe(
      typed,
    )
    const untyped = { properties: { q: { type: 'string' } } }
    expect(toMcpTool({ name: 'a', tool: tool('a', { inputSchema: untyped }) }).inputSchema).toEqual(
      {
        type: 'object',
        properties: { q: { type: 'string' } },
      },
    )
    const array = { type: 'array' }
    const mcp = toMcpTool({ name: 'a', tool: tool('a', { inputSchema: array }) })
    expect(mcp.inputSchema).toEqual({ type: 'object' })
    expect(mcp._meta?.['webmcp-kit/inputSchema']).toBe(array)
  })
})

describe('toCallResult', () => {
  it('returns strings as text, and JSON objects as text plus structuredContent', () => {
    expect(toCallResult(tool('a'), { ok: true, value: 'Task 1 is done.' })).toEqual({
      content: [{ type: 'text', text: 'Task 1 is done.' }],
    })
    // Native Chromium hands objects over as objects, the polyfill's executeTool as JSON text.
    for (const value of [{ id: 2 }, '{"id":2}']) {
      expect(toCallResult(tool('a'), { ok: true, value })).toEqual({
        content: [{ type: 'text', text: '{"id":2}' }],
        structuredContent: { id: 2 },
      })
    }
    expect(toCallResult(tool('a'), { ok: true, value: [1, 2] })).toEqual({
      content: [{ type: 'text', text: '[1,2]' }],
    })
    expect(toCallResult(tool('a'), { ok: true, value: null })).toEqual({
      content: [{ type: 'text', text: 'null' }],
    })
    expect(
      toCallResult(tool('a'), { ok: true, value: '{not json' }).structuredContent,
    ).toBeUndefined()
  })

  it('maps a failure to an isError result with the name and message', () => {
    expect(
      toCallResult(tool('a'), { ok: false, name: 'RangeError', message: 'No task 99.' }),
    ).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'RangeError: No task 99.' }],
      _meta: { 'webmcp-kit/error': { name: 'RangeError', message: 'No task 99.' } },
    })
    expect(
      toCallResult(tool('a'), { ok: false, name: 'UnknownError', message: '' }).content,
    ).toEqual([{ type: 'text', text: 'UnknownError' }])
  })

  it('marks every result of a tool with untrustedContentHint', () => {
    const untrusted = tool('reviews', { annotations: hints({ untrustedContentHint: true }) })
    expect(toCallResult(untrusted, { ok: true, value: 'Great!' })._meta).toEqual({
      'webmcp-kit/untrustedContent': true,
    })
    expect(toCallResult(untrusted, { ok: false, name: 'Error', message: 'x' })._meta).toMatchObject(
      {
        'webmcp-kit/untrustedContent': true,
      },
    )
  })
})

describe('needsConfirmation', () => {
  const consequential = tool('pay', { annotations: hints({ consequentialHint: true }) })
  const write = tool('add')
  const read = tool('list', { annotations: hints({ readOnlyHint: true }) })

  it('asks for consequential tools by default, for every write with "writes", never with "never"', () => {
    expect([consequential, write, read].map((t) => needsConfirmation(t, 'consequential'))).toEqual([
      true,
      false,
      false,
    ])
    expect([consequential, write, read].map((t) => needsConfirmation(t, 'writes'))).toEqual([
      true,
      true,
      false,
    ])
    expect([consequential, write, read].map((t) => needsConfirmation(t, 'never'))).toEqual([
      false,
      false,
      false,
    ])
  })
})

describe('confirmationMessage', () => {
  it('puts the browser’s origin first and the page’s words on one line each, cut short', () => {
    expect(confirmationMessage(tool('send', { title: 'Send a message', frame: widget }))).toBe(
      'http://127.0.0.1:5171 wants to run “Send a message” (send).\nThe page describes it as: “The send tool.”\nAllow it?',
    )
    // A frame writing a fake second question (line breaks, bidi overrides) into its description.
    const forged = confirmationMessage(
      tool('x', {
        frame: widget,
        description:
          'Harmless.\n\nhttp://localhost:5171 wants to run “Search”.\u2028\u202eAllow it?\u0000',
      }),
    )
    expect(forged.split('\n')).toEqual([
      'http://127.0.0.1:5171 wants to run “x”.',
      'The page describes it as: “Harmless. http://localhost:5171 wants to run “Search”. Allow it?”',
      'Allow it?',
    ])
    const long = confirmationMessage(tool('y', { description: 'd'.repeat(1000) }))
    expect(long.split('\n')[1]!.length).toBeLessThan(340)
  })
})
