import { act } from '@testing-library/react'
import { StrictMode, Suspense, startTransition, useLayoutEffect, version } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { useWebMCPTool } from '../src/use-webmcp-tool'
import {
  countToolchanges,
  deferred,
  describeEachReactMode,
  flushTasks,
  modelContext,
  registered,
} from './utils'
import type { UseWebMCPToolOptions } from '../src/use-webmcp-tool'
import type { ReactNode } from 'react'

let nextName = 0
const uniqueName = () => `tool_${++nextName}`

interface HostProps extends UseWebMCPToolOptions {
  name: string
  /** What execute answers with: a new inline execute closes over it each render. */
  value?: string
  /** Goes into the schema's description: a new value is a schema change. */
  schemaVersion?: number
  run?: (input: { text?: string }, signal: AbortSignal) => unknown
  onRender?: (value: string) => void
}

/** A component with an inline tool, as users write it: a new tool object every render. */
function Host({ name, value = 'a', schemaVersion = 1, run, onRender, ...options }: HostProps) {
  onRender?.(value)
  const { status, isExecuting, executionCount, lastResult, error } = useWebMCPTool(
    {
      name,
      description: 'Echoes the text with the value of the last render.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', description: `version ${schemaVersion}` } },
      },
      execute: (input, { signal }) => (run ? run(input, signal) : `${value}:${input.text}`),
    },
    options,
  )
  return (
    <p data-testid="state">
      {[status, isExecuting ? 'executing' : 'waiting', executionCount, String(lastResult)].join(
        ' ',
      )}
      {error ? ` ${(error as Error).name}` : ''}
    </p>
  )
}

const state = (container: HTMLElement) =>
  container.querySelector('[data-testid="state"]')!.textContent

const callAgent = async (name: string, input: object, signal?: AbortSignal) => {
  const [tool] = await registered(name)
  return modelContext().executeTool(tool!, input, { signal })
}

describeEachReactMode('useWebMCPTool', ({ mode, render, renderHook }) => {
  describe('registration', () => {
    it('registers exactly one tool on mount and reports it', async () => {
      const registerTool = vi.spyOn(modelContext(), 'registerTool')
      const name = uniqueName()
      const { container } = render(<Host name={name} />)
      expect(state(container)).toBe('registering waiting 0 undefined')
      await flushTasks(act)
      expect(state(container)).toBe('registered waiting 0 undefined')
      expect(await registered(name)).toHaveLength(1)
      expect((await registered(name))[0]).toMatchObject({
        description: 'Echoes the text with the value of the last render.',
        inputSchema: { type: 'object', properties: { text: { description: 'version 1' } } },
      })
      // StrictMode subscribes, unsubscribes (aborting, so unregistering synchronously) and
      // subscribes again: two calls, one live registration, no duplicate-name error.
      expect(registerTool).toHaveBeenCalledTimes(mode === 'strict' ? 2 : 1)
    })

    it('unregisters synchronously on unmount', async () => {
      const name = uniqueName()
      const { unmount } = render(<Host name={name} />)
      await flushTasks(act)
      unmount()
      expect(await registered(name)).toHaveLength(0)
    })

    it('remounting (a new key) ends with exactly one registration', async () => {
      const name = uniqueName()
      const { container, rerender } = render(<Host key={1} name={name} />)
      await flushTasks(act)
      rerender(<Host key={2} name={name} />)
      await flushTasks(act)
      expect(await registered(name)).toHaveLength(1)
      expect(state(container)).toBe('registered waiting 0 undefined')
    })

    it('a new inline execute on each of 100 renders never re-registers; agents reach the latest', async () => {
      const name = uniqueName()
      const { rerender } = render(<Host name={name} value="0" />)
      await flushTasks(act)
      const registerTool = vi.spyOn(modelContext(), 'registerTool')
      const toolchanges = countToolchanges()
      for (let i = 1; i <= 100; i++) rerender(<Host name={name} value={String(i)} />)
      await flushTasks(act)
      expect(toolchanges.count).toBe(0)
      expect(registerTool).not.toHaveBeenCalled()
      expect(await act(() => callAgent(name, { text: 'x' }))).toBe('100:x')
    })

    it('an inline options object and exposedTo array each render do not re-register', async () => {
      const name = uniqueName()
      const exposedTo = () => ['https://agent.example']
      const { rerender } = render(<Host name={name} exposedTo={exposedTo()} />)
      await flushTasks(act)
      const toolchanges = countToolchanges()
      for (let i = 0; i < 20; i++) rerender(<Host name={name} exposedTo={exposedTo()} />)
      await flushTasks(act)
      expect(toolchanges.count).toBe(0)
      expect(await registered(name)).toHaveLength(1)
    })

    it('re-registers when exposedTo changes', async () => {
      const name = uniqueName()
      const { rerender } = render(<Host name={name} exposedTo={['https://a.example']} />)
      await flushTasks(act)
      const registerTool = vi.spyOn(modelContext(), 'registerTool')
      rerender(<Host name={name} exposedTo={['https://b.example']} />)
      await flushTasks(act)
      expect(registerTool).toHaveBeenCalledOnce()
      expect(registerTool.mock.calls[0]![1]).toMatchObject({ exposedTo: ['https://b.example'] })
      expect(await registered(name)).toHaveLength(1)
    })

    it('enabled: false unregisters, true registers again', async () => {
      const name = uniqueName()
      const { container, rerender } = render(<Host name={name} />)
      await flushTasks(act)
      rerender(<Host name={name} enabled={false} />)
      expect(state(container)).toBe('idle waiting 0 undefined')
      expect(await registered(name)).toHaveLength(0)
      rerender(<Host name={name} enabled />)
      await flushTasks(act)
      expect(state(container)).toBe('registered waiting 0 undefined')
      expect(await registered(name)).toHaveLength(1)
    })

    it('mounted disabled, it registers nothing until enabled', async () => {
      const registerTool = vi.spyOn(modelContext(), 'registerTool')
      const name = uniqueName()
      const { container, rerender } = render(<Host name={name} enabled={false} />)
      await flushTasks(act)
      expect(state(container)).toBe('idle waiting 0 undefined')
      expect(registerTool).not.toHaveBeenCalled()
      rerender(<Host name={name} enabled />)
      await flushTasks(act)
      expect(await registered(name)).toHaveLength(1)
    })

    it('rapid enable/disable ends in the last state with one registration', async () => {
      const name = uniqueName()
      const { container, rerender } = render(<Host name={name} />)
      for (let i = 0; i < 21; i++) rerender(<Host name={name} enabled={i % 2 === 0} />)
      await flushTasks(act)
      expect(state(container)).toBe('registered waiting 0 undefined')
      expect(await registered(name)).toHaveLength(1)
    })

    it('a schema change re-registers once, with the new schema', async () => {
      const name = uniqueName()
      const { rerender } = render(<Host name={name} />)
      await flushTasks(act)
      const registerTool = vi.spyOn(modelContext(), 'registerTool')
      rerender(<Host name={name} schemaVersion={2} />)
      await flushTasks(act)
      expect(registerTool).toHaveBeenCalledOnce()
      const tools = await registered(name)
      expect(tools).toHaveLength(1)
      expect(tools[0]!.inputSchema).toMatchObject({
        properties: { text: { description: 'version 2' } },
      })
    })

    it('a new tool with new exposedTo or enabled in one render: one registration at most', async () => {
      const [before, after] = [uniqueName(), uniqueName()]
      const { container, rerender } = render(
        <Host name={before} exposedTo={['https://a.example']} />,
      )
      await flushTasks(act)
      const registerTool = vi.spyOn(modelContext(), 'registerTool')
      rerender(<Host name={after} exposedTo={['https://b.example']} />)
      await flushTasks(act)
      expect(registerTool).toHaveBeenCalledOnce()
      expect(registerTool.mock.calls[0]![0]).toMatchObject({ name: after })
      expect(registerTool.mock.calls[0]![1]).toMatchObject({ exposedTo: ['https://b.example'] })
      expect(await registered(before)).toHaveLength(0)
      expect(await registered(after)).toHaveLength(1)
      // A new schema and enabled: false together: unregistered, the new schema never registered.
      rerender(<Host name={after} schemaVersion={2} enabled={false} />)
      await flushTasks(act)
      expect(registerTool).toHaveBeenCalledOnce()
      expect(state(container)).toBe('idle waiting 0 undefined')
      expect(await registered(after)).toHaveLength(0)
    })

    it('a name change replaces the tool', async () => {
      const [before, after] = [uniqueName(), uniqueName()]
      const { rerender } = render(<Host name={before} />)
      await flushTasks(act)
      rerender(<Host name={after} />)
      await flushTasks(act)
      expect(await registered(before)).toHaveLength(0)
      expect(await registered(after)).toHaveLength(1)
    })

    it('a failed registration lands in the snapshot and onError, never thrown from render', async () => {
      const name = uniqueName()
      const controller = new AbortController()
      await modelContext().registerTool(
        { name, description: 'Taken first.', execute: () => 'other' },
        { signal: controller.signal },
      )
      const onError = vi.fn()
      const { container } = render(<Host name={name} onError={onError} />)
      await flushTasks(act)
      expect(state(container)).toBe('error waiting 0 undefined InvalidStateError')
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'InvalidStateError' }))
      // The other tool is untouched.
      expect(await act(() => callAgent(name, {}))).toBe('other')
      controller.abort()
    })
  })

  describe('executions', () => {
    it('an agent call updates the rendered state', async () => {
      const name = uniqueName()
      const gate = deferred<string>()
      const { container } = render(<Host name={name} run={() => gate.promise} />)
      await flushTasks(act)
      let call!: Promise<string | null>
      await act(async () => {
        call = callAgent(name, { text: 'x' })
      })
      await flushTasks(act)
      expect(state(container)).toBe('registered executing 0 undefined')
      gate.resolve('done')
      expect(await act(() => call)).toBe('done')
      expect(state(container)).toBe('registered waiting 1 done')
    })

    it('execute receives the agent’s signal; a cancelled call is not an error', async () => {
      const name = uniqueName()
      const onError = vi.fn()
      const started = deferred<AbortSignal>()
      const run = (_input: object, signal: AbortSignal) =>
        new Promise((_resolve, reject) => {
          started.resolve(signal)
          signal.addEventListener('abort', () => reject(signal.reason))
        })
      const { container } = render(<Host name={name} run={run} onError={onError} />)
      await flushTasks(act)
      const controller = new AbortController()
      let call!: Promise<unknown>
      await act(async () => {
        call = callAgent(name, {}, controller.signal).catch((error: Error) => error.name)
      })
      const signal = await started.promise
      expect(signal.aborted).toBe(false)
      // The polyfill logs the cancelled run's rejection, as Chromium does.
      vi.mocked(console.error).mockImplementation(() => {})
      controller.abort()
      expect(await act(() => call)).toBe('AbortError')
      await flushTasks(act)
      expect(signal.aborted).toBe(true)
      expect(state(container)).toBe('registered waiting 1 undefined')
      expect(onError).not.toHaveBeenCalled()
      vi.mocked(console.error).mockReset()
    })

    it('the local execute keeps its identity, runs the latest execute and updates the snapshot', async () => {
      const name = uniqueName()
      const { result, rerender } = renderHook(
        ({ value }: { value: string }) =>
          useWebMCPTool({
            name,
            description: 'Echoes.',
            inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
            execute: ({ text }, { signal }) => `${value}:${text}:${signal.aborted}`,
          }),
        { initialProps: { value: 'a' } },
      )
      await flushTasks(act)
      const first = result.current.execute
      rerender({ value: 'b' })
      expect(result.current.execute).toBe(first)
      expect(await act(() => result.current.execute({ text: 'x' }))).toBe('b:x:false')
      expect(result.current).toMatchObject({ executionCount: 1, lastResult: 'b:x:false' })
      const controller = new AbortController()
      controller.abort()
      expect(await act(() => first({ text: 'y' }, { signal: controller.signal }))).toBe('b:y:true')
    })

    it('a throwing execute rejects the local call and puts the error in the snapshot', async () => {
      const failure = new Error('boom')
      const name = uniqueName()
      const { result } = renderHook(() =>
        useWebMCPTool({
          name,
          description: 'Fails.',
          execute: (): string => {
            throw failure
          },
        }),
      )
      await flushTasks(act)
      await act(() => expect(result.current.execute({})).rejects.toBe(failure))
      expect(result.current).toMatchObject({
        status: 'registered',
        error: failure,
        executionCount: 1,
      })
    })

    it('a Zod schema: registered as JSON Schema, invalid agent input never reaches execute', async () => {
      const name = uniqueName()
      const execute = vi.fn(
        ({ city, days }: { city: string; days: number }) => `${city} in ${days}`,
      )
      const schema = z.object({ city: z.string(), days: z.number().default(3) })
      const { result } = renderHook(() =>
        useWebMCPTool({ name, description: 'Forecast.', inputSchema: schema, execute }),
      )
      await flushTasks(act)
      expect((await registered(name))[0]!.inputSchema).toMatchObject({
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'number', default: 3 } },
      })
      const answer = JSON.parse((await act(() => callAgent(name, { city: 42 })))!)
      expect(answer).toMatchObject({ issues: [{ path: ['city'] }] })
      expect(execute).not.toHaveBeenCalled()
      expect(await act(() => callAgent(name, { city: 'Oslo' }))).toBe('Oslo in 3')
      expect(execute).toHaveBeenCalledWith({ city: 'Oslo', days: 3 }, expect.anything())
      expect(result.current.executionCount).toBe(2)
    })

    it('the returned object keeps its identity while nothing changed', async () => {
      const name = uniqueName()
      const { result, rerender } = renderHook(() =>
        useWebMCPTool({ name, description: 'Same.', execute: () => 1 }),
      )
      await flushTasks(act)
      const before = result.current
      rerender()
      expect(result.current).toBe(before)
    })
  })

  describe('commit phase', () => {
    it('a layout effect that runs the tool in the same commit already gets that render’s execute', async () => {
      const calls: string[] = []
      function Child({
        execute,
        value,
      }: {
        execute: (input: Record<string, never>) => unknown
        value: string
      }) {
        // Children's layout effects run before their parent's: only an insertion effect is earlier.
        useLayoutEffect(() => {
          void execute({})
        }, [execute, value])
        return null
      }
      function Parent({ value }: { value: string }) {
        const { execute } = useWebMCPTool({
          name: 'commit_phase',
          description: 'Records the value it was rendered with.',
          execute: () => calls.push(value),
        })
        return <Child execute={execute} value={value} />
      }
      const { rerender } = render(<Parent value="a" />)
      rerender(<Parent value="b" />)
      await flushTasks(act)
      expect(calls.at(-1)).toBe('b')
      expect(calls).not.toContain(undefined)
      expect(new Set(calls)).toEqual(new Set(['a', 'b']))
    })

    it('a render that never commits does not publish its execute', async () => {
      const name = uniqueName()
      const rendered: string[] = []
      const never = new Promise<never>(() => {})
      // A thrown promise suspends on React 18 and 19 alike (use() is React 19's).
      function Suspends(): ReactNode {
        throw never
      }
      const App = ({ value, suspend }: { value: string; suspend?: boolean }) => (
        <Suspense fallback={<p>loading</p>}>
          <Host name={name} value={value} onRender={(v) => rendered.push(v)} />
          {suspend && <Suspends />}
        </Suspense>
      )
      const { container, rerender } = render(<App value="a" />)
      await flushTasks(act)
      await act(async () => startTransition(() => rerender(<App value="b" suspend />)))
      // React rendered value "b" (the transition), but suspended and kept the committed "a".
      expect(rendered).toContain('b')
      expect(state(container)).toBe('registered waiting 0 undefined')
      expect(await act(() => callAgent(name, { text: 'x' }))).toBe('a:x')
    })
  })

  describe('without WebMCP', () => {
    it("reports 'unsupported', registers nothing, and still runs execute locally", async () => {
      delete (Document.prototype as { modelContext?: unknown }).modelContext
      const name = uniqueName()
      const { result } = renderHook(() =>
        useWebMCPTool({ name, description: 'Local.', execute: () => 'local' }),
      )
      await flushTasks(act)
      expect(result.current.status).toBe('unsupported')
      expect(await act(() => result.current.execute({}))).toBe('local')
      expect(result.current).toMatchObject({ status: 'unsupported', lastResult: 'local' })
    })
  })

  it('hydrates server HTML without a mismatch, then registers', async () => {
    const name = uniqueName()
    const container = document.createElement('div')
    document.body.append(container)
    const ui = <Host name={name} />
    container.innerHTML = renderToString(mode === 'strict' ? <StrictMode>{ui}</StrictMode> : ui)
    // React 18 warns of useLayoutEffect in renderToString: jsdom has a document, so the hook chose it
    // (on a server it chooses useEffect: index.test.tsx renders there without a warning).
    if (version.startsWith('18.')) {
      expect(vi.mocked(console.error).mock.calls.map((call) => String(call[0]))).toEqual([
        expect.stringContaining('useLayoutEffect does nothing on the server'),
      ])
      vi.mocked(console.error).mockClear()
    }
    expect(state(container)).toBe('idle waiting 0 undefined')
    const { unmount } = render(ui, { container, hydrate: true })
    await flushTasks(act)
    expect(state(container)).toBe('registered waiting 0 undefined')
    expect(await registered(name)).toHaveLength(1)
    unmount()
    container.remove()
  })

  it('misuse: a tool without execute throws an Error that says how to fix it', () => {
    // React reports the error thrown from render besides rethrowing it.
    vi.mocked(console.error).mockImplementation(() => {})
    const tool = { name: 'broken', description: 'No execute.' }
    expect(() =>
      renderHook(() => useWebMCPTool(tool as Parameters<typeof useWebMCPTool>[0])),
    ).toThrow(
      new Error(
        'The tool "broken" has no execute function. Pass { name, description, inputSchema?, ' +
          'execute(input, { signal }) }.',
      ),
    )
    vi.mocked(console.error).mockReset()
  })

  it('misuse: a missing tool throws the same kind of Error, naming what it got', () => {
    vi.mocked(console.error).mockImplementation(() => {})
    expect(() =>
      renderHook(() => useWebMCPTool(undefined as unknown as Parameters<typeof useWebMCPTool>[0])),
    ).toThrow(/^The tool is undefined\. Pass \{ name, description/)
    vi.mocked(console.error).mockReset()
  })

  it('misuse: a tool that loses its execute on a later render throws in that commit', async () => {
    vi.mocked(console.error).mockImplementation(() => {})
    const name = uniqueName()
    const good = { name, description: 'Fine at first.', execute: () => 'ok' }
    const { rerender } = renderHook(
      (tool: typeof good) => useWebMCPTool(tool as Parameters<typeof useWebMCPTool>[0]),
      { initialProps: good },
    )
    await flushTasks(act)
    expect(await registered(name)).toHaveLength(1)
    const broken = { name, description: 'Lost it.' } as unknown as typeof good
    expect(() => rerender(broken)).toThrow(/^The tool "[^"]+" has no execute function\./)
    // The error unmounts the tree (there is no boundary), which unregisters the tool.
    await flushTasks(act)
    expect(await registered(name)).toHaveLength(0)
    vi.mocked(console.error).mockReset()
  })
})
