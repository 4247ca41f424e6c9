import { describeBindingSuite } from '@webmcp-kit/test-infra/binding-cases'
import type { BindingKit } from '@webmcp-kit/test-infra/binding-page'
import type { SvelteKit } from './page.svelte'

/** The page's `window.kit` (page.svelte.ts), as case bodies running in the page see it. */
declare const kit: BindingKit<SvelteKit>

// The shared binding cases through page.svelte.ts's adapter, then what only this suite checks.
describeBindingSuite('@webmcp-kit/svelte', {
  body: '<script src="/svelte-page.js"></script>',
  cases: [
    {
      name: 'in an $effect.root, as in a .svelte.ts module: registers, and cleanup unregisters',
      run: async () => {
        const { value: tool, cleanup } = kit.svelte.root(() =>
          kit.svelte.WebMCPSvelte.useWebMCPTool({
            name: 'module_tool',
            description: 'Lives in a module.',
            execute: () => 'from a module',
          }),
        )
        await kit.until(() => tool.status === 'registered')
        const registered = [tool.status, await kit.names()]
        const result = await kit.context().executeTool(await kit.find('module_tool'), {})
        const state = [tool.executionCount, tool.lastResult]
        cleanup()
        return [registered, result, state, tool.status, await kit.names(), kit.problems]
      },
      expected: [
        ['registered', ['module_tool']],
        'from a module',
        [1, 'from a module'],
        'idle',
        [],
        [],
      ],
    },
    {
      name: 'a Standard Schema (Zod) validates the input: the agent gets the issues, execute never runs',
      run: async () => {
        const { Probe, mount, z } = kit.svelte
        const added: string[] = []
        const app = mount(Probe, {
          tool: {
            name: 'add_todo',
            description: 'Adds a to-do.',
            inputSchema: z.object({ text: z.string().min(1) }),
            execute: ({ text }: { text: string }) => (added.push(text), `Added ${text}`),
          },
        })
        await kit.until(async () => kit.same(await kit.names(), ['add_todo']))
        const tool = await kit.find('add_todo')
        const rejected = JSON.parse((await kit.context().executeTool(tool, { text: '' }))!)
        const accepted = await kit.context().executeTool(tool, { text: 'milk' })
        app.unmount()
        return [
          rejected.issues.map((i: { path: unknown }) => i.path),
          accepted,
          added,
          kit.problems,
        ]
      },
      expected: [[['text']], 'Added milk', ['milk'], []],
    },
  ],
})
