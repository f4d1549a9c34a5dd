import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type Db, openDatabase } from '@main/adapters/sqlite/openDatabase'
import { queuedRecord } from '@main/services/admission/newTask'
import { Journal } from '@main/services/journal/Journal'
import { batchCell, batchRecord, newTask } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The queue's order in the journal (issue #29): positions the user gives, "Run next", a batch's
 * priority, and an edit's rewrite of a never-sent request.
 */
const opened: Array<{ dir: string; journal: Journal }> = []
afterEach(() => {
  for (const o of opened.splice(0)) {
    o.journal.close()
    rmSync(o.dir, { recursive: true, force: true })
  }
})

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-queue-'))
  const journal = new Journal(join(dir, 'tasks.sqlite'))
  opened.push({ dir, journal })
  return journal
}

/** What setQueueOrder asked of the database since the last reset(). */
interface Counts {
  transactions: number
  prepared: string[]
  runs: number
}

/**
 * A journal whose database counts what is asked of it: transactions begun, statements prepared
 * (their SQL) and statement runs. Answers the journal, its database and the live counts.
 */
function countingJournal() {
  const counts: Counts = { transactions: 0, prepared: [], runs: 0 }
  let opened_: Db | undefined
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-queue-'))
  const journal = new Journal(join(dir, 'tasks.sqlite'), (options) => {
    const db = openDatabase(options)
    const prepare = db.prepare.bind(db)
    const transaction = db.transaction.bind(db)
    db.prepare = ((sql: string) => {
      counts.prepared.push(sql)
      const stmt = prepare(sql)
      const run = stmt.run.bind(stmt)
      stmt.run = ((...params: unknown[]) => {
        counts.runs++
        return run(...params)
      }) as typeof stmt.run
      return stmt
    }) as typeof db.prepare
    db.transaction = ((work: () => unknown) => {
      counts.transactions++
      return transaction(work)
    }) as typeof db.transaction
    opened_ = db
    return db
  })
  opened.push({ dir, journal })
  const reset = () => Object.assign(counts, { transactions: 0, prepared: [], runs: 0 })
  return { journal, db: opened_!, counts, reset }
}

/** Inserts queued tasks (`at`: their submission times) and answers their ids. */
function queue(journal: Journal, at: number[], extra: Parameters<typeof newTask>[0] = {}) {
  return at.map((t) => {
    const r = queuedRecord(newTask(extra), t)
    journal.tasks.insert(r)
    return r.id
  })
}

describe('TaskJournal: the run order of queued tasks', () => {
  it('keeps submission order when nobody moved anything (insertion order breaks ties)', () => {
    const j = open()
    const ids = queue(j, [30, 10, 20, 20])
    expect(j.tasks.runOrder()).toEqual([ids[1], ids[2], ids[3], ids[0]])
  })

  it('setQueueOrder puts the listed tasks first in that order; the rest keep theirs behind', () => {
    const j = open()
    const [a, b, c, d] = queue(j, [1, 2, 3, 4])
    expect(j.tasks.setQueueOrder([c!, a!])).toBe(2)
    expect(j.tasks.runOrder()).toEqual([c, a, b, d])
    expect(j.tasks.setQueueOrder([d!, c!, b!, a!])).toBe(4)
    expect(j.tasks.runOrder()).toEqual([d, c, b, a])
  })

  it('skips tasks that were sent, ended or are unknown', () => {
    const j = open()
    const [a, b] = queue(j, [1, 2])
    j.tasks.update(a!, { state: 'submitting', attempts: 1 }, 5)
    expect(j.tasks.setQueueOrder([b!, a!, 'nope'])).toBe(1)
    expect(j.tasks.runOrder()).toEqual([b])
    expect(j.tasks.moveToFront(a!)).toBe(false)
  })

  it('moveToFront ("Run next") puts a task ahead of every queued task', () => {
    const j = open()
    const [a, b, c] = queue(j, [1, 2, 3])
    j.tasks.setQueueOrder([a!, b!, c!])
    expect(j.tasks.moveToFront(c!)).toBe(true)
    expect(j.tasks.runOrder()).toEqual([c, a, b])
    expect(j.tasks.moveToFront(b!)).toBe(true)
    expect(j.tasks.runOrder()).toEqual([b, c, a])
  })

  it("a batch given priority runs its tasks before singles and other batches', the latest first", () => {
    const j = open()
    j.batches.insert(batchRecord('b1', 1))
    j.batches.insert(batchRecord('b2', 1))
    const [single] = queue(j, [1])
    const [b1a, b1b] = [
      queue(j, [2], { batch: batchCell('b1', 0) })[0],
      queue(j, [2], { batch: batchCell('b1', 1) })[0],
    ]
    const [b2a] = queue(j, [3], { batch: batchCell('b2', 0) })
    expect(j.tasks.runOrder()).toEqual([single, b1a, b1b, b2a])
    j.batches.setPriority('b2', true, 10)
    expect(j.tasks.runOrder()).toEqual([b2a, single, b1a, b1b])
    j.batches.setPriority('b1', true, 11)
    expect(j.tasks.runOrder()).toEqual([b1a, b1b, b2a, single])
    expect(j.tasks.queue()[0]).toEqual({ id: b1a, priority: 2 })
    // "Run next" moves a single to the front of its own tier only: priority stays first.
    j.tasks.moveToFront(single!)
    expect(j.tasks.runOrder()).toEqual([b1a, b1b, b2a, single])
    j.batches.setPriority('b1', false, 12)
    j.batches.setPriority('b2', false, 12)
    expect(j.tasks.runOrder()).toEqual([single, b1a, b1b, b2a])
  })

  it('active() lists sent tasks first, then the queued ones in run order (a restart keeps it)', () => {
    const j = open()
    const [a, b, c] = queue(j, [1, 2, 3])
    j.tasks.update(c!, { state: 'running', attempts: 1 }, 4)
    j.tasks.setQueueOrder([b!, a!])
    expect(j.tasks.active().map((t) => t.id)).toEqual([c, b, a])
  })

  // The cost of a reorder is counted, not timed (a 20 ms limit failed under coverage and load):
  // one prepared statement, one transaction (synchronous=FULL: one fsync, not 1,000), one run
  // per task, and each run finds its row by the primary key (a scan per task would grow as n²).
  it('reorders 1,000 queued tasks with one statement in one transaction, each row found by key', () => {
    const { journal: j, db, counts, reset } = countingJournal()
    const ids = j.transaction(() =>
      queue(
        j,
        Array.from({ length: 1000 }, (_, i) => i + 1),
      ),
    )
    const reversed = [...ids].reverse()
    reset()
    expect(j.tasks.setQueueOrder(reversed)).toBe(1000)
    expect(counts.transactions).toBe(1)
    expect(counts.prepared).toHaveLength(1)
    expect(counts.runs).toBe(1000)
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${counts.prepared[0]!}`).all(0, ids[0]) as Array<{
      detail: string
    }>
    expect(plan.map((p) => p.detail).join('; ')).toMatch(/^SEARCH tasks USING .*\(id=\?\)$/)
    expect(j.tasks.runOrder()).toEqual(reversed)
  })

  it('replaceQueuedRequest rewrites a never-sent task only', () => {
    const j = open()
    const [a] = queue(j, [1])
    const next = {
      request: { model: 'std-image-2', prompt: 'new', n: 2 },
      prompt: 'new',
      model: 'std-image-2',
      costUsd: 0.02,
      costLabel: '$0.02',
      idempotencyKey: 'key-new',
    }
    expect(j.tasks.replaceQueuedRequest(a!, next, 9)).toBe(true)
    expect(j.tasks.get(a!)).toMatchObject({ ...next, updatedAt: 9 })
    j.tasks.update(a!, { state: 'submitting' }, 10)
    expect(j.tasks.replaceQueuedRequest(a!, { ...next, prompt: 'late' }, 11)).toBe(false)
    expect(j.tasks.get(a!)?.prompt).toBe('new')
  })
})
