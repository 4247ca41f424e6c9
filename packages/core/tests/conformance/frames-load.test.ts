import { differential } from './harness'

// Frame trees loaded again and again, counting promises that never settle (issue 17): a promise of
// the API that never settles is the worst bug a polyfill can have, because nothing reports it. Each
// child reports what its first script's call did; a report that has not come within 5 s counts as a
// hang. The trees: the one of the issue (a same-origin and a cross-origin child registering as they
// load), the same under a parent frame whose frame protocol (the classic script's second file) comes
// late, a deeper chain, a wider fan, children calling the parent's tools as they load, and children
// removed or navigated while the parent's calls wait on them. `LOADS` loads per case and engine.

const LOADS = 50

differential('frames at load', [
  {
    name: 'a same-origin and a cross-origin child registering in their first script: every promise settles, every load',
    run: async ({ mc, origin, otherOrigin }) => {
      const loads = Number(new URLSearchParams(location.search).get('loads'))
      const child = (name: string) =>
        `<script>document.modelContext.registerTool({ name: '${name}', description: 'd', execute: () => '${name}' }, { exposedTo: ['${origin}'] })
          .then(() => 'registered', (e) => e.name).then((what) => parent.postMessage({ load: '${name}', what }, '*'))</script>`
      const reports = new Map<string, string>()
      addEventListener('message', (e) => e.data?.load && reports.set(e.data.load, e.data.what))
      const report = (name: string) =>
        new Promise<string>((resolve) => {
          const end = Date.now() + 5000
          const check = () =>
            reports.has(name)
              ? resolve(reports.get(name)!)
              : Date.now() > end
                ? resolve('hang')
                : setTimeout(check, 5)
          check()
        })
      const outcomes: Record<string, number> = {}
      let listed = 0
      for (let i = 0; i < loads; i++) {
        const frames = [
          [`/?body=${encodeURIComponent(child(`same${i}`))}`, ''],
          [`${otherOrigin}/?body=${encodeURIComponent(child(`cross${i}`))}`, 'tools'],
        ].map(([src, allow]) => {
          const f = document.createElement('iframe')
          if (allow) f.allow = allow
          f.src = src!
          document.body.append(f)
          return f
        })
        for (const what of await Promise.all([report(`same${i}`), report(`cross${i}`)])) {
          outcomes[what] = (outcomes[what] ?? 0) + 1
        }
        const names = (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)
        if (names.join() === `cross${i},same${i}`) listed++
        for (const f of frames) f.remove()
      }
      return [outcomes, listed === loads]
    },
    path: `/?loads=${LOADS}`,
    expected: [{ registered: 2 * LOADS }, true],
  },
  {
    name: 'a same-origin frame whose frame protocol comes 100 ms late, with a same-origin and a cross-origin child registering in their first script (theirs late too): every promise settles, every load, and it lists both',
    path: `/?loads=${LOADS}`,
    run: async ({ origin, otherOrigin }) => {
      const loads = Number(new URLSearchParams(location.search).get('loads'))
      // Every document of the tree loads the classic script, which gets its second file (the frame
      // protocol) 100 ms late: the children speak to their parent before its protocol is there.
      const late = 'delay=100'
      const child = (name: string) =>
        `<script>document.modelContext.registerTool({ name: '${name}', description: 'd', execute: () => '${name}' }, { exposedTo: ['${origin}'] })
          .then(() => 'registered', (e) => e.name).then((what) => top.postMessage({ load: '${name}', what }, '*'))</script>`
      const middle = (i: number) => {
        const frames = [
          [`/?${late}&body=${encodeURIComponent(child(`same${i}`))}`, ''],
          [`${otherOrigin}/?${late}&body=${encodeURIComponent(child(`cross${i}`))}`, 'tools'],
        ]
        return `<script>for (const [src, allow] of ${JSON.stringify(frames)}) {
          const f = document.createElement('iframe')
          if (allow) f.allow = allow
          f.src = src
          document.body.append(f)
        }</script>`
      }
      const reports = new Map<string, string>()
      addEventListener('message', (e) => e.data?.load && reports.set(e.data.load, e.data.what))
      const report = (name: string) =>
        new Promise<string>((resolve) => {
          const end = Date.now() + 5000
          const check = () =>
            reports.has(name)
              ? resolve(reports.get(name)!)
              : Date.now() > end
                ? resolve('hang')
                : setTimeout(check, 5)
          check()
        })
      const outcomes: Record<string, number> = {}
      let listed = 0
      for (let i = 0; i < loads; i++) {
        const f = document.createElement('iframe')
        f.src = `/?${late}&body=${encodeURIComponent(middle(i))}`
        document.body.append(f)
        for (const what of await Promise.all([report(`same${i}`), report(`cross${i}`)])) {
          outcomes[what] = (outcomes[what] ?? 0) + 1
        }
        // The middle document (same-origin: its modelContext is reachable from here).
        const context = f.contentDocument!.modelContext!
        const names = (await context.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)
        if (names.join() === `cross${i},same${i}`) listed++
        f.remove()
      }
      return [outcomes, listed === loads]
    },
    expected: [{ registered: 2 * LOADS }, true],
  },
  {
    name: 'a chain four frames deep, alternating origins, each registering as it loads',
    path: `/?loads=${LOADS / 5}`,
    run: async ({ mc, origin, otherOrigin }) => {
      const loads = Number(new URLSearchParams(location.search).get('loads'))
      // Each level registers a tool exposed to both origins, then embeds the next level.
      const level = `() => {
        const q = new URLSearchParams(location.search)
        const depth = Number(q.get('depth'))
        const name = 'level' + depth + '_' + q.get('i')
        document.modelContext.registerTool({ name, description: 'd', execute: () => name }, { exposedTo: [q.get('a'), q.get('b')] })
          .then(() => 'registered', (e) => e.name).then((what) => top.postMessage({ load: name, what }, '*'))
        if (depth < 4) {
          const f = document.createElement('iframe')
          f.allow = 'tools *'
          const next = new URL(location.href)
          next.searchParams.set('depth', String(depth + 1))
          next.host = new URL(q.get(depth % 2 ? 'a' : 'b')).host
          f.src = next.href
          document.body.append(f)
        }
      }`
      const reports = new Map<string, string>()
      addEventListener('message', (e) => e.data?.load && reports.set(e.data.load, e.data.what))
      const report = (name: string) =>
        new Promise<string>((resolve) => {
          const end = Date.now() + 5000
          const check = () =>
            reports.has(name)
              ? resolve(reports.get(name)!)
              : Date.now() > end
                ? resolve('hang')
                : setTimeout(check, 5)
          check()
        })
      const outcomes: Record<string, number> = {}
      let listed = 0
      for (let i = 0; i < loads; i++) {
        const f = document.createElement('iframe')
        f.allow = 'tools *'
        const q = new URLSearchParams({ depth: '1', i: String(i), a: origin, b: otherOrigin })
        f.src = `${otherOrigin}/?${q}&body=${encodeURIComponent(`<script>(${level})()</script>`)}`
        document.body.append(f)
        const names = [1, 2, 3, 4].map((d) => `level${d}_${i}`)
        for (const what of await Promise.all(names.map(report))) {
          outcomes[what] = (outcomes[what] ?? 0) + 1
        }
        const seen = (await mc.getTools({ fromOrigins: [otherOrigin] })).map((t) => t.name)
        if (seen.join() === names.join()) listed++
        f.remove()
      }
      return [outcomes, listed === loads]
    },
    expected: [{ registered: (4 * LOADS) / 5 }, true],
  },
  {
    name: 'six children of two origins loading at once, each registering, listing and calling the parent',
    path: `/?loads=${LOADS / 5}`,
    run: async ({ register, origin, otherOrigin }) => {
      const loads = Number(new URLSearchParams(location.search).get('loads'))
      // The parent's tool exists before any child does; each child lists it and runs it at once.
      await register('parentTool', { execute: () => 'P' }, { exposedTo: [otherOrigin] })
      const child = (name: string) =>
        `<script>(async () => {
          const mc = document.modelContext
          const steps = []
          const settle = (p) => p.then(() => 'ok', (e) => e.name)
          steps.push(await settle(mc.registerTool({ name: '${name}', description: 'd', execute: () => '${name}' }, { exposedTo: ['${origin}'] })))
          const tools = await mc.getTools({ fromOrigins: ['${origin}'] }).catch(() => [])
          const tool = tools.find((t) => t.name === 'parentTool')
          steps.push(tool ? await mc.executeTool(tool, {}).catch((e) => e.name) : 'not listed')
          parent.postMessage({ load: '${name}', what: steps.join('+') }, '*')
        })()</script>`
      const reports = new Map<string, string>()
      addEventListener('message', (e) => e.data?.load && reports.set(e.data.load, e.data.what))
      const report = (name: string) =>
        new Promise<string>((resolve) => {
          const end = Date.now() + 5000
          const check = () =>
            reports.has(name)
              ? resolve(reports.get(name)!)
              : Date.now() > end
                ? resolve('hang')
                : setTimeout(check, 5)
          check()
        })
      const outcomes: Record<string, number> = {}
      for (let i = 0; i < loads; i++) {
        const names = [0, 1, 2, 3, 4, 5].map((k) => `c${k}_${i}`)
        const frames = names.map((name, k) => {
          const f = document.createElement('iframe')
          const base = k % 2 ? otherOrigin : origin
          if (k % 2) f.allow = 'tools'
          f.src = `${base}/?body=${encodeURIComponent(child(name))}`
          document.body.append(f)
          return f
        })
        for (const what of await Promise.all(names.map(report))) {
          outcomes[what] = (outcomes[what] ?? 0) + 1
        }
        for (const f of frames) f.remove()
      }
      return outcomes
    },
    expected: { 'ok+P': (6 * LOADS) / 5 },
  },
  {
    name: 'children removed or navigated while the parent’s calls wait on them: every promise settles',
    path: `/?loads=${LOADS / 5}`,
    run: async ({ mc, otherOrigin, origin }) => {
      const loads = Number(new URLSearchParams(location.search).get('loads'))
      const child = `<script>document.modelContext.registerTool({ name: 'childTool', description: 'd', execute: () => new Promise(() => {}) }, { exposedTo: ['${origin}'] })</script>`
      const outcomes: Record<string, number> = {}
      const count = (what: string) => (outcomes[what] = (outcomes[what] ?? 0) + 1)
      const bounded = (p: Promise<unknown>) =>
        Promise.race([
          p.then(
            () => 'settled',
            () => 'settled',
          ),
          new Promise((r) => setTimeout(() => r('hang'), 5000)),
        ])
      for (let i = 0; i < loads; i++) {
        for (const ending of ['remove', 'navigate']) {
          const f = document.createElement('iframe')
          f.allow = 'tools'
          f.src = `${otherOrigin}/?body=${encodeURIComponent(child)}`
          const loaded = new Promise((r) => (f.onload = r))
          document.body.append(f)
          await loaded
          // Calls of the parent that involve the child, then the child goes away at once.
          const calls = [
            mc.registerTool(
              { name: `t${i}${ending}`, description: 'd', execute: () => 1 },
              { exposedTo: [otherOrigin] },
            ),
            mc.getTools({ fromOrigins: [otherOrigin] }).then(async (tools) => {
              const tool = tools.find((t) => t.name === 'childTool')
              return tool && mc.executeTool(tool, {})
            }),
          ]
          if (ending === 'remove') f.remove()
          else f.src = `${otherOrigin}/?nopolyfill&gone`
          for (const what of await Promise.all(calls.map(bounded))) count(what as string)
          f.remove()
        }
      }
      return outcomes
    },
    expected: { settled: (4 * LOADS) / 5 },
  },
])
