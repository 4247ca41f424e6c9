// flushTasks (src/helpers.ts) against the polyfill hook's contract: a `ModelContext` interface
// object whose hook's `pending()` counts the queued tasks. The queue here is a stand-in for the
// polyfill's: FIFO tasks (Node's setImmediate), each of which may queue more, from the task itself
// or from a microtask it started.
import { afterEach, describe, expect, it } from 'vitest'
import { deferred, flushTasks, withCleanup } from '../src/helpers'

const HOOK = Symbol.for('webmcp-kit/polyfill')

/** A task queue with the hook's `pending()`, installed as the polyfill installs its own. */
function installQueue() {
  const tasks: Array<() => void> = []
  const queue = (task: () => void) => {
    tasks.push(task)
    setImmediate(() => tasks.shift()?.())
  }
  const ModelContext = { [HOOK]: { pending: () => tasks.length } }
  Object.assign(globalThis, { ModelContext })
  return {
    queue,
    close: () => {
      tasks.length = 0
      delete (globalThis as { ModelContext?: unknown }).ModelContext
    },
  }
}

let close = () => {}
afterEach(() => close())

/** Queues a chain of `length` tasks, each queued by the one before (every other from a microtask). */
function chain(queue: (task: () => void) => void, length: number, ran: number[]) {
  const step = (n: number) => () => {
    ran.push(n)
    if (n === length) return
    if (n % 2) void Promise.resolve().then(() => queue(step(n + 1)))
    else queue(step(n + 1))
  }
  queue(step(1))
}

describe('flushTasks', () => {
  it('waits for every task the queued tasks queue in turn, as the hook counts them', async () => {
    const fake = installQueue()
    close = fake.close
    const ran: number[] = []
    chain(fake.queue, 200, ran)
    await flushTasks()
    expect(ran).toHaveLength(200)
  })

  it('drains again while the scope leaves tasks behind', async () => {
    const fake = installQueue()
    close = fake.close
    const ran: number[] = []
    let drains = 0
    await flushTasks(async (drain) => {
      await drain()
      // As React's act may: render, and so queue more polyfill tasks, after the drain.
      if (++drains === 1) chain(fake.queue, 50, ran)
    })
    expect(drains).toBe(2)
    expect(ran).toHaveLength(50)
  })

  it('resolves without a polyfill', async () => {
    await expect(flushTasks()).resolves.toBeUndefined()
  })

  it('gives up on a queue that never drains', async () => {
    const fake = installQueue()
    close = fake.close
    const forever = () => fake.queue(forever)
    fake.queue(forever)
    await expect(flushTasks()).rejects.toThrow(
      'flushTasks: the polyfill still queues tasks after 10000',
    )
  })
})

describe('withCleanup', () => {
  it('closes what start opened, the last opened first', async () => {
    const closed: string[] = []
    const closeAll = await withCleanup(async (defer) => {
      defer(async () => void closed.push('server'))
      defer(
        async () => void closed.push('browser'),
        async () => void closed.push('page'),
      )
    })
    expect(closed).toEqual([])
    await closeAll()
    expect(closed).toEqual(['page', 'browser', 'server'])
  })

  it('closes at once what start opened before it threw, and rethrows', async () => {
    const closed: string[] = []
    const failure = new Error('no port')
    await expect(
      withCleanup(async (defer) => {
        defer(async () => void closed.push('server'))
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(closed).toEqual(['server'])
  })
})

describe('deferred', () => {
  it('settles its promise from outside', async () => {
    const done = deferred<number>()
    done.resolve(7)
    await expect(done.promise).resolves.toBe(7)
    const failed = deferred()
    failed.reject(new Error('late'))
    await expect(failed.promise).rejects.toThrow('late')
  })
})
