/**
 * Admission's own decisions, over a real journal with an intake that only records what it is
 * handed (no engine, no clock to run): what reaches the engine once and only once, which tasks
 * may be edited or restored and with what words a refusal says why, where a paid repeat is asked
 * about, and what an undone removal keeps of the task it brings back.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import { admissionOver, type TaskIntake } from '@main/services/admission/Admission'
import { canonicalHashOf } from '@main/services/admission/repeats'
import { Journal } from '@main/services/journal/Journal'
import type { TaskRecord } from '@main/services/journal/taskRecord'
import type { PaidRequest } from '@main/services/journal/TaskRequests'
import { BudgetGate } from '@main/services/spending/BudgetGate'
import { type Budgets, NO_BUDGETS } from '@shared/spending/types'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import type { TaskView } from '@shared/tasks/views'
import { makePng } from '@test/support/mediaFixtures'
import { rejection } from '@test/support/rejection'
import { wbBase } from '@test/support/ruleMatrix'
import { afterEach, describe, expect, it } from 'vitest'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c()
})

const image = (prompt: string) => ({ model: 'std-image-2', prompt })

function rig(opts: { demo?: boolean; changed?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-admission-'))
  const clock = new ManualClock()
  const journal = new Journal(join(dir, 'tasks.sqlite'))
  cleanups.push(() => {
    journal.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const state = { demo: opts.demo ?? false, budgets: NO_BUDGETS as Budgets }
  /** Canonical forms the user already paid for (the journal's own needs a saved result). */
  const paid = new Map<string, PaidRequest>()
  const recorded: Array<[string, string]> = []
  const requests = {
    record: (id: string, form: string) => {
      recorded.push([id, form])
      journal.requests.record(id, form)
    },
    paid: (form: string) => paid.get(form) ?? null,
  } as unknown as Journal['requests']
  const accepted: string[] = []
  const changed: string[] = []
  const view = (r: TaskRecord) => ({ id: r.id, state: r.state }) as TaskView
  const intake: TaskIntake = {
    accept: async (records) => {
      accepted.push(...records.map((r) => r.id))
      return records.map(view)
    },
    view: async (r) => view(r),
    ...(opts.changed === false ? {} : { changed: (id: string) => changed.push(id) }),
  }
  const gate = new BudgetGate({
    ledger: journal.ledger,
    budgets: async () => state.budgets,
    clock,
  })
  const admission = admissionOver(
    { ...journal, requests },
    {
      userDataDir: dir,
      gate,
      intake,
      connection: async () => ({ demo: state.demo }),
      clock,
    },
  )
  /** Marks `input`'s request as paid for (its result saved in the library). */
  const markPaid = async (input: SubmitTaskInput) => {
    const form = await canonicalHashOf(input)
    paid.set(form!, {
      taskId: 'earlier',
      libraryIds: ['lib-1'],
      amountUsd: 0.01,
      costLabel: '$0.01',
      paidAt: clock.now(),
    })
  }
  const set = (id: string, patch: Parameters<Journal['tasks']['update']>[1]) =>
    journal.tasks.update(id, patch, clock.now())
  /** As the Tasks screen's remove leaves a queued task: cancelled, dismissed, never sent. */
  const removed = (id: string) => set(id, { state: 'cancelled', dismissed: true })
  return { dir, journal, admission, state, accepted, changed, recorded, markPaid, set, removed }
}

const refusedWith = async (p: Promise<unknown>) => {
  const e = await rejection(p)
  return { code: e.code, message: e.message, action: e.action }
}

describe('Admission: the engine gets each new task once', () => {
  it('two submissions with one requestId at once: one task, handed over once', async () => {
    const r = rig()
    const input = { kind: 'image', requestId: 'req-at-once', request: image('x') } as const
    const [a, b] = await Promise.all([r.admission.submit(input), r.admission.submit(input)])
    expect(b.id).toBe(a.id)
    expect(r.accepted).toEqual([a.id])
  })
})

describe('Admission.retryAsNew: refusals say why', () => {
  it('a task that is gone, and one that has not ended', async () => {
    const r = rig()
    expect(await refusedWith(r.admission.retryAsNew('no-such-task'))).toEqual({
      code: 'not_found',
      message: 'This task is no longer in the list.',
      action: 'Refresh the Tasks screen.',
    })
    const queued = await r.admission.submit({ kind: 'image', request: image('x') })
    expect(await refusedWith(r.admission.retryAsNew(queued.id))).toEqual({
      code: 'validation',
      message: 'Only a finished, failed or cancelled task can run again as new.',
      action: 'Wait until the task ends; its request key is still in use.',
    })
  })
})

describe('Admission: a paid repeat is asked about only where money is at stake', () => {
  it('the demo never asks: nothing there was paid for', async () => {
    const r = rig({ demo: true })
    const input = { kind: 'image', request: image('x') } as const
    await r.markPaid(input)
    await expect(r.admission.submit(input)).resolves.toMatchObject({ state: 'queued' })
  })

  it('repeats() lists the paid request each input repeats; in the demo, none', async () => {
    const r = rig()
    const again = { kind: 'image', request: image('again') } as const
    const fresh = { kind: 'image', request: image('fresh') } as const
    await r.markPaid(again)
    expect(await r.admission.repeats([fresh, again])).toEqual([
      null,
      expect.objectContaining({ taskId: 'earlier', libraryIds: ['lib-1'] }),
    ])
    r.state.demo = true
    expect(await r.admission.repeats([fresh, again])).toEqual([null, null])
  })
})

describe('Admission.editQueued: which tasks, and what it keeps', () => {
  it('refuses a quoted art request, a task that is gone or dismissed, and one already sent', async () => {
    const r = rig()
    const wb = await r.admission.submit({ kind: 'workbench', request: wbBase })
    expect(await refusedWith(r.admission.editQueued(wb.id, { request: wbBase }))).toEqual({
      code: 'validation',
      message: 'A quoted art request cannot be edited: its price was quoted for it.',
      action: 'Remove it, then quote and run the changed request in Art workbench.',
    })
    const edit = { request: image('edited') }
    const gone = await refusedWith(r.admission.editQueued('no-such-task', edit))
    expect(gone).toEqual({
      code: 'not_found',
      message: 'This task is no longer in the list.',
      action: 'Refresh the Tasks screen.',
    })
    const dismissed = await r.admission.submit({ kind: 'image', request: image('a') })
    r.set(dismissed.id, { dismissed: true })
    expect((await refusedWith(r.admission.editQueued(dismissed.id, edit))).code).toBe('not_found')
    const running = await r.admission.submit({ kind: 'image', request: image('b') })
    r.set(running.id, { state: 'running' })
    const sent = await refusedWith(r.admission.editQueued(running.id, edit))
    expect(sent).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/already sent/),
    })
    // Back in the queue after a first attempt (a retry waiting): it was sent once, so not editable.
    const retrying = await r.admission.submit({ kind: 'image', request: image('c') })
    r.set(retrying.id, { attempts: 1 })
    expect((await refusedWith(r.admission.editQueued(retrying.id, edit))).message).toMatch(
      /already sent/,
    )
    expect(r.journal.tasks.get(retrying.id)!.prompt).toBe('c')
  })

  it('a task already sent is refused as sent before anything else is asked', async () => {
    const r = rig()
    await r.markPaid({ kind: 'image', request: image('paid') })
    const edit = { request: image('paid') }
    const running = await r.admission.submit({ kind: 'image', request: image('a') })
    r.set(running.id, { state: 'running' })
    const retrying = await r.admission.submit({ kind: 'image', request: image('b') })
    r.set(retrying.id, { attempts: 1 })
    for (const id of [running.id, retrying.id]) {
      const error = await refusedWith(r.admission.editQueued(id, edit))
      expect(error).toMatchObject({
        code: 'validation',
        message: expect.stringMatching(/already sent/),
      })
    }
  })

  it('asks before an edit makes it a paid repeat, unless the user chose it or it is the demo', async () => {
    const r = rig()
    const task = await r.admission.submit({ kind: 'image', request: image('first') })
    await r.markPaid({ kind: 'image', request: image('paid') })
    const repeat = await rejection(r.admission.editQueued(task.id, { request: image('paid') }))
    expect(repeat.code).toBe('repeat')
    expect(r.journal.tasks.get(task.id)!.prompt).toBe('first')
    await r.admission.editQueued(task.id, { request: image('paid'), allowRepeat: true })
    expect(r.journal.tasks.get(task.id)!.prompt).toBe('paid')

    const demo = rig({ demo: true })
    const played = await demo.admission.submit({ kind: 'image', request: image('first') })
    await demo.markPaid({ kind: 'image', request: image('paid') })
    await demo.admission.editQueued(played.id, { request: image('paid') })
    expect(demo.journal.tasks.get(played.id)!.prompt).toBe('paid')
  })

  it('keeps the edited request’s canonical form, and none for a request that cannot repeat', async () => {
    const r = rig()
    const task = await r.admission.submit({ kind: 'image', request: image('first') })
    await r.admission.editQueued(task.id, { request: image('second') })
    const form = await canonicalHashOf({ kind: 'image', request: image('second') })
    expect(r.recorded.at(-1)).toEqual([task.id, form])
    // A native request with no seed named gets a random one: it is never a repeat.
    const native = {
      input: 'a garden',
      model: 'art-diffusion-4-5-full',
      action: 'generate',
      parameters: { width: 64, height: 64, steps: 10, n_samples: 1 },
    }
    const art = await r.admission.submit({ kind: 'native', request: native })
    const before = r.recorded.length
    await r.admission.editQueued(art.id, { request: { ...native, input: 'a pond' } })
    expect(r.journal.tasks.get(art.id)!.prompt).toBe('a pond')
    expect(r.recorded.length).toBe(before)
  })

  it('tells every screen the task changed; an intake that does not listen is fine', async () => {
    const r = rig()
    const task = await r.admission.submit({ kind: 'image', request: image('first') })
    await r.admission.editQueued(task.id, { request: image('second') })
    expect(r.changed).toEqual([task.id])
    const quiet = rig({ changed: false })
    const other = await quiet.admission.submit({ kind: 'image', request: image('first') })
    await expect(
      quiet.admission.editQueued(other.id, { request: image('second') }),
    ).resolves.toMatchObject({ id: other.id })
  })
})

describe('Admission.restoreRemoved: which tasks come back, and as what', () => {
  const refusal = {
    code: 'validation',
    message: 'Only a removed task that was never sent can be restored.',
    action: 'Start the request again from its form.',
  }

  it('only a removed task that was never sent', async () => {
    const r = rig()
    expect(await refusedWith(r.admission.restoreRemoved('no-such-task'))).toEqual(refusal)
    const queued = await r.admission.submit({ kind: 'image', request: image('q') })
    expect(await refusedWith(r.admission.restoreRemoved(queued.id))).toEqual(refusal)
    const failed = await r.admission.submit({ kind: 'image', request: image('f') })
    r.set(failed.id, { state: 'failed', dismissed: true })
    expect(await refusedWith(r.admission.restoreRemoved(failed.id))).toEqual(refusal)
    const tried = await r.admission.submit({ kind: 'image', request: image('t') })
    r.removed(tried.id)
    r.set(tried.id, { attempts: 1 })
    expect(await refusedWith(r.admission.restoreRemoved(tried.id))).toEqual(refusal)
    const started = await r.admission.submit({ kind: 'image', request: image('s') })
    r.removed(started.id)
    r.set(started.id, { startedAt: 5 })
    expect(await refusedWith(r.admission.restoreRemoved(started.id))).toEqual(refusal)
    // Nothing was handed to the engine but the four submissions.
    expect(r.accepted).toHaveLength(4)
  })

  it('two removed tasks come back as two tasks, each in its own place and origin', async () => {
    const r = rig()
    const a = await r.admission.submit({ kind: 'image', request: image('a') })
    r.set(a.id, { state: 'failed' })
    const retry = await r.admission.retryAsNew(a.id)
    const b = await r.admission.submit({ kind: 'image', request: image('b') })
    const placeOf = (id: string) => r.journal.tasks.queuePosition(id)
    const places = [placeOf(retry.id), placeOf(b.id)]
    r.removed(retry.id)
    r.removed(b.id)
    const backRetry = await r.admission.restoreRemoved(retry.id)
    const backB = await r.admission.restoreRemoved(b.id)
    expect(backB.id).not.toBe(backRetry.id)
    expect(r.journal.tasks.get(backRetry.id)).toMatchObject({ prompt: 'a', retryOf: a.id })
    expect(r.journal.tasks.get(backB.id)).toMatchObject({ prompt: 'b', retryOf: null })
    expect([placeOf(backRetry.id), placeOf(backB.id)]).toEqual(places)
  })

  it('restoring twice at once brings it back once, handed to the engine once', async () => {
    const r = rig()
    const task = await r.admission.submit({ kind: 'image', request: image('x') })
    r.removed(task.id)
    const [a, b] = await Promise.all([
      r.admission.restoreRemoved(task.id),
      r.admission.restoreRemoved(task.id),
    ])
    expect(b.id).toBe(a.id)
    expect(r.accepted).toEqual([task.id, a.id])
  })

  it('an edit comes back with its own copies; the removed folder goes, and a second undo answers the first', async () => {
    const r = rig()
    const src = join(r.dir, 'ref.png')
    writeFileSync(src, await makePng(16, 16, '#08f'))
    const task = await r.admission.submit({ kind: 'edit', request: image('bluer'), images: [src] })
    const folder = join(r.dir, 'tasks', task.id)
    expect(existsSync(folder)).toBe(true)
    r.removed(task.id)
    const back = await r.admission.restoreRemoved(task.id)
    expect(existsSync(folder)).toBe(false)
    const copies = r.journal.tasks.get(back.id)!.files.images
    expect(copies[0]!.startsWith(join(r.dir, 'tasks', back.id))).toBe(true)
    expect(existsSync(copies[0]!)).toBe(true)
    expect((await r.admission.restoreRemoved(task.id)).id).toBe(back.id)
  })

  it('does not ask about a paid repeat again, but meets the budget, as the demo it was', async () => {
    const r = rig()
    const input = { kind: 'image', request: image('x') } as const
    const task = await r.admission.submit(input)
    r.removed(task.id)
    await r.markPaid(input)
    r.state.budgets = { ...NO_BUDGETS, dailyUsd: 0.001 }
    expect((await rejection(r.admission.restoreRemoved(task.id))).code).toBe('over_budget')
    r.state.budgets = NO_BUDGETS
    await expect(r.admission.restoreRemoved(task.id)).resolves.toMatchObject({ state: 'queued' })

    // A demo task comes back as a demo task, never weighed, whatever the connection is now.
    const demo = rig({ demo: true })
    const played = await demo.admission.submit(input)
    demo.removed(played.id)
    demo.state.demo = false
    demo.state.budgets = { ...NO_BUDGETS, dailyUsd: 0.001 }
    const back = await demo.admission.restoreRemoved(played.id)
    expect(demo.journal.tasks.get(back.id)!.demo).toBe(true)
  })
})
