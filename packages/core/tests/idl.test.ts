import { describe, expect, it } from 'vitest'
import { SHAPES } from '../src/webidl-shape'
import { readIdl } from './idl-data'

// src/webidl-shape.ts carries a compact copy of src/webmcp.idl (the polyfill does not parse IDL at
// run time): the two must say the same.
describe('webidl-shape', () => {
  it('SHAPES is src/webmcp.idl: every interface, its constructor length and members in order', () => {
    const fromIdl = readIdl().map(({ name, partial, constructorLength, members }) => [
      name,
      partial ? -1 : (constructorLength ?? 0),
      members
        .map((m) => `${m.name}${m.kind === 'operation' ? m.length : m.readonly ? '-' : '='}`)
        .join(' '),
    ])
    expect(SHAPES).toEqual(fromIdl)
  })
})
