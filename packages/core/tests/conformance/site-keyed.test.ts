import { page } from './declarative-helpers'
import { differential } from './harness'
import type { Case, Helpers } from './harness'

// The form side of a site-keyed document (`Origin-Agent-Cluster: ?0`, which the test server sends
// for `?oac=0`): native Chromium 156 registers none of its declarative tools. (The imperative
// methods' SecurityError there: surface.test.ts and frames.test.ts.)

const FORM = '<form toolname=t tooldescription=d><input name=a></form>'

/** Runs in the site-keyed child: adds a second tool form and counts `toolchange` from now on. */
function addForm() {
  const w = window as unknown as { counter: { readonly count: number } }
  w.counter = d.countChanges()
  document.body.insertAdjacentHTML(
    'beforeend',
    '<form toolname=u tooldescription=d><input name=b></form>',
  )
}

/** Runs in the site-keyed child, later: whether either form became a tool. */
async function report() {
  let listed: unknown
  try {
    listed = (await document.modelContext!.getTools()).map((tool) => tool.name)
  } catch (error) {
    listed = (error as Error).name
  }
  const { counter } = window as unknown as { counter: { readonly count: number } }
  // (Whether any came: where forms are tools, the first form's may come before or after `addForm`.)
  return [window.originAgentCluster, document.forms.length, counter.count > 0, listed]
}

/**
 * Runs in the (origin-keyed) top page. Nothing signals that a form was *not* registered, so the top
 * page registers a form of its own after the child added one, as the control: once that form's
 * `toolchange` has fired here, the child's would have fired too.
 */
async function inSiteKeyedChild(h: Helpers, [path, add, look]: [string, string, string]) {
  const iframe = await h.frame(`${h.otherOrigin}${path}&oac=0&agent`, { allow: 'tools' })
  const fn = (body: string) => new Function(`return (${body})()`) as () => unknown
  await h.inFrame(iframe, fn(add))
  const control = d.changes()
  document.body.insertAdjacentHTML('beforeend', '<form toolname=c tooldescription=d></form>')
  await control
  await d.settled()
  return h.inFrame(iframe, fn(look))
}

differential('declarative: site-keyed documents', [
  {
    name: 'a site-keyed cross-origin frame (allow="tools") registers no declarative tool: no toolchange',
    path: page(''),
    run: new Function(
      'h',
      `return (${inSiteKeyedChild.toString()})(h, ${JSON.stringify([page(FORM), addForm.toString(), report.toString()])})`,
    ) as Case['run'],
    expected: ['ok', [false, 2, false, 'SecurityError']],
    // Where the polyfill cannot tell the page's ?0 from the engine's default (model-context.ts).
    engines: {
      firefox: {
        expected: ['ok', [false, 2, true, ['t', 'u']]],
        reason:
          'Firefox keys agent clusters by site by default: originAgentCluster is false on every page without Origin-Agent-Cluster: ?1, so ?0 cannot be told from the default',
      },
      webkit: {
        expected: ['ok', [undefined, 2, true, ['t', 'u']]],
        reason: 'WebKit has no origin-keyed agent clusters (no originAgentCluster)',
      },
    },
  },
])
