// The worker's hub with a recording host and frame ports: what reaches the bridge for each frame,
// which calls reach a document, and the bounds on calls and on results.
import { describe, expect, it } from 'vitest'
import { Hub } from '../src/lib/hub'
import type { FrameRecord } from '../src/lib/hub'
import type { ExtensionMessage } from '../src/lib/protocol'

type Sent = ExtensionMessage & Record<string, unknown>

function setup() {
  const sent: Sent[] = []
  const toFrames: Array<{ frame: number; message: Record<string, unknown> }> = []
  let tabsChanged = 0
  const hub = new Hub({
    send: (message) => (sent.push(message as Sent), true),
    confirmMode: () => 'consequential',
    tabsChanged: () => void tabsChanged++,
  })
  const frame = (frameId: number, origin: string, tools: string[], tab = 1): FrameRecord => ({
    port: {
      postMessage: (message: Record<string, unknown>) => toFrames.push({ frame: frameId, message }),
      disconnect: () => {},
    } as unknown as FrameRecord['port'],
    tab,
    frame: frameId,
    document: `doc-${tab}-${frameId}`,
    origin,
    native: true,
    tools: tools.map((name) => ({ name, description: '', source: 'native' as const })),
    visible: [],
  })
  return { hub, sent, toFrames, frame, tabsChanged: () => tabsChanged }
}

const toolsSent = (sent: Sent[], frame: number) =>
  sent
    .filter((m) => m.type === 'tools' && m.frame === frame)
    .map((m) => (m as { tools: { name: string }[] }).tools.map((t) => t.name))

describe('publishing', () => {
  it('sends a cross-origin frame’s tools only as far as the top document lists them', () => {
    const { hub, sent, frame } = setup()
    const top = frame(0, 'https://a.test', ['top'])
    const child = frame(5, 'https://b.test', ['exposed', 'private'])
    hub.add(top)
    hub.add(child)
    hub.publish(1)
    expect(toolsSent(sent, 0)).toEqual([['top']])
    expect(toolsSent(sent, 5)).toEqual([[]])
    hub.fromFrame(top, {
      type: 'tools',
      tools: top.tools,
      // A frame of another origin with the same tool name does not count: origin and name both;
      // nor does a tool the frame's own document never reported (a polyfill top's word alone).
      visible: [
        { origin: 'https://b.test', name: 'exposed' },
        { origin: 'https://c.test', name: 'private' },
        { origin: 'https://b.test', name: 'ghost' },
      ],
    })
    expect(toolsSent(sent, 5)).toEqual([[], ['exposed']])
  })

  it('sends a frame again only when its list changed, and says when it goes', () => {
    const { hub, sent, frame } = setup()
    const top = frame(0, 'https://a.test', ['one'])
    hub.add(top)
    hub.publish(1)
    hub.publish(1)
    expect(sent.filter((m) => m.type === 'tools')).toHaveLength(1)
    hub.remove(top)
    expect(sent.at(-1)).toEqual({ type: 'gone', tab: 1, frame: 0 })
  })

  it('keeps at most 256 frames of a tab', () => {
    const { hub, frame } = setup()
    for (let i = 0; i < 256; i++) expect(hub.add(frame(i, 'https://a.test', []))).toBe(true)
    expect(hub.add(frame(256, 'https://a.test', []))).toBe(false)
    expect(hub.add(frame(0, 'https://a.test', [], 2))).toBe(true)
  })
})

/** The id and error name of the last message, a failed result. */
const failed = (sent: Sent[]) => {
  const last = sent.at(-1) as { type: string; ok?: boolean; id?: number; error?: { name: string } }
  return last.type === 'result' && last.ok === false ? [last.id, last.error?.name] : last
}

describe('calls', () => {
  const call = (id: number, name: string, document = 'doc-1-0') =>
    ({ type: 'call', id, tab: 1, frame: 0, document, name, input: {} }) as const

  it('runs only a tool the bridge was sent, in the document it was sent for', async () => {
    const { hub, sent, toFrames, frame } = setup()
    const top = frame(0, 'https://a.test', ['echo'])
    hub.add(top)
    await hub.fromBridge(call(1, 'echo'))
    // Not published yet: the bridge cannot have been told of it.
    expect(failed(sent)).toEqual([1, 'NotFoundError'])
    hub.publish(1)
    await hub.fromBridge(call(2, 'echo', 'doc-of-before'))
    expect(failed(sent)).toEqual([2, 'NotFoundError'])
    await hub.fromBridge(call(3, 'other'))
    expect(failed(sent)).toEqual([3, 'NotFoundError'])
    expect(toFrames).toEqual([])
    await hub.fromBridge(call(4, 'echo'))
    expect(toFrames).toEqual([
      { frame: 0, message: { type: 'call', id: expect.any(String), name: 'echo', input: {} } },
    ])
    const id = toFrames[0]!.message.id as string
    // Another frame cannot answer it; its own can, once.
    hub.fromFrame(frame(3, 'https://a.test', []), {
      type: 'result',
      id,
      ok: true,
      output: 'forged',
    })
    expect(hub.inFlight).toBe(1)
    hub.fromFrame(top, { type: 'result', id, ok: true, output: 'done' })
    hub.fromFrame(top, { type: 'result', id, ok: true, output: 'again' })
    expect(sent.filter((m) => m.type === 'result' && m.id === 4)).toEqual([
      { type: 'result', id: 4, ok: true, output: 'done' },
    ])
  })

  it('refuses calls beyond 64 in flight at once, and cancels by the bridge’s id', async () => {
    const { hub, sent, toFrames, frame } = setup()
    hub.add(frame(0, 'https://a.test', ['wait']))
    hub.publish(1)
    for (let id = 1; id <= 65; id++) await hub.fromBridge(call(id, 'wait'))
    expect(hub.inFlight).toBe(64)
    expect(failed(sent)).toEqual([65, 'QuotaExceededError'])
    await hub.fromBridge({ type: 'cancel', id: 7 })
    const cancel = toFrames.find((f) => f.message.type === 'cancel')
    expect(cancel?.message.id).toBe(toFrames[6]!.message.id)
  })

  it('answers a result over 1 MiB in UTF-8 with a DataError instead of sending it', async () => {
    const { hub, sent, toFrames, frame } = setup()
    const top = frame(0, 'https://a.test', ['big'])
    hub.add(top)
    hub.publish(1)
    await hub.fromBridge(call(1, 'big'))
    const id = toFrames[0]!.message.id as string
    // 400 000 three-byte characters: 1.2 MB, under 1 MiB in UTF-16 units.
    hub.fromFrame(top, { type: 'result', id, ok: true, output: '€'.repeat(400_000) })
    expect(sent.at(-1)).toEqual({
      type: 'result',
      id: 1,
      ok: false,
      error: { name: 'DataError', message: 'The tool returned more than 1 MiB.' },
    })
  })

  it('ends a document’s calls when it goes away, and every call when the link drops', async () => {
    const { hub, sent, frame } = setup()
    const top = frame(0, 'https://a.test', ['wait'])
    hub.add(top)
    hub.publish(1)
    await hub.fromBridge(call(1, 'wait'))
    hub.remove(top)
    expect(sent).toContainEqual({
      type: 'result',
      id: 1,
      ok: false,
      error: { name: 'AbortError', message: 'The document went away.' },
    })
    hub.add(top)
    hub.publish(1)
    await hub.fromBridge(call(2, 'wait'))
    hub.abortAll()
    expect(hub.inFlight).toBe(0)
  })
})
