// Pages without a tool form: the page's own DOM work, timed until the tasks it causes have run, in
// a fresh page of each variant per sample (`runPageRow`): no polyfill, ours, ours without forms and
// frames (the imperative-only entry, which observes no DOM: the noise control) and the peer
// polyfill. Every engine, in its polyfill browser (Chromium without the WebMCP flag). The verdict:
// ours ÷ no polyfill.
import { idle, nextTask } from '../host.mjs'

/**
 * @typedef {import('../measure.mjs').Row} Row
 * @typedef {{ idle: typeof idle, nextTask: typeof nextTask }} Helpers
 */

/**
 * Runs in the page (serialised): builds the page of `work` and returns one operation of it.
 * @param {string | undefined} work
 * @param {Helpers} helpers
 * @returns {Promise<() => Promise<void>>}
 */
async function page(work, { idle, nextTask }) {
  if (work === 'input') {
    const form = document.createElement('form')
    form.innerHTML = Array.from(
      { length: 50 },
      (_, i) => `<p><label>Field ${i} <input name=f${i}></label></p>`,
    ).join('')
    document.body.append(form)
    const inputs = [...form.querySelectorAll('input')]
    await idle()
    return async () => {
      for (let i = 0; i < 300; i++) {
        const input = /** @type {HTMLInputElement} */ (inputs[i % inputs.length])
        input.value = `value ${i}`
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await nextTask()
      }
      await idle()
    }
  }
  const list = document.createElement('ul')
  list.innerHTML = Array.from(
    { length: 500 },
    (_, i) => `<li class=item><span>Item ${i}</span></li>`,
  ).join('')
  document.body.append(list)
  const items = [...list.children]
  const texts = items.map((item) => /** @type {Text} */ (item.firstChild?.firstChild))
  await idle()
  /** @type {Record<string, () => void>} */
  const operations = {
    class: () => {
      for (let i = 0; i < 5000; i++) items[(i * 7) % items.length]?.classList.toggle('active')
    },
    rows: () => {
      const rows = []
      for (let i = 0; i < 300; i++) {
        const row = document.createElement('li')
        row.innerHTML = `<span>Row ${i}</span><button>Remove</button>`
        list.append(row)
        rows.push(row)
      }
      for (const row of rows) row.remove()
    },
    text: () => {
      for (let i = 0; i < 5000; i++) {
        const text = /** @type {Text} */ (texts[(i * 7) % texts.length])
        text.data = `Item ${i}`
      }
    },
  }
  const operation = operations[work ?? '']
  if (!operation) throw new Error(`no page work ${work}`)
  return async () => {
    operation()
    await idle()
  }
}

/** @type {Row['setup']} */
const setup = /** @type {Row['setup']} */ (
  new Function('mc', 'env', `return (${page})(env.work, { idle: ${idle}, nextTask: ${nextTask} })`)
)

/** @type {[string, string, string][]} */
const WORK = [
  ['page-class', 'class', '5,000 class toggles in a 500-item list, one task'],
  [
    'page-rows',
    'rows',
    '300 rows (3 elements each) added to a 500-item list and removed, one task',
  ],
  ['page-text', 'text', '5,000 text edits in a 500-item list, one task'],
  ['page-input', 'input', '300 input events in a 50-field plain form, a task each'],
]

/** @type {Row[]} */
export const ROWS = WORK.map(([id, work, name]) => ({
  id,
  name,
  page: work,
  target: 1.05,
  samples: 15,
  setup,
}))
