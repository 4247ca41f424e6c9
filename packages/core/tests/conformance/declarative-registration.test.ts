import { page } from './declarative-helpers'
import { differential } from './harness'

const form = (attributes: string, controls = '<input name=a>') =>
  `<form ${attributes}>${controls}</form>`

differential('declarative: which forms are tools', [
  {
    name: 'a form with toolname and tooldescription is a tool: title, description and shape',
    path: page(
      form('toolname=a tooldescription="First" tooltitle="Title A"') +
        form('toolname=b tooldescription=""') +
        form('toolname=c tooldescription="  spaced  " tooltitle=""') +
        form('toolname=d.e-f_9 tooldescription=x toolautosubmit'),
    ),
    run: async ({ mc }) => {
      const tools = await mc.getTools()
      return tools.map((tool) => [
        Object.keys(tool),
        tool.name,
        tool.title,
        tool.description,
        tool.window === window,
        tool.origin === location.origin,
      ])
    },
    expected: [
      [
        ['description', 'inputSchema', 'name', 'origin', 'title', 'window'],
        'a',
        'Title A',
        'First',
        true,
        true,
      ],
      [
        ['description', 'inputSchema', 'name', 'origin', 'title', 'window'],
        'b',
        '',
        '',
        true,
        true,
      ],
      [
        ['description', 'inputSchema', 'name', 'origin', 'title', 'window'],
        'c',
        '',
        '  spaced  ',
        true,
        true,
      ],
      [
        ['description', 'inputSchema', 'name', 'origin', 'title', 'window'],
        'd.e-f_9',
        '',
        'x',
        true,
        true,
      ],
    ],
  },
  {
    name: 'forms without both attributes or with an invalid name are not tools',
    path: page(
      form('tooldescription=d') +
        form('toolname=a') +
        form('toolname="" tooldescription=d') +
        form('toolname="bad name" tooldescription=d') +
        form('toolname=" a" tooldescription=d') +
        form(`toolname=${'n'.repeat(129)} tooldescription=d`) +
        form(`toolname=${'m'.repeat(128)} tooldescription=d`) +
        form('toolname="é" tooldescription=d') +
        form('TOOLNAME=upper TOOLDESCRIPTION=d'),
    ),
    run: async ({ mc }) => (await mc.getTools()).map((tool) => tool.name.length + tool.name[0]!),
    expected: ['128m', '5u'],
  },
  {
    name: 'the first form holding a name keeps it; a later form with that name is ignored',
    path: page(
      form('id=A toolname=x tooldescription=A') + form('id=B toolname=x tooldescription=B'),
    ),
    run: async ({ mc, until }) => {
      const log = [await d.names()]
      const c = document.createElement('form')
      c.setAttribute('toolname', 'x')
      c.setAttribute('tooldescription', 'C')
      document.body.prepend(c)
      await d.settled()
      log.push(await d.names())
      // Native lists a change to the page's forms a few tasks later.
      const changed = () => until(async () => (await d.names()) !== log.at(-1))
      // When the holder goes, the others do not take the name over until they change.
      document.getElementById('A')!.remove()
      await changed()
      await d.settled()
      log.push(await d.names())
      c.setAttribute('tooldescription', 'C2')
      await changed()
      await d.settled()
      log.push(await d.names())
      const error = await mc
        .registerTool({ name: 'x', description: 'imperative', execute: () => '' })
        .then(
          () => 'registered',
          (e: Error) => e.name,
        )
      return [...log, error]
    },
    expected: ['x:A', 'x:A', '', 'x:C2', 'InvalidStateError'],
  },
  {
    name: 'a name held by an imperative tool keeps the form out until the form changes',
    path: page('<div id=host></div>'),
    run: async ({ mc, until }) => {
      const controller = new AbortController()
      await mc.registerTool(
        { name: 'y', description: 'imperative', execute: () => '' },
        { signal: controller.signal },
      )
      document.getElementById('host')!.innerHTML = '<form id=D toolname=y tooldescription=D></form>'
      await d.settled()
      const log = [await d.names()]
      const gone = d.changes()
      controller.abort()
      await gone
      await d.settled()
      log.push(await d.names())
      document.getElementById('D')!.setAttribute('tooldescription', 'D2')
      await until(async () => (await d.names()) !== log.at(-1))
      await d.settled()
      log.push(await d.names())
      return log
    },
    expected: ['y:imperative', '', 'y:D2'],
  },
  {
    name: 'forms of frameless documents are not tools; adopted into the page they are',
    path: page(
      '<template id=tpl><form toolname=tpl tooldescription=d><input name=a></form></template>',
    ),
    run: async () => {
      const parsed = new DOMParser().parseFromString(
        '<form toolname=parsed tooldescription=d></form>',
        'text/html',
      )
      const created = document.implementation.createHTMLDocument()
      created.body.innerHTML = '<form toolname=created tooldescription=d></form>'
      await d.settled()
      const log = [await d.names()]
      const added = d.changes(3)
      document.body.append(parsed.querySelector('form')!)
      document.body.append(document.importNode(created.querySelector('form')!, true))
      const template = document.getElementById('tpl') as HTMLTemplateElement
      document.body.append(template.content.cloneNode(true))
      await added
      await d.settled()
      log.push(await d.names())
      return log
    },
    expected: ['', 'created:d,parsed:d,tpl:d'],
  },
  {
    name: 'a form in a shadow tree is a tool, updated and removed like the others',
    path: page('<div id=host></div>'),
    run: async () => {
      const root = document.getElementById('host')!.attachShadow({ mode: 'open' })
      const added = d.changes()
      root.innerHTML =
        '<label for=q>Query</label><form toolname=shadow tooldescription=d><input id=q name=q></form>'
      await added
      await d.settled()
      const log = [await d.schema('shadow')]
      const updated = d.changes(2)
      root.querySelector('input')!.required = true
      await updated
      await d.settled()
      log.push(await d.schema('shadow'))
      const removed = d.changes()
      root.querySelector('form')!.remove()
      await removed
      await d.settled()
      log.push(await d.names())
      return log
    },
    expected: [
      '{"type":"object","properties":{"q":{"type":"string","description":"Query"}},"required":[]}',
      '{"type":"object","properties":{"q":{"type":"string","description":"Query"}},"required":["q"]}',
      '',
    ],
  },
  {
    name: 'a form in a shadow tree (open, closed, nested) goes when its host leaves the document and comes back with it; moved between roots, it follows',
    path: page('<div id=open></div><div id=closed></div><div id=outer></div><div id=spare></div>'),
    run: async () => {
      const form = (name: string) =>
        `<form toolname=${name} tooldescription=d><input name=q></form>`
      const open = document.getElementById('open')!
      const closed = document.getElementById('closed')!
      const outer = document.getElementById('outer')!
      const roots = [
        open.attachShadow({ mode: 'open' }),
        closed.attachShadow({ mode: 'closed' }),
        outer.attachShadow({ mode: 'open' }),
      ]
      roots[0]!.innerHTML = form('inOpen')
      roots[1]!.innerHTML = form('inClosed')
      roots[2]!.innerHTML = '<div id=inner></div>'
      const inner = roots[2]!.getElementById('inner')!.attachShadow({ mode: 'closed' })
      inner.innerHTML = form('nested')
      const spare = document.getElementById('spare')!.attachShadow({ mode: 'open' })
      const log: string[] = []
      /** After `change`, once native's `count` toolchange events came: the tools listed. */
      const step = async (count: number, change: () => void) => {
        const changed = d.changes(count)
        change()
        await changed
        await d.settled()
        log.push(await d.names())
      }
      await step(3, () => {})
      await step(1, () => open.remove())
      await step(1, () => closed.remove())
      await step(1, () => outer.remove())
      await step(3, () => document.body.append(open, closed, outer))
      // Moved from one root to another, and back into the nested one.
      await step(2, () => spare.append(roots[0]!.querySelector('form')!))
      await step(2, () => inner.append(spare.querySelector('form')!))
      await step(2, () => outer.remove())
      return log
    },
    expected: [
      'inClosed:d,inOpen:d,nested:d',
      'inClosed:d,nested:d',
      'nested:d',
      '',
      'inClosed:d,inOpen:d,nested:d',
      'inClosed:d,inOpen:d,nested:d',
      'inClosed:d,inOpen:d,nested:d',
      'inClosed:d',
    ],
  },
  {
    name: 'a form tool of a same-origin frame is listed in the parent, not one of another origin',
    path: page('<form toolname=parent tooldescription=d><input name=a></form>'),
    run: async ({ mc, frame, otherOrigin, until }) => {
      const body = encodeURIComponent(
        '<form toolname=child tooldescription=d><input name=b></form>',
      )
      const same = await frame(`/?body=${body}`)
      await frame(`${otherOrigin}/?body=${body.replace('child', 'cross')}`)
      // The child's form tool reaches the parent's list through the polyfills of both documents.
      const listed = async () => (await mc.getTools()).some((tool) => tool.name === 'child')
      await until(listed)
      const tools = await mc.getTools({ fromOrigins: [otherOrigin] })
      return tools.map((tool) => [tool.name, tool.window === same.contentWindow])
    },
    expected: [
      ['child', true],
      ['parent', false],
    ],
  },
])

/** A form tool `a`: an input `x` with a label `l`, and a select `s` with one option. */
const LABELLED =
  `<form id=f toolname=a tooldescription=d><label id=l for=x>Lab</label><input id=x name=x>` +
  `<select name=s><option>1</option></select></form>`

differential('declarative: keeping tools in step with the DOM', [
  {
    name: 'toolchange: which changes re-register a form tool (two events) and which do nothing',
    path: page(
      `<form id=f toolname=a tooldescription=d><label for=x>Lab</label><input id=x name=x>` +
        `<select name=s><option>1</option></select></form><div id=out></div>`,
    ),
    run: async ({ mc, until }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const x = f.elements.namedItem('x') as HTMLInputElement
      const counter = d.countChanges()
      const log: string[] = []
      // [what changes, the toolchange events native fires for it, the change]
      const steps: Array<[string, number, () => void]> = [
        ['description', 2, () => f.setAttribute('tooldescription', 'd2')],
        ['same description', 0, () => f.setAttribute('tooldescription', 'd2')],
        ['title', 2, () => f.setAttribute('tooltitle', 't')],
        ['autosubmit', 2, () => f.setAttribute('toolautosubmit', '')],
        ['form class', 0, () => f.setAttribute('class', 'c')],
        [
          'control added',
          2,
          () => f.append(Object.assign(document.createElement('input'), { name: 'y' })),
        ],
        ['div added', 0, () => f.append(document.createElement('div'))],
        ['control renamed', 2, () => ((f.elements.namedItem('y') as HTMLInputElement).name = 'z')],
        ['control value', 0, () => (x.value = 'typed')],
        ['control required', 2, () => (x.required = true)],
        ['control type', 2, () => (x.type = 'number')],
        ['control min', 2, () => (x.min = '3')],
        ['control placeholder', 0, () => (x.placeholder = 'p')],
        ['control disabled', 2, () => (x.disabled = true)],
        ['control enabled', 2, () => (x.disabled = false)],
        ['renamed and back', 0, () => ((x.name = 'w'), (x.name = 'x'))],
        [
          'control outside added with form=',
          0,
          () => document.body.append(Object.assign(document.createElement('input'), { name: 'o' })),
        ],
        ['...given form=f', 2, () => document.body.lastElementChild!.setAttribute('form', 'f')],
        [
          'unrelated input',
          0,
          () => document.getElementById('out')!.append(document.createElement('input')),
        ],
        ['control removed', 2, () => x.remove()],
        ['toolname removed', 1, () => f.removeAttribute('toolname')],
        ['toolname back', 1, () => f.setAttribute('toolname', 'a')],
        ['renamed tool', 2, () => f.setAttribute('toolname', 'b')],
        ['form removed', 1, () => f.remove()],
        ['form back', 1, () => document.body.append(f)],
      ]
      for (const [label, events, step] of steps) {
        const before = counter.count
        step()
        // Native fires a form's toolchange events in tasks of their own, later still on a busy
        // machine: the events this change should cause, then any more the change caused after all.
        // One that never comes is counted as missing (the log differs) rather than waited for.
        await until(() => counter.count - before >= events).catch(() => {})
        await d.settled()
        log.push(`${label}: ${counter.count - before}`)
      }
      return [...log, await d.names(), mc instanceof EventTarget]
    },
    expected: [
      'description: 2',
      'same description: 0',
      'title: 2',
      'autosubmit: 2',
      'form class: 0',
      'control added: 2',
      'div added: 0',
      'control renamed: 2',
      'control value: 0',
      'control required: 2',
      'control type: 2',
      'control min: 2',
      'control placeholder: 0',
      'control disabled: 2',
      'control enabled: 2',
      'renamed and back: 0',
      'control outside added with form=: 0',
      '...given form=f: 2',
      'unrelated input: 0',
      'control removed: 2',
      'toolname removed: 1',
      'toolname back: 1',
      'renamed tool: 2',
      'form removed: 1',
      'form back: 1',
      'b:d2',
      true,
    ],
  },
  {
    name: 'changes are picked up within one task; an unregistration at once',
    path: page(
      form('id=f toolname=a tooldescription=d', '<input name=y>') + form('id=g tooldescription=d'),
    ),
    run: async ({ mc }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const g = document.getElementById('g') as HTMLFormElement
      const state = async () =>
        (await mc.getTools())
          .map(
            (t) =>
              t.name + t.description + Object.keys(t.inputSchema!.properties as object).join(''),
          )
          .join()
      const steps: Array<[string, () => void]> = [
        ['control renamed', () => ((f.elements.namedItem('y') as HTMLInputElement).name = 'w')],
        [
          'control added',
          () => f.append(Object.assign(document.createElement('input'), { name: 'z' })),
        ],
        ['description', () => f.setAttribute('tooldescription', 'e')],
        ['second form named', () => g.setAttribute('toolname', 'b')],
        ['toolname removed', () => g.removeAttribute('toolname')],
        ['form inserted', () => document.body.append(Object.assign(g.cloneNode(), { id: 'h' }))],
        ['...named', () => document.getElementById('h')!.setAttribute('toolname', 'c')],
        ['form removed', () => f.remove()],
      ]
      const log: string[] = []
      // One task later: a message posted after the microtasks of the change (which queue the
      // polyfill's task that derives the forms; native queues its own in the change).
      const nextTask = async () => {
        await null
        const { port1, port2 } = new MessageChannel()
        await new Promise((resolve) => {
          port1.onmessage = resolve
          port2.postMessage(0)
        })
        port1.close()
      }
      for (const [label, step] of steps) {
        step()
        // Called in the same task as the change (native defers everything but unregistration).
        const sameTask = state()
        await nextTask()
        log.push(`${label}: ${await sameTask} → ${await state()}`)
        await d.settled()
      }
      return log
    },
    expected: [
      'control renamed: ady → adw',
      'control added: adw → adwz',
      'description: adwz → aewz',
      'second form named: aewz → aewz,bda',
      'toolname removed: aewz → aewz',
      'form inserted: aewz → aewz',
      '...named: aewz → aewz,cd',
      'form removed: cd → cd',
    ],
  },
  {
    name: 'the schema is derived when the form changes, not when listed: label text and options wait',
    path: page(LABELLED),
    run: async ({ until }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const select = f.elements.namedItem('s') as HTMLSelectElement
      const log: unknown[] = []
      document.getElementById('l')!.textContent = 'New label'
      select.append(new Option('2'))
      await d.settled()
      log.push(await d.schema('a'))
      // Any attribute of a control derives the form again, and then both changes show.
      select.className = 'touched'
      await until(async () => ![undefined, log[0]].includes(await d.schema('a')))
      await d.settled()
      log.push(await d.schema('a'))
      return log
    },
    expected: [
      '{"type":"object","properties":{"x":{"type":"string","description":"Lab"},"s":{"type":"string","anyOf":[{"type":"string","const":"1","title":"1"}],"enum":["1"]}},"required":[]}',
      '{"type":"object","properties":{"x":{"type":"string","description":"New label"},"s":{"type":"string","anyOf":[{"type":"string","const":"1","title":"1"},{"type":"string","const":"2","title":"2"}],"enum":["1","2"]}},"required":[]}',
    ],
  },
  {
    name: 'an attribute no derivation reads still derives the form: text edited before (or in the same task) shows',
    path: page(
      `<form id=f toolname=a tooldescription=d><label id=l for=x>Lab</label><input id=x name=x>` +
        `<input id=y name=y aria-invalid=false></form>`,
    ),
    run: async ({ until }) => {
      const f = document.getElementById('f') as HTMLFormElement
      const x = f.elements.namedItem('x') as HTMLInputElement
      const y = f.elements.namedItem('y') as HTMLInputElement
      const text = document.getElementById('l')!.firstChild as Text
      const counter = d.countChanges()
      const log: unknown[] = []
      // Classes and validity states alone: derived again, to the same tool (no toolchange).
      for (let i = 0; i < 20; i++) x.classList.toggle('dirty')
      y.setAttribute('aria-invalid', 'true')
      await d.settled()
      log.push(counter.count, await d.schema('a'))
      // A text edit (a character data change) waits; the next class change shows it.
      text.data = 'Edited'
      await d.settled()
      log.push(counter.count, await d.schema('a'))
      y.setAttribute('aria-invalid', 'false')
      await until(async () => (await d.schema('a')) !== log[1])
      await d.settled()
      log.push(counter.count, await d.schema('a'))
      // Both in one task, the class change first.
      const before = counter.count
      x.className = 'again'
      text.data = 'Same task'
      await until(() => counter.count - before >= 2)
      await d.settled()
      log.push(counter.count - before, await d.schema('a'))
      return log
    },
    expected: [
      0,
      '{"type":"object","properties":{"x":{"type":"string","description":"Lab"},"y":{"type":"string"}},"required":[]}',
      0,
      '{"type":"object","properties":{"x":{"type":"string","description":"Lab"},"y":{"type":"string"}},"required":[]}',
      2,
      '{"type":"object","properties":{"x":{"type":"string","description":"Edited"},"y":{"type":"string"}},"required":[]}',
      2,
      '{"type":"object","properties":{"x":{"type":"string","description":"Same task"},"y":{"type":"string"}},"required":[]}',
    ],
  },
  {
    // Why the observer watches every attribute: a text edit is seen only after its task's other
    // changes, and an attribute nothing reads, of a control, makes it show.
    name: 'a control attribute nothing reads derives the form with the text edits of its task, in either order; another element does not',
    path: page(
      `<form id=f toolname=a tooldescription=d><label id=l for=x>Lab</label><input id=x name=x>` +
        `</form><div id=other></div>`,
    ),
    run: async () => {
      const x = document.getElementById('x') as HTMLInputElement
      const text = document.getElementById('l')!.firstChild as Text
      const other = document.getElementById('other')!
      const log: string[] = []
      // [what changes, the toolchange events native fires for it, the change]
      const steps: Array<[string, number, () => unknown]> = [
        ['text, then class', 2, () => ((text.data = 'One'), (x.className = 'c1'))],
        ['text, then placeholder', 2, () => ((text.data = 'Two'), (x.placeholder = 'p'))],
        [
          'class, a microtask, then text',
          2,
          async () => {
            x.className = 'c2'
            await null
            text.data = 'Three'
          },
        ],
        ['text, then a class elsewhere', 0, () => ((text.data = 'Four'), (other.className = 'o'))],
        ['then a data- attribute of the control', 2, () => (x.dataset.k = '1')],
      ]
      for (const [label, events, step] of steps) {
        const count = await d.step(step, events)
        const schema = JSON.parse((await d.schema('a'))!) as {
          properties: { x: { description: string } }
        }
        log.push(`${label}: ${count} ${schema.properties.x.description}`)
      }
      return log
    },
    expected: [
      'text, then class: 2 One',
      'text, then placeholder: 2 Two',
      'class, a microtask, then text: 2 Three',
      'text, then a class elsewhere: 0 Three',
      'then a data- attribute of the control: 2 Four',
    ],
  },
  {
    name: 'nodes added and removed again in one task change nothing; kept, moved out or re-added they do',
    path: page(LABELLED),
    run: async () => {
      const f = document.getElementById('f') as HTMLFormElement
      const x = f.elements.namedItem('x') as HTMLInputElement
      const select = f.elements.namedItem('s') as HTMLSelectElement
      const label = document.getElementById('l')!
      const row = (name: string) => {
        const div = document.createElement('div')
        div.innerHTML = `<label>Extra <input name=${name}></label>`
        return div
      }
      const kept = row('k')
      const log: string[] = []
      // [what changes, the toolchange events native fires for it, the change]
      const steps: Array<[string, number, () => void]> = [
        [
          'rows added and removed',
          0,
          () => {
            const rows = [row('r1'), row('r2'), row('r3')]
            for (const r of rows) f.append(r)
            for (const r of rows) r.remove()
          },
        ],
        ['added, removed, added again', 2, () => (f.append(kept), kept.remove(), f.append(kept))],
        ['moved within the form', 2, () => f.prepend(kept)],
        ['removed', 2, () => kept.remove()],
        [
          'label text added and removed, then a class',
          0,
          () => {
            const text = label.appendChild(document.createTextNode(' more'))
            text.remove()
            x.className = 'c'
          },
        ],
        [
          'option added and removed, then a class',
          0,
          () => {
            select.append(new Option('2'))
            select.lastElementChild!.remove()
            select.className = 'c'
          },
        ],
        [
          'a control moved out of a row added and removed',
          2,
          () => {
            const r = row('m')
            f.append(r)
            f.append(r.querySelector('input')!)
            r.remove()
          },
        ],
        [
          'label text added and kept, then a class',
          2,
          () => (label.append(' kept'), (x.className = 'd')),
        ],
      ]
      for (const [step, events, change] of steps) {
        const count = await d.step(change, events)
        const schema = JSON.parse((await d.schema('a'))!) as {
          properties: Record<string, { description?: string; enum?: string[] }>
        }
        const { properties } = schema
        log.push(
          `${step}: ${count} ${Object.keys(properties).join()} ` +
            `${properties.x?.description} ${properties.s?.enum?.join()}`,
        )
      }
      return log
    },
    expected: [
      'rows added and removed: 0 x,s Lab 1',
      'added, removed, added again: 2 x,s,k Lab 1',
      'moved within the form: 2 k,x,s Lab 1',
      'removed: 2 x,s Lab 1',
      'label text added and removed, then a class: 0 x,s Lab 1',
      'option added and removed, then a class: 0 x,s Lab 1',
      'a control moved out of a row added and removed: 2 x,s,m Lab 1',
      'label text added and kept, then a class: 2 x,s,m Lab kept 1',
    ],
  },
])
