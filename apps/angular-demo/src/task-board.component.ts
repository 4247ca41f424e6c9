import { Component, DestroyRef, inject, signal } from '@angular/core'
import { injectWebMCPTool } from '@webmcp-kit/angular'
import { widgetOrigin, widgetUrl } from '../../demo-shared/widget-origin'
import { DomSanitizer } from '@angular/platform-browser'
import { AgentPanelComponent } from './agent-panel.component'

const PRIORITIES = ['low', 'normal', 'high'] as const
const THEMES = ['light', 'dark'] as const
/** How a value an agent sent reads in an error answer (`nothing` when it sent none). */
const shown = (value: unknown) => JSON.stringify(value) ?? 'nothing'

interface Task {
  id: number
  text: string
  priority: (typeof PRIORITIES)[number]
  tags: string[]
  done: boolean
}

type AgentSubmitEvent = SubmitEvent & {
  agentInvoked?: boolean
  respondWith?: (result: Promise<unknown>) => void
}

const readRoute = () => (location.hash === '#/settings' ? 'settings' : 'board')

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })

@Component({
  selector: 'task-board',
  imports: [AgentPanelComponent],
  template: `
    <div class="layout">
      <main [class]="'app ' + theme()">
        <header>
          <h1>Task board <small>Angular</small></h1>
          <nav>
            <a href="#/" [attr.aria-current]="route() === 'board' ? 'page' : null">Board</a>
            <a href="#/settings" [attr.aria-current]="route() === 'settings' ? 'page' : null"
              >Settings</a
            >
          </nav>
        </header>
        <p class="status" role="status">{{ status() }}</p>
        @if (route() === 'board') {
          <ul class="tasks">
            @for (task of tasks(); track task.id) {
              <li [class.done]="task.done" [attr.data-task]="task.id">
                <span>{{ task.text }}</span>
                <em [class]="'priority ' + task.priority">{{ task.priority }}</em>
                @for (tag of task.tags; track tag) {
                  <b class="tag">#{{ tag }}</b>
                }
              </li>
            }
          </ul>
          <form
            class="quick"
            toolname="quick_add"
            tooldescription="Adds a task with the board's quick-add form."
            toolautosubmit
            (submit)="onQuickAdd($event)"
          >
            <label>
              Task
              <input name="text" required toolparamdescription="What needs doing" />
            </label>
            <label>
              Priority
              <select name="priority">
                <option value="low">low</option>
                <option value="normal" selected>normal</option>
                <option value="high">high</option>
              </select>
            </label>
            <button>Add</button>
          </form>
        } @else {
          <section class="settings">
            <p>While this page is open the agent has a <code>set_theme</code> tool.</p>
            <label>
              <input
                type="checkbox"
                [checked]="theme() === 'dark'"
                (change)="toggleTheme($event)"
              />
              Dark theme
            </label>
          </section>
        }
        <iframe class="widget" title="Team directory" [src]="widget" allow="tools"></iframe>
      </main>
      <aside>
        <agent-panel [fromOrigins]="origins" />
      </aside>
    </div>
  `,
})
export class TaskBoardComponent {
  readonly route = signal(readRoute())
  readonly tasks = signal<Task[]>([
    { id: 1, text: 'Try WebMCP', priority: 'high', tags: ['demo'], done: false },
  ])
  readonly status = signal('')
  readonly theme = signal<(typeof THEMES)[number]>('light')
  readonly origins = [widgetOrigin()]
  readonly widget = inject(DomSanitizer).bypassSecurityTrustResourceUrl(widgetUrl())
  private nextId = 2

  constructor() {
    const onHash = () => this.route.set(readRoute())
    addEventListener('hashchange', onHash)
    inject(DestroyRef).onDestroy(() => removeEventListener('hashchange', onHash))
  }

  private add(text: string, priority: Task['priority'] = 'normal', tags: string[] = []) {
    const task = { id: this.nextId++, text, priority, tags, done: false }
    this.tasks.update((tasks) => [...tasks, task])
    return task
  }

  readonly listTasks = injectWebMCPTool(() => ({
    name: 'list_tasks',
    title: 'List tasks',
    description:
      'Lists the tasks on the board with their ids, priorities, tags and whether they are done.',
    // Task texts are whatever people (and agents) typed.
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    execute: () => this.tasks(),
  }))

  readonly addTask = injectWebMCPTool(() => ({
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
      if (typeof text !== 'string' || !text.trim()) {
        return {
          error: `A task needs text saying what needs doing (got ${shown(text)}). Call add_task again with text, e.g. "Water the plants".`,
        }
      }
      if (!PRIORITIES.includes(priority)) {
        return {
          error: `Unknown priority ${shown(priority)}. Call add_task again with a priority from allowedPriorities, or without one for normal.`,
          allowedPriorities: PRIORITIES,
        }
      }
      if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string')) {
        return {
          error: `tags must be a list of strings (got ${shown(tags)}). Call add_task again with tags such as ["home"], or without tags.`,
        }
      }
      const task = this.add(text.trim(), priority, [...new Set(tags)])
      this.status.set(`An agent added “${task.text}”.`)
      return task
    },
  }))

  readonly completeTask = injectWebMCPTool(() => ({
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
      // The browser does not check the input against the schema: an agent may send "2". Compared
      // as text, so that true is no id (Number(true) is 1).
      const task = this.tasks().find((t) => String(t.id) === String(id))
      // A thrown error would reach the agent without its message; this answer lets it correct itself.
      if (!task) {
        return {
          error: `No task with id ${id}. Call complete_task with the id of one of availableTasks (list_tasks gives their texts).`,
          // No task texts: people typed them, and this tool's answers carry no untrustedContentHint.
          availableTasks: this.tasks().map((t) => ({ id: t.id, done: t.done })),
        }
      }
      this.tasks.update((tasks) => tasks.map((t) => (t.id === task.id ? { ...t, done: true } : t)))
      return `Task ${task.id} is done.`
    },
  }))

  readonly deleteAllTasks = injectWebMCPTool(() => ({
    name: 'delete_all_tasks',
    title: 'Delete all tasks',
    description: 'Deletes every task on the board. Asks the person first.',
    annotations: { consequentialHint: true },
    execute: () => {
      // Nothing to lose: no need to ask.
      if (!this.tasks().length) return 'There are no tasks to delete.'
      if (!confirm(`An agent wants to delete all ${this.tasks().length} tasks. Allow?`)) {
        return {
          error: 'The person declined, so no task was deleted. Ask again only if they say so.',
        }
      }
      this.tasks.set([])
      this.status.set('An agent deleted every task.')
      return 'All tasks deleted.'
    },
  }))

  readonly exportTasks = injectWebMCPTool(() => ({
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
      if (typeof seconds !== 'number' || seconds < 0 || seconds > 60) {
        return {
          error: `seconds must be a number from 0 to 60 (got ${shown(seconds)}). Call export_tasks again with one in that range, or without seconds for 3.`,
        }
      }
      this.status.set('Exporting…')
      try {
        await sleep(seconds * 1000, signal)
      } catch (error) {
        this.status.set('Export cancelled.')
        throw error
      }
      const tasks = this.tasks()
      this.status.set(`Exported ${tasks.length} tasks.`)
      // The text is quoted: it may hold commas and quotes.
      return [
        'id,text,priority,done',
        ...tasks.map((t) => `${t.id},"${t.text.replaceAll('"', '""')}",${t.priority},${t.done}`),
      ].join('\n')
    },
  }))

  // Exists only while the Settings route is shown.
  readonly setTheme = injectWebMCPTool(
    () => ({
      name: 'set_theme',
      title: 'Set the theme',
      description: 'Switches the board’s colour theme.',
      inputSchema: {
        type: 'object',
        properties: { theme: { type: 'string', enum: THEMES } },
        required: ['theme'],
      },
      execute: ({ theme }) => {
        if (!THEMES.includes(theme)) {
          return {
            error: `Unknown theme ${shown(theme)}. Call set_theme again with a theme from allowedThemes.`,
            allowedThemes: THEMES,
          }
        }
        this.theme.set(theme)
        return `Theme: ${theme}.`
      },
    }),
    { enabled: () => this.route() === 'settings' },
  )

  toggleTheme(event: Event) {
    this.theme.set((event.target as HTMLInputElement).checked ? 'dark' : 'light')
  }

  onQuickAdd(event: Event) {
    event.preventDefault()
    const form = event.currentTarget as HTMLFormElement
    const data = new FormData(form)
    const text = String(data.get('text')).trim()
    const submit = event as AgentSubmitEvent
    // `required` lets a text of spaces through.
    if (!text) {
      const error = 'A task needs text saying what needs doing. Call quick_add again with text.'
      if (submit.agentInvoked) submit.respondWith?.(Promise.resolve({ error }))
      return
    }
    const task = this.add(text, data.get('priority') as Task['priority'])
    if (submit.agentInvoked) {
      // The agent gets the task; resetting the form now would cancel its submission.
      this.status.set(`An agent used the quick-add form: “${task.text}”.`)
      submit.respondWith?.(Promise.resolve(task))
    } else {
      form.reset()
    }
  }
}
