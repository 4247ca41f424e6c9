// The Vue soak page (bundled by global-setup.ts): the scenarios of @webmcp-kit/test-infra/soak-page's
// `bindingScenarios`, on the composables as an app uses them: components shown and hidden in one
// application.
import { createApp, defineComponent, h, nextTick, reactive, ref } from 'vue'
import { useWebMCPTool, useWebMCPTools } from '../../src/index'
import { TOOL, bindingScenarios, startSoakPage } from '@webmcp-kit/test-infra/soak-page'

const enabled = ref(true)
/** What the components rendered last. */
const rendered = { status: 'unmounted', executing: 0, listed: [] as string[] }

const Tool = defineComponent({
  setup() {
    const tool = useWebMCPTool(
      {
        name: TOOL,
        description: 'A tool that is mounted and unmounted again and again.',
        inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
        execute: ({ n }) => `got ${n}`,
      },
      { enabled },
    )
    return () => {
      rendered.status = tool.status.value
      rendered.executing = tool.executingCount.value
      return h('output', tool.status.value)
    }
  },
})

const List = defineComponent({
  setup() {
    const tools = useWebMCPTools()
    return () => {
      rendered.listed = tools.value.map((tool) => tool.name)
      return h(
        'ul',
        rendered.listed.map((name) => h('li', name)),
      )
    }
  },
})

/** The control: Vue alone, without the composables. */
const Plain = defineComponent({ setup: () => () => h('p', 'plain') })

/** Which components the app shows. */
const shown = reactive({ plain: false, tool: false, list: false })
const root = document.createElement('div')
document.body.append(root)
createApp({
  render: () => [
    shown.plain ? h(Plain) : null,
    shown.tool ? h(Tool) : null,
    shown.list ? h(List) : null,
  ],
}).mount(root)

/** Shows or hides components, and waits for Vue's update. */
const show = async (changes: Partial<typeof shown>) => {
  Object.assign(shown, changes)
  await nextTick()
  if (!shown.tool) rendered.status = 'unmounted'
}

startSoakPage((soak) =>
  bindingScenarios(soak, {
    plain: (plain) => show({ plain }),
    tool: (tool) => show({ tool }),
    async enabled(value) {
      enabled.value = value
      await nextTick()
    },
    status: () => rendered.status,
    executing: () => rendered.executing,
    async list() {
      rendered.listed = []
      await show({ list: true })
      return { names: () => rendered.listed, drop: () => show({ list: false }) }
    },
  }),
)
