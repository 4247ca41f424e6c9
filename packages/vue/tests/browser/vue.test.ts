import { describeBindingSuite } from '@webmcp-kit/test-infra/binding-cases'
import type { BindingKit } from '@webmcp-kit/test-infra/binding-page'
import type { VueKit } from './page'

/** The page's `window.kit` (page.ts), as case bodies running in the page see it. */
declare const kit: BindingKit<VueKit>

// The shared binding cases through page.ts's adapter, then what only Vue has.
describeBindingSuite('@webmcp-kit/vue', {
  body: '<script src="/vue-page.js"></script>',
  cases: [
    {
      name: 'KeepAlive: only the active view offers its tool; a cached view keeps its state',
      run: async () => {
        const { Vue, WebMCPVue, mount } = kit.vue
        const { h, KeepAlive } = Vue
        const view = Vue.ref<'a' | 'b'>('a')
        const view_ = (name: string) => ({
          setup() {
            const { status, executionCount } = WebMCPVue.useWebMCPTool({
              name,
              description: `The ${name} view's tool.`,
              execute: () => name,
            })
            return () => h('p', `${name} ${status.value} ${executionCount.value}`)
          },
        })
        const A = view_('view_a')
        const B = view_('view_b')
        const app = mount({
          setup: () => () => h(KeepAlive, null, [view.value === 'a' ? h(A) : h(B)]),
        })
        const showing = (name: string, text: string) => async () =>
          app.text() === text && kit.same(await kit.names(), [name])
        await kit.until(showing('view_a', 'view_a registered 0'))
        const first = [await kit.names(), app.text()]
        await kit.context().executeTool(await kit.find('view_a'), {})
        view.value = 'b'
        await kit.until(showing('view_b', 'view_b registered 0'))
        const second = [await kit.names(), app.text()]
        view.value = 'a'
        await kit.until(showing('view_a', 'view_a registered 1'))
        const third = [await kit.names(), app.text()]
        app.unmount()
        return [first, second, third, await kit.names(), kit.problems]
      },
      expected: [
        [['view_a'], 'view_a registered 0'],
        [['view_b'], 'view_b registered 0'],
        [['view_a'], 'view_a registered 1'],
        [],
        [],
      ],
    },
    {
      name: "WebMCPPlugin with an iframe's modelContext: the app's tools register in the frame",
      run: async () => {
        const { Vue, WebMCPVue, mount } = kit.vue
        const { iframe, modelContext: frameContext } = await kit.frame('/')
        const app = mount(
          {
            setup() {
              WebMCPVue.useWebMCPTool({
                name: 'in_frame',
                description: 'Lives in the frame.',
                execute: () => 'ok',
              })
              const tools = WebMCPVue.useWebMCPTools()
              return () => Vue.h('p', tools.value.map((t) => t.name).join(','))
            },
          },
          [[WebMCPVue.WebMCPPlugin, { modelContext: frameContext }]],
        )
        await kit.until(() => app.text() === 'in_frame')
        const inFrame = (await frameContext.getTools()).map((t) => [
          t.name,
          t.window === iframe.contentWindow,
        ])
        const rendered = app.text()
        app.unmount()
        return [inFrame, rendered, await kit.names(frameContext), kit.problems]
      },
      expected: [[['in_frame', true]], 'in_frame', [], []],
    },
  ],
})
