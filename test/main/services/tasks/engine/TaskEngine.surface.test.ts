/**
 * The engine's public surface around its drivers (TaskEngine.ts): nothing is sent before
 * `start()`, recovery lets tasks already at the service keep their slots ahead of queued ones,
 * `wake` drives only tasks that still have work, and an unknown task is refused, not invented.
 */
import { InvalidTransition } from '@main/services/tasks/engine/transitions'
import { newTask, type Rig, rig, stream } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

let r: Rig
afterEach(async () => {
  await r?.close()
})

const state = (id: string) => r.journal.get(id)!.state
const sends = () => r.gateway.calls.filter((c) => c.op === 'submit').map((c) => c.taskId)

describe('TaskEngine: its surface', () => {
  it('tasks accepted before start() wait for it; then they run', async () => {
    r = rig({ start: false })
    const t = r.submit(newTask())
    await r.clock.advance(60_000)
    expect(r.gateway.calls).toEqual([])
    expect(state(t.id)).toBe('queued')
    r.engine.start()
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(sends()).toEqual([t.id])
  })

  it('recovery drives a task caught mid-send before queued ones: it keeps its slot', async () => {
    r = rig({ limits: { image: 1 }, start: false })
    const queued = r.submit(newTask())
    const sent = r.submit(newTask())
    r.journal.update(sent.id, { state: 'submitting', attempts: 1 }, r.clock.now())
    await r.restart()
    await r.clock.runUntil(() => state(queued.id) === 'saved', 60_000)
    expect(sends()).toEqual([sent.id, queued.id])
  })

  it('wake drives queued tasks, never finished ones', async () => {
    r = rig({ start: false })
    const done = r.submit(newTask())
    const waiting = r.submit(newTask())
    r.journal.update(done.id, { state: 'saved' }, r.clock.now())
    r.engine.wake([done.id, waiting.id, 'no-such-task'])
    await r.clock.runUntil(() => state(waiting.id) === 'saved', 60_000)
    expect(sends()).toEqual([waiting.id])
  })

  it('an unknown task is refused by every action', () => {
    r = rig()
    expect(() => r.engine.resume('nope')).toThrow(InvalidTransition)
    expect(() => r.engine.cancel('nope')).toThrow(InvalidTransition)
    expect(() => r.engine.confirmQuote('nope', 'q')).toThrow(InvalidTransition)
    expect(r.engine.get('nope')).toBeNull()
  })

  it('raised limits start waiting tasks at once', async () => {
    r = rig({ limits: { image: 1 } })
    r.gateway.onSubmit = async (_t, _n, signal) => {
      await r.clock.sleep(1e9, signal)
      throw new Error('never answers')
    }
    const [a, b] = [r.submit(newTask()), r.submit(newTask())]
    await r.clock.runUntil(() => state(a.id) === 'submitting', 1_000)
    await r.clock.advance(1_000)
    expect([state(a.id), state(b.id)]).toEqual(['submitting', 'queued'])
    r.engine.setLimits({ image: 2, video: 1, art: 1, workbench: 1 })
    await r.clock.advance(0)
    expect(sends()).toEqual([a.id, b.id])
  })

  it('dismissing a running workbench task drops its preview with it', async () => {
    r = rig()
    r.gateway.onSubmit = () => ({ type: 'task', serverId: 's', status: null })
    r.gateway.onEvents = (_t, _n, signal) =>
      stream([{ type: 'preview', image: 'data:image/png;base64,AAAA', progress: 0.4 }], {
        hang: { clock: r.clock, signal },
      })
    const t = r.submit(
      newTask({
        kind: 'workbench',
        costUsd: 0.003,
        quote: { quoteId: 'q', priceUsd: 0.003, quotedAt: 0 },
      }),
    )
    await r.clock.runUntil(() => r.engine.view(r.journal.get(t.id)!).preview !== null, 60_000)
    r.engine.dismiss(t.id)
    expect(r.engine.view(r.journal.get(t.id)!).preview).toBeNull()
  })
})
