import type { GatewayTask } from '@main/services/tasks/ports'
import { type Budgets, NO_BUDGETS } from '@shared/spending/types'
import { rejection } from '@test/support/rejection'
import { taskServiceRig } from '@test/support/taskServiceRig'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Editing, removing and restoring a queued task that was never sent (issue #29): the edit takes
 * the path of a new request (shape, catalog, budget) and rewrites the task and its ledger row
 * before anything is sent; one image slot keeps the edited task waiting behind a first one.
 */
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const image = (prompt: string, extra: Record<string, unknown> = {}) => ({
  model: 'std-image-2',
  prompt,
  ...extra,
})

/** A first task holds the one image slot for a virtual minute; `second` waits behind it. */
async function queuedBehindFirst() {
  const rig = taskServiceRig({ concurrency: { image: 1 }, demo: false })
  cleanups.push(() => rig.close())
  const sent: GatewayTask[] = []
  rig.gateway.onSubmit = async (task, _n, signal) => {
    sent.push(structuredClone(task))
    if (sent.length === 1) await rig.clock.sleep(60_000, signal)
    return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/a.png' }] }
  }
  const first = await rig.admission.submit({ kind: 'image', request: image('first') })
  const second = await rig.admission.submit({ kind: 'image', request: image('second') })
  await rig.clock.advance(1_000)
  expect(sent.map((t) => t.id)).toEqual([first.id])
  return { rig, first, second, sent }
}

describe('Admission.editQueued', () => {
  it('re-prices the task and its ledger row before it is sent; it is sent as edited, new key', async () => {
    const { rig, second, sent } = await queuedBehindFirst()
    const oldKey = rig.journal.tasks.get(second.id)!.idempotencyKey
    const edited = await rig.admission.editQueued(second.id, {
      request: image('second, bluer', { quality: 'high' }),
    })
    expect(edited).toMatchObject({ id: second.id, state: 'queued', prompt: 'second, bluer' })
    expect([edited.costUsd, edited.costLabel]).toEqual([0.02, '$0.02'])
    expect(rig.journal.ledger.forTask(second.id)).toMatchObject({
      amountUsd: 0.02,
      basis: 'estimate',
      status: 'pending',
      prompt: 'second, bluer',
    })
    const row = rig.journal.tasks.get(second.id)!
    expect(row.idempotencyKey).not.toBe(oldKey)
    // Every screen hears of it (tasks:updated), not only the one that asked.
    await rig.clock.advance(200)
    const heard = rig.updates.flatMap((u) => u.update.changed).filter((v) => v.id === second.id)
    expect(heard.at(-1)).toMatchObject({ prompt: 'second, bluer', costUsd: 0.02 })
    expect(sent.map((t) => t.id)).not.toContain(second.id)
    // The driver waiting for the slot had the old request in memory: it re-reads the row.
    await rig.clock.advance(120_000)
    const out = sent.find((t) => t.id === second.id)!
    expect(out.request).toEqual(image('second, bluer', { quality: 'high' }))
    expect(out.idempotencyKey).toBe(row.idempotencyKey)
  })

  it('weighs only what the edit adds: the old amount is not counted twice', async () => {
    const { rig, second } = await queuedBehindFirst()
    // Committed: 0.01 + 0.01. The edit adds 0.01 more: exactly at the cap.
    rig.budgets = { ...rig.budgets, dailyUsd: 0.03 }
    const high = { quality: 'high' }
    const edited = await rig.admission.editQueued(second.id, { request: image('x', high) })
    expect(edited.costUsd).toBe(0.02)
    // A dearer model would add 0.025 beyond what is committed for it: refused, nothing changed.
    const pro = { model: 'still-5.0-pro', prompt: 'y' }
    const error = await rejection(rig.admission.editQueued(second.id, { request: pro }))
    expect(error.code).toBe('over_budget')
    expect(error.budget).toMatchObject({ capUsd: 0.03, requestUsd: 0.025 })
    expect(rig.journal.tasks.get(second.id)).toMatchObject({ prompt: 'x', costUsd: 0.02 })
    expect(rig.journal.ledger.forTask(second.id)?.amountUsd).toBe(0.02)
    // Cheaper always passes, even with no room left; and the user may choose to go over once.
    rig.budgets = { ...rig.budgets, dailyUsd: 0.001 }
    expect((await rig.admission.editQueued(second.id, { request: image('z') })).costUsd).toBe(0.01)
    const over = await rig.admission.editQueued(second.id, { request: pro, overrideBudget: true })
    expect([over.costUsd, over.model]).toEqual([0.045, 'still-5.0-pro'])
    expect(rig.journal.ledger.forTask(second.id)).toMatchObject({
      amountUsd: 0.045,
      model: 'still-5.0-pro',
    })
  })

  it('refuses an invalid request with field messages and changes nothing', async () => {
    const { rig, second } = await queuedBehindFirst()
    const before = rig.journal.tasks.get(second.id)!
    const error = await rejection(
      rig.admission.editQueued(second.id, { request: image('x', { n: 99 }) }),
    )
    expect(error.code).toBe('validation')
    expect(error.fields).toHaveProperty('n')
    const noModel = await rejection(
      rig.admission.editQueued(second.id, { request: { prompt: 'x' } }),
    )
    expect(noModel.fields).toHaveProperty('request.model')
    expect(rig.journal.tasks.get(second.id)).toEqual(before)
  })

  it('refuses a task that was already sent, and one sent while the edit was being checked', async () => {
    const { rig, first, second, sent } = await queuedBehindFirst()
    const error = await rejection(rig.admission.editQueued(first.id, { request: image('late') }))
    expect(error).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('already sent'),
    })
    // The slot frees (and the task is sent) while the edit awaits its checks (the caps here).
    let caps!: (b: Budgets) => void
    rig.budgets = new Promise<Budgets>((resolve) => (caps = resolve)) as unknown as Budgets
    const editing = rejection(rig.admission.editQueued(second.id, { request: image('late') }))
    await rig.clock.advance(120_000)
    expect(rig.journal.tasks.get(second.id)!.attempts).toBe(1)
    caps(NO_BUDGETS)
    expect((await editing).code).toBe('validation')
    expect(sent.find((t) => t.id === second.id)!.request).toEqual(image('second'))
    expect(rig.journal.ledger.forTask(second.id)?.prompt).toBe('second')
  })
})

describe('removing a queued task, and its undo', () => {
  it('voids its ledger row and takes it off the list; Undo admits it again in its place', async () => {
    const { rig, first, second, sent } = await queuedBehindFirst()
    const third = await rig.admission.submit({ kind: 'image', request: image('third') })
    const left = await rig.svc.remove(second.id)
    expect(left.map((v) => v.id)).toEqual([third.id])
    expect(rig.journal.ledger.forTask(second.id)?.status).toBe('void')
    expect((await rig.svc.list()).map((v) => v.id)).not.toContain(second.id)
    expect(await rejection(rig.svc.remove(first.id))).toMatchObject({ code: 'validation' })

    const back = await rig.admission.restoreRemoved(second.id)
    expect(back).toMatchObject({ state: 'queued', prompt: 'second', queuePosition: 0 })
    expect(back.id).not.toBe(second.id)
    expect((await rig.admission.restoreRemoved(second.id)).id).toBe(back.id)
    expect(rig.journal.ledger.forTask(back.id)).toMatchObject({
      status: 'pending',
      amountUsd: 0.01,
    })
    await rig.clock.advance(120_000)
    expect(sent.map((t) => t.id)).toEqual([first.id, back.id, third.id])
  })

  it('"Run next" and a reorder answer every queued task in its new place', async () => {
    const { rig, second } = await queuedBehindFirst()
    const third = await rig.admission.submit({ kind: 'image', request: image('third') })
    const next = await rig.svc.runNext(third.id)
    expect(next.map((v) => [v.id, v.queuePosition])).toEqual([
      [third.id, 0],
      [second.id, 1],
    ])
    const back = await rig.svc.reorder([second.id, third.id])
    expect(back.map((v) => v.id)).toEqual([second.id, third.id])
  })
})
