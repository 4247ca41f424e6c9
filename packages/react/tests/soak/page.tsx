// The React soak page (bundled by global-setup.ts, React's development build, every tree under
// <StrictMode>): the scenarios of @webmcp-kit/test-infra/soak-page's `bindingScenarios`, on the hooks as an
// app uses them.
import { StrictMode, useLayoutEffect } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { useWebMCPTool, useWebMCPTools } from '../../src/index'
import { TOOL, bindingScenarios, startSoakPage } from '@webmcp-kit/test-infra/soak-page'

/** What the components rendered last, published after each commit as an app's effect sees it. */
const rendered = { status: 'unmounted', executing: 0, listed: [] as string[] }

function Tool({ enabled }: { enabled: boolean }) {
  const snapshot = useWebMCPTool(
    {
      name: TOOL,
      description: 'A tool that is mounted and unmounted again and again.',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      // A new closure every render, as an app's inline execute.
      execute: ({ n }) => `got ${n}`,
    },
    { enabled },
  )
  useLayoutEffect(() => {
    rendered.status = snapshot.status
    rendered.executing = snapshot.executingCount
  })
  return null
}

function List() {
  const tools = useWebMCPTools()
  useLayoutEffect(() => {
    rendered.listed = tools.map((tool) => tool.name)
  })
  return null
}

/** The control: React alone, without the hooks. */
function Plain() {
  return <p>plain</p>
}

const shown = { plain: false, tool: false, enabled: true, list: false }
const root = createRoot(document.getElementById('root')!)
const render = (changes: Partial<typeof shown>) => {
  Object.assign(shown, changes)
  flushSync(() =>
    root.render(
      <StrictMode>
        {shown.plain && <Plain />}
        {shown.tool && <Tool enabled={shown.enabled} />}
        {shown.list && <List />}
      </StrictMode>,
    ),
  )
  if (!shown.tool) rendered.status = 'unmounted'
}

startSoakPage((soak) =>
  bindingScenarios(soak, {
    plain: (plain) => render({ plain }),
    tool: (tool) => render({ tool }),
    enabled: (enabled) => render({ enabled }),
    status: () => rendered.status,
    executing: () => rendered.executing,
    async list() {
      rendered.listed = []
      render({ list: true })
      return { names: () => rendered.listed, drop: () => render({ list: false }) }
    },
  }),
)
