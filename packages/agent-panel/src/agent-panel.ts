import { getModelContext, isPolyfill, ToolsObserver } from '@webmcp-kit/core/lifecycle'
import type { ModelContext, RegisteredTool } from '@webmcp-kit/core/lifecycle'
import { create, createSchemaForm } from './schema-form'
import { STYLES } from './styles'

/**
 * What {@link mountAgentPanel} lists: `fromOrigins` adds the tools that frames of those origins
 * expose to this document; `modelContext` defaults to `document.modelContext`.
 */
export interface AgentPanelOptions {
  fromOrigins?: string[]
  modelContext?: ModelContext
  /** The panel's heading (default "Agent panel"). */
  title?: string
}

interface Card {
  tool: RegisteredTool
  schema: string
  element: HTMLLIElement
}

const keyOf = (tool: RegisteredTool) => `${tool.origin} ${tool.name}`

const show = (result: string | null) => {
  if (result === null) return 'null (the tool returned nothing)'
  try {
    return JSON.stringify(JSON.parse(result), null, 2)
  } catch {
    return result
  }
}

/**
 * Mounts an agent panel into `element`: the page's tools, listed live (`toolchange`), with their
 * annotations, an input form built from each `inputSchema`, Run and Cancel buttons, and the result
 * or the error (`error.name`) of each run. A person plays the agent. Returns the unmount function.
 *
 * @example
 * ```ts
 * import '@webmcp-kit/core/polyfill'
 * const unmount = mountAgentPanel(document.getElementById('agent')!, {
 *   fromOrigins: ['http://127.0.0.1:5171'],
 * })
 * ```
 */
export function mountAgentPanel(element: HTMLElement, options: AgentPanelOptions = {}): () => void {
  const context = options.modelContext ?? getModelContext()
  const root = create('section', { className: 'wmk-panel' })
  root.setAttribute('aria-label', options.title ?? 'Agent panel')
  const count = create('span', { className: 'wmk-count' })
  const engine = create('p', { className: 'wmk-engine' })
  const list = create('ul', { className: 'wmk-tools' })
  const empty = create('p', { className: 'wmk-empty' }, 'No tools on this page right now.')
  root.append(
    create('style', { textContent: STYLES }),
    create('header', {}, create('h2', {}, options.title ?? 'Agent panel', ' ', count), engine),
    empty,
    list,
  )
  element.append(root)
  if (!context) {
    engine.textContent =
      'No document.modelContext here: open the page over http://localhost or https.'
    engine.dataset.engine = 'none'
    return () => root.remove()
  }
  const native = !isPolyfill(context)
  engine.dataset.engine = native ? 'native' : 'polyfill'
  engine.textContent = native
    ? 'Running on the browser’s native WebMCP.'
    : 'Running on the webmcp-kit polyfill.'

  const cards = new Map<string, Card>()
  const controllers = new Set<AbortController>()

  const buildCard = (tool: RegisteredTool): Card => {
    const item = create('li', { className: 'wmk-tool' })
    item.dataset.tool = tool.name
    item.dataset.origin = tool.origin
    const card: Card = { tool, schema: JSON.stringify(tool.inputSchema ?? null), element: item }
    const form = createSchemaForm(tool.inputSchema)
    const run = create('button', { type: 'button', className: 'wmk-run' }, 'Run')
    const cancel = create(
      'button',
      { type: 'button', className: 'wmk-cancel', disabled: true },
      'Cancel',
    )
    const output = create('output', { className: 'wmk-result' })
    output.dataset.state = 'idle'
    const hints = Object.entries(card.tool.annotations ?? {})
      .filter(([, on]) => on)
      .map(([hint]) => create('span', { className: `wmk-hint wmk-${hint}` }, hint))
    const heading = create('h3', {}, tool.name)
    if (tool.title) heading.append(' ', create('small', {}, tool.title))
    if (tool.origin !== location.origin) {
      heading.append(' ', create('span', { className: 'wmk-origin' }, `from ${tool.origin}`))
    }
    run.addEventListener('click', async () => {
      let input: Record<string, unknown>
      try {
        input = form.read()
      } catch (error) {
        output.dataset.state = 'error'
        output.textContent = `${(error as Error).name}: ${(error as Error).message}`
        return
      }
      const controller = new AbortController()
      controllers.add(controller)
      const onCancel = () => controller.abort()
      cancel.addEventListener('click', onCancel)
      cancel.disabled = false
      run.disabled = true
      output.dataset.state = 'running'
      delete output.dataset.error
      output.textContent = 'Running…'
      try {
        const result = await context.executeTool(card.tool, input, { signal: controller.signal })
        output.dataset.state = 'ok'
        output.textContent = show(result)
      } catch (error) {
        const { name, message } =
          error instanceof Error ? error : { name: 'Error', message: String(error) }
        output.dataset.state = 'error'
        output.dataset.error = name
        output.textContent = `${name}: ${message}`
      } finally {
        controllers.delete(controller)
        cancel.removeEventListener('click', onCancel)
        cancel.disabled = true
        run.disabled = false
      }
    })
    item.append(
      heading,
      create('p', { className: 'wmk-description' }, tool.description),
      create('div', { className: 'wmk-hints' }, ...hints),
      form.element,
      create('div', { className: 'wmk-actions' }, run, cancel),
      output,
    )
    return card
  }

  const observer = new ToolsObserver({
    fromOrigins: options.fromOrigins,
    modelContext: context,
    onError: (error) => {
      engine.textContent = `getTools failed: ${(error as Error).name ?? error}`
    },
  })
  const render = () => {
    const tools = observer.getSnapshot()
    const seen = new Set<string>()
    const items: HTMLLIElement[] = []
    for (const tool of tools) {
      const key = keyOf(tool)
      seen.add(key)
      let card = cards.get(key)
      if (card && card.schema !== JSON.stringify(tool.inputSchema ?? null)) card = undefined
      if (!card) {
        card = buildCard(tool)
        cards.set(key, card)
      }
      card.tool = tool
      items.push(card.element)
    }
    for (const key of [...cards.keys()]) if (!seen.has(key)) cards.delete(key)
    list.replaceChildren(...items)
    count.textContent = `(${tools.length} ${tools.length === 1 ? 'tool' : 'tools'})`
    empty.hidden = tools.length > 0
  }
  const unsubscribe = observer.subscribe(render)
  render()
  return () => {
    unsubscribe()
    for (const controller of controllers) controller.abort()
    root.remove()
  }
}
