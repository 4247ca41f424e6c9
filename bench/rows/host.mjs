// The host page's own DOM work inside a 200-control tool form, timed until the tasks it causes have
// run, in the page with the polyfill and in the same page without it (two same-origin frames of one
// tab, interleaved); in Chromium also the form a tool ÷ the same form without `toolname`, in native
// and in the polyfill.
import { FORM_SOURCE, idle, nextTask } from '../host.mjs'
import { implementationOf } from '../measure.mjs'

/** @typedef {import('../measure.mjs').Row} Row */

/** @type {Row[]} */
export const ROWS = [
  .../** @type {[string, string, string][]} */ ([
    [
      'dom-attributes',
      '1,000 attribute changes (class) in a 200-control <form toolname>, one task',
      `for (let i = 0; i < 1000; i++) controls[(i * 7) % controls.length].classList.toggle('dirty')`,
    ],
    [
      'dom-rows',
      '100 rows added and removed in a 200-control <form toolname>, one task',
      `const rows = []
      for (let i = 0; i < 100; i++) {
        const row = document.createElement('div')
        row.className = 'row extra'
        row.innerHTML = '<label>Extra ' + i + ' <input name=extra' + i + '></label>'
        form.append(row)
        rows.push(row)
      }
      for (const row of rows) row.remove()`,
    ],
    [
      'dom-input',
      '300 input events, aria-invalid toggled each time, in a 200-control <form toolname>',
      `for (let i = 0; i < 300; i++) {
        const input = texts[i % texts.length]
        input.value = i % 3 ? 'someone@example.com' : 'no'
        input.setAttribute('aria-invalid', String(i % 3 === 0))
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await nextTask()
      }`,
    ],
  ]).map(([id, name, work]) => ({
    id,
    name,
    host: true,
    inPage: true,
    target: 1.05,
    samples: 21,
    query: 'nopolyfill',
    // Each slot's page is a same-origin frame of the tab (one renderer, one heap, samples
    // interleaved): `reference` without the polyfill, `candidate` with it. The slots `tool` and
    // `plain` (see `runToolForm`) are the page's own modelContext (native where the tab has it, else
    // the polyfill) with the form a tool, and with the same form without `toolname`.
    setup: /** @type {Row['setup']} */ (
      new Function(
        'mc',
        'env',
        `return (async () => {
        const native = !!document.modelContext
        const own = env.slot === 'tool' || env.slot === 'plain'
        const frame = document.createElement('iframe')
        frame.src = env.slot === 'reference' || native ? '/?nopolyfill' : '/'
        await new Promise((resolve) => {
          frame.onload = resolve
          document.body.append(frame)
        })
        const w = frame.contentWindow
        const fmc = w.document.modelContext
        const impl = (${implementationOf})(w)
        const expected = env.slot === 'reference' ? 'none' : own && native ? 'native' : 'polyfill'
        if (impl !== expected) throw new Error(env.slot + ': ' + impl)
        return w.eval(${JSON.stringify(`(async (mc, tool) => {
          const idle = ${idle}
          const nextTask = ${nextTask}
          const form = ${FORM_SOURCE}
          if (!tool) {
            form.removeAttribute('toolname')
            form.removeAttribute('tooldescription')
          }
          const listed = mc && tool && new Promise((resolve) => mc.addEventListener('toolchange', resolve, { once: true }))
          document.body.append(form)
          await listed
          await idle()
          const controls = [...form.elements]
          const texts = controls.filter((el) => el.type === 'email')
          return async () => {
            ${work}
            await idle()
          }
        })`)})(fmc, env.slot !== 'plain')
      })()`,
      )
    ),
  })),
]
