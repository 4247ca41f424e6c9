// Gives the polyfill's classes the shape WebIDL gives native interfaces (webmcp.idl), as Chromium
// lays them out: the interface object named as the interface; on the prototype the attributes (in
// the order they were defined), then the operations by name, all enumerable, accessors named
// `get x` / `set x`, then `constructor` and `@@toStringTag`. Class syntax gives none of that (and a
// minifier renames the classes), so it is applied once the classes exist. The differential suite's
// WebIDL checks (tests/conformance/idl.test.ts, generated from webmcp.idl) hold it to native.

const named = (fn: unknown, name: string) =>
  fn && Object.defineProperty(fn, 'name', { value: name })

/** Shapes `interfaces` (interface name → class). */
export function shapeInterfaces(interfaces: Record<string, { prototype: object }>): void {
  for (const [name, iface] of Object.entries(interfaces)) {
    named(iface, name)
    const proto = iface.prototype as Record<PropertyKey, unknown>
    const all = Object.getOwnPropertyDescriptors(proto)
    const kind = (key: string) => (all[key]!.get ? 0 : key === 'constructor' ? 2 : 1)
    const shaped: PropertyDescriptorMap = {}
    for (const key of Object.keys(all).sort(
      (a, b) => kind(a) - kind(b) || (kind(a) === 1 ? (a < b ? -1 : 1) : 0),
    )) {
      const descriptor = (shaped[key] = all[key]!)
      delete proto[key]
      if (kind(key) > 1) continue
      descriptor.enumerable = true
      named(descriptor.get, `get ${key}`)
      named(descriptor.set, `set ${key}`)
    }
    delete proto[Symbol.toStringTag]
    shaped[Symbol.toStringTag] = { value: name, configurable: true }
    Object.defineProperties(proto, shaped)
  }
}
