import { Component, DestroyRef, inject, signal } from '@angular/core'
import { injectWebMCPTool } from '@webmcp-kit/angular'
import { widgetOrigin, widgetUrl } from '../../demo-shared/widget-origin'
import { DomSanitizer } from '@angular/platform-browser'
import { AgentPanelComponent } from './agent-panel.component'

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
  readonly theme = signal<'light' | 'dark'>('light')
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
    annotations: { readOnlyHint: true },
    execute: () => this.tasks(),
  }))

  readonly addTask = injectWebMCPTool(() => ({
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
      const task = this.add(text, priority, tags)
      this.status.set(`An agent added “${text}”.`)
      return task
    },
  }))

  readonly completeTask = injectWebMCPTool(() => ({
    name: 'complete_task',
    description: 'Marks the task with this id as done.',
    inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    execute: ({ id }) => {
      // The browser does not check the input against the schema: an agent may send "2".
      const task = this.tasks().find((t) => t.id === Number(id))
      // A thrown error would reach the agent without its message; this answer lets it correct itself.
      if (!task) {
        return {
          error: `No task with id ${id}. Call complete_task with the id of one of availableTasks.`,
          availableTasks: this.tasks().map((t) => ({ id: t.id, text: t.text, done: t.done })),
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
      properties: { seconds: { type: 'number', description: 'How long it takes.', default: 3 } },
    },
    annotations: { readOnlyHint: true },
    execute: async ({ seconds = 3 }, { signal }) => {
      this.status.set('Exporting…')
      try {
        await sleep(seconds * 1000, signal)
      } catch (error) {
        this.status.set('Export cancelled.')
        throw error
      }
      const tasks = this.tasks()
      this.status.set(`Exported ${tasks.length} tasks.`)
      return [
        'id,text,priority,done',
        ...tasks.map((t) => `${t.id},${t.text},${t.priority},${t.done}`),
      ].join('\n')
    },
  }))

  // Exists only while the Settings route is shown.
  readonly setTheme = injectWebMCPTool(
    () => ({
      name: 'set_theme',
      description: 'Switches the board between the light and the dark theme.',
      inputSchema: {
        type: 'object',
        properties: { theme: { type: 'string', enum: ['light', 'dark'] } },
        required: ['theme'],
      },
      execute: ({ theme }) => {
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
    const task = this.add(String(data.get('text')), data.get('priority') as Task['priority'])
    const submit = event as AgentSubmitEvent
    if (submit.agentInvoked) {
      // The agent gets the task; resetting the form now would cancel its submission.
      this.status.set(`An agent used the quick-add form: “${task.text}”.`)
      submit.respondWith?.(Promise.resolve(task))
    } else {
      form.reset()
    }
  }
}
