import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import { Journal } from '@main/services/journal/Journal'
import { withHistory } from '@main/services/journal/taskHistory'
import { taskLedgerHook } from '@main/services/journal/taskLedger'
import { TaskEngine } from '@main/services/tasks/engine/TaskEngine'
import { guardTaskJournal } from '@test/support/guardedTaskJournal'
import {
  failedStatus,
  failure,
  FakeGateway,
  FakeSink,
  journalAndAccept,
  LIMITS,
  newTask,
  running,
} from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Each task's history (issue #29): the engine as TaskService wires it (ledger hook with the
 * history beside it) records one row per state change, in the same transaction as the change.
 */
let dir: string
let db: Journal
let engine: TaskEngine
let clock: ManualClock
let gateway: FakeGateway
/** Drivers that spun (test/support/guardedTaskJournal.ts): a failed test, not a hung one. */
const spins: string[] = []

function start(): void {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-history-'))
  clock = new ManualClock()
  db = new Journal(join(dir, 'tasks.sqlite'))
  gateway = new FakeGateway(clock)
  engine = new TaskEngine({
    journal: guardTaskJournal(db.tasks, clock, { spins, fault: null }),
    gateway,
    sink: new FakeSink(),
    clock,
    limits: LIMITS,
    ledger: withHistory(taskLedgerHook(db.ledger), db.events),
  })
  engine.start()
}

afterEach(async () => {
  await engine.stop()
  db.close()
  rmSync(dir, { recursive: true, force: true })
  expect(spins.splice(0)).toEqual([])
})

const steps = (id: string) => db.events.forTask(id).map((e) => `${e.event}→${e.state}`)

describe('the engine records each task’s history', () => {
  it('a saved image: start, send, outputs, result saved, saved (in order, at their times)', async () => {
    start()
    const [t] = journalAndAccept(db, engine, [newTask()], clock.now())
    await clock.runUntil(() => db.tasks.get(t!.id)!.state === 'saved', 60_000)
    expect(steps(t!.id)).toEqual([
      'start→submitting',
      'send→submitting',
      'outputs→downloading',
      'result_saved→downloading',
      'saved→saved',
    ])
    const rows = db.events.forTask(t!.id)
    expect(rows[1]!.detail).toEqual({ attempts: 1 })
    expect(rows.at(-1)!.at).toBe(db.tasks.get(t!.id)!.finishedAt)
  })

  it('a video the server fails keeps the server’s words, but no progress rows', async () => {
    start()
    let polls = 0
    gateway.onSubmit = () => ({ type: 'task', serverId: 'vid-1', status: null })
    gateway.onStatus = () =>
      ++polls < 4 ? running(polls / 4) : failedStatus('moderation refused the prompt')
    const [t] = journalAndAccept(db, engine, [newTask({ kind: 'video' })], clock.now())
    await clock.runUntil(() => db.tasks.get(t!.id)!.state === 'failed', 600_000)
    expect(polls).toBe(4)
    expect(steps(t!.id)).toEqual([
      'start→submitting',
      'send→submitting',
      'accepted→running',
      'server_failed→failed',
    ])
    const last = db.events.forTask(t!.id).at(-1)!
    expect(last.detail).toMatchObject({
      error: { message: expect.stringContaining('moderation refused the prompt') },
    })
  })

  it('a refusal that echoes the key is kept without it, and cut to 2 KB', async () => {
    start()
    const echoed = `Bad request. Authorization: Bearer sk-live-abcdefghijklmnop ${'x '.repeat(5000)}`
    gateway.onSubmit = () => {
      throw failure('validation', { status: 400, message: echoed })
    }
    const [t] = journalAndAccept(db, engine, [newTask()], clock.now())
    await clock.runUntil(() => db.tasks.get(t!.id)!.state === 'failed', 60_000)
    const detail = db.events.forTask(t!.id).at(-1)!.detail!
    expect(detail.error!.message).not.toContain('sk-live-abcdefghijklmnop')
    expect(detail.error!.message).toMatch(/^Bad request\. Authorization: \[redacted\]/)
    expect(detail.error!.message.length).toBeLessThanOrEqual(2048)
  })
})
