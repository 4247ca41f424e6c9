// The task board's data and the answers its tools give an agent, the same in the three demos. Each
// demo declares the tools with its own binding and keeps the board in its own state; the browser
// checks no input against a tool's schema, so the tools check it here and answer what to send
// instead (a thrown error would reach the agent as a bare UnknownError, without its message).

export const PRIORITIES = ['low', 'normal', 'high'] as const
export const THEMES = ['light', 'dark'] as const

export interface Task {
  id: number
  text: string
  priority: (typeof PRIORITIES)[number]
  tags: string[]
  done: boolean
}

/** The submit event of a form an agent filled (`SubmitEvent.agentInvoked` / `respondWith`). */
export type AgentSubmitEvent = SubmitEvent & {
  agentInvoked?: boolean
  respondWith?: (result: Promise<unknown>) => void
}

/** An answer that tells the agent what went wrong and what to send instead. */
export type ErrorAnswer = { error: string } & Record<string, unknown>

/** How a value an agent sent reads in an error answer (`nothing` when it sent none). */
const shown = (value: unknown) => JSON.stringify(value) ?? 'nothing'

/** The board as the page opens (a new array each time: React may call this twice). */
export const initialTasks = (): Task[] => [
  { id: 1, text: 'Try WebMCP', priority: 'high', tags: ['demo'], done: false },
]

let nextId = 2

/** A new task, not yet on the board. */
export const createTask = (
  text: string,
  priority: Task['priority'] = 'normal',
  tags: string[] = [],
): Task => ({ id: nextId++, text, priority, tags, done: false })

/** `add_task`'s input that the board cannot use, as an answer; `undefined` when it can. */
export function newTaskError(
  text: unknown,
  priority: unknown,
  tags: unknown,
): ErrorAnswer | undefined {
  if (typeof text !== 'string' || !text.trim()) {
    return {
      error: `A task needs text saying what needs doing (got ${shown(text)}). Call add_task again with text, e.g. "Water the plants".`,
    }
  }
  if (!PRIORITIES.includes(priority as Task['priority'])) {
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
  return undefined
}

/**
 * The task `complete_task` names. An agent may send "2" for 2: ids are compared as text, so that
 * `true` is no id (`Number(true)` is 1).
 */
export const findTask = (tasks: Task[], id: unknown): Task | undefined =>
  tasks.find((t) => String(t.id) === String(id))

/** `complete_task`'s answer for an id no task has. */
export const noSuchTask = (id: unknown, tasks: Task[]): ErrorAnswer => ({
  error: `No task with id ${id}. Call complete_task with the id of one of availableTasks (list_tasks gives their texts).`,
  // No task texts: people typed them, and complete_task's answers carry no untrustedContentHint.
  availableTasks: tasks.map((t) => ({ id: t.id, done: t.done })),
})

/** `delete_all_tasks` on an empty board: nothing to lose, so the person is not asked. */
export const NOTHING_TO_DELETE = 'There are no tasks to delete.'

/** What `delete_all_tasks` asks the person. */
export const deleteAllQuestion = (count: number): string =>
  `An agent wants to delete all ${count} tasks. Allow?`

/** `delete_all_tasks`'s answer when the person says no. */
export const declined = (): ErrorAnswer => ({
  error: 'The person declined, so no task was deleted. Ask again only if they say so.',
})

/** `export_tasks`'s `seconds` that it cannot use, as an answer; `undefined` when it can. */
export const exportSecondsError = (seconds: unknown): ErrorAnswer | undefined =>
  typeof seconds !== 'number' || seconds < 0 || seconds > 60
    ? {
        error: `seconds must be a number from 0 to 60 (got ${shown(seconds)}). Call export_tasks again with one in that range, or without seconds for 3.`,
      }
    : undefined

/** The board as CSV; the text is quoted, as it may hold commas and quotes. */
export const toCsv = (tasks: Task[]): string =>
  [
    'id,text,priority,done',
    ...tasks.map((t) => `${t.id},"${t.text.replaceAll('"', '""')}",${t.priority},${t.done}`),
  ].join('\n')

/** `set_theme`'s theme that it cannot use, as an answer; `undefined` when it can. */
export const themeError = (theme: unknown): ErrorAnswer | undefined =>
  THEMES.includes(theme as (typeof THEMES)[number])
    ? undefined
    : {
        error: `Unknown theme ${shown(theme)}. Call set_theme again with a theme from allowedThemes.`,
        allowedThemes: THEMES,
      }

/** Waits `ms`, or rejects with the signal's reason once it aborts (a tool honouring Cancel). */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })

/**
 * Handles a submission of the quick-add form (the declarative `quick_add` tool) once its default is
 * prevented: adds the task with `add`, and answers an agent's submission with it (after calling
 * `agentAdded`) or resets the form after a person's. A blank text (`required` lets a text of spaces
 * through) adds nothing. `event` is the DOM's submit event (React's `nativeEvent`).
 */
export function quickAdd(
  form: HTMLFormElement,
  event: Event,
  add: (text: string, priority: Task['priority']) => Task,
  agentAdded: (task: Task) => void,
): void {
  const data = new FormData(form)
  const text = String(data.get('text')).trim()
  const submit = event as AgentSubmitEvent
  if (!text) {
    const error = 'A task needs text saying what needs doing. Call quick_add again with text.'
    if (submit.agentInvoked) submit.respondWith?.(Promise.resolve({ error }))
    return
  }
  const task = add(text, data.get('priority') as Task['priority'])
  if (submit.agentInvoked) {
    // The agent gets the task; resetting the form now would cancel its submission.
    agentAdded(task)
    submit.respondWith?.(Promise.resolve(task))
  } else {
    form.reset()
  }
}
