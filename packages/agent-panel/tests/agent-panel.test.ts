import { getModelContext, installModelContext } from '@webmcp-kit/core'
import type { ModelContext } from '@webmcp-kit/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mountAgentPanel } from '../src/agent-panel'

let uninstall: () => void
let context: ModelContext
beforeEach(() => {
  // jsdom has no isSecureContext; http://localhost, its URL, is a secure context.
  Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true })
  uninstall = installModelContext()
  context = getModelContext()!
})
afterEach(() => {
  uninstall()
  document.body.replaceChildren()
})

/**
 * Resolves once `check()` holds, looking again after each change to the document (the panel shows
 * everything it learns in the DOM). One that never holds fails the test by its timeout.
 */
const until = (check: () => boolean) =>
  new Promise<void>((resolve) => {
    if (check()) return resolve()
    const observer = new MutationObserver(() => {
      if (!check()) return
      observer.disconnect()
      resolve()
    })
    observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
  })

describe('mountAgentPanel', () => {
  it('lists tools live, runs them with the form input and shows the result', async () => {
    const host = document.body.appendChild(document.createElement('div'))
    const unmount = mountAgentPanel(host)
    expect(host.querySelector('.wmk-engine')!.getAttribute('data-engine')).toBe('polyfill')
    const controller = new AbortController()
    await context.registerTool(
      {
        name: 'add_task',
        description: 'Adds a task.',
        inputSchema: {
          type: 'object',
          properties: { text: { type: 'string' } },
          required: ['text'],
        },
        annotations: { readOnlyHint: false },
        execute: ({ text }: { text: string }) => ({ added: text }),
      },
      { signal: controller.signal },
    )
    await until(() => host.querySelector('[data-tool=add_task]') !== null)
    const card = host.querySelector<HTMLElement>('[data-tool=add_task]')!
    card.querySelector<HTMLInputElement>('[name=text]')!.value = 'Write tests'
    card.querySelector<HTMLButtonElement>('.wmk-run')!.click()
    const output = card.querySelector('output')!
    await until(() => output.dataset.state === 'ok')
    expect(JSON.parse(output.textContent!)).toEqual({ added: 'Write tests' })
    controller.abort()
    await until(() => host.querySelector('[data-tool=add_task]') === null)
    expect(host.querySelector<HTMLElement>('.wmk-empty')!.hidden).toBe(false)
    unmount()
    expect(host.childElementCount).toBe(0)
  })

  it('cancels a running tool and shows the error name', async () => {
    const host = document.body.appendChild(document.createElement('div'))
    mountAgentPanel(host)
    await context.registerTool({
      name: 'slow',
      description: 'Waits until cancelled.',
      execute: (_input: object, { signal }: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        ),
    } as never)
    await until(() => host.querySelector('[data-tool=slow]') !== null)
    const card = host.querySelector<HTMLElement>('[data-tool=slow]')!
    const cancel = card.querySelector<HTMLButtonElement>('.wmk-cancel')!
    expect(cancel.disabled).toBe(true)
    card.querySelector<HTMLButtonElement>('.wmk-run')!.click()
    await until(() => !cancel.disabled)
    cancel.click()
    const output = card.querySelector('output')!
    await until(() => output.dataset.state === 'error')
    expect(output.dataset.error).toBe('AbortError')
  })

  it('calls a ModelContext native unless core knows it as its own (isPolyfill), whatever its methods look like', () => {
    // Another implementation, say the browser's: none of this polyfill's instances.
    const foreign = Object.assign(new EventTarget(), {
      registerTool: async () => undefined,
      getTools: async () => [],
      executeTool: async () => null,
    }) as unknown as ModelContext
    const host = document.body.appendChild(document.createElement('div'))
    const unmount = mountAgentPanel(host, { modelContext: foreign })
    expect(host.querySelector('.wmk-engine')!.getAttribute('data-engine')).toBe('native')
    unmount()
    // The polyfill's own context, passed in explicitly, is still the polyfill.
    mountAgentPanel(host, { modelContext: context })
    expect(host.querySelector('.wmk-engine')!.getAttribute('data-engine')).toBe('polyfill')
  })

  it('shows where no modelContext exists', () => {
    uninstall()
    const host = document.body.appendChild(document.createElement('div'))
    mountAgentPanel(host)
    expect(host.querySelector('.wmk-engine')!.getAttribute('data-engine')).toBe('none')
    uninstall = () => {}
  })
})
