import { page } from './declarative-helpers'
import { differential } from './harness'

// Form-associated custom elements as tool parameters, as native Chromium 156 has them with the
// experimental flag (WebMCPFormAssociatedCustomElements): ElementInternals.setToolParamSchema() and
// the element's toolFillCallback(json). The polyfill: src/custom-elements.ts.

/** What the cases get in the page, besides `d`: see `defineElements`. */
interface Page {
  /** What the custom elements' `toolFillCallback`s received, and what the case logged. */
  fills: string[]
  /** Resolves once a form added now is listed: every DOM change made before has been applied. */
  settled(): Promise<void>
  /** Each tool's (but the sentinels') schema properties and required list, by tool name. */
  schemas(): Promise<Record<string, string>>
}

/** Defines `<x-el>`, `<y-el>` and `<z-el>`, and the helpers of `Page`, in the page. */
function defineElements() {
  const w = window as unknown as Page
  const mc = document.modelContext!
  let sentinels = 0
  w.fills = []
  w.settled = async () => {
    const name = `sentinel${++sentinels}`
    const sentinel = document.createElement('form')
    sentinel.setAttribute('toolname', name)
    sentinel.setAttribute('tooldescription', 'd')
    document.body.append(sentinel)
    while (!(await mc.getTools()).some((t) => t.name === name)) await d.changes()
  }
  w.schemas = async () => {
    await w.settled()
    const out: Record<string, string> = {}
    for (const t of await mc.getTools()) {
      const { properties, required } = t.inputSchema as { properties: object; required: string[] }
      if (!t.name.startsWith('sentinel'))
        out[t.name] = `${JSON.stringify(properties)} required ${JSON.stringify(required)}`
    }
    return out
  }
  class X extends HTMLElement {
    static formAssociated = true
    internals = this.attachInternals() as NonNullable<HTMLElement['internals']>
    toolFillCallback(json: string) {
      w.fills.push(`${this.id}:${json}`)
      if (this.id === 'boom') throw new Error('boom')
    }
  }
  customElements.define('x-el', X)
  // Form-associated, given a toolFillCallback only after define().
  class Y extends HTMLElement {
    static formAssociated = true
    internals = this.attachInternals() as NonNullable<HTMLElement['internals']>
  }
  customElements.define('y-el', Y)
  ;(Y.prototype as unknown as { toolFillCallback(): void }).toolFillCallback = () =>
    w.fills.push('added later')
  // Not form-associated.
  class Z extends HTMLElement {
    internals = this.attachInternals() as NonNullable<HTMLElement['internals']>
  }
  customElements.define('z-el', Z)
}

const DEFINE = `<script>(${defineElements.toString()})()</script>`

declare global {
  interface HTMLElement {
    /** The element's ElementInternals, as the page's classes keep it. */
    internals?: ElementInternals & { setToolParamSchema(json: string | null): void }
  }
  var fills: string[]
  var settled: Page['settled']
  var schemas: Page['schemas']
}

const form = (name: string, inner: string) =>
  `<form id=${name} toolname=${name} tooldescription=d toolautosubmit>${inner}</form>`

differential('form-associated custom elements as tool parameters', [
  {
    name: 'setToolParamSchema(): any string or null; TypeError without an argument or on another object',
    path: page(
      `${DEFINE}<form toolname=t tooldescription=d><x-el id=x name=x></x-el><z-el id=z></z-el></form>`,
    ),
    run: () => {
      const x = document.getElementById('x')!.internals!
      const z = document.getElementById('z')!.internals!
      const attempt = (fn: () => unknown) => {
        try {
          return ['ok', fn()]
        } catch (error) {
          return [(error as Error).name]
        }
      }
      const proto = ElementInternals.prototype as unknown as {
        setToolParamSchema(json: unknown): void
      }
      return [
        ...['{"type":"string"}', 'not json', '5', '[1]', '"s"', 'null', null, undefined, {}, 7].map(
          (value) => attempt(() => x.setToolParamSchema(value as string)),
        ),
        attempt(() => (x.setToolParamSchema as () => void)()),
        attempt(() => z.setToolParamSchema('{}')),
        attempt(() => proto.setToolParamSchema.call({}, '{}')),
      ]
    },
    expected: [
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      ['ok', undefined],
      ['TypeError'],
      ['ok', undefined],
      ['TypeError'],
    ],
  },
  {
    name: 'the schema enters the form’s: parsed and written again, in tree order, never required, by its own name',
    path: page(
      DEFINE +
        [
          form('ws', '<x-el id=ws1 name=v required></x-el>'),
          form(
            'kinds',
            '<x-el id=k1 name=arr></x-el><x-el id=k2 name=empty></x-el><x-el id=k3 name=text></x-el><x-el id=k4 name=none></x-el>',
          ),
          form(
            'off',
            '<x-el id=o1 name=v disabled></x-el><x-el id=o2 name=w readonly></x-el><fieldset disabled><x-el id=o3 name=u></x-el></fieldset>',
          ),
          form(
            'clash',
            '<x-el id=c1 name=v></x-el><input name=v><x-el id=c2 name=w></x-el><x-el id=c3 name=w></x-el>',
          ),
          form(
            'order',
            '<input name=a><x-el id=r1 name=v></x-el><input name=b required><x-el id=r2 name=" s "></x-el><x-el id=r3 name=""></x-el><x-el id=r4></x-el>',
          ),
          form('owner', '<input name=a>'),
        ].join('') +
        '<x-el id=w1 name=outside form=owner></x-el>',
    ),
    run: async () => {
      const set = (id: string, json: string) =>
        document.getElementById(id)!.internals!.setToolParamSchema(json)
      set('ws1', ' { "type" : "string" , "a": 1.50, "b": "\\u0041", "c": [ true, null ] } ')
      set('k1', '[1, 2]')
      set('k2', '{}')
      set('k3', 'text')
      for (const id of ['o1', 'o2', 'o3', 'c1', 'c2', 'c3', 'r1', 'r2', 'r3', 'r4', 'w1'])
        set(id, '{"type":"string"}')
      return schemas()
    },
    expected: {
      clash: '{} required []',
      kinds: '{"empty":{}} required []',
      off: '{"v":{"type":"string"},"w":{"type":"string"},"u":{"type":"string"}} required []',
      order:
        '{"a":{"type":"string"},"v":{"type":"string"},"b":{"type":"string"}," s ":{"type":"string"}} required ["b"]',
      owner: '{"a":{"type":"string"},"outside":{"type":"string"}} required []',
      ws: '{"v":{"type":"string","a":1.5,"b":"A","c":[true,null]}} required []',
    },
  },
  {
    name: 'a description (toolparamdescription, else labels, else aria-description) replaces the schema’s',
    path: page(
      DEFINE +
        form(
          'desc',
          '<x-el id=d1 name=plain></x-el><x-el id=d2 name=own></x-el>' +
            '<x-el id=d3 name=param toolparamdescription=PD></x-el>' +
            '<label>Label <x-el id=d4 name=label></x-el></label>' +
            '<label for=d5>One</label><label for=d5>Two</label><x-el id=d5 name=two></x-el>' +
            '<x-el id=d6 name=aria aria-description=AD></x-el>' +
            '<label>Outer <x-el id=d7 name=nested toolparamdescription=ND>inner text</x-el></label>',
        ),
    ),
    run: async () => {
      const own = '{"description":"own","type":"string"}'
      const ids = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7']
      ids.forEach((id, i) =>
        document.getElementById(id)!.internals!.setToolParamSchema(i ? own : '{"type":"string"}'),
      )
      return schemas()
    },
    expected: {
      desc:
        '{"plain":{"type":"string"},"own":{"description":"own","type":"string"},' +
        '"param":{"description":"PD","type":"string"},"label":{"description":"Label","type":"string"},' +
        '"two":{"description":"One; Two","type":"string"},"aria":{"description":"AD","type":"string"},' +
        '"nested":{"description":"ND","type":"string"}} required []',
    },
  },
  {
    name: 'toolFillCallback(json) after the built-in controls are filled, in input order, before the submit',
    path: page(
      DEFINE +
        form(
          't',
          '<input name=a><x-el id=p name=p></x-el><y-el id=y name=y></y-el><x-el id=boom name=boom></x-el>' +
            '<input type=checkbox name=c><x-el id=q name=q></x-el>',
        ),
    ),
    run: async ({ mc }) => {
      const w = { fills }
      for (const id of ['p', 'y', 'boom', 'q'])
        document.getElementById(id)!.internals!.setToolParamSchema('{"type":"string"}')
      await settled()
      const f = document.getElementById('t')!
      for (const type of ['input', 'change'])
        f.addEventListener(type, (e) =>
          w.fills.push(`${type}:${(e.target as HTMLInputElement).name}`),
        )
      f.addEventListener('submit', (e) => {
        w.fills.push('submit')
        e.preventDefault()
        e.respondWith('done')
      })
      mc.addEventListener('toolactivated', () => w.fills.push('toolactivated'))
      addEventListener('error', (e) => {
        w.fills.push(`reported:${e.message.includes('boom')}`)
        e.preventDefault()
      })
      const tool = (await d.tool())!
      const input = { q: { deep: [1, 'z'] }, boom: 'b', a: 'A', y: 'Y', p: 1.5, c: true }
      const results = [await d.settle(mc.executeTool(tool, input))]
      results.push(await d.settle(mc.executeTool(tool, { q: null, p: '' })))
      return [...results, ...w.fills]
    },
    expected: [
      'ok:string:done',
      'ok:string:done',
      'input:a',
      'change:a',
      'input:c',
      'change:c',
      'q:{"deep":[1,"z"]}',
      'boom:"b"',
      'reported:true',
      'p:1.5',
      'submit',
      'toolactivated',
      'q:null',
      'p:""',
      'submit',
      'toolactivated',
    ],
  },
  {
    name: 'what re-registers: a changed schema (twice toolchange), the element coming or going, an upgrade; not a rename',
    path: page(DEFINE + form('t', '<input name=a><x-el id=x name=x></x-el><x-el id=x2></x-el>')),
    run: async ({ mc }) => {
      let changes = 0
      mc.addEventListener('toolchange', () => changes++)
      /** The toolchange events since `from`, but the sentinel's (see `settled`). */
      const after = async (from: number) => {
        await settled()
        return changes - from - 1
      }
      const keys = async () =>
        Object.keys((await d.tool())!.inputSchema!.properties as object).join()
      const x = document.getElementById('x')!
      const out: unknown[] = []
      const step = async (label: string, change: () => void) => {
        const from = changes
        change()
        out.push(`${label}:${await after(from)}:${await keys()}`)
      }
      await settled()
      await step('schema', () => x.internals!.setToolParamSchema('{"type":"string"}'))
      await step('same schema', () => x.internals!.setToolParamSchema('{"type":"string"}'))
      await step('same, other text', () => x.internals!.setToolParamSchema('{ "type":"string" }'))
      await step('other order', () =>
        x.internals!.setToolParamSchema('{"title":"T","type":"string"}'),
      )
      await step('not an object', () => x.internals!.setToolParamSchema('[]'))
      await step('again', () => x.internals!.setToolParamSchema('{"type":"number"}'))
      await step('unnamed one', () =>
        document.getElementById('x2')!.internals!.setToolParamSchema('{"type":"number"}'),
      )
      await step('rename', () => x.setAttribute('name', 'renamed'))
      await step('description', () => x.setAttribute('toolparamdescription', 'D'))
      await step('removed', () => x.remove())
      await step('inserted', () => document.getElementById('t')!.append(x))
      await step('null', () => x.internals!.setToolParamSchema(null))
      const late = document.createElement('late-el')
      late.setAttribute('name', 'late')
      await step('undefined element', () => document.getElementById('t')!.append(late))
      await step('upgraded', () =>
        customElements.define(
          'late-el',
          class extends HTMLElement {
            static formAssociated = true
            constructor() {
              super()
              ;(this.attachInternals() as NonNullable<HTMLElement['internals']>).setToolParamSchema(
                '{"type":"boolean"}',
              )
            }
          },
        ),
      )
      return out
    },
    expected: [
      'schema:2:a,x',
      'same schema:0:a,x',
      'same, other text:0:a,x',
      'other order:2:a,x',
      'not an object:2:a',
      'again:2:a,x',
      'unnamed one:0:a,x',
      'rename:0:a,x',
      'description:0:a,x',
      'removed:2:a',
      'inserted:2:a,renamed',
      'null:2:a',
      'undefined element:0:a',
      'upgraded:2:a,late',
    ],
  },
])
