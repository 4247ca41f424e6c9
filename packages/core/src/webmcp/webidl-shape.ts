// Gives the polyfill's classes the shape WebIDL gives native interfaces (webmcp.idl), as Chromium
// lays them out: the interface object named as the interface; on the prototype the attributes (in
// the order they were defined), then the operations by name, all enumerable, accessors named
// `get x` / `set x`, then `constructor` and `@@toStringTag`. Class syntax gives none of that (and a
// minifier renames the classes), so it is applied once the classes exist. The differential suite's
// WebIDL checks (tests/conformance/idl.test.ts, generated from webmcp.idl) hold it to native.

const named = (fn: unknown, name: string) =>
  fn && Object.defineProperty(fn, 'name', { value: name })

/**
 * Shapes `interfaces` (interface name → class, and the message of calling it without `new`).
 * Returns the interface objects: each class behind a proxy whose call throws that message, as
 * Chromium's interface objects do (a class's own call throws the engine's message).
 */
export function shapeInterfaces(
  interfaces: Record<string, [iface: { prototype: object }, called: string]>,
): Record<string, object> {
  const objects: Record<string, object> = {}
  for (const [name, [iface, called]] of Object.entries(interfaces)) {
    named(iface, name)
    const object = (objects[name] = new Proxy(iface, {
      apply() {
        throw new TypeError(called)
      },
    }))
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
    ;(shaped.constructor as PropertyDescriptor).value = object
    delete proto[Symbol.toStringTag]
    shaped[Symbol.toStringTag] = { value: name, configurable: true }
    Object.defineProperties(proto, shaped)
  }
  return objects
}
