// The playground: an app with tools, and a panel where a person plays the agent.
const modelContext = document.modelContext
const engine = document.getElementById('engine')
if (!modelContext) {
  engine.textContent = 'No document.modelContext here: open the page over http://localhost or https.'
  throw new Error('WebMCP unavailable')
}
engine.textContent = String(modelContext.registerTool).includes('[native code]')
  ? 'Running on the browser’s native WebMCP.'
  : 'Running on the webmcp-kit polyfill.'

// --- the app and its tools -------------------------------------------------------------------
const todos = [{ id: 1, text: 'Try WebMCP', done: false }]
const list = document.getElementById('todos')
const render = () => {
  list.replaceChildren(
    ...todos.map((todo) => {
      const item = document.createElement('li')
      item.textContent = `${todo.done ? '✔ ' : ''}${todo.text}`
      return item
    }),
  )
}
render()

const register = (tool, options) => modelContext.registerTool(tool, options).catch(console.error)

register({
  name: 'list_todos',
  description: 'Lists the to-do items with their ids and whether they are done.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
  execute: () => todos,
})
register({
  name: 'add_todo',
  description: 'Adds an item to the to-do list.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', description: 'What needs doing.' } },
    required: ['text'],
  },
  execute: ({ text }) => {
    if (typeof text !== 'string' || !text.trim()) return { error: 'text must be a non-empty string.' }
    const todo = { id: Math.max(0, ...todos.map((t) => t.id)) + 1, text, done: false }
    todos.push(todo)
    render()
    return todo
  },
})
register({
  name: 'export_todos',
  description: 'Slowly prepares an export of the list; can be cancelled.',
  inputSchema: { type: 'object', properties: { seconds: { type: 'number', default: 5 } } },
  annotations: { readOnlyHint: true },
  execute: ({ seconds = 5 }, { signal }) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve({ exported: todos.length }), seconds * 1000)
      signal.addEventListener('abort', () => {
        clearTimeout(timer)
        reject(signal.reason)
      })
    }),
})

// A tool that exists only while the admin panel is open: unregistering is aborting the signal.
let admin
document.getElementById('admin').addEventListener('change', (event) => {
  if (!event.target.checked) return admin?.abort()
  admin = new AbortController()
  register(
    {
      name: 'clear_todos',
      description: 'Deletes every to-do item.',
      annotations: { consequentialHint: true },
      execute: () => {
        if (!confirm('An agent wants to delete every to-do item. Allow?')) return { error: 'The person declined.' }
        todos.length = 0
        render()
        return 'cleared'
      },
    },
    { signal: admin.signal },
  )
})

// --- the agent panel -------------------------------------------------------------------------
const panel = document.getElementById('tools')
const output = document.getElementById('output')
const example = (schema) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(schema?.properties ?? {}).map(([key, value]) => [
        key,
        value.default ?? (value.type === 'number' ? 1 : value.type === 'boolean' ? false : ''),
      ]),
    ),
  )

async function refresh() {
  const tools = await modelContext.getTools()
  panel.replaceChildren(
    ...tools.map((tool) => {
      const box = document.createElement('div')
      box.className = 'tool'
      const hints = Object.entries(tool.annotations ?? {})
        .filter(([, on]) => on)
        .map(([hint]) => `<span>${hint}</span>`)
        .join('')
      box.innerHTML = `<h3></h3><p></p><div class="hints">${hints}</div><textarea aria-label="input"></textarea>
        <button data-run>Run</button><button data-cancel disabled>Cancel</button>`
      box.querySelector('h3').textContent = tool.name
      box.querySelector('p').textContent = tool.description
      const input = box.querySelector('textarea')
      input.value = example(tool.inputSchema)
      const run = box.querySelector('[data-run]')
      const cancel = box.querySelector('[data-cancel]')
      run.onclick = async () => {
        const controller = new AbortController()
        cancel.disabled = false
        cancel.onclick = () => controller.abort()
        output.textContent = `${tool.name}: running…`
        try {
          const result = await modelContext.executeTool(tool, JSON.parse(input.value || '{}'), {
            signal: controller.signal,
          })
          output.textContent = `${tool.name} → ${result}`
        } catch (error) {
          output.textContent = `${tool.name} failed: ${error.name}: ${error.message}`
        } finally {
          cancel.disabled = true
        }
      }
      return box
    }),
  )
}
modelContext.addEventListener('toolchange', refresh)
refresh()
