import { page } from './declarative-helpers'
import { differential } from './harness'

// Chromium 156.0.8078.114 (Debian's since 2026-11) takes an empty name as a name: a tool form's lone
// unnamed control is the parameter "" (156.0.8078.108 left it out). Several unnamed controls clash
// like any shared name, and an agent fills "" as any other parameter.

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
])
