/**
 * The engine's drivers at their edges (TaskEngine.ts `drive` and its `finally`): who is
 * driven again, when, and who is not. Every test fails in a bounded number of virtual-clock steps:
 * a driver restarted at once is seen by a count taken before the retry wait ends, and one that
 * would restart without end is stopped by the rig's journal (test/support/guardedTaskJournal.ts),
 * never by a runner's timeout.
 */
import { t as tr } from '@main/i18n'
import type { TaskPatch } from '@main/services/journal/taskRecord'
import { InvalidTransition } from '@main/services/tasks/engine/transitions'
import type { SubmitOutcome } from '@main/services/tasks/ports'
import { completed, newTask, type Rig, rig } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

let r: Rig
/**
 * Answers the gateway call a test holds out (one that ignores its abort). Called before every
 * close too, so a failed assertion ends in a failed test, not in a stop() that waits forever.
 */
let release = () => {}
afterEach(async () => {
  release()
  release = () => {}
  await r?.close()
})

const state = (id: string) => r.journal.get(id)!.state
const outputs: SubmitOutcome = {
  type: 'outputs',
  outputs: [{ type: 'url', url: 'https://cdn.test/a.png' }],
}
/** The one log line of a driver stopped by `cause`; the rig fails a test on errors left logged. */
function takeCrashLog(taskId: string, cause: string): void {
  expect(r.logs).toEqual([['error', 'Task driver stopped unexpectedly', { taskId, data: cause }]])
  r.logs.length = 0
}
/** The engine's journal reads fail (a disk error) where `failing` says: reads are counted from 1. */
function failReads(failing: (n: number) => boolean): void {
  let n = 0
  r.fault = (method) => {
    if (method === 'get' && failing(++n)) throw new Error('disk I/O error')
  }
}

describe('TaskEngine: a stopped engine', () => {
  it('after stop() nothing is driven: accepted, woken or resumed tasks stay as they are', async () => {
    r = rig()
    await r.engine.stop()
    const t = r.submit(newTask())
    r.engine.wake([t.id])
    await r.clock.advance(60_000)
    expect(state(t.id)).toBe('queued')
    expect(r.gateway.calls).toEqual([])
  })
})

describe('TaskEngine: refusals name the state and the action', () => {
  it('an unknown task, and a quote that is not the one waiting', () => {
    r = rig({ start: false })
    const refusal = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        return e
      }
      throw new Error('no refusal')
    }
    const unknown = refusal(() => r.engine.dismiss('nope'))
    expect(unknown).toBeInstanceOf(InvalidTransition)
    expect(unknown).toMatchObject({ state: 'failed', event: 'dismiss' })
    const t = r.submit(newTask({ kind: 'workbench' }))
    const pendingQuote = { quoteId: 'q-new', priceUsd: 0.004, quotedAt: 0 }
    const patch: TaskPatch = { state: 'needs_attention', attention: 'quote_changed', pendingQuote }
    r.journal.update(t.id, patch, r.clock.now())
    const wrong = refusal(() => r.engine.confirmQuote(t.id, 'q-old'))
    expect(wrong).toMatchObject({ state: 'needs_attention', event: 'quote_confirmed' })
    expect(state(t.id)).toBe('needs_attention')
  })
})

describe('TaskEngine: a driver that ends while its task is still active', () => {
  it('Try again right after Cancel: driven again the moment the cancelled call returns', async () => {
    r = rig({ policy: { retryBaseMs: 60_000 } })
    r.gateway.onSubmit = (_t, n) =>
      n === 1
        ? new Promise<SubmitOutcome>((resolve) => (release = () => resolve(outputs)))
        : outputs
    const t = r.submit(newTask())
    await r.clock.runUntil(() => r.gateway.count('submit') === 1, 1_000)
    r.engine.cancel(t.id)
    expect(state(t.id)).toBe('needs_attention')
    r.engine.resume(t.id)
    await r.clock.advance(1_000)
    // One driver per task: nothing else is sent while the cancelled call is out.
    expect(r.gateway.count('submit')).toBe(1)
    expect(state(t.id)).toBe('submitting')
    release()
    await r.clock.runUntil(() => state(t.id) === 'saved', 1_000)
    expect(state(t.id)).toBe('saved')
    expect(r.gateway.count('submit')).toBe(1)
    expect(r.sink.saved).toHaveLength(1)
  })

  it('a driver that crashed while its task was queued: driven again after the wait', async () => {
    r = rig({ policy: { retryBaseMs: 2_000 } })
    failReads((n) => n === 1)
    const t = r.submit(newTask())
    await r.clock.advance(1_999)
    expect(state(t.id)).toBe('queued')
    expect(r.gateway.calls).toEqual([])
    await r.clock.runUntil(() => state(t.id) === 'saved', 1_000)
    expect(state(t.id)).toBe('saved')
    takeCrashLog(t.id, 'Error: disk I/O error')
  })

  it('a sent task of a paused batch that crashed is driven again: a pause holds only queued tasks', async () => {
    r = rig({ start: false, held: () => true, policy: { retryBaseMs: 2_000 } })
    r.gateway.onStatus = () => completed([{ type: 'url', url: 'https://cdn.test/v.png' }])
    const t = r.submit(newTask())
    const sent: TaskPatch = { state: 'running', serverId: 'srv-1', attempts: 1 }
    r.journal.update(t.id, sent, r.clock.now())
    failReads((n) => n === 1)
    r.engine.start()
    await r.clock.advance(1_999)
    expect(r.gateway.calls).toEqual([])
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(state(t.id)).toBe('saved')
    takeCrashLog(t.id, 'Error: disk I/O error')
  })
})

describe('TaskEngine: a driver whose end cannot read its task', () => {
  it('logs it and drives the task again after the wait', async () => {
    r = rig({ policy: { retryBaseMs: 2_000 } })
    // The driver's first read fails (it crashes), then the read that decides what follows.
    failReads((n) => n <= 2)
    const t = r.submit(newTask())
    await r.clock.advance(1_999)
    expect(state(t.id)).toBe('queued')
    await r.clock.runUntil(() => state(t.id) === 'saved', 1_000)
    expect(state(t.id)).toBe('saved')
    const data = 'Error: disk I/O error'
    expect(r.logs).toEqual([
      ['error', 'Task driver stopped unexpectedly', { taskId: t.id, data }],
      ['error', 'Task driver could not end cleanly', { taskId: t.id, data }],
    ])
    r.logs.length = 0
  })

  it('an engine without a log still drives a crashed task again after the wait', async () => {
    r = rig({ log: false, policy: { retryBaseMs: 2_000 } })
    failReads((n) => n <= 2)
    const t = r.submit(newTask())
    await r.clock.runUntil(() => state(t.id) === 'saved', 2_000)
    expect(state(t.id)).toBe('saved')
    expect(r.logs).toEqual([])
  })
})

describe('TaskEngine: held tasks (a paused batch) and a stopped engine', () => {
  it('a held task is neither sent nor driven over and over; wake sends it once the pause ends', async () => {
    let paused = true
    r = rig({ held: () => paused })
    const t = r.submit(newTask())
    await r.clock.advance(60_000)
    expect(state(t.id)).toBe('queued')
    expect(r.gateway.calls).toEqual([])
    paused = false
    r.engine.wake([t.id])
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(r.gateway.count('submit')).toBe(1)
  })

  it('stop() waits for a call still out; what it returns is journaled, and nothing more is done', async () => {
    r = rig()
    r.gateway.onSubmit = () =>
      new Promise<SubmitOutcome>((resolve) => (release = () => resolve(outputs)))
    const t = r.submit(newTask())
    await r.clock.runUntil(() => r.gateway.count('submit') === 1, 1_000)
    const stopping = r.engine.stop()
    let stopped = false
    void stopping.then(() => (stopped = true))
    // stop() waits for the call its driver has out (the journal closes after it).
    await r.clock.advance(1_000)
    expect(stopped).toBe(false)
    release()
    await stopping
    await r.clock.advance(60_000)
    // The outputs are kept for the next start to fetch; nothing is fetched by a stopped engine.
    expect(r.journal.get(t.id)).toMatchObject({ state: 'downloading', outputs: outputs.outputs })
    expect(r.gateway.count('download')).toBe(0)
    expect(r.sink.saved).toEqual([])
  })
})

describe('TaskEngine: not connected', () => {
  it('the task says so (a soft write) and waits, sending nothing', async () => {
    r = rig()
    r.gateway.accountId = null
    const writes: string[] = []
    r.fault = (method) => {
      if (method !== 'get') writes.push(method)
    }
    const t = r.submit(newTask())
    await r.clock.advance(0)
    expect(r.journal.get(t.id)!.notice).toEqual({
      code: 'not_connected',
      message: tr('notConnectedTask'),
      action: tr('notConnectedTaskAction'),
    })
    expect(tr('notConnectedTask')).toMatch(/not connected/)
    expect(tr('notConnectedTaskAction')).not.toBe('')
    // The start is durable; the notice may be lost in a power cut without harm.
    expect(writes).toEqual(['update', 'updateSoft'])
    expect(r.gateway.calls).toEqual([])
  })

  it('a failing notice write is not swallowed: the driver stops and is driven again later', async () => {
    r = rig({ policy: { retryBaseMs: 2_000 } })
    r.gateway.accountId = null
    let failed = false
    r.fault = (method) => {
      if (method !== 'updateSoft' || failed) return
      failed = true
      throw new Error('disk full')
    }
    const t = r.submit(newTask())
    await r.clock.advance(0)
    takeCrashLog(t.id, 'Error: disk full')
    r.gateway.accountId = 'acct'
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(state(t.id)).toBe('saved')
  })
})

describe('TaskEngine: a keychain that cannot be read', () => {
  it('the task says so and waits, sending nothing, logged once; it goes on when the keychain answers', async () => {
    r = rig()
    let reads = 0
    r.gateway.account = async () => {
      reads++
      throw new Error('Cannot create an item in a locked collection')
    }
    const t = r.submit(newTask())
    await r.clock.advance(0)
    expect(r.journal.get(t.id)).toMatchObject({
      state: 'submitting',
      notice: {
        code: 'no_secure_store',
        message: tr('keychainUnreadableTask'),
        action: tr('keychainUnreadableTaskAction'),
      },
    })
    expect(tr('keychainUnreadableTask')).toMatch(/keychain/)
    expect(tr('keychainUnreadableTaskAction')).toMatch(/continues by itself/)
    // Asked again after each offline wait, not at once; logged once, not at every ask.
    await r.clock.advance(45_000)
    expect(reads).toBe(4)
    expect(r.logs).toEqual([
      [
        'warn',
        'The API key could not be read from the keychain',
        { taskId: t.id, data: 'Error: Cannot create an item in a locked collection' },
      ],
    ])
    r.logs.length = 0
    expect(r.gateway.calls).toEqual([])
    r.gateway.account = async () => 'acct'
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(state(t.id)).toBe('saved')
    expect(r.journal.get(t.id)!.notice).toBeNull()
    expect(r.gateway.count('submit')).toBe(1)
  })
  it('shows the same notice in an engine built without a log (as TaskService builds it)', async () => {
    r = rig({ log: false })
    r.gateway.account = async () => {
      throw new Error('The name org.freedesktop.secrets was not provided')
    }
    const t = r.submit(newTask())
    await r.clock.advance(0)
    expect(r.journal.get(t.id)!.notice).toMatchObject({ code: 'no_secure_store' })
    expect(r.gateway.calls).toEqual([])
  })
})
