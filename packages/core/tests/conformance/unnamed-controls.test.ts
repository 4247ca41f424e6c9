import { page } from './declarative-helpers'
import { differential } from './harness'

// Chromium 156.0.8078.114 (Debian's since 2026-11) takes an empty name as a name: a tool form's lone
// unnamed control is the parameter "" (156.0.8078.108 left it out). Several unnamed controls clash
// like any shared name, and an agent fills "" as any other parameter. The names of listed elements
// that are no parameters (buttons, fieldsets…) count in that grouping too, so a form with an
// unnamed submit button has no "" parameter.

differential('declarative: unnamed controls (Chromium 156.0.8078.114)', [
  {
    name: 'a lone unnamed control is the parameter "", filled as any other; several clash',
    path: page(
      '<form id=one toolname=one tooldescription=d toolautosubmit><input id=x><input name=a></form>' +
        '<form toolname=blank tooldescription=d><input name="  " type=number></form>' +
        '<form toolname=two tooldescription=d><input><input name=""><input name=b></form>' +
        '<form toolname=kinds tooldescription=d><textarea></textarea><select><option>o</option></select></form>',
    ),
    run: async ({ mc }) => {
      while ((await mc.getTools()).length < 4) await d.changes()
      const schemas = Object.fromEntries(
        (await mc.getTools()).map((t) => [t.name, JSON.stringify(t.inputSchema)]),
      )
      const x = document.getElementById('x') as HTMLInputElement
      const log: string[] = []
      x.addEventListener('input', () => log.push(`input:${x.value}`))
      document.getElementById('one')!.addEventListener('submit', (e) => {
        e.preventDefault()
        e.respondWith(x.value)
      })
      const result = await d.settle(mc.executeTool((await d.tool('one'))!, { '': 'filled' }))
      return [schemas, result, log]
    },
    expected: [
      {
        blank: '{"type":"object","properties":{"":{"type":"number","multipleOf":1}},"required":[]}',
        kinds: '{"type":"object","properties":{},"required":[]}',
        one: '{"type":"object","properties":{"":{"type":"string"},"a":{"type":"string"}},"required":[]}',
        two: '{"type":"object","properties":{"b":{"type":"string"}},"required":[]}',
      },
      'ok:string:filled',
      ['input:filled'],
    ],
  },
  {
    name: 'names that count without being parameters: a parameter sharing one with a button, fieldset, output, file, image, hidden input or custom element is left out',
    path: page(''),
    run: async ({ mc }) => {
      customElements.define(
        'f-el',
        class extends HTMLElement {
          static formAssociated = true
          constructor() {
            super()
            this.attachInternals()
          }
        },
      )
      const forms = [
        '<input><button>Go</button>',
        '<input><input type=submit>',
        '<input><fieldset></fieldset>',
        '<input><output></output>',
        '<input><input type=hidden>',
        '<input><input type=file>',
        '<input name=a><input type=image name=a>',
        '<input name=a><button name=a>x</button>',
        '<input name=" a "><button name=a>x</button>',
        '<input name=a><fieldset name=a disabled></fieldset>',
        '<input name=a><input type=hidden name=a toolparamdescription=x>',
        '<input type=radio name=r value=1><button name=r>b</button>',
        '<input name=a><f-el name=a></f-el>',
        '<input><f-el></f-el>',
        '<input><input disabled>',
        '<input><input readonly>',
        '<input name=a><button name=a disabled>x</button>',
        '<input name=a><select name=a disabled></select>',
        '<fieldset disabled><input name=a></fieldset><input name=a>',
        '<input><object></object>',
      ]
      document.body.insertAdjacentHTML(
        'beforeend',
        forms.map((f, i) => `<form toolname=t${i} tooldescription=d>${f}</form>`).join(''),
      )
      while ((await mc.getTools()).length < forms.length) await d.changes()
      const tools = await mc.getTools()
      return forms.map((f, i) => {
        const tool = tools.find((t) => t.name === `t${i}`)!
        return `${f} ${Object.keys(tool.inputSchema!.properties as object).join()}`
      })
    },
    expected: [
      '<input><button>Go</button> ',
      '<input><input type=submit> ',
      '<input><fieldset></fieldset> ',
      '<input><output></output> ',
      '<input><input type=hidden> ',
      '<input><input type=file> ',
      '<input name=a><input type=image name=a> ',
      '<input name=a><button name=a>x</button> ',
      '<input name=" a "><button name=a>x</button> ',
      '<input name=a><fieldset name=a disabled></fieldset> ',
      '<input name=a><input type=hidden name=a toolparamdescription=x> ',
      '<input type=radio name=r value=1><button name=r>b</button> ',
      '<input name=a><f-el name=a></f-el> ',
      '<input><f-el></f-el> ',
      '<input><input disabled> ',
      '<input><input readonly> ',
      '<input name=a><button name=a disabled>x</button> a',
      '<input name=a><select name=a disabled></select> a',
      '<fieldset disabled><input name=a></fieldset><input name=a> a',
      '<input><object></object> ',
    ],
  },
])
