import { toCallResult } from '../mcp/mcp-mapping'
import { MAX_CALLS, MAX_MESSAGE_BYTES } from '../protocol/wire'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { CallOutcome } from '../types'
import type { ExtensionConnection } from './listener'
import type { SharedTool } from './shared-tabs'

interface Pending {
  tool: SharedTool
  settle(outcome: CallOutcome): void
}

/**
 * The calls in flight to the extension, at most {@link MAX_CALLS}: each is a `call` message with a
 * new id, ended by the extension's `result`, by MCP cancellation (a `cancel` message, and the call
 * ends at once), by its tab or frame going away, or by the connection closing.
 */
export class Calls {
  readonly #pending = new Map<number, Pending>()
  #nextId = 1

  get size(): number {
    return this.#pending.size
  }

  /** Runs `tool` in its frame, through `connection`. */
  run(
    connection: ExtensionConnection | undefined,
    tool: SharedTool,
    input: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<CallToolResult> {
    const fail = (name: string, message: string) =>
      Promise.resolve(toCallResult(tool.page, { ok: false, name, message }))
    if (!connection) {
      return fail('InvalidStateError', 'The browser extension is not connected to the bridge.')
    }
    if (this.#pending.size >= MAX_CALLS) {
      return fail(
        'QuotaExceededError',
        `${MAX_CALLS} calls are already running in the browser; wait for one to finish.`,
      )
    }
    if (signal?.aborted) return fail('AbortError', 'The call was cancelled.')
    const id = this.#nextId++
    const { tab, frame, document, page } = tool
    const call = { type: 'call', id, tab, frame, document, name: page.name, input }
    if (Buffer.byteLength(JSON.stringify(call)) > MAX_MESSAGE_BYTES) {
      return fail('QuotaExceededError', 'The input is over 1 MiB, more than the extension takes.')
    }
    return new Promise<CallToolResult>((resolve) => {
      const onAbort = () => {
        connection.send({ type: 'cancel', id })
        settle({ ok: false, name: 'AbortError', message: 'The call was cancelled.' })
      }
      const settle = (outcome: CallOutcome) => {
        if (!this.#pending.delete(id)) return
        signal?.removeEventListener('abort', onAbort)
        resolve(toCallResult(tool.page, outcome))
      }
      this.#pending.set(id, { tool, settle })
      signal?.addEventListener('abort', onAbort, { once: true })
      connection.send(call)
    })
  }

  /** The extension's answer to call `id` (an unknown or finished id is ignored). */
  result(id: number, outcome: CallOutcome): void {
    this.#pending.get(id)?.settle(outcome)
  }

  /** Ends the calls into `tab` (or one frame of it), which closed or navigated. */
  gone(tab: number, frame?: number): void {
    for (const { tool, settle } of [...this.#pending.values()]) {
      if (tool.tab === tab && (frame === undefined || tool.frame === frame)) {
        settle({
          ok: false,
          name: 'AbortError',
          message: 'The tab or frame closed, navigated or stopped being shared during the call.',
        })
      }
    }
  }

  /** Ends every call: the extension disconnected, or the bridge closes. */
  disconnected(message = 'The browser extension disconnected during the call.'): void {
    for (const { settle } of [...this.#pending.values()]) {
      settle({ ok: false, name: 'AbortError', message })
    }
  }
}
