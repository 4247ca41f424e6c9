import { describe, expect, it } from 'vitest'
import { ToolActivatedEvent, ToolCancelEvent } from '../src/webmcp/events'
import { ModelContext } from '../src/webmcp/model-context'
import { shapeInterfaces } from '../src/webmcp/webidl-shape'
import { readIdl } from './idl-data'

// The install shapes the polyfill's classes (src/webidl-shape.ts); here the same call, checked
// against src/webmcp.idl in Node (its table of operation lengths included). The differential suite checks
// the installed result against native Chromium (tests/conformance/idl.test.ts).
describe('webidl-shape', () => {
  const classes = { ModelContext, ToolActivatedEvent, ToolCancelEvent }
  shapeInterfaces({
    ModelContext: [ModelContext, 'Illegal constructor'],
    ToolActivatedEvent: [ToolActivatedEvent, 'called'],
    ToolCancelEvent: [ToolCancelEvent, 'called'],
  })

  for (const idl of readIdl().filter((i) => !i.partial)) {
    it(`${idl.name}: name, length, members in order, enumerable, named, with their lengths`, () => {
      const iface = classes[idl.name as keyof typeof classes]
      const proto = iface.prototype as object
      const shape = (key: string) => {
        const d = Object.getOwnPropertyDescriptor(proto, key)!
        return {
          enumerable: d.enumerable,
          get: d.get?.name,
          set: d.set?.name,
          value: typeof d.value === 'function' ? [d.value.name, d.value.length] : undefined,
        }
      }
      expect([iface.name, iface.length]).toEqual([idl.name, idl.constructorLength ?? 0])
      expect(Reflect.ownKeys(proto).map(String)).toEqual([
        ...idl.members.map((m) => m.name),
        'constructor',
        'Symbol(Symbol.toStringTag)',
      ])
      for (const m of idl.members) {
        const attribute = m.kind === 'attribute'
        expect(shape(m.name), m.name).toEqual({
          enumerable: true,
          get: attribute ? `get ${m.name}` : undefined,
          set: attribute && !m.readonly ? `set ${m.name}` : undefined,
          value: attribute ? undefined : [m.name, m.length],
        })
      }
      expect(Object.prototype.toString.call(proto)).toBe(`[object ${idl.name}]`)
    })
  }
})
