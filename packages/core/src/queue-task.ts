type Step = () => void

let port: MessagePort | undefined
const tasks: Array<[Step, Step | undefined]> = []
let current: [Step, Step | undefined] | undefined

/**
 * Queues a task (not a microtask), like the spec's "queue a global task on the webmcp task source".
 * A `MessagePort` gives FIFO tasks without the clamping of nested `setTimeout(0)`.
 *
 * `then` runs in the same task after a full microtask checkpoint: the port has two `message`
 * listeners, and the browser drains microtasks between listeners it calls. Chromium does exactly
 * this between calling a tool's `execute` and firing `toolactivated`.
 */
export function queueTask(first: Step, then?: Step): void {
  if (!port) {
    const channel = new MessageChannel()
    port = channel.port2
    channel.port1.addEventListener('message', () => {
      current = tasks.shift()
      current?.[0]()
    })
    channel.port1.addEventListener('message', () => current?.[1]?.())
    channel.port1.start()
  }
  tasks.push([first, then])
  port.postMessage(0)
}
