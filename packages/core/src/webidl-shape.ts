// Gives the polyfill's classes the shape WebIDL gives native interfaces (webmcp.idl): interface
// objects named as the interface with the constructor's length, members enumerable, in the IDL's
// order, then `constructor` and `@@toStringTag`, accessors named `get x` / `set x` and operations
// with the length of their required arguments. Class syntax gives none of that (and a minifier
// renames the classes), so it is applied once the classes exist.

/**
 * The interfaces of webmcp.idl, as `[name, constructor length, members]`: the length is `-1` for a
 * partial interface (only its members are the polyfill's); a member is `x=` (a read-write
 * attribute), `x-` (read-only) or `xN` (an operation of length N). tests/idl.test.ts derives this
 * table from webmcp.idl and fails when they differ.
 */
export const SHAPES: ReadonlyArray<readonly [name: string, length: number, members: string]> = [
  ['Document', -1, 'modelContext-'],
  [
    'ModelContext',
    0,
    'ontoolchange= ontoolactivated= ontoolcancel= executeTool1 getTools0 registerTool1',
  ],
  ['ToolActivatedEvent', 1, 'toolName-'],
  ['ToolCancelEvent', 1, 'toolName-'],
  ['SubmitEvent', -1, 'agentInvoked- respondWith1'],
  ['ElementInternals', -1, 'setToolParamSchema1'],
]

const rename = (fn: unknown, name: string, length: number) => {
  if (typeof fn === 'function') {
    Object.defineProperty(fn, 'name', { value: name })
    Object.defineProperty(fn, 'length', { value: length })
  }
}

/** Moves `key` of `target` to the end of its own keys, as it is (nothing when absent). */
const move = (
  target: object,
  key: PropertyKey,
  descriptor = Object.getOwnPropertyDescriptor(target, key),
) => {
  if (descriptor && delete (target as Record<PropertyKey, unknown>)[key]) {
    Object.defineProperty(target, key, descriptor)
  }
}

/**
 * Shapes the interfaces of `global` that the polyfill defined (members it did not define are left
 * alone). Safe to call again.
 */
export function shapeInterfaces(global: Record<string, unknown>): void {
  for (const [name, length, members] of SHAPES) {
    const iface = global[name] as { prototype: object } | undefined
    if (!iface) continue
    const proto = iface.prototype
    for (const [, key = '', kind = ''] of members.matchAll(/(\w+)(\S)/g)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)
      if (!descriptor) continue
      descriptor.enumerable = true
      rename(descriptor.value, key, +kind)
      rename(descriptor.get, `get ${key}`, 0)
      rename(descriptor.set, `set ${key}`, 1)
      // A whole interface's members are defined again, in order; a partial's keep their place.
      if (length < 0) Object.defineProperty(proto, key, descriptor)
      else move(proto, key, descriptor)
    }
    if (length < 0) continue
    rename(iface, name, length)
    move(proto, 'constructor')
    move(proto, Symbol.toStringTag, {
      value: name,
      writable: false,
      enumerable: false,
      configurable: true,
    })
  }
}
