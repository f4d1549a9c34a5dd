import { newTask, type Rig, rig } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

let r: Rig
afterEach(async () => {
  await r?.close()
})

/** Whether the engine drives tasks: Settings and the container ask before starting it again. */
describe('TaskEngine: started and stopped', () => {
  it('is started only between start() and stop(), and never starts again once stopped', async () => {
    r = rig({ start: false })
    expect(r.engine.isStarted).toBe(false)
    r.engine.start()
    expect(r.engine.isStarted).toBe(true)
    await r.engine.stop()
    expect(r.engine.isStarted).toBe(false)
    r.engine.start()
    expect(r.engine.isStarted).toBe(false)
  })
})

/**
 * A rig whose journal cannot take writes (every update throws: a failing disk) with one task
 * submitted and its driver crashed once on its first write (the start): `asked()` counts the writes tried.
 */
async function journalDown(): Promise<{ id: string; asked: () => number }> {
  r = rig({ policy: { retryBaseMs: 2_000 } })
  let asked = 0
  r.fault = (method) => {
    if (method !== 'update') return
    asked++
    throw new Error('disk unavailable')
  }
  const t = r.submit(newTask())
  await r.clock.advance(0)
  expect(asked).toBe(1)
  return { id: t.id, asked: () => asked }
}
const crashLog = (taskId: string) =>
  [
    'error',
    'Task driver stopped unexpectedly',
    { taskId, data: 'Error: disk unavailable' },
  ] as const

/** A driver that throws (not an abort): a lasting fault must not spin the CPU or the log. */
describe('TaskEngine: a driver that throws', () => {
  it('is driven again after the retry wait, not at once, and goes on once the fault clears', async () => {
    const t = await journalDown()
    await r.clock.advance(1_999)
    expect(t.asked()).toBe(1)
    await r.clock.advance(1)
    expect(t.asked()).toBe(2)
    // Its row is untouched meanwhile (the start was never written) and nothing was sent.
    expect(r.journal.get(t.id)).toMatchObject({ state: 'queued', attempts: 0 })
    expect(r.gateway.count('submit')).toBe(0)
    r.fault = null
    await r.clock.runUntil(() => r.journal.get(t.id)!.state === 'saved', 60_000)
    expect(r.journal.get(t.id)!.state).toBe('saved')
    expect(r.gateway.count('submit')).toBe(1)
    // Each crash is logged once, with its task and its cause.
    expect(r.logs).toEqual([crashLog(t.id), crashLog(t.id)])
    r.logs.length = 0
  })

  it('a second start() leaves it to its retry wait', async () => {
    const t = await journalDown()
    r.engine.start()
    await r.clock.advance(1_999)
    expect(t.asked()).toBe(1)
    expect(r.logs).toEqual([crashLog(t.id)])
    r.logs.length = 0
  })

  it('stop() ends the wait: nothing is driven after it', async () => {
    const t = await journalDown()
    await r.engine.stop()
    await r.clock.advance(10_000)
    expect(t.asked()).toBe(1)
    expect(r.clock.pending).toBe(0)
    expect(r.logs).toEqual([crashLog(t.id)])
    r.logs.length = 0
  })
})
