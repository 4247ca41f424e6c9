import { createWebMCPTool } from '@webmcp-kit/solid'
import { For, Show, createSignal, onCleanup } from 'solid-js'
import { createStore, unwrap } from 'solid-js/store'
import {
  NOTHING_TO_DELETE,
  PRIORITIES,
  THEMES,
  createTask,
  declined,
  deleteAllQuestion,
  exportSecondsError,
  findTask,
  initialTasks,
  newTaskError,
  noSuchTask,
  quickAdd,
  sleep,
  themeError,
  toCsv,
} from '../../demo-shared/tasks'
import type { Task } from '../../demo-shared/tasks'
import { widgetOrigin, widgetUrl } from '../../demo-shared/widget-origin'
import { AgentPanel } from './AgentPanel'

// The declarative form tool's attributes, which Solid's JSX types do not know.
declare module 'solid-js' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface FormHTMLAttributes<T> extends HTMLAttributes<T> {
      toolname?: string
      tooldescription?: string
      toolautosubmit?: boolean
    }
    interface InputHTMLAttributes<T> extends HTMLAttributes<T> {
      toolparamdescription?: string
    }
  }
}

const readRoute = () => (location.hash === '#/settings' ? 'settings' : 'board')

export function App() {
  const [route, setRoute] = createSignal(readRoute())
  const onHash = () => setRoute(readRoute())
  addEventListener('hashchange', onHash)
  onCleanup(() => removeEventListener('hashchange', onHash))

  const [tasks, setTasks] = createStore<Task[]>(initialTasks())
  const [status, setStatus] = createSignal('')
  const [theme, setTheme] = createSignal<(typeof THEMES)[number]>('light')
  const add = (text: string, priority: Task['priority'] = 'normal', tags: string[] = []) => {
    const task = createTask(text, priority, tags)
    setTasks(tasks.length, task)
    return task
  }

  createWebMCPTool(() => ({
    name: 'list_tasks',
    title: 'List tasks',
    description:
      'Lists the tasks on the board with their ids, priorities, tags and whether they are done.',
    // Task texts are whatever people (and agents) typed.
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    execute: () => unwrap(tasks),
  }))
  createWebMCPTool(() => ({
    name: 'add_task',
    title: 'Add a task',
    description: 'Adds a task to the board.',
    inputSchema: {
      type: 'object',
      properties: {
        text: { type: 'string', minLength: 1, description: 'What needs doing.' },
        priority: { type: 'string', enum: PRIORITIES, default: 'normal' },
        tags: {
          type: 'array',
          items: { type: 'string' },
          description: 'Labels to group tasks by.',
        },
      },
      required: ['text'],
    },
    execute: ({ text, priority = 'normal', tags = [] }) => {
      // The browser does not check the input against the schema: say what to send instead.
      const error = newTaskError(text, priority, tags)
      if (error) return error
      const task = add(text.trim(), priority, [...new Set(tags)])
      setStatus(`An agent added “${task.text}”.`)
      return task
    },
  }))
  createWebMCPTool(() => ({
    name: 'complete_task',
    title: 'Complete a task',
    description: 'Marks a task on the board as done.',
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'integer', description: 'The task’s id, as list_tasks gives it.' },
      },
      required: ['id'],
    },
    execute: ({ id }) => {
      const task = findTask(tasks, id)
      if (!task) return noSuchTask(id, tasks)
      setTasks((t) => t.id === task.id, 'done', true)
      return `Task ${task.id} is done.`
    },
  }))
  createWebMCPTool(() => ({
    name: 'delete_all_tasks',
    title: 'Delete all tasks',
    description: 'Deletes every task on the board. Asks the person first.',
    annotations: { consequentialHint: true },
    execute: () => {
      if (!tasks.length) return NOTHING_TO_DELETE
      if (!confirm(deleteAllQuestion(tasks.length))) return declined()
      setTasks([])
      setStatus('An agent deleted every task.')
      return 'All tasks deleted.'
    },
  }))
  createWebMCPTool(() => ({
    name: 'export_tasks',
    title: 'Export tasks',
    description: 'Slowly exports the board as CSV. Honours cancellation.',
    inputSchema: {
      type: 'object',
      properties: {
        seconds: {
          type: 'number',
          description: 'How long the export takes.',
          default: 3,
          minimum: 0,
          maximum: 60,
        },
      },
    },
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    execute: async ({ seconds = 3 }, { signal }) => {
      const error = exportSecondsError(seconds)
      if (error) return error
      setStatus('Exporting…')
      try {
        await sleep(seconds * 1000, signal)
      } catch (error) {
        setStatus('Export cancelled.')
        throw error
      }
      setStatus(`Exported ${tasks.length} tasks.`)
      return toCsv(tasks)
    },
  }))
  // Exists only while the Settings route is shown.
  createWebMCPTool(
    () => ({
      name: 'set_theme',
      title: 'Set the theme',
      description: 'Switches the board’s colour theme.',
      inputSchema: {
        type: 'object',
        properties: { theme: { type: 'string', enum: THEMES } },
        required: ['theme'],
      },
      execute: ({ theme: next }) => {
        const error = themeError(next)
        if (error) return error
        setTheme(next)
        return `Theme: ${next}.`
      },
    }),
    { enabled: () => route() === 'settings' },
  )

  const onQuickAdd = (event: SubmitEvent & { currentTarget: HTMLFormElement }) => {
    event.preventDefault()
    quickAdd(event.currentTarget, event, add, (task) => {
      setStatus(`An agent used the quick-add form: “${task.text}”.`)
    })
  }

  return (
    <div class="layout">
      <main class={`app ${theme()}`}>
        <header>
          <h1>
            Task board <small>Solid</small>
          </h1>
          <nav>
            <a href="#/" aria-current={route() === 'board' ? 'page' : undefined}>
              Board
            </a>
            <a href="#/settings" aria-current={route() === 'settings' ? 'page' : undefined}>
              Settings
            </a>
          </nav>
        </header>
        <p class="status" role="status">
          {status()}
        </p>
        <Show
          when={route() === 'board'}
          fallback={
            <section class="settings">
              <p>
                While this page is open the agent has a <code>set_theme</code> tool.
              </p>
              <label>
                <input
                  type="checkbox"
                  checked={theme() === 'dark'}
                  onChange={(event) => setTheme(event.currentTarget.checked ? 'dark' : 'light')}
                />
                Dark theme
              </label>
            </section>
          }
        >
          <ul class="tasks">
            <For each={tasks}>
              {(task) => (
                <li classList={{ done: task.done }} data-task={task.id}>
                  <span>{task.text}</span>
                  <em class={`priority ${task.priority}`}>{task.priority}</em>
                  <For each={task.tags}>{(tag) => <b class="tag">#{tag}</b>}</For>
                </li>
              )}
            </For>
          </ul>
          <form
            class="quick"
            toolname="quick_add"
            tooldescription="Adds a task with the board's quick-add form."
            toolautosubmit
            onSubmit={onQuickAdd}
          >
            <label>
              Task
              <input name="text" required toolparamdescription="What needs doing" />
            </label>
            <label>
              Priority
              <select name="priority">
                <option value="low">low</option>
                <option value="normal" selected>
                  normal
                </option>
                <option value="high">high</option>
              </select>
            </label>
            <button>Add</button>
          </form>
        </Show>
        <iframe class="widget" title="Team directory" src={widgetUrl()} allow="tools" />
      </main>
      <aside>
        <AgentPanel fromOrigins={[widgetOrigin()]} />
      </aside>
    </div>
  )
}
