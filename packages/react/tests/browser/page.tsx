// The test page, bundled from source with React by global-setup.ts (esbuild, jsx: 'automatic'): the
// binding suite's adapter (@webmcp-kit/test-infra/binding-page), each root rendered synchronously
// (`flushSync`), in StrictMode or not as the suite's mode says; and `kit.react`, the counter app
// React's own case drives through mount, renders, enable/disable, a schema change and a remount.
import { StrictMode, useState, useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { installModelContext, isPolyfill } from '@webmcp-kit/core'
import { line, startBindingPage } from '@webmcp-kit/test-infra/binding-page'
import { getModelContext, useWebMCPTool, useWebMCPTools } from '../../src/index'
import type { ReactNode } from 'react'
import type { ToolRegistrationContext, ToolsObserverContext } from '@webmcp-kit/core'
import type {
  BindingAdapter,
  PageModelContext,
  PageTool,
  PageToolOptions,
} from '@webmcp-kit/test-infra/binding-page'
import type { WebMCPTool } from '../../src/index'

let strict = false
const rooted = (tree: ReactNode) => (strict ? <StrictMode>{tree}</StrictMode> : tree)

// The boxes' store: every change renders what reads it, at once.
let version = 0
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => (
  listeners.add(listener),
  () => listeners.delete(listener)
)
const useBoxes = () => useSyncExternalStore(subscribe, () => version)

/** Renders `tree` into a fresh element, synchronously; returns its text and an unmount function. */
function mount(tree: ReactNode) {
  const element = document.createElement('div')
  document.body.append(element)
  const root = createRoot(element)
  flushSync(() => root.render(rooted(tree)))
  return {
    text: () => element.textContent!.trim(),
    unmount: () => {
      root.unmount()
      element.remove()
    },
  }
}

function Probe(props: {
  tool: () => PageTool
  options?: PageToolOptions
  seen?: { first?: string }
}) {
  useBoxes()
  const { enabled, exposedTo, modelContext } = props.options ?? {}
  const state = useWebMCPTool(props.tool() as WebMCPTool, {
    enabled: enabled?.(),
    exposedTo: exposedTo?.(),
    modelContext: modelContext as ToolRegistrationContext | undefined,
  })
  const text = line(state)
  if (props.seen) props.seen.first ??= text
  return <p>{text}</p>
}

function Conditional(props: {
  show: () => boolean
  count?: () => number
  tool: (index: number) => PageTool
}) {
  useBoxes()
  const length = props.show() ? (props.count?.() ?? 1) : 0
  return (
    <div>
      {Array.from({ length }, (_, index) => (
        <Probe key={index} tool={() => props.tool(index)} />
      ))}
    </div>
  )
}

function List({ modelContext }: { modelContext?: PageModelContext }) {
  const tools = useWebMCPTools({ modelContext: modelContext as ToolsObserverContext | undefined })
  return <p>{tools.map((tool) => tool.name).join(',')}</p>
}

const adapter: BindingAdapter = {
  box<T>(initial: T) {
    let value = initial
    return {
      get value() {
        return value
      },
      set value(next: T) {
        value = next
        version++
        flushSync(() => listeners.forEach((listener) => listener()))
      },
    }
  },
  flush: () => {},
  tool(tool, options) {
    const seen: { first?: string } = {}
    return { ...mount(<Probe tool={tool} options={options} seen={seen} />), first: seen.first }
  },
  conditional: (props) => mount(<Conditional {...props} />),
  list: (options) => mount(<List modelContext={options?.modelContext} />),
  install: () => void installModelContext(),
  mode: (mode) => void (strict = mode === 'StrictMode'),
  mountRegistrations: () => (strict ? 2 : 1),
}

// Count what reaches the API, native or polyfill, without changing it.
const modelContext = getModelContext()
const counts = { registerTool: 0, toolchange: 0 }
if (modelContext) {
  const registerTool = modelContext.registerTool
  modelContext.registerTool = function (...args: Parameters<typeof registerTool>) {
    counts.registerTool++
    return registerTool.apply(this, args)
  }
  modelContext.addEventListener('toolchange', () => counts.toolchange++)
}

/** What the counter app's component rendered last. */
interface CounterState {
  status: string
  count: number
  executionCount: number
  lastResult: unknown
  error: string | null
}

export interface CounterProps {
  enabled: boolean
  /** Goes into the input schema: a new value is a schema change. */
  schemaVersion: number
  /** What the inline execute answers with: it changes every render in the case. */
  value: string
  /** A new key remounts the component. */
  mountKey: number
}

let state: CounterState | undefined
let listed: string[] = []

function Counter({ enabled, schemaVersion, value }: Omit<CounterProps, 'mountKey'>) {
  const [count, setCount] = useState(0)
  const snapshot = useWebMCPTool(
    {
      name: 'react_counter',
      description: 'Adds to the counter; answers with the value of the last render and the sum.',
      inputSchema: {
        type: 'object',
        properties: { by: { type: 'number', description: `schema ${schemaVersion}` } },
        required: ['by'],
      },
      // A new closure every render, over this render's count and value.
      execute: ({ by }) => {
        setCount(count + by)
        return `${value}:${count + by}`
      },
    },
    { enabled },
  )
  state = {
    status: snapshot.status,
    count,
    executionCount: snapshot.executionCount,
    lastResult: snapshot.lastResult,
    error: snapshot.error ? String(snapshot.error) : null,
  }
  return <output>{JSON.stringify(state)}</output>
}

function ToolList() {
  listed = useWebMCPTools().map((tool) => tool.name)
  return (
    <ul>
      {listed.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  )
}

let counter: ReturnType<typeof createRoot> | undefined
const react = {
  /** Whether the suite's mode is StrictMode. */
  strict: () => strict,
  /** Renders the counter app synchronously (`flushSync`) with these props. */
  render({ mountKey, ...props }: CounterProps) {
    counter ??= createRoot(document.body.appendChild(document.createElement('div')))
    const tree = (
      <>
        <Counter key={mountKey} {...props} />
        <ToolList />
      </>
    )
    flushSync(() => counter!.render(rooted(tree)))
  },
  unmount: () => counter?.unmount(),
  state: () => state!,
  /** The names `useWebMCPTools()` rendered last. */
  listed: () => listed,
  /** Calls to `document.modelContext.registerTool` and `toolchange` events since the page loaded. */
  counts: () => ({ ...counts }),
  /** Whether `document.modelContext` is the browser's own (core's `isPolyfill`). */
  native: () => !!modelContext && !isPolyfill(modelContext),
}

/** What React's own case finds as `kit.react`. */
export type ReactKit = { react: typeof react }
startBindingPage(adapter, { react })
