// Form-associated custom elements as tool parameters, as Chromium 156 has them behind its
// WebMCPFormAssociatedCustomElements flag (measured in tests/conformance/custom-elements.test.ts):
// `ElementInternals.prototype.setToolParamSchema(json)` gives the element a parameter schema, and
// the element's `toolFillCallback(json)` receives the agent's value.

/** The element of each `ElementInternals` attached since the polyfill installed. */
const elements = new WeakMap<ElementInternals, HTMLElement>()
/** The schema text each element was given. */
const schemas = new WeakMap<Element, string>()
/** Elements that were given a schema, for the form tools to notice them coming and going. */
const given = new Set<WeakRef<HTMLElement>>()

/** What setToolParamSchema() calls with the element whose schema changed (tools.ts). */
let changed: ((el: HTMLElement) => void) | undefined

/** The `ElementInternals` of `el`, if it was attached after the install. */
const internals = new WeakMap<Element, ElementInternals>()

/** Each custom element class's `toolFillCallback`, read when it was defined (as its reactions are). */
const fillCallbacks = new WeakMap<object, unknown>()

/**
 * The `toolFillCallback` of `el`'s class as `customElements.define()` found it (native ignores one
 * added to the prototype later); the element's own for a class defined before the install.
 */
export function fillCallbackOf(el: Element): unknown {
  const definition = customElements.get(el.localName)
  return definition && fillCallbacks.has(definition)
    ? fillCallbacks.get(definition)
    : (el as { toolFillCallback?: unknown }).toolFillCallback
}

/** `el`'s `ElementInternals` (attached after the install), for its `form` and `labels`. */
export const internalsOf = (el: Element): ElementInternals | undefined => internals.get(el)

/**
 * `el`'s parameter schema: what it gave `setToolParamSchema()`, if that parses to a JSON object
 * (anything else is no parameter, as native).
 */
export function elementSchema(el: Element): Record<string, unknown> | undefined {
  const text = schemas.get(el)
  try {
    const schema: unknown = text && JSON.parse(text)
    if (schema && typeof schema === 'object' && !Array.isArray(schema)) {
      return schema as Record<string, unknown>
    }
  } catch {
    // Not JSON: native drops the parameter too.
  }
  return undefined
}

/** Calls `fn` with each element that was given a schema and still exists. */
export function eachGiven(fn: (el: HTMLElement) => void): void {
  for (const ref of given) {
    const el = ref.deref()
    if (el) fn(el)
    else given.delete(ref)
  }
}

let patched = false
let latent = 0

/**
 * How many elements were defined or given internals: changes a form's derivation reads (its
 * listed elements, its labels) that no mutation record tells of.
 */
export const latentChanges = (): number => latent

/**
 * Defines `setToolParamSchema()` and records each `ElementInternals` attached from now on (script
 * cannot reach an earlier one's element). `onChange` is told of every call.
 */
export function patchCustomElements(onChange: (el: HTMLElement) => void): () => void {
  changed = onChange
  const proto = globalThis.ElementInternals?.prototype
  if (proto && !patched) {
    patched = true
    const { attachInternals } = HTMLElement.prototype
    const registry = CustomElementRegistry.prototype
    const { define } = registry
    registry.define = {
      define(this: CustomElementRegistry, ...args: Parameters<typeof define>) {
        define.apply(this, args)
        latent++
        fillCallbacks.set(
          args[1],
          (args[1].prototype as { toolFillCallback?: unknown }).toolFillCallback,
        )
      },
    }.define
    HTMLElement.prototype.attachInternals = {
      attachInternals(this: HTMLElement) {
        const attached = attachInternals.call(this)
        latent++
        elements.set(attached, this)
        internals.set(this, attached)
        return attached
      },
    }.attachInternals
    // An object literal's method: configurable, enumerable and writable, as WebIDL's operations.
    Object.defineProperties(
      proto,
      Object.getOwnPropertyDescriptors({
        setToolParamSchema(this: ElementInternals, jsonObjectSchema: string | null) {
          const el = elements.get(this)
          if (!el) throw new TypeError('Illegal invocation')
          if (!arguments.length) {
            throw new TypeError(
              "Failed to execute 'setToolParamSchema' on 'ElementInternals': 1 argument required, but only 0 present.",
            )
          }
          if (!schemas.has(el)) given.add(new WeakRef(el))
          // DOMString?: null and undefined remove the schema.
          schemas.set(el, jsonObjectSchema == null ? '' : `${jsonObjectSchema}`)
          changed?.(el)
        },
      }),
    )
  }
  return () => (changed = undefined)
}
