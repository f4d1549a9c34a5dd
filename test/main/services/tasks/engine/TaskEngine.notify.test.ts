/**
 * The OS notification when a long task ends (TaskEngine.afterStateChange): only for tasks that
 * ran at least `longTaskMs` from their first send (time spent queued does not count), saying
 * whether the result is ready or failed, with the prompt (cut short) or the service's words.
 */
import { completed, failedStatus, newTask, type Rig, rig, running } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

let r: Rig
afterEach(async () => {
  await r?.close()
})

const state = (id: string) => r.journal.get(id)!.state

/** A video rig whose task completes (or fails) on its `polls`-th status call. */
function videoRig(polls: number, end = completed()): Rig {
  r = rig({ policy: { longTaskMs: 30_000, poll: { firstMs: 10_000, factor: 1, jitter: 0 } } })
  r.gateway.onSubmit = (task) => ({ type: 'task', serverId: `srv-${task.id}`, status: null })
  r.gateway.onStatus = (_t, n) => (n >= polls ? end : running(null))
  return r
}

describe('the OS notification when a task ends', () => {
  it('a long task that failed says so, with the service’s words', async () => {
    videoRig(4, failedStatus('the model crashed'))
    const t = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(t.id) === 'failed', 10 * 60_000)
    expect(r.notifier.sent).toEqual([
      { taskId: t.id, title: 'Video failed', body: expect.stringContaining('the model crashed') },
    ])
  })

  it('a long saved task names its prompt, cut to 80 characters', async () => {
    videoRig(4)
    const prompt = `${'a'.repeat(80)}TAIL`
    const t = r.submit(newTask({ kind: 'video', prompt }))
    await r.clock.runUntil(() => state(t.id) === 'saved', 10 * 60_000)
    expect(r.notifier.sent).toHaveLength(1)
    expect(r.notifier.sent[0]!.title).toBe('Video ready')
    expect(r.notifier.sent[0]!.body).toContain('a'.repeat(80))
    expect(r.notifier.sent[0]!.body).not.toContain('TAIL')
  })

  it('is sent once: dismissing the saved task afterwards says nothing again', async () => {
    videoRig(4)
    const t = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(t.id) === 'saved', 10 * 60_000)
    r.engine.dismiss(t.id)
    expect(r.journal.get(t.id)!.dismissed).toBe(true)
    expect(r.notifier.sent.map((n) => n.taskId)).toEqual([t.id])
  })

  it('counts from the first send, exactly: 30 s is long, 20 s is not, whatever the queue time', async () => {
    // Three polls 10 s apart: sent at 0, failed at 30 s (its end is stamped when it fails).
    videoRig(3, failedStatus('no'))
    const long = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(long.id) === 'failed', 10 * 60_000)
    const row = r.journal.get(long.id)!
    expect(row.finishedAt! - row.startedAt!).toBe(30_000)
    expect(r.notifier.sent.map((n) => n.taskId)).toEqual([long.id])
    await r.close()

    // One video slot: the second waits 30 s in the queue, then runs 20 s. No notification.
    r = rig({
      limits: { video: 1 },
      policy: { longTaskMs: 30_000, poll: { firstMs: 10_000, factor: 1, jitter: 0 } },
    })
    r.gateway.onSubmit = (task) => ({ type: 'task', serverId: `srv-${task.id}`, status: null })
    r.gateway.onStatus = (task, n) =>
      task.id === first.id
        ? n >= 3
          ? failedStatus('no')
          : running(null)
        : n >= 2
          ? failedStatus('no')
          : running(null)
    const first = r.submit(newTask({ kind: 'video' }))
    const second = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(second.id) === 'failed', 10 * 60_000)
    const queued = r.journal.get(second.id)!
    expect(queued.startedAt! - queued.createdAt).toBeGreaterThanOrEqual(30_000)
    expect(queued.finishedAt! - queued.startedAt!).toBe(20_000)
    expect(r.notifier.sent.map((n) => n.taskId)).toEqual([first.id])
  })
})
