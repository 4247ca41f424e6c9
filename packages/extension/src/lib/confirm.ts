// Confirmation in the browser: a small extension window shows the tool, the browser-given origin
// and the input, and the person runs it or declines. Closing the window declines; cancelling the
// call closes it. Only the extension's own confirm page can answer.
import { browser } from 'wxt/browser'
import type { ConfirmMode } from './settings'
import type { WireAnnotations } from './protocol'

export interface ConfirmRequest {
  name: string
  origin: string
  input: unknown
  source: string
}

interface Pending extends ConfirmRequest {
  settle(allowed: boolean): void
  window?: number
}

const pending = new Map<string, Pending>()
const PAGE = '/confirm.html'

/** Whether a tool asks before it runs, under the person's setting. */
export function needsConfirmation(annotations: WireAnnotations | undefined, mode: ConfirmMode) {
  if (annotations?.consequentialHint) return true
  return mode === 'non-read-only' && annotations?.readOnlyHint !== true
}

/** The NotAllowedError an agent gets when the person declines. */
export const declined = (name: string, origin: string) =>
  new DOMException(`The person declined to run ${name} on ${origin}.`, 'NotAllowedError')

/** Asks the person; resolves true to run, false when declined. Rejects AbortError on `signal`. */
export async function ask(request: ConfirmRequest, signal: AbortSignal): Promise<boolean> {
  const id = crypto.randomUUID()
  let settle!: (allowed: boolean) => void
  const answer = new Promise<boolean>((resolve) => (settle = resolve))
  const entry: Pending = { ...request, settle }
  pending.set(id, entry)
  const close = () => {
    pending.delete(id)
    if (entry.window !== undefined) void browser.windows.remove(entry.window).catch(() => {})
  }
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => reject(new DOMException('The call was cancelled.', 'AbortError'))
    if (signal.aborted) abort()
    signal.addEventListener('abort', abort, { once: true })
  })
  try {
    const created = await browser.windows.create({
      url: browser.runtime.getURL(`${PAGE}#${id}`),
      type: 'popup',
      width: 460,
      height: 420,
      focused: true,
    })
    entry.window = created?.id
    return await Promise.race([answer, aborted])
  } finally {
    close()
  }
}

/** Closing a confirm window declines its call. */
export function windowClosed(window: number): void {
  for (const entry of pending.values()) if (entry.window === window) entry.settle(false)
}

/** The confirm page's messages: it reads its request and answers it. */
export function confirmMessage(
  message: { type?: string; id?: unknown; allow?: unknown },
  senderUrl: string | undefined,
): ConfirmRequest | boolean | undefined {
  if (!senderUrl?.startsWith(browser.runtime.getURL(PAGE))) return undefined
  const entry = typeof message.id === 'string' ? pending.get(message.id) : undefined
  if (!entry) return undefined
  if (message.type === 'confirm-get') {
    const { name, origin, input, source } = entry
    return { name, origin, input, source }
  }
  if (message.type === 'confirm-answer') {
    entry.settle(message.allow === true)
    return true
  }
  return undefined
}

/** For tests: the requests waiting for an answer. */
export const waiting = () => [...pending.keys()]
