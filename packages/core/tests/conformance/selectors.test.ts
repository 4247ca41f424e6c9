import { page } from './declarative-helpers'
import { differential } from './harness'

// :tool-form-active and :tool-submit-active in the selector APIs (matches, webkitMatchesSelector,
// closest, querySelector, querySelectorAll of elements, documents and fragments) and in style
// sheets, as native Chromium 156 has them. The polyfill rewrites them to its marks (selectors.ts).

// Submissions go to the frame `sink`, so that the page under test stays.
const FORM =
  '<form id=f toolname=t tooldescription=d target=sink action=/x><input id=a name=a><button id=go>Go</button></form>' +
  '<form id=g><input id=b name=b><button id=other>Other</button></form><iframe name=sink></iframe>'

differential('selectors: :tool-form-active and :tool-submit-active', [
  {
    name: 'every selector API parses them wherever a pseudo-class may stand, and refuses what native refuses',
    path: page(FORM),
    run: () => {
      const selectors = [
        ':tool-form-active',
        'form:tool-form-active',
        ':TOOL-Submit-Active',
        ':is(:tool-form-active)',
        ':where(:tool-submit-active)',
        ':not(:tool-form-active)',
        ':has(:tool-submit-active)',
        ':has(> :tool-submit-active, a)',
        'a, :tool-form-active',
        '#f:tool-form-active > button:tool-submit-active',
        ':nth-child(2 of :tool-form-active)',
        ':tool-form-active::before',
        '::before:tool-form-active',
        '::tool-form-active',
        ':tool-form-active(x)',
        ':tool-form-activ',
        ':tool-form-activex',
        ':tool-form-\\61ctive',
        '[title=":tool-form-active"]',
        '.x\\:tool-form-active',
      ]
      const el = document.getElementById('a')!
      const fragment = document.createDocumentFragment()
      const apis: Array<[string, (s: string) => unknown]> = [
        ['document.querySelectorAll', (s) => document.querySelectorAll(s)],
        ['document.querySelector', (s) => document.querySelector(s)],
        ['element.querySelectorAll', (s) => el.querySelectorAll(s)],
        ['fragment.querySelector', (s) => fragment.querySelector(s)],
        ['matches', (s) => el.matches(s)],
        ['webkitMatchesSelector', (s) => el.webkitMatchesSelector(s)],
        ['closest', (s) => el.closest(s)],
      ]
      const out: Record<string, string> = {}
      for (const s of selectors) {
        const outcomes = new Set(
          apis.map(([, api]) => {
            try {
              api(s)
              return 'ok'
            } catch (error) {
              return (error as Error).name
            }
          }),
        )
        out[s] = [...outcomes].join('/')
      }
      return out
    },
    expected: {
      ':tool-form-active': 'ok',
      'form:tool-form-active': 'ok',
      ':TOOL-Submit-Active': 'ok',
      ':is(:tool-form-active)': 'ok',
      ':where(:tool-submit-active)': 'ok',
      ':not(:tool-form-active)': 'ok',
      ':has(:tool-submit-active)': 'ok',
      ':has(> :tool-submit-active, a)': 'ok',
      'a, :tool-form-active': 'ok',
      '#f:tool-form-active > button:tool-submit-active': 'ok',
      ':nth-child(2 of :tool-form-active)': 'ok',
      ':tool-form-active::before': 'ok',
      '::before:tool-form-active': 'SyntaxError',
      '::tool-form-active': 'SyntaxError',
      ':tool-form-active(x)': 'SyntaxError',
      ':tool-form-activ': 'SyntaxError',
      ':tool-form-activex': 'SyntaxError',
      ':tool-form-\\61ctive': 'SyntaxError',
      '[title=":tool-form-active"]': 'ok',
      '.x\\:tool-form-active': 'ok',
    },
  },
  {
    name: 'they match the form an agent fills and its submit button, exactly while native’s do',
    path: page(FORM),
    run: async () => {
      const ids = (list: Iterable<Element> | null) =>
        Array.from(list ?? [], (el) => el.id).join() || '-'
      const a = document.getElementById('a')!
      const go = document.getElementById('go')!
      const look = () => [
        ids(document.querySelectorAll(':tool-form-active')),
        ids(document.querySelectorAll(':TOOL-SUBMIT-ACTIVE')),
        ids(document.querySelectorAll('form:not(:tool-form-active)')),
        ids(document.querySelectorAll(':is(form:tool-form-active) :not(:tool-submit-active)')),
        ids(document.querySelectorAll('form:has(:tool-submit-active), #b')),
        ids(document.querySelectorAll(':where(:tool-form-active) > :tool-submit-active')),
        ids([document.querySelector('[id="go"]:tool-submit-active')!].filter(Boolean)),
        ids(document.getElementById('f')!.querySelectorAll(':tool-submit-active')),
        [a.matches(':tool-form-active'), go.matches('button:tool-submit-active')].join(),
        go.webkitMatchesSelector(':tool-form-active :tool-submit-active'),
        ids([a.closest(':tool-form-active')!].filter(Boolean)),
        ids([a.closest('form:not(:tool-form-active)')!].filter(Boolean)),
      ]
      const before = look()
      const { result } = await d.start({ a: 'x' })
      const during = look()
      go.click()
      // In the same task: native clears them once the submission's outcome is known.
      await result
      return [before, during, look()]
    },
    expected: [
      ['-', '-', 'f,g', '-', 'b', '-', '-', '-', 'false,false', false, '-', 'f'],
      ['f', 'go', 'g', 'a', 'f,b', 'go', 'go', 'go', 'false,true', true, 'f', '-'],
      ['-', '-', 'f,g', '-', 'b', '-', '-', '-', 'false,false', false, '-', 'f'],
    ],
  },
  {
    name: 'a form in a shadow tree: its shadow root finds them (DocumentFragment.prototype)',
    path: page('<div id=host></div>'),
    run: async ({ mc }) => {
      const root = document.getElementById('host')!.attachShadow({ mode: 'open' })
      const changed = d.changes()
      root.innerHTML =
        '<form id=sf toolname=s tooldescription=d target=sink action=/x><input name=a><button id=sgo>Go</button></form>'
      await changed
      const look = () =>
        [':tool-form-active', ':tool-submit-active', ':host :tool-form-active']
          .map((s) => Array.from(root.querySelectorAll(s), (el) => el.id).join() || '-')
          .concat(document.querySelectorAll(':tool-form-active').length.toString())
      const tool = (await mc.getTools()).find((t) => t.name === 's')!
      const activated = d.activated()
      const result = d.settle(mc.executeTool(tool, {}))
      await activated
      const during = look()
      root.getElementById('sgo')!.click()
      return [during, await result, look()]
    },
    expected: [['sf', 'sgo', 'sf', '0'], 'ok:object:null', ['-', '-', '-', '0']],
  },
  {
    name: 'the selector is converted once, as WebIDL converts a DOMString',
    path: page(FORM),
    run: () => {
      let calls = 0
      const tool = { toString: () => (calls++, ':tool-form-active, #a') }
      const plain = { toString: () => (calls++, '#a') }
      const attempt = (fn: () => unknown) => {
        try {
          const value = fn()
          return value instanceof NodeList ? value.length : value
        } catch (error) {
          return (error as Error).name
        }
      }
      const el = document.getElementById('a')!
      const out = [
        attempt(() => document.querySelectorAll(tool as never)),
        attempt(() => el.matches(tool as never)),
        attempt(() => document.querySelectorAll(plain as never)),
        calls,
        attempt(() => document.querySelectorAll(Symbol('x') as never)),
        attempt(() => (document.querySelectorAll as () => unknown)()),
        attempt(() => (el.closest as () => unknown)()),
        attempt(() => document.querySelectorAll(null as never)),
        attempt(() => Element.prototype.matches.call(document, ':tool-form-active')),
      ]
      return out
    },
    expected: [1, true, 1, 3, 'TypeError', 'TypeError', 'TypeError', 0, 'TypeError'],
  },
  {
    name: 'a selector that native refuses is refused with the page’s own text in the message',
    path: page(FORM),
    run: () =>
      ['::before:tool-form-active', ':tool-form-active(1)', ':tool-submit-active >>> a'].map(
        (s) => {
          try {
            document.querySelector(s)
            return 'ok'
          } catch (error) {
            return [(error as Error).name, (error as Error).message.includes(s)]
          }
        },
      ),
    expected: [
      ['SyntaxError', true],
      ['SyntaxError', true],
      ['SyntaxError', true],
    ],
  },
  {
    name: 'style sheets: :is(:tool-form-active, [data-tool-form-active]) applies during a fill in every engine',
    path: page(
      '<style>form:is(:tool-form-active, [data-tool-form-active]) { outline: 3px solid rgb(1, 2, 3) } ' +
        ':is(:tool-submit-active, [data-tool-submit-active]) { color: rgb(4, 5, 6) }</style>' +
        FORM,
    ),
    run: async () => {
      const f = document.getElementById('f')!
      const go = document.getElementById('go')!
      const look = () => [getComputedStyle(f).outlineColor, getComputedStyle(go).color].join()
      const before = look()
      const { result } = await d.start({})
      const during = look()
      go.click()
      await result
      return [before === during, during, look() === before]
    },
    expected: [false, 'rgb(1, 2, 3),rgb(4, 5, 6)', true],
  },
])
