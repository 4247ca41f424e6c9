import { page } from './declarative-helpers'
import { differential } from './harness'

// What a tool form reads outside itself: controls associated by `form=`, labels elsewhere, and
// forms that become tools (or stop being tools). The polyfill watches the whole document only for
// what can make or unmake a tool form (src/forms/tools.ts), and everything of a tool form and of
// what it reads: these cases hold it to native Chromium where those meet.

/** `[what changes, the toolchange events native fires for it, the change]` */
type Step = [string, number, () => unknown]

/** Runs the steps; logs each one's `toolchange` count and `show()` after it. */
async function steps(list: Step[], show = () => params()): Promise<string[]> {
  const log = [`start: ${await show()}`]
  for (const [label, events, change] of list) {
    const count = await d.step(change, events)
    log.push(`${label}: ${count} ${await show()}`)
  }
  return log
}

declare global {
  /** The steps runner, in the page. */
  var steps: (list: Step[], show?: () => Promise<string>) => Promise<string[]>
  /** Tool `name`'s parameters: `name(description)*` for each (`*` required). */
  var params: (name?: string) => Promise<string>
}

function installSteps(run: typeof steps) {
  window.steps = run
  window.params = async (name = 't') => {
    const schema = (await d.tool(name))?.inputSchema as
      | {
          properties: Record<string, { description?: string; enum?: string[] }>
          required: string[]
        }
      | undefined
    if (!schema) return '-'
    return Object.entries(schema.properties)
      .map(
        ([key, value]) =>
          `${key}(${value.description ?? ''}${value.enum ? `[${value.enum.join()}]` : ''})` +
          (schema.required.includes(key) ? '*' : ''),
      )
      .join(' ')
  }
}

/** The lines of `text`, trimmed, without the empty ones. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** The tool form `id`, named after its id. */
const toolForm = (id: string, inner: string) =>
  `<form id=${id} toolname=${id} tooldescription=d>${inner}</form>`

const outside = (body: string) =>
  page(`<script>(${installSteps.toString()})(${steps.toString()})</script>${body}`)

differential('declarative: what a tool form reads outside itself', [
  {
    name: 'a form= control elsewhere: its attributes derive the form, its options and label wait, leaving counts',
    path: outside(
      '<form id=f toolname=t tooldescription=d><input name=a></form>' +
        '<div id=out><label>Outer <input id=o form=f name=o></label>' +
        '<select id=s form=f name=s><option>1</option></select></div><p id=other></p>',
    ),
    run: () => {
      const o = document.getElementById('o') as HTMLInputElement
      const s = document.getElementById('s') as HTMLSelectElement
      const label = o.parentElement!
      return steps([
        ['required', 2, () => (o.required = true)],
        ['class', 0, () => o.classList.add('c')],
        ['label text', 0, () => (label.firstChild as Text).replaceData(0, 5, 'Edited')],
        ['then a class', 2, () => o.classList.add('d')],
        ['option added', 0, () => s.append(new Option('2'))],
        ['then the select’s class', 2, () => s.classList.add('c')],
        [
          'an attribute elsewhere',
          0,
          () => document.getElementById('other')!.setAttribute('title', 'x'),
        ],
        ['removed', 2, () => o.remove()],
        ['back, with no form=', 0, () => (o.removeAttribute('form'), document.body.append(o))],
        ['given form=f', 2, () => o.setAttribute('form', 'f')],
      ])
    },
    expected: lines(`
      start: a() o(Outer) s([1])
      required: 2 a() o(Outer)* s([1])
      class: 0 a() o(Outer)* s([1])
      label text: 0 a() o(Outer)* s([1])
      then a class: 2 a() o(Edited)* s([1])
      option added: 0 a() o(Edited)* s([1])
      then the select’s class: 2 a() o(Edited)* s([1,2])
      an attribute elsewhere: 0 a() o(Edited)* s([1,2])
      removed: 2 a() s([1,2])
      back, with no form=: 0 a() s([1,2])
      given form=f: 2 a() s([1,2]) o()*
    `),
  },
  {
    name: 'a <label for> elsewhere: its text waits for the next derivation; pointed elsewhere it no longer counts',
    path: outside(
      '<label id=l for=x>Far</label><p><input id=y></p>' +
        '<form id=f toolname=t tooldescription=d><input id=x name=x></form>',
    ),
    run: () => {
      const x = document.getElementById('x') as HTMLInputElement
      const label = document.getElementById('l')!
      return steps([
        ['text', 0, () => (label.textContent = 'Near')],
        ['then a class of the control', 2, () => x.classList.add('c')],
        ['pointed elsewhere', 0, () => label.setAttribute('for', 'y')],
        ['then a class of the control', 2, () => x.classList.add('d')],
        ['back', 0, () => label.setAttribute('for', 'x')],
        ['the control’s id changed and back', 2, () => ((x.id = 'z'), (x.id = 'x'))],
        ['then a class of the control', 0, () => x.classList.add('e')],
        ['the label removed', 0, () => label.remove()],
      ])
    },
    expected: lines(`
      start: x(Far)
      text: 0 x(Far)
      then a class of the control: 2 x(Near)
      pointed elsewhere: 0 x(Near)
      then a class of the control: 2 x()
      back: 0 x()
      the control’s id changed and back: 2 x(Near)
      then a class of the control: 0 x(Near)
      the label removed: 0 x(Near)
    `),
  },
  {
    name: 'a plain form becomes a tool form and a plain one again; its changes in between do not count',
    path: outside('<form id=f><label>One <input id=a name=a></label></form>'),
    run: () => {
      const f = document.getElementById('f') as HTMLFormElement
      const a = document.getElementById('a') as HTMLInputElement
      const text = a.previousSibling as Text
      return steps([
        ['a class while plain', 0, () => a.classList.add('c')],
        ['toolname', 0, () => f.setAttribute('toolname', 't')],
        ['tooldescription', 1, () => f.setAttribute('tooldescription', 'd')],
        ['label text', 0, () => (text.data = 'Two ')],
        ['then required', 2, () => (a.required = true)],
        ['tooldescription removed', 1, () => f.removeAttribute('tooldescription')],
        ['edited while plain', 0, () => ((text.data = 'Three '), (a.name = 'b'))],
        ['tooldescription again', 1, () => f.setAttribute('tooldescription', 'd')],
      ])
    },
    expected: lines(`
      start: -
      a class while plain: 0 -
      toolname: 0 -
      tooldescription: 1 a(One)
      label text: 0 a(One)
      then required: 2 a(Two)*
      tooldescription removed: 1 -
      edited while plain: 0 -
      tooldescription again: 1 b(Three)*
    `),
  },
  {
    name: 'a control moving between tool forms: by form=, by the tree, by a second form taking the id',
    path: outside(
      toolForm('f', '<input id=x name=x>') +
        toolForm('g', '<input name=y>') +
        '<input id=o name=o form=g>',
    ),
    run: () => {
      const x = document.getElementById('x')!
      const show = async () => `f:${await params('f')} g:${await params('g')}`
      return steps(
        [
          ['form=g on a control of f', 4, () => x.setAttribute('form', 'g')],
          ['form= removed', 4, () => x.removeAttribute('form')],
          ['moved into g', 4, () => document.getElementById('g')!.append(x)],
          [
            'a plain form takes g’s id before it',
            2,
            () => {
              const plain = document.createElement('form')
              document.body.prepend(plain)
              plain.id = 'g'
            },
          ],
          ['g’s id given back', 2, () => document.body.firstElementChild!.removeAttribute('id')],
        ],
        show,
      )
    },
    expected: lines(`
      start: f:x() g:y() o()
      form=g on a control of f: 4 f: g:x() y() o()
      form= removed: 4 f:x() g:y() o()
      moved into g: 4 f: g:y() x() o()
      a plain form takes g’s id before it: 2 f: g:y() x()
      g’s id given back: 2 f: g:y() x() o()
    `),
  },
  {
    name: 'a form= image button elsewhere, removed; a form-associated custom element elsewhere, leaving',
    path: outside(
      '<form id=f toolname=t tooldescription=d><input name=a><input name=b></form>' +
        '<input id=img type=image form=f name=a><c-el id=c form=f name=c></c-el>' +
        `<script>customElements.define('c-el', class extends HTMLElement {
          static formAssociated = true
          constructor() { super(); this.attachInternals().setToolParamSchema?.('{"type":"string"}') }
        })</script>`,
    ),
    run: () => {
      const image = document.getElementById('img')!
      const custom = document.getElementById('c')!
      return steps([
        ['the image removed', 2, () => image.remove()],
        ['the custom element removed', 2, () => custom.remove()],
        ['put back', 2, () => document.body.append(custom)],
      ])
    },
    expected: lines(`
      start: b() c()
      the image removed: 2 a() b() c()
      the custom element removed: 2 a() b()
      put back: 2 a() b() c()
    `),
  },
])
