import { batchCell, batchRecord, newTask, type Rig, rig } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The engine grants slots in the queue's run order (issue #29): the user's order, "Run next" and
 * a batch's priority, read when a slot frees; the order survives a restart. One image slot makes
 * the order of sends observable.
 */
let r: Rig
afterEach(async () => {
  await r?.close()
})

const sent = () => r.gateway.calls.filter((c) => c.op === 'submit').map((c) => c.taskId)

async function allSaved(ids: readonly string[]): Promise<void> {
  const done = () => ids.every((id) => r.journal.get(id)!.state === 'saved')
  await r.clock.runUntil(done, 600_000)
  expect(done()).toBe(true)
}

describe('TaskEngine: the order of sends follows the queue', () => {
  it('without any move, tasks are sent in submission order', async () => {
    r = rig({ limits: { image: 1 } })
    const ids = [1, 2, 3, 4].map(() => r.submit(newTask()).id)
    await allSaved(ids)
    expect(sent()).toEqual(ids)
  })

  it('a reorder and a "Run next" made while tasks wait decide who gets the freed slot', async () => {
    r = rig({ limits: { image: 1 } })
    const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(() => r.submit(newTask()).id)
    // a holds the slot; the others wait for it.
    r.journal.setQueueOrder([d!, b!, e!, c!])
    r.journal.moveToFront(c!)
    await allSaved([a!, b!, c!, d!, e!])
    expect(sent()).toEqual([a, c, d, b, e])
  })

  it("a batch given priority goes before singles and other batches' tasks", async () => {
    r = rig({ limits: { image: 1 } })
    const batch = (id: string) => r.db.batches.insert(batchRecord(id))
    batch('b1')
    batch('b2')
    const first = r.submit(newTask()).id
    const single = r.submit(newTask()).id
    const b1 = [0, 1].map((i) => r.submit(newTask({ batch: batchCell('b1', i) })).id)
    const b2 = [0, 1].map((i) => r.submit(newTask({ batch: batchCell('b2', i) })).id)
    r.db.batches.setPriority('b2', true, 1)
    await allSaved([first, single, ...b1, ...b2])
    expect(sent()).toEqual([first, ...b2, single, ...b1])
  })

  it('a restart recovers the queue in the order the user left it', async () => {
    r = rig({ limits: { image: 1 }, start: false })
    const ids = [1, 2, 3, 4].map(() => r.submit(newTask()).id)
    const order = [ids[2]!, ids[0]!, ids[3]!, ids[1]!]
    r.journal.setQueueOrder(order)
    await r.restart()
    await allSaved(ids)
    expect(sent()).toEqual(order)
  })

  it('a queued view carries its place in the run order and its batch priority', async () => {
    r = rig({ limits: { image: 1 } })
    r.gateway.onSubmit = async (_t, _n, signal) => {
      await r.clock.sleep(1e9, signal)
      throw new Error('never')
    }
    const [a, b, c] = [1, 2, 3].map(() => r.submit(newTask()).id)
    await r.clock.runUntil(() => r.journal.get(a!)!.state === 'submitting', 1000)
    r.journal.moveToFront(c!)
    const views = new Map(r.engine.list().map((v) => [v.id, v]))
    expect(views.get(a!)?.queuePosition).toBeNull() // a left the queue (it has the slot)
    expect([views.get(c!)?.queuePosition, views.get(b!)?.queuePosition]).toEqual([0, 1])
    expect(views.get(b!)?.queuePriority).toBe(0)
  })
})
