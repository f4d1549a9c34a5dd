import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import type { BatchJournal, BatchRecord } from '@main/services/journal/BatchJournal'
import { Journal } from '@main/services/journal/Journal'
import type { SpendLedger } from '@main/services/journal/SpendLedger'
import type { TaskJournal } from '@main/services/journal/TaskJournal'
import { taskLedgerHook } from '@main/services/journal/taskLedger'
import { type Limits, TaskEngine } from '@main/services/tasks/engine/TaskEngine'
import type { SubmitOutcome } from '@main/services/tasks/ports'
import { guardTaskJournal } from '@test/support/guardedTaskJournal'
import {
  completed,
  failedStatus,
  failure,
  FakeGateway,
  FakeSink,
  journalAndAccept,
  LIMITS,
  type NewTask,
  newTask,
  running,
  stream,
} from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The spending ledger driven by the real engine (issue #15): the engine, journal, ledger hook and
 * batch journal as TaskService wires them, on a virtual clock and the scripted gateway.
 */
interface LedgerRig {
  dir: string
  clock: ManualClock
  db: Journal
  journal: TaskJournal
  ledger: SpendLedger
  batches: BatchJournal
  gateway: FakeGateway
  sink: FakeSink
  engine: TaskEngine
  /** Journals tasks as admission does (one transaction) and hands them to the engine. */
  submitMany(tasks: readonly NewTask[]): ReturnType<typeof journalAndAccept>
  submit(task: NewTask): ReturnType<typeof journalAndAccept>[number]
}

let r: LedgerRig
/** Drivers that spun (test/support/guardedTaskJournal.ts): a failed test, not a hung one. */
const spins: string[] = []
const guarded = (journal: TaskJournal, clock: ManualClock) =>
  guardTaskJournal(journal, clock, { spins, fault: null })

afterEach(async () => {
  await r?.engine.stop()
  r?.db.close()
  if (r) rmSync(r.dir, { recursive: true, force: true })
  expect(spins.splice(0)).toEqual([])
})

function ledgerRig(opts: { limits?: Partial<Limits>; start?: boolean } = {}): LedgerRig {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-ledger-engine-'))
  const clock = new ManualClock()
  const db = new Journal(join(dir, 'tasks.sqlite'))
  const { tasks: journal, ledger, batches } = db
  const gateway = new FakeGateway(clock)
  const sink = new FakeSink()
  const engine = new TaskEngine({
    journal: guarded(journal, clock),
    gateway,
    sink,
    clock,
    limits: { ...LIMITS, ...opts.limits },
    ledger: taskLedgerHook(ledger),
    held: (t) => t.batch !== null && batches.isPaused(t.batch.batchId),
  })
  if (opts.start !== false) engine.start()
  const submitMany = (tasks: readonly NewTask[]) => journalAndAccept(db, engine, tasks, clock.now())
  return {
    dir,
    clock,
    db,
    journal,
    ledger,
    batches,
    gateway,
    sink,
    engine,
    submitMany,
    submit: (task) => submitMany([task])[0]!,
  }
}

const state = (id: string) => r.journal.get(id)!.state
const row = (id: string) => r.ledger.forTask(id)

async function until(done: () => boolean, maxMs: number): Promise<void> {
  await r.clock.runUntil(done, maxMs)
  expect(done()).toBe(true)
}

const accepted = (serverId: string): SubmitOutcome => ({ type: 'task', serverId, status: null })

describe('the ledger follows each task', () => {
  it('a row is pending (with the estimate) before the request is sent, settled once saved', async () => {
    r = ledgerRig()
    const atSend: unknown[] = []
    r.gateway.before = (call) => {
      if (call.op === 'submit') atSend.push(row(call.taskId))
    }
    const t = r.submit(newTask({ costUsd: 0.04, prompt: 'a fox' }))
    expect(row(t.id)).toMatchObject({
      id: t.id,
      taskId: t.id,
      kind: 'image',
      model: 'std-image-2',
      amountUsd: 0.04,
      basis: 'estimate',
      status: 'pending',
      prompt: 'a fox',
      batchId: null,
    })
    await until(() => state(t.id) === 'saved', 60_000)
    expect(atSend).toEqual([expect.objectContaining({ status: 'pending', amountUsd: 0.04 })])
    expect(row(t.id)).toMatchObject({ status: 'settled', amountUsd: 0.04, basis: 'estimate' })
    expect(r.ledger.committed('day', r.clock.now()).total).toBe(0.04)
  })

  it('each task kind spends under its budget kind', async () => {
    r = ledgerRig({ start: false })
    const kinds = [
      ['image', 'image'],
      ['edit', 'image'],
      ['video', 'video'],
      ['native', 'art'],
      ['workbench', 'art'],
    ] as const
    const ids = kinds.map(([kind]) => r.submit(newTask({ kind })).id)
    expect(ids.map((id) => [row(id)!.kind, r.journal.get(id)!.kind])).toEqual(
      kinds.map(([kind, spend]) => [spend, kind]),
    )
  })

  it('the server’s failed marks the row failed: it no longer counts', async () => {
    r = ledgerRig()
    r.gateway.onSubmit = () => accepted('vid-1')
    r.gateway.onStatus = () => failedStatus('prompt was refused by the moderation')
    const t = r.submit(newTask({ kind: 'video', costUsd: 0.5 }))
    await until(() => r.gateway.count('submit') === 1, 1_000)
    expect(row(t.id)!.status).toBe('pending')
    await until(() => state(t.id) === 'failed', 120_000)
    expect(row(t.id)).toMatchObject({ status: 'failed', amountUsd: 0.5 })
    expect(r.ledger.committed('day', r.clock.now()).total).toBe(0)
    const s = r.ledger.summary(row(t.id)!.day, row(t.id)!.day, false)
    expect(s.total).toMatchObject({ usd: 0, count: 0, failed: 1 })
  })

  it('a definitive refusal (400) on the first send marks the row failed too', async () => {
    r = ledgerRig()
    r.gateway.onSubmit = () => {
      throw failure('validation', { status: 400 })
    }
    const t = r.submit(newTask())
    await until(() => state(t.id) === 'failed', 60_000)
    expect(row(t.id)!.status).toBe('failed')
  })

  it.each([
    ['queued (never started)', 'queued'],
    ['waiting for an address and key (never sent)', 'submitting'],
  ] as const)('a cancel while %s voids the row', async (_label, at) => {
    r = ledgerRig({ start: at !== 'queued' })
    if (at === 'submitting') r.gateway.accountId = null
    const t = r.submit(newTask({ costUsd: 0.25 }))
    await r.clock.advance(60_000)
    expect(state(t.id)).toBe(at)
    expect(r.gateway.count('submit')).toBe(0)
    expect(r.ledger.committed('day', r.clock.now()).total).toBe(0.25)
    r.engine.cancel(t.id)
    expect(state(t.id)).toBe('cancelled')
    expect(row(t.id)!.status).toBe('void')
    expect(r.ledger.committed('day', r.clock.now()).total).toBe(0)
  })

  it('a cancel after the request was sent keeps the row pending (the service may charge it)', async () => {
    r = ledgerRig()
    r.gateway.onSubmit = () => accepted('vid-2')
    r.gateway.onStatus = () => running(0.3)
    const t = r.submit(newTask({ kind: 'video', costUsd: 0.5 }))
    await until(() => state(t.id) === 'running', 60_000)
    r.engine.cancel(t.id)
    expect(state(t.id)).toBe('needs_attention')
    expect(row(t.id)!.status).toBe('pending')
    expect(r.ledger.committed('day', r.clock.now()).total).toBe(0.5)
  })

  it.each([
    ['network', () => failure('network')],
    ['timeout', () => failure('timeout')],
    ['5xx', () => failure('server', { status: 503 })],
  ])(
    'a task that keeps failing with %s stays pending: a timeout is not a refund',
    async (_l, e) => {
      r = ledgerRig()
      r.gateway.onSubmit = () => {
        throw e()
      }
      const t = r.submit(newTask({ costUsd: 0.04 }))
      await r.clock.advance(30 * 60_000)
      expect(r.gateway.count('submit')).toBeGreaterThanOrEqual(10)
      expect(state(t.id)).toBe('submitting')
      expect(row(t.id)).toMatchObject({ status: 'pending', amountUsd: 0.04 })
      expect(r.ledger.committed('day', r.clock.now()).total).toBe(0.04)
    },
  )

  it('polling errors on a sent video leave the row pending until the result is saved', async () => {
    r = ledgerRig()
    r.gateway.onSubmit = () => accepted('vid-3')
    let done = false
    r.gateway.onStatus = () => {
      if (done) return completed([{ type: 'video', serverId: 'vid-3' }])
      throw failure('timeout')
    }
    const t = r.submit(newTask({ kind: 'video', costUsd: 0.5 }))
    await r.clock.advance(10 * 60_000)
    expect(r.gateway.count('status')).toBeGreaterThan(3)
    expect(row(t.id)!.status).toBe('pending')
    done = true
    await until(() => state(t.id) === 'saved', 10 * 60_000)
    expect(row(t.id)!.status).toBe('settled')
  })
})

describe('workbench quotes', () => {
  const wb = (over: Partial<NewTask> = {}) =>
    newTask({
      kind: 'workbench',
      model: 'art-v4.5',
      costUsd: 0.003,
      request: { model: 'art-v4.5', model_variant: 'art-diffusion-4-5-full', prompt: 'cat' },
      ...over,
    })
  const done = () =>
    stream([{ type: 'done', outputs: [{ type: 'url', url: 'https://cdn.test/w.png' }] }])

  it('a first quote below the estimate is accepted: the row carries its price, basis quote', async () => {
    r = ledgerRig()
    r.gateway.onEstimate = () => ({ quoteId: 'cheap', priceUsd: 0.002 })
    r.gateway.onSubmit = () => accepted('42')
    r.gateway.onEvents = done
    const t = r.submit(wb())
    expect(row(t.id)).toMatchObject({ amountUsd: 0.003, basis: 'estimate', kind: 'art' })
    const atSend: unknown[] = []
    r.gateway.before = (call) => {
      if (call.op === 'submit') atSend.push(row(call.taskId))
    }
    await until(() => state(t.id) === 'saved', 60_000)
    expect(atSend).toEqual([expect.objectContaining({ amountUsd: 0.002, basis: 'quote' })])
    expect(row(t.id)).toMatchObject({ amountUsd: 0.002, basis: 'quote', status: 'settled' })
    const s = r.ledger.summary(row(t.id)!.day, row(t.id)!.day, false)
    expect(s.total).toMatchObject({ usd: 0.002, quotedUsd: 0.002, settledUsd: 0.002 })
  })

  it('a price above the estimate changes nothing until the user accepts it; then the row takes it', async () => {
    r = ledgerRig()
    r.gateway.onEstimate = () => ({ quoteId: 'dear', priceUsd: 0.01 })
    r.gateway.onSubmit = () => accepted('43')
    r.gateway.onEvents = done
    const t = r.submit(wb())
    await until(() => state(t.id) === 'needs_attention', 60_000)
    expect(row(t.id)).toMatchObject({ amountUsd: 0.003, basis: 'estimate', status: 'pending' })
    r.engine.confirmQuote(t.id, 'dear')
    expect(row(t.id)).toMatchObject({ amountUsd: 0.01, basis: 'quote', status: 'pending' })
    await until(() => state(t.id) === 'saved', 60_000)
    expect(row(t.id)).toMatchObject({ amountUsd: 0.01, basis: 'quote', status: 'settled' })
  })

  it('declining the higher price (cancel) voids the row', async () => {
    r = ledgerRig()
    r.gateway.onEstimate = () => ({ quoteId: 'dear', priceUsd: 0.01 })
    const t = r.submit(wb())
    await until(() => state(t.id) === 'needs_attention', 60_000)
    r.engine.cancel(t.id)
    expect(row(t.id)).toMatchObject({ amountUsd: 0.003, basis: 'estimate', status: 'void' })
  })

  it('a task submitted with an accepted quote opens its row at the quoted price', async () => {
    r = ledgerRig({ start: false })
    const t = r.submit(wb({ quote: { quoteId: 'q', priceUsd: 0.0025, quotedAt: 0 } }))
    expect(row(t.id)).toMatchObject({ amountUsd: 0.0025, basis: 'quote' })
  })

  it('a model with no published rate opens an unpriced row (basis none)', async () => {
    r = ledgerRig({ start: false })
    const t = r.submit(newTask({ costUsd: null, costLabel: 'No published rate' }))
    expect(row(t.id)).toMatchObject({ amountUsd: null, basis: 'none', status: 'pending' })
  })
})

describe('held (a paused batch)', () => {
  const batch = (id: string, state: BatchRecord['state']): BatchRecord => ({
    id,
    requestId: null,
    title: 'a batch',
    kind: 'image',
    model: 'std-image-2',
    state,
    createdAt: 0,
    updatedAt: 0,
    total: 3,
    estimateUsd: 0.12,
    axes: { xField: null, yField: null, xValues: [], yValues: [] },
    demo: false,
  })
  const cell = (batchId: string, index: number) =>
    newTask({
      costUsd: 0.04,
      batch: { batchId, index, x: null, y: null, repeat: index + 1, picks: [] },
    })

  it('queued tasks of a paused batch are not sent until wake; their rows stay pending', async () => {
    r = ledgerRig()
    r.batches.insert(batch('b1', 'paused'))
    const tasks = r.submitMany([cell('b1', 0), cell('b1', 1), cell('b1', 2)])
    const single = r.submit(newTask())
    await until(() => state(single.id) === 'saved', 60_000)
    await r.clock.advance(10 * 60_000)
    expect(tasks.map((t) => state(t.id))).toEqual(['queued', 'queued', 'queued'])
    expect(r.gateway.calls.filter((c) => c.taskId !== single.id)).toEqual([])
    expect(tasks.map((t) => row(t.id)!.status)).toEqual(['pending', 'pending', 'pending'])
    expect(row(tasks[0]!.id)!.batchId).toBe('b1')

    r.batches.setState('b1', 'running', r.clock.now())
    // Resuming the batch alone sends nothing: the engine is told by wake.
    await r.clock.advance(60_000)
    expect(r.gateway.count('submit')).toBe(1)
    r.engine.wake(tasks.map((t) => t.id))
    await until(() => tasks.every((t) => state(t.id) === 'saved'), 60_000)
    expect(tasks.map((t) => row(t.id)!.status)).toEqual(['settled', 'settled', 'settled'])
    expect(r.gateway.count('submit')).toBe(4)
  })

  it('a task waiting for a slot when its batch is paused gives the slot back unsent', async () => {
    r = ledgerRig({ limits: { image: 1 } })
    r.batches.insert(batch('b2', 'running'))
    const gate: { release?: () => void } = {}
    r.gateway.onSubmit = (task) =>
      task.id === first.id
        ? new Promise<SubmitOutcome>((resolve) => {
            gate.release = () =>
              resolve({
                type: 'outputs',
                outputs: [{ type: 'url', url: 'https://cdn.test/1.png' }],
              })
          })
        : { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/2.png' }] }
    const first = r.submit(newTask())
    await until(() => r.gateway.count('submit') === 1, 1_000)
    const [queued] = r.submitMany([cell('b2', 0)])
    const other = r.submit(newTask())
    await r.clock.advance(1_000)
    expect(state(queued!.id)).toBe('queued')

    r.batches.setState('b2', 'paused', r.clock.now())
    gate.release!()
    // The slot passes over the paused batch's task to the next one.
    await until(() => state(other.id) === 'saved', 60_000)
    await r.clock.advance(10 * 60_000)
    expect(state(first.id)).toBe('saved')
    expect(state(queued!.id)).toBe('queued')
    expect(r.gateway.count('submit', queued!.id)).toBe(0)

    r.batches.setState('b2', 'running', r.clock.now())
    r.engine.wake([queued!.id])
    await until(() => state(queued!.id) === 'saved', 60_000)
    expect(r.gateway.count('submit', queued!.id)).toBe(1)
    expect(row(queued!.id)!.status).toBe('settled')
  })

  it('a paused batch stays held after a restart', async () => {
    r = ledgerRig()
    r.batches.insert(batch('b3', 'paused'))
    const [t] = r.submitMany([cell('b3', 0)])
    await r.engine.stop()
    const engine = new TaskEngine({
      journal: guarded(r.journal, r.clock),
      gateway: r.gateway,
      sink: r.sink,
      clock: r.clock,
      limits: LIMITS,
      ledger: taskLedgerHook(r.ledger),
      held: (x) => x.batch !== null && r.batches.isPaused(x.batch.batchId),
    })
    r.engine = engine
    engine.start()
    await r.clock.advance(5 * 60_000)
    expect(state(t!.id)).toBe('queued')
    expect(r.gateway.count('submit')).toBe(0)
    r.batches.setState('b3', 'running', r.clock.now())
    engine.wake([t!.id])
    await until(() => state(t!.id) === 'saved', 60_000)
  })
})
