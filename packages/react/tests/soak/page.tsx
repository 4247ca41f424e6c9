// The React soak page (bundled by global-setup.ts, React's development build, every tree under
// <StrictMode>): the scenarios scripts/soak-tests.ts runs, on the hooks as an app uses them.
import { StrictMode, useLayoutEffect } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { useWebMCPTool, useWebMCPTools } from '../../src/index'
import { startSoakPage } from '../../../../scripts/soak-page'
import type { ReactNode } from 'react'

const TOOL = 'soak_tool'

/** What the components rendered last. */
const rendered = { status: 'none', executing: 0, listed: [] as string[] }

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
  // Published after each commit, as an app's effect would see it.
  useLayoutEffect(() => {
    rendered.status = snapshot.status
    rendered.executing = snapshot.executingCount
  })
  return null
}

/** The control: React alone, without the hooks. */
function Plain() {
  return <p>plain</p>
}

function List() {
  const tools = useWebMCPTools()
  useLayoutEffect(() => {
    rendered.listed = tools.map((tool) => tool.name)
  })
  return null
}

const root = createRoot(document.getElementById('root')!)
const render = (tree: ReactNode) => flushSync(() => root.render(<StrictMode>{tree}</StrictMode>))

startSoakPage((soak) => {
  const registered = () => soak.until(() => rendered.status === 'registered', 'registration')
  /** Every tenth cycle an agent calls the tool, and checks it is gone after the unmount. */
  const sometimes = async (i: number, steps: () => Promise<unknown>) => {
    if (i % 10 === 0) await steps()
  }
  const unmount = async () => {
    render(null)
    rendered.status = 'unmounted'
    await soak.until(async () => !(await soak.names()).includes(TOOL), 'unregistration')
  }
  return {
    control: {
      cycle() {
        render(<Plain />)
        render(null)
      },
      end: () => render(null),
    },
    mount: {
      async cycle(i) {
        render(<Tool enabled />)
        await registered()
        await sometimes(i, () => soak.call(TOOL, { n: i }))
        render(null)
        rendered.status = 'unmounted'
        await sometimes(i, () =>
          soak.until(async () => !(await soak.names()).includes(TOOL), 'unregistration'),
        )
      },
      end: unmount,
    },
    toggle: {
      start: () => render(<Tool enabled />),
      async cycle(i) {
        render(<Tool enabled={false} />)
        await soak.until(() => rendered.status === 'idle', 'disabling')
        render(<Tool enabled />)
        await registered()
        await sometimes(i, () => soak.call(TOOL, { n: i }))
      },
      async end() {
        await soak.until(() => rendered.executing === 0, 'no execution running')
        await unmount()
      },
    },
    list: {
      async start() {
        render(<Tool enabled />)
        await registered()
      },
      async cycle() {
        rendered.listed = []
        render(
          <>
            <Tool enabled />
            <List />
          </>,
        )
        await soak.until(() => rendered.listed.includes(TOOL), 'the tools list')
        render(<Tool enabled />)
      },
      end: unmount,
    },
  }
})
