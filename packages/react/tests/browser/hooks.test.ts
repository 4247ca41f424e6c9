import { describeBindingSuite } from '@webmcp-kit/test-infra/binding-cases'
import type { BindingKit } from '@webmcp-kit/test-infra/binding-page'
import type { CounterProps, ReactKit } from './page'

/** The page's `window.kit` (page.tsx), as case bodies running in the page see it. */
declare const kit: BindingKit<ReactKit>

/** What the counter app's case returns, with native WebMCP or with the polyfill. */
const counterWalk = (native: boolean) => [
  native,
  1,
  true,
  ['react_counter'],
  true,
  1,
  'v50:2',
  { status: 'registered', count: 2, executionCount: 1, lastResult: 'v50:2', error: null },
  'v50:5',
  'idle',
  0,
  [],
  1,
  1,
  'schema 2',
  1,
  1,
  ['react_counter'],
  0,
  [],
]

// The shared binding cases through page.tsx's adapter, then one counter app walked through its
// life; every case twice, in StrictMode (which registers, unregisters and registers again on
// mount) and without it.
describeBindingSuite('@webmcp-kit/react', {
  body: '<script src="/react-page.js"></script>',
  modes: ['non-strict', 'StrictMode'],
  cases: [
    {
      name: 'exactly one registration through mount, renders, enable/disable, schema change, remount and unmount',
      run: async () => {
        const { react } = kit
        const out: unknown[] = [react.native()]
        let props: CounterProps = { enabled: true, schemaVersion: 1, value: 'v0', mountKey: 1 }
        const render = (next: Partial<CounterProps>) =>
          react.render((props = { ...props, ...next }))
        /** The input schemas of the registered tools named react_counter. */
        const registrations = async () =>
          (await kit.context().getTools())
            .filter((tool) => tool.name === 'react_counter')
            .map((tool) => tool.inputSchema as { properties: { by: { description: string } } })
        const call = async (by: number) =>
          kit.context().executeTool(await kit.find('react_counter'), { by })

        // Mount. StrictMode registers, unregisters (synchronously, on abort) and registers again.
        render({})
        await kit.until(() => react.state().status === 'registered')
        out.push((await registrations()).length, react.counts().registerTool)
        await kit.until(() => kit.same(react.listed(), ['react_counter']))
        await kit.drained()
        out.push(react.listed())

        // 50 renders, each with a new inline execute: no registration, no toolchange.
        const before = react.counts()
        for (let i = 1; i <= 50; i++) render({ value: `v${i}` })
        await kit.drained()
        out.push(kit.same(react.counts(), before), (await registrations()).length)

        // An agent call reaches the execute of the last render and updates the rendered state.
        out.push(await call(2))
        await kit.until(() => react.state().count === 2)
        out.push(react.state())
        // The next call sees the state that call produced, through the next render's execute.
        out.push(await call(3))

        // Disable: unregistered at once. Enable: exactly one again.
        render({ enabled: false })
        out.push(react.state().status, (await registrations()).length)
        await kit.until(() => react.listed().length === 0)
        await kit.drained()
        out.push(react.listed())
        render({ enabled: true })
        await kit.until(() => react.state().status === 'registered')
        out.push((await registrations()).length)

        // Schema change: re-registered once, with the new schema.
        const registered = react.counts().registerTool
        render({ schemaVersion: 2 })
        await kit.until(() => react.state().status === 'registered')
        const schemas = await registrations()
        out.push(schemas.length, schemas[0]?.properties.by.description)
        out.push(react.counts().registerTool - registered)

        // Remount (a new key; in StrictMode its effects replay too): exactly one.
        render({ mountKey: 2 })
        await kit.until(() => react.state().status === 'registered')
        await kit.drained()
        out.push((await registrations()).length, react.listed())

        // Unmount: gone at once.
        react.unmount()
        out.push((await registrations()).length)
        await kit.drained()
        // StrictMode registers twice on mount; the rest must be equal in both modes.
        out[2] = out[2] === (react.strict() ? 2 : 1)
        out.push(kit.problems)
        return out
      },
      expected: counterWalk(false),
      expectedNative: counterWalk(true),
    },
  ],
})
