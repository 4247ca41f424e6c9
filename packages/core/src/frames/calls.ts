// Calls: this document runs its tools for members that call them, and runs theirs; every message on
// a member's port comes here first. A member that stops answering pings while calls wait on it has
// gone, and its calls fail.

import { KEY, parsePortMessage } from './messages'
import type { PortMessage } from './messages'
import { DEADLINE, parentOf, random } from './tree'
import { allowed, drop, gone, local, members, release, send, wake } from './state'
import type { Member } from './state'
import { receiveTools } from './tool-lists'
import { queueTask } from '../queue-task'
import { DETACHED, EXECUTION_FAILED, UNKNOWN, domError } from '../webmcp/errors'
import type { Settle } from '../webmcp/engine'

/** Pings in a row a document that calls wait on may miss before it counts as gone (10 s). */
const MISSES = 5

let pinging: ReturnType<typeof setInterval> | undefined
/** `toolactivated` steps of the tools started by the port message being handled. */
const activations: Array<() => void> = []
/** Between a port message's first listener and its second (see `bind`). */
let handling = false
const activate = () => {
  handling = false
  for (const step of activations.splice(0)) step()
}

/** Listens on `port` for `member`'s messages. */
export function bind(member: Member, port: MessagePort) {
  port.onmessage = (event) => {
    handling = true
    receivePort(member, port, event.data)
  }
  // A second listener: it runs in the same task, after the microtask checkpoint that follows the
  // first, which is when native fires `toolactivated` for a tool it just started.
  port.addEventListener('message', activate)
}

/**
 * Runs tool `name` of the document in `w`, which must be of `origin`; `done` gets the result, or
 * the rejection reason (an `UnknownError`; an `InvalidStateError` once its frame is removed), in a
 * task. Returns the canceller.
 */
export function execute(w: Window, origin: string, name: string, input: string, done: Settle) {
  let sync = true
  const settle: Settle = (ok, value) => {
    // A failure that ran says why (a form tool's message is its own).
    const step = () =>
      done(
        ok,
        ok
          ? value
          : domError(
              'UnknownError',
              typeof value === 'string' ? value : value ? EXECUTION_FAILED : UNKNOWN,
            ),
      )
    // A refusal at once (no such member) still comes from a task, as native's does.
    if (sync) queueTask(step)
    else step()
  }
  // The tool of a frame removed since it was listed: native refuses before it asks the frame (one
  // removed while its tool runs fails as one that left does).
  if (w.closed) {
    queueTask(() => done(false, domError('InvalidStateError', DETACHED)))
    return () => {}
  }
  const cancel = start(w, origin, name, input, settle)
  sync = false
  return cancel
}

function start(w: Window, origin: string, name: string, input: string, settle: Settle) {
  const left = gone.get(w)
  if (left?.origin === origin && left.allowed === true) {
    // Called while this document leaves (from `pagehide`): the tool starts and is cancelled there.
    send(left, { [KEY]: 'run', id: random(), name, input })
    settle(false, false)
    return () => {}
  }
  const member = members.get(w)
  if (!allowed || !member || member.allowed !== true || member.origin !== origin) {
    settle(false, false)
    return () => {}
  }
  const id = random()
  member.calls.set(id, settle)
  send(member, { [KEY]: 'run', id, name, input })
  watch()
  return () => {
    if (member.calls.delete(id)) send(member, { [KEY]: 'cancel', id })
  }
}

/**
 * While calls wait on other documents, asks them now and then whether they are still there: a
 * document that navigated to a page without the polyfill (or left without saying `bye`) cannot
 * answer, and its calls fail as they do natively.
 */
function watch() {
  if (pinging) return
  pinging = setInterval(() => {
    let waiting = false
    for (const member of [...members.values()]) {
      if (!member.calls.size) continue
      // A long task there misses a few pings; a document that has gone misses them all.
      if (member.misses >= MISSES || parentOf(member.window) === null) {
        drop(member, true)
        continue
      }
      waiting = true
      member.misses++
      send(member, { [KEY]: 'ping' })
    }
    if (!waiting) unwatch()
  }, DEADLINE)
}

/** Stops the pings (no call waits, or the link is closed). */
export function unwatch() {
  clearInterval(pinging)
  pinging = undefined
}

/** Messages on a member's port: they come from that member, whatever they say. */
function receivePort(member: Member, port: MessagePort, data: unknown) {
  if (!member.ports.includes(port)) return
  const message = parsePortMessage(data)
  if (!message) return
  member.misses = 0
  if (member.left) {
    // A call started by a document that is leaving starts, and is cancelled at once (the spec's
    // unloading document cleanup steps).
    if (message[KEY] === 'run') run(member, message, true)
    return
  }
  switch (message[KEY]) {
    case 'tools':
      return receiveTools(member, message)
    case 'ack':
      if (message.v <= member.sent && message.v > member.acked) {
        member.acked = message.v
        release(member, member.acked)
        wake()
      }
      return
    case 'result': {
      const settle = member.calls.get(message.id)
      if (!settle) return
      member.calls.delete(message.id)
      return settle(message.ok, message.value)
    }
    case 'bye':
      return drop(member)
    case 'ping':
      return send(member, { [KEY]: 'pong' })
    // A `pong` only says the member is there (`misses` above).
    case 'cancel': {
      const cancel = member.running.get(message.id)
      member.running.delete(message.id)
      return cancel?.()
    }
    case 'run':
      return run(member, message, false)
  }
}

function run(member: Member, message: Extract<PortMessage, { [KEY]: 'run' }>, leaving: boolean) {
  const { id } = message
  const reply: Settle = (ok, value) => {
    member.running.delete(id)
    send(member, {
      [KEY]: 'result',
      id,
      ok,
      // A failure: the tool's message, or `false` if it did not run.
      value: typeof value === 'string' ? value : ok ? null : false,
    } as PortMessage)
  }
  const started =
    allowed &&
    member.allowed === true &&
    local.run(message.name, message.input, member.origin, reply)
  if (!started) return reply(false, false)
  if (leaving) {
    queueTask(started[1], started[0])
    return
  }
  member.running.set(id, started[0])
  // Had this message not come through the port's first listener, no second listener is left to
  // run the step: a task of its own does.
  if (handling) activations.push(started[1])
  else queueTask(started[1])
}
