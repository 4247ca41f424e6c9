import { Component, DestroyRef, inject, signal } from '@angular/core'
import { injectWebMCPTool } from '@webmcp-kit/angular'
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
import { DomSanitizer } from '@angular/platform-browser'
import { AgentPanelComponent } from './agent-panel.component'

const readRoute = () => (location.hash === '#/settings' ? 'settings' : 'board')

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
  readonly tasks = signal(initialTasks())
  readonly status = signal('')
  readonly theme = signal<(typeof THEMES)[number]>('light')
  readonly origins = [widgetOrigin()]
  readonly widget = inject(DomSanitizer).bypassSecurityTrustResourceUrl(widgetUrl())

  constructor() {
    const onHash = () => this.route.set(readRoute())
    addEventListener('hashchange', onHash)
    inject(DestroyRef).onDestroy(() => removeEventListener('hashchange', onHash))
  }

  private add(text: string, priority: Task['priority'] = 'normal', tags: string[] = []) {
    const task = createTask(text, priority, tags)
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
      const error = newTaskError(text, priority, tags)
      if (error) return error
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
      const task = findTask(this.tasks(), id)
      if (!task) return noSuchTask(id, this.tasks())
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
      if (!this.tasks().length) return NOTHING_TO_DELETE
      if (!confirm(deleteAllQuestion(this.tasks().length))) return declined()
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
      const error = exportSecondsError(seconds)
      if (error) return error
      this.status.set('Exporting…')
      try {
        await sleep(seconds * 1000, signal)
      } catch (error) {
        this.status.set('Export cancelled.')
        throw error
      }
      const tasks = this.tasks()
      this.status.set(`Exported ${tasks.length} tasks.`)
      return toCsv(tasks)
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
        const error = themeError(theme)
        if (error) return error
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
    quickAdd(event.currentTarget as HTMLFormElement, event, this.add.bind(this), (task) =>
      this.status.set(`An agent used the quick-add form: “${task.text}”.`),
    )
  }
}
