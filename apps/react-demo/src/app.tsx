import { useWebMCPTool } from '@webmcp-kit/react'
import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { widgetOrigin, widgetUrl } from '../../demo-shared/widget-origin'
import { AgentPanel } from './agent-panel'

interface Task {
  id: number
  text: string
  priority: 'low' | 'normal' | 'high'
  tags: string[]
  done: boolean
}

type AgentSubmitEvent = SubmitEvent & {
  agentInvoked?: boolean
  respondWith?: (result: Promise<unknown>) => void
}

const useRoute = () => {
  const read = () => (location.hash === '#/settings' ? 'settings' : 'board')
  const [route, setRoute] = useState(read)
  useEffect(() => {
    const onChange = () => setRoute(read())
    addEventListener('hashchange', onChange)
    return () => removeEventListener('hashchange', onChange)
  }, [])
  return route
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })

let nextId = 2

export function App() {
  const route = useRoute()
  const [tasks, setTasks] = useState<Task[]>([
    { id: 1, text: 'Try WebMCP', priority: 'high', tags: ['demo'], done: false },
  ])
  const [status, setStatus] = useState('')
  const [theme, setTheme] = useState<'light' | 'dark'>('light')
  const add = (text: string, priority: Task['priority'] = 'normal', tags: string[] = []) => {
    const task = { id: nextId++, text, priority, tags, done: false }
    setTasks((current) => [...current, task])
    return task
  }

  useWebMCPTool({
    name: 'list_tasks',
    title: 'List tasks',
    description:
      'Lists the tasks on the board with their ids, priorities, tags and whether they are done.',
    annotations: { readOnlyHint: true },
    execute: () => tasks,
  })
  useWebMCPTool({
    name: 'add_task',
    title: 'Add a task',
    description: 'Adds a task to the board.',
    inputSchema: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'What needs doing.' },
        priority: { type: 'string', enum: ['low', 'normal', 'high'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['text'],
    },
    execute: ({ text, priority, tags }) => {
      const task = add(text, priority, tags)
      setStatus(`An agent added “${text}”.`)
      return task
    },
  })
  useWebMCPTool({
    name: 'complete_task',
    description: 'Marks the task with this id as done.',
    inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    execute: ({ id }) => {
      // The browser does not check the input against the schema: an agent may send "2".
      const task = tasks.find((t) => t.id === Number(id))
      // A thrown error would reach the agent without its message; this answer lets it correct itself.
      if (!task) {
        return {
          error: `No task with id ${id}. Call complete_task with the id of one of availableTasks.`,
          availableTasks: tasks.map((t) => ({ id: t.id, text: t.text, done: t.done })),
        }
      }
      setTasks((current) => current.map((t) => (t.id === task.id ? { ...t, done: true } : t)))
      return `Task ${task.id} is done.`
    },
  })
  useWebMCPTool({
    name: 'delete_all_tasks',
    title: 'Delete all tasks',
    description: 'Deletes every task on the board. Asks the person first.',
    annotations: { consequentialHint: true },
    execute: () => {
      if (!confirm(`An agent wants to delete all ${tasks.length} tasks. Allow?`)) {
        return {
          error: 'The person declined, so no task was deleted. Ask again only if they say so.',
        }
      }
      setTasks([])
      setStatus('An agent deleted every task.')
      return 'All tasks deleted.'
    },
  })
  useWebMCPTool({
    name: 'export_tasks',
    title: 'Export tasks',
    description: 'Slowly exports the board as CSV. Honours cancellation.',
    inputSchema: {
      type: 'object',
      properties: { seconds: { type: 'number', description: 'How long it takes.', default: 3 } },
    },
    annotations: { readOnlyHint: true },
    execute: async ({ seconds = 3 }, { signal }) => {
      setStatus('Exporting…')
      try {
        await sleep(seconds * 1000, signal)
      } catch (error) {
        setStatus('Export cancelled.')
        throw error
      }
      setStatus(`Exported ${tasks.length} tasks.`)
      return [
        'id,text,priority,done',
        ...tasks.map((t) => `${t.id},${t.text},${t.priority},${t.done}`),
      ].join('\n')
    },
  })
  // Exists only while the Settings route is shown.
  useWebMCPTool(
    {
      name: 'set_theme',
      description: 'Switches the board between the light and the dark theme.',
      inputSchema: {
        type: 'object',
        properties: { theme: { type: 'string', enum: ['light', 'dark'] } },
        required: ['theme'],
      },
      execute: ({ theme }) => {
        setTheme(theme)
        return `Theme: ${theme}.`
      },
    },
    { enabled: route === 'settings' },
  )

  const onQuickAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const task = add(String(data.get('text')), data.get('priority') as Task['priority'])
    const native = event.nativeEvent as AgentSubmitEvent
    if (native.agentInvoked) {
      // The agent gets the task; resetting the form now would cancel its submission.
      setStatus(`An agent used the quick-add form: “${task.text}”.`)
      native.respondWith?.(Promise.resolve(task))
    } else {
      form.reset()
    }
  }

  return (
    <div className="layout">
      <main className={`app ${theme}`}>
        <header>
          <h1>
            Task board <small>React</small>
          </h1>
          <nav>
            <a href="#/" aria-current={route === 'board' ? 'page' : undefined}>
              Board
            </a>
            <a href="#/settings" aria-current={route === 'settings' ? 'page' : undefined}>
              Settings
            </a>
          </nav>
        </header>
        <p className="status" role="status">
          {status}
        </p>
        {route === 'board' ? (
          <>
            <ul className="tasks">
              {tasks.map((task) => (
                <li key={task.id} className={task.done ? 'done' : ''} data-task={task.id}>
                  <span>{task.text}</span>
                  <em className={`priority ${task.priority}`}>{task.priority}</em>
                  {task.tags.map((tag) => (
                    <b className="tag" key={tag}>
                      #{tag}
                    </b>
                  ))}
                </li>
              ))}
            </ul>
            <form
              className="quick"
              toolname="quick_add"
              tooldescription="Adds a task with the board's quick-add form."
              toolautosubmit=""
              onSubmit={onQuickAdd}
            >
              <label>
                Task
                <input name="text" required toolparamdescription="What needs doing" />
              </label>
              <label>
                Priority
                <select name="priority" defaultValue="normal">
                  <option value="low">low</option>
                  <option value="normal">normal</option>
                  <option value="high">high</option>
                </select>
              </label>
              <button>Add</button>
            </form>
          </>
        ) : (
          <section className="settings">
            <p>
              While this page is open the agent has a <code>set_theme</code> tool.
            </p>
            <label>
              <input
                type="checkbox"
                checked={theme === 'dark'}
                onChange={(e) => setTheme(e.target.checked ? 'dark' : 'light')}
              />{' '}
              Dark theme
            </label>
          </section>
        )}
        <iframe className="widget" title="Team directory" src={widgetUrl()} allow="tools" />
      </main>
      <aside>
        <AgentPanel fromOrigins={[widgetOrigin()]} />
      </aside>
    </div>
  )
}
