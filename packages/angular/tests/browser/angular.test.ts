import { describeBindingSuite } from '@webmcp-kit/test-infra/binding-cases'
import type { BindingKit } from '@webmcp-kit/test-infra/binding-page'
import type { AngularKit } from './page'

/** The page's `window.kit` (page.ts), as case bodies running in the page see it. */
declare const kit: BindingKit<AngularKit>

/** What the application case returns: with native WebMCP, or with the polyfill it installed. */
const lifecycle = (native: boolean) => [
  [native, true, native],
  [['counter'], 1, '0|registered|0|', 'counter'],
  ['2', '2|registered|1|2', 1, '12', '12|registered|2|12'],
  [[[], 'idle'], ['counter'], 3],
  [['counter'], ['celsius', 'fahrenheit'], 5, '12|registered|2|12'],
  // The new component starts from 0; `step` is still 10.
  [[[], 6], ['counter'], 7, '30', '30|registered|1|30'],
  // The application's tools go with it; the modelContext (native, or the polyfill the app's entry
  // installed for the page's lifetime) stays.
  [['counter'], true, []],
  [],
]

// The shared binding cases through page.ts's adapter, then one application walked through its
// lifecycle, each step from the state the previous one left, as a person using the page would.
describeBindingSuite('@webmcp-kit/angular', {
  body: '<script type="module" src="/angular-page.js"></script>',
  cases: [
    {
      name: 'an application whose entry installs the polyfill: the polyfill only without native WebMCP; its tool registers once, follows signals, and goes with the application',
      // No polyfill script: the application's entry installs it where there is no native WebMCP.
      nopolyfill: true,
      run: async () => {
        const { app } = kit
        const steps: unknown[] = []
        const before = app.before
        await app.start()
        steps.push([before, 'modelContext' in document, app.native()])

        // The component registers its tool exactly once, and the tools signal lists it.
        const listed = () => app.text('status') === 'registered' && app.text('tools') === 'counter'
        await kit.until(listed)
        await app.drained()
        steps.push([await kit.names(), app.toolchanges(), app.counter(), app.text('tools')])

        // An agent's call reaches the latest execute and updates the rendered state.
        const first = await app.call('counter', { times: 2 })
        await kit.until(() => app.text('runs') === '1')
        const rendered = app.counter()
        // The factory reads `step`: a new execute, swapped in place without re-registering.
        app.controls.step.set(10)
        await app.drained()
        const changes = app.toolchanges()
        const second = await app.call('counter', { times: 1 })
        await kit.until(() => app.text('runs') === '2')
        steps.push([first, rendered, changes, second, app.counter()])

        // The enabled signal unregisters and registers again.
        app.controls.enabled.set(false)
        await kit.until(() => app.text('status') === 'idle' && app.text('tools') === '')
        const off = [await kit.names(), app.text('status')]
        app.controls.enabled.set(true)
        await kit.until(listed)
        await app.drained()
        steps.push([off, await kit.names(), app.toolchanges()])

        // A signal read in the factory changes the schema: re-registered once, state kept.
        app.controls.units.set(['celsius', 'fahrenheit'])
        await kit.until(() => app.toolchanges() === 5 && app.text('status') === 'registered')
        await app.drained()
        const schema = (await kit.find('counter')).inputSchema as {
          properties: { unit?: { enum: string[] } }
        }
        steps.push([
          await kit.names(),
          schema.properties.unit?.enum,
          app.toolchanges(),
          app.counter(),
        ])

        // Unmounting the component unregisters; mounting it again registers exactly once.
        app.controls.show.set(false)
        await kit.until(() => app.counter() === null && app.text('tools') === '')
        const unmounted = [await kit.names(), app.toolchanges()]
        app.controls.show.set(true)
        await kit.until(listed)
        await app.drained()
        const call = await app.call('counter', { times: 3 })
        await kit.until(() => app.text('runs') === '1')
        steps.push([unmounted, await kit.names(), app.toolchanges(), call, app.counter()])

        // Destroying the application unregisters its tools.
        const names = await kit.names()
        app.stop()
        steps.push([names, 'modelContext' in document, kit.problems])
        steps.push(await kit.names())
        return steps
      },
      expected: lifecycle(false),
      expectedNative: lifecycle(true),
    },
  ],
})
