import { describe, expect, it } from 'vitest'
import { nameTools, ToolNames } from '../src/mcp/tool-names'
import { tool, widget } from './page-tools'
import type { PageTool } from '../src/types'

/** A tool of a document at `origins` (the top's first) in frame `frameId`. */
const at = (frameId: string, origins: string[], name: string, documents?: string[]): PageTool =>
  tool(name, {
    frame: { url: `${origins.at(-1)}/`, origin: origins.at(-1)!, top: origins.length === 1 },
    owner: { frameId, origins, ...(documents && { documents }) },
  })
const A = 'http://localhost:5171'
const B = 'http://127.0.0.1:5171'
const D = 'http://d.localhost:5171'
const names = (named: Array<{ name: string }>) => named.map((t) => t.name)

describe('nameTools', () => {
  it('keeps unique names, and numbers the same name in later frames', () => {
    const named = nameTools([
      tool('a'),
      tool('b'),
      tool('a', { frame: widget }),
      tool('a', { frame: widget }),
    ])
    expect(named.map((t) => t.name)).toEqual(['a', 'b', 'a.2', 'a.3'])
    expect(named[2]!.tool.frame).toBe(widget)
  })

  it('skips a suffixed name that some frame registered itself', () => {
    const named = nameTools([
      tool('a'),
      tool('a', { frame: widget }),
      tool('a.2', { frame: widget }),
    ])
    expect(named.map((t) => t.name)).toEqual(['a', 'a.3', 'a.2'])
  })

  it('keeps a suffixed name within 128 characters', () => {
    const long = 'x'.repeat(128)
    const [, second] = nameTools([tool(long), tool(long, { frame: widget })])
    expect(second!.name).toBe(`${'x'.repeat(120)}.2`)
  })
})

describe('ToolNames', () => {
  it('keeps a name with its tool: a frame earlier in the tree cannot take it later (V13)', () => {
    const registry = new ToolNames()
    expect(
      names(registry.assign([at('top', [A], 'search'), at('widget', [A, B], 'send_message')])),
    ).toEqual(['search', 'send_message'])
    // The ad frame, earlier in tree order, registers the name the client already uses.
    const later = registry.assign([
      at('top', [A], 'search'),
      at('ad', [A, D], 'send_message'),
      at('widget', [A, B], 'send_message'),
    ])
    expect(later.map((t) => [t.name, t.tool.owner?.frameId])).toEqual([
      ['search', 'top'],
      ['send_message.2', 'ad'],
      ['send_message', 'widget'],
    ])
  })

  it('never gives a name to a tool of another origin, even after its tool went away', () => {
    const registry = new ToolNames()
    registry.assign([at('widget', [A, B], 'send_message')])
    registry.assign([])
    expect(names(registry.assign([at('ad', [A, D], 'send_message')]))).toEqual(['send_message.2'])
    // Nor the ad's name to the widget's tool, once the ad is gone and the widget is back.
    expect(names(registry.assign([at('widget', [A, B], 'send_message')]))).toEqual(['send_message'])
  })

  it('passes a name on to the same place in a new frame (a page navigated back, a reloaded widget)', () => {
    const registry = new ToolNames()
    registry.assign([at('top', [A], 'find'), at('old-frame', [A, B], 'find')])
    // The top navigated away and back: its frame is new, its place (origins) the same.
    expect(
      names(registry.assign([at('top', [A], 'find'), at('new-frame', [A, B], 'find')])),
    ).toEqual(['find', 'find.2'])
    // A frame of another place does not inherit it.
    expect(
      names(registry.assign([at('top', [A], 'find'), at('other', [A, D, B], 'find')])),
    ).toEqual(['find', 'find.3'])
  })

  it('lets two live frames of one place keep their own names', () => {
    const registry = new ToolNames()
    registry.assign([at('one', [A, B], 'x'), at('two', [A, B], 'x')])
    // Listed in the other order: each keeps the name it had.
    expect(
      registry
        .assign([at('two', [A, B], 'x'), at('one', [A, B], 'x')])
        .map((t) => [t.name, t.tool.owner?.frameId]),
    ).toEqual([
      ['x.2', 'two'],
      ['x', 'one'],
    ])
  })

  it('never passes a name between frames of opaque origins: each is a party of its own', () => {
    const registry = new ToolNames()
    // Two sandboxed frames (each its own opaque origin, "null") at the same place.
    registry.assign([at('widget', [A, 'null'], 'send_message')])
    // The widget's tool is away; the ad registers the same name.
    expect(names(registry.assign([at('ad', [A, 'null'], 'send_message')]))).toEqual([
      'send_message.2',
    ])
    // The widget's tool comes back under its name; the ad keeps its own.
    expect(
      registry
        .assign([at('ad', [A, 'null'], 'send_message'), at('widget', [A, 'null'], 'send_message')])
        .map((t) => [t.name, t.tool.owner?.frameId]),
    ).toEqual([
      ['send_message.2', 'ad'],
      ['send_message', 'widget'],
    ])
  })

  it('keeps an opaque document’s name in that document only, and the same below an opaque frame', () => {
    const registry = new ToolNames()
    registry.assign([at('widget', [A, 'null'], 'send', [A, 'doc-1'])])
    // The same document: the same name.
    expect(names(registry.assign([at('widget', [A, 'null'], 'send', [A, 'doc-1'])]))).toEqual([
      'send',
    ])
    // A new document in the same frame (a new opaque origin): another party.
    expect(names(registry.assign([at('widget', [A, 'null'], 'send', [A, 'doc-2'])]))).toEqual([
      'send.2',
    ])
    // Frames of one tuple origin under two different opaque documents are at two places.
    registry.assign([at('inner-1', [A, 'null', B], 'find', [A, 'doc-3', B])])
    expect(
      names(registry.assign([at('inner-2', [A, 'null', B], 'find', [A, 'doc-4', B])])),
    ).toEqual(['find.2'])
  })

  it('never passes a name between one origin at two places', () => {
    const registry = new ToolNames()
    registry.assign([at('widget', [A, B], 'find')])
    expect(names(registry.assign([at('nested', [A, D, B], 'find')]))).toEqual(['find.2'])
    expect(names(registry.assign([at('nested-2', [A, B, B], 'find')]))).toEqual(['find.3'])
  })
})
