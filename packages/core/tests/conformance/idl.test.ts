import { readIdl } from '../idl-data'
import { differential } from './harness'
import type { Case, Helpers } from './harness'
import type { IdlInterface, IdlMember } from '../idl-data'

// The WebIDL checks, generated from src/webmcp/webmcp.idl (idlharness-style): one case per interface
// object and one per member, so that a member added to the IDL is checked in native Chromium and in
// the polyfill without writing a case. Each case measures the shape in the page; the expected
// shape is what WebIDL's JavaScript binding gives the IDL.

/** What a page measures of a property: its descriptor, with functions as [name, length]. */
type Shape = Record<string, unknown>

/** Runs in the page: the interface object of `name` and its prototype. */
async function measureInterface({ capture }: Helpers, name: string): Promise<Shape> {
  const hook = Symbol.for('webmcp-kit/polyfill')
  const global = globalThis as unknown as Record<string, unknown>
  const iface = global[name] as (new (...args: unknown[]) => object) & { prototype: object }
  const flags = (d?: PropertyDescriptor) => d && [d.writable, d.enumerable, d.configurable]
  const proto = iface.prototype
  const tag = Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag)
  const constructor = Object.getOwnPropertyDescriptor(proto, 'constructor')
  return {
    global: flags(Object.getOwnPropertyDescriptor(globalThis, name)),
    type: typeof iface,
    name: iface.name,
    length: iface.length,
    // The polyfill's hook (a documented extra own property) is left out.
    own: Reflect.ownKeys(iface)
      .filter((key) => key !== hook)
      .map(String),
    prototype: flags(Object.getOwnPropertyDescriptor(iface, 'prototype')),
    inherits: Object.getPrototypeOf(iface) === global[Object.getPrototypeOf(iface).name as string],
    parent: Object.getPrototypeOf(iface).name,
    protoParent: Object.getPrototypeOf(proto) === Object.getPrototypeOf(iface).prototype,
    keys: Reflect.ownKeys(proto).map(String),
    constructor: [...flags(constructor)!, constructor?.value === iface],
    tag: [tag?.value, ...flags(tag)!],
    toString: Object.prototype.toString.call(proto),
    call: await capture(() => (iface as unknown as () => unknown)()),
    construct: await capture(() => {
      new iface()
    }),
  }
}

/** Runs in the page: member `key` of the prototype of `name`, and its brand check. */
async function measureMember({ capture }: Helpers, [name, key]: [string, string]): Promise<Shape> {
  const proto = (globalThis as unknown as Record<string, { prototype: object }>)[name]!.prototype
  const d = Object.getOwnPropertyDescriptor(proto, key)
  if (!d) return { missing: true }
  const fn = (f?: unknown) => typeof f === 'function' && [f.name, f.length]
  const target = d.get ?? (d.value as (...args: unknown[]) => unknown)
  return {
    kind: d.get ? 'accessor' : typeof d.value,
    value: fn(d.value),
    get: fn(d.get),
    set: fn(d.set),
    flags: [d.writable, d.enumerable, d.configurable],
    // On an object that is not an instance (a promise-returning operation rejects instead).
    brand: await capture(() => target.call({}, null)),
    setBrand: d.set ? await capture(() => d.set!.call({}, null)) : false,
  }
}

/** A case whose `run` is `measure` applied to `arg` (the harness sends `run` as source text). */
function generated<A>(
  name: string,
  measure: (h: Helpers, arg: A) => unknown,
  arg: A,
  expected: Shape,
): Case {
  const run = new Function('h', `return (${measure.toString()})(h, ${JSON.stringify(arg)})`)
  return { name, run: run as Case['run'], expected }
}

const interfaceCase = (idl: IdlInterface): Case => {
  const shape = {
    global: [true, false, true],
    type: 'function',
    name: idl.name,
    length: idl.constructorLength ?? 0,
    own: ['length', 'name', 'prototype'],
    prototype: [false, false, false],
    inherits: true,
    parent: idl.inheritance,
    protoParent: true,
    keys: [...idl.members.map((m) => m.name), 'constructor', 'Symbol(Symbol.toStringTag)'],
    constructor: [true, false, true, true],
    tag: [idl.name, false, false, true],
    toString: `[object ${idl.name}]`,
    call: ['err', 'TypeError'],
    // A constructor with required arguments throws without them; no constructor at all throws too.
    construct: idl.constructorLength === 0 ? ['ok', undefined] : ['err', 'TypeError'],
  }
  return {
    ...generated(`interface ${idl.name}`, measureInterface, idl.name, shape),
    engines: {
      firefox: {
        expected: { ...shape, own: ['prototype', 'name', 'length'] },
        reason:
          'SpiderMonkey gives a class its own "prototype" first, and that property cannot be deleted to reorder them',
      },
    },
  }
}

/** Why a `SubmitEvent` member's brand check words its TypeError otherwise (docs/conformance.md, Engines). */
const SUBMITTER =
  "the brand check is the engine's own SubmitEvent submitter getter, in the engine's words"

const memberCase = (idl: IdlInterface, member: IdlMember): Case => {
  const attribute = member.kind === 'attribute'
  const own = idl.name === 'SubmitEvent' && { messages: { firefox: SUBMITTER, webkit: SUBMITTER } }
  return {
    ...memberShape(idl, member, attribute),
    ...own,
  }
}

const memberShape = (idl: IdlInterface, member: IdlMember, attribute: boolean): Case =>
  generated(`${idl.name}.prototype.${member.name}`, measureMember, [idl.name, member.name], {
    kind: attribute ? 'accessor' : 'function',
    value: !attribute && [member.name, member.length],
    get: attribute && [`get ${member.name}`, 0],
    set: attribute && !member.readonly && [`set ${member.name}`, 1],
    flags: [attribute ? undefined : true, true, true],
    brand: ['err', 'TypeError'],
    setBrand: attribute && !member.readonly && ['err', 'TypeError'],
  })

const idl = readIdl()
differential(
  'WebIDL (generated from src/webmcp/webmcp.idl)',
  idl.flatMap((i) => [
    ...(i.partial ? [] : [interfaceCase(i)]),
    ...i.members.map((m) => memberCase(i, m)),
  ]),
)
