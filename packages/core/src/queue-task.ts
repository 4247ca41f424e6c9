type Step = () => void

// Steps, two per task (`first`, then `then` or a no-op), consumed from `head`.
const steps: Array<Step | undefined> = []
let head = 0
let budget = 0
let posted = false
let port: MessagePort | undefined
let receiver: MessagePort | undefined
const runners: Array<() => void> = []

/** Steps one message may run: one listener each. Even, so that a task is never split. */
const MAX_RUNNERS = 32

function runStep() {
  if (!budget) return
  budget--
  const step = steps[head]
  steps[head++] = undefined
  if (head === steps.length) {
    steps.length = head = 0
    // Idle again: drop the listeners a burst added, so a lone task costs two listener calls.
    while (runners.length > 2) receiver!.removeEventListener('message', runners.pop()!)
  }
  step?.()
}

function start() {
  const channel = new MessageChannel()
  port = channel.port2
  receiver = channel.port1
  receiver.addEventListener('message', () => {
    posted = false
    // Only steps queued before this message run now: a task queued from a step waits for the next
    // message, so tasks of other sources (timers) still run in between.
    budget = Math.min(steps.length - head, runners.length)
    if (steps.length - head > budget) post()
  })
  receiver.start()
}

function post() {
  posted = true
  port!.postMessage(0)
}

/**
 * Queues a task (not a microtask), like the spec's "queue a global task on the webmcp task source".
 * A `MessagePort` gives FIFO tasks without the clamping of nested `setTimeout(0)`.
 *
 * `then` runs in the same task after a full microtask checkpoint: the browser drains microtasks
 * between the event listeners it calls, and every step runs in a listener of its own. Chromium does
 * exactly this between calling a tool's `execute` and firing `toolactivated`. A burst of tasks
 * shares one message: one listener per queued step, up to `MAX_RUNNERS`.
 */
export let queueTask = (first: Step, then?: Step): void => {
  if (!receiver) start()
  steps.push(first, then)
  while (runners.length < Math.min(steps.length - head, MAX_RUNNERS)) {
    // A new function each time: the same listener twice would be added once.
    const runner = () => runStep()
    runners.push(runner)
    receiver!.addEventListener('message', runner)
  }
  if (!posted) post()
}

/**
 * Makes `queueTask` queue on `queue`: the task queue of another copy of this module, in the same
 * realm (frames/record.ts's `adopt`), so that the tasks of both keep one order.
 */
export const shareQueue = (queue: typeof queueTask): void => {
  queueTask = queue
}

/**
 * Test-only: how many queued tasks have not run yet (0 when the queue is idle). Not exported by the
 * package: the polyfill hook's `pending()` (webmcp/install-engine.ts) answers with it, and
 * `flushTasks()` in `@webmcp-kit/test-infra/helpers` drains the queue through that.
 *
 * @example
 * queueTask(() => {})
 * queuedTasks() // 1
 */
export function queuedTasks(): number {
  return Math.ceil((steps.length - head) / 2)
}
