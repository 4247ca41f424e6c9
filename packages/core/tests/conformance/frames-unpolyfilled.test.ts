import { differential } from './harness'
import type { Case, Helpers } from './harness'

// A frame tree with a same-origin document without the polyfill in the middle: the top's polyfill
// reads that document's container of the frame below it (no frame protocol there answers), so
// the grandchild's tools are listed and run at the top, as natively.

async function run({ mc, origin, until }: Helpers) {
  const allow = new URLSearchParams(location.search).get('allow') ?? ''
  const script = `<script>document.modelContext.registerTool({ name: 'deep', description: 'd', execute: () => 'from below' })</script>`
  const inner = `${origin}/?body=${encodeURIComponent(script)}`
  const middle = `${origin}/?nopolyfill&body=${encodeURIComponent(
    `<iframe allow="${allow}" src="${inner}"></iframe>`,
  )}`
  const f = document.createElement('iframe')
  f.src = middle
  const loaded = new Promise((resolve) => (f.onload = resolve))
  document.body.append(f)
  await loaded
  if (allow === "tools 'none'") {
    // Refused by its container: it never joins, and its tool is never listed.
    const grandchild = f.contentDocument!.querySelector('iframe')!.contentWindow!
    const refused = await (
      grandchild.document as Document & { modelContext: { getTools(): Promise<unknown> } }
    ).modelContext
      .getTools()
      .then(
        () => 'listed',
        (e: Error) => e.name,
      )
    return [refused, (await mc.getTools()).map((t) => t.name)]
  }
  await until(async () => (await mc.getTools()).some((t) => t.name === 'deep'))
  const [tool] = await mc.getTools()
  return [tool!.name, await mc.executeTool(tool!, {})]
}

const cases: Case[] = [
  {
    name: 'a same-origin frame without the polyfill between the top and a frame that registers: the top lists and runs the frame’s tool',
    path: '/?allow=tools',
    run,
    expected: ['deep', 'from below'],
  },
  {
    name: 'a frame refused by the container of a same-origin document without the polyfill is not listed at the top',
    path: `/?allow=${encodeURIComponent("tools 'none'")}`,
    run,
    expected: ['NotAllowedError', []],
  },
]

differential('frames, a document without the polyfill in the middle', cases)
