// The declarative forms: the cost of the selector patch to the platform's own functions, and the
// schema of a large form derived again.
/** @typedef {import('../measure.mjs').Row} Row */

/** @type {Row[]} */
export const ROWS = [
  // The selector patch (:tool-form-active, src/selectors.ts): a selector that names neither
  // pseudo-class must cost nothing measurable. The reference is the same call to the function the
  // page saved before the polyfill patched it; 1,000 elements; `calls` operations per sample.
  .../** @type {[string, string, string, number, string, string][]} */ ([
    ['qsa', 'querySelectorAll', 'Document', 100, '.item > span', 'document'],
    ['matches', 'matches', 'Element', 2000, '.item > span', 'el'],
    ['closest', 'closest', 'Element', 2000, '.item', 'el'],
  ]).map(([id, method, iface, calls, selector, on]) => ({
    id: `selector-${id}`,
    name: `${method}('${selector}') (÷ the page's own ${method}, saved before the polyfill)`,
    calls,
    target: 1.05,
    inPage: true,
    samples: 21,
    query: `nopolyfill&body=${encodeURIComponent(
      `<script>window.saved = { ${method}: ${iface}.prototype.${method} }</script>` +
        '<script src="/webmcp.iife.js"></script>',
    )}`,
    setup: /** @type {Row['setup']} */ (
      new Function(
        'mc',
        'env',
        `return (async () => {
        document.body.insertAdjacentHTML('beforeend', Array.from({ length: 1000 }, (_, i) =>
          '<div class="item i' + i + '"><span>' + i + '</span></div>').join(''))
        const el = document.querySelector('.i500 > span')
        const fn = env.slot === 'reference' ? window.saved.${method} : ${iface}.prototype.${method}
        if (fn === ${iface}.prototype.${method} && env.slot === 'reference') throw new Error('not patched')
        const target = ${on}
        return async () => {
          let out
          for (let i = 0; i < ${calls}; i++) out = fn.call(target, '${selector}')
          if (!out) throw new Error('the selector matched nothing')
        }
      })()`,
      )
    ),
  })),
  {
    id: 'form-schema-200',
    name: 'derive the schema of a 200-control form',
    maxMs: 5,
    setup: async (mc) => {
      // A declarative tool with 200 labelled controls of every kind. Native derives the schema when
      // a control changes (and caches it), so one operation is: change a control, wait for the
      // re-registration (two toolchange events), and read the new schema with getTools().
      /** @type {((i: number) => string)[]} */
      const kinds = [
        (i) => `<label for=c${i}>Field ${i}</label><input id=c${i} name=c${i}>`,
        (i) => `<input type=number name=c${i} min=0 max=${i} step=0.5 aria-description="n ${i}">`,
        (i) => `<select name=c${i}><option>a</option><option value=b>B ${i}</option></select>`,
        (i) => `<label><input type=checkbox name=c${i}> Box ${i}</label>`,
        (i) => `<input type=date name=c${i} toolparamdescription="Day ${i}">`,
        (i) => `<input type=radio name=r${i - (i % 10)} value=${i}>`,
        (i) => `<textarea name=c${i} required></textarea>`,
        (i) => `<input type=email name=c${i} pattern=".+@example[.]com">`,
      ]
      const form = document.createElement('form')
      form.setAttribute('toolname', 'bench')
      form.setAttribute('tooldescription', 'A large form')
      form.innerHTML = Array.from({ length: 200 }, (_, i) => kinds[i % kinds.length]?.(i)).join('')
      /** @param {number} count */
      const changes = (count) =>
        /** @type {Promise<void>} */ (
          new Promise((resolve) => {
            let seen = 0
            const listener = () => {
              if (++seen < count) return
              mc.removeEventListener('toolchange', listener)
              resolve()
            }
            mc.addEventListener('toolchange', listener)
          })
        )
      const registered = changes(1)
      document.body.append(form)
      await registered
      const last = /** @type {HTMLInputElement} */ (form.elements[form.elements.length - 1])
      let required = false
      return async () => {
        required = !required
        const changed = changes(2)
        last.required = required
        await changed
        const [tool] = await mc.getTools()
        if (!tool || tool.inputSchema.required.includes(last.name) !== required) {
          throw new Error('the schema was not derived again')
        }
      }
    },
  },
]
