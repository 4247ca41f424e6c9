// The Vue soak page (bundled by global-setup.ts): the scenarios scripts/soak-tests.ts runs, on the
// composables as an app uses them: components shown and hidden in one application.
import { createApp, defineComponent, h, nextTick, reactive, ref } from 'vue'
import { useWebMCPTool, useWebMCPTools } from '../../src/index'
import { startSoakPage } from '../../../../scripts/soak-page'

const TOOL = 'soak_tool'

const enabled = ref(true)
/** What the components rendered last. */
const rendered = { status: 'none', executing: 0, listed: [] as string[] }

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
}

startSoakPage((soak) => {
  const registered = () => soak.until(() => rendered.status === 'registered', 'registration')
  const gone = () => soak.until(async () => !(await soak.names()).includes(TOOL), 'unregistration')
  const end = async () => {
    await soak.until(() => rendered.executing === 0, 'no execution running')
    await show({ plain: false, tool: false, list: false })
    rendered.status = 'unmounted'
    enabled.value = true
    await gone()
  }
  return {
    control: {
      async cycle() {
        await show({ plain: true })
        await show({ plain: false })
      },
      end,
    },
    mount: {
      async cycle(i) {
        await show({ tool: true })
        await registered()
        if (i % 10 === 0) await soak.call(TOOL, { n: i })
        await show({ tool: false })
        rendered.status = 'unmounted'
        if (i % 10 === 0) await gone()
      },
      end,
    },
    toggle: {
      start: () => show({ tool: true }),
      async cycle(i) {
        enabled.value = false
        await nextTick()
        await soak.until(() => rendered.status === 'idle', 'disabling')
        enabled.value = true
        await registered()
        if (i % 10 === 0) await soak.call(TOOL, { n: i })
      },
      end,
    },
    list: {
      async start() {
        await show({ tool: true })
        await registered()
      },
      async cycle() {
        rendered.listed = []
        await show({ list: true })
        await soak.until(() => rendered.listed.includes(TOOL), 'the tools list')
        await show({ list: false })
      },
      end,
    },
  }
})
