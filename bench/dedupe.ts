/**
 * dedupe: "you already paid for this" (issue #29) at the size of a heavy user's journal. 200,000
 * saved requests, each with its canonical form's hash (task_requests) and a saved result, in a
 * real task journal (SQLite, WAL, the journal's migrations and indexes).
 *
 * Measures what admission pays before every request is sent:
 * - the repeat lookup (`TaskRequests.paid`) of one request, hits and misses: 2,000 timed each;
 * - the repeat scan of a 1,000-request batch (`Admission.repeats`: each request's canonical form
 *   built, hashed and looked up), 20 timed runs after a warm-up.
 * - reordering 1,000 queued tasks (`TaskJournal.setQueueOrder`, one transaction), 20 timed runs.
 * Goals: lookup p95 ≤ 2 ms; batch scan p95 ≤ 50 ms; reorder p95 ≤ 20 ms.
 *
 * Controls, same run, same journal: a bare `SELECT task_id FROM task_requests WHERE canonical = ?`
 * (the floor of one index lookup), 1,000 of those for the batch, and for the reorder the same
 * 1,000 primary-key UPDATEs in one synchronous=FULL transaction on a second connection (the floor
 * of writing 1,000 rows durably).
 */
import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import Database from 'better-sqlite3'

import { Admission, type TaskIntake } from '../src/main/services/admission/Admission'
import { recordOf } from '../src/main/services/admission/newTask'
import { canonicalHashOf } from '../src/main/services/admission/repeats'
import { Journal } from '../src/main/services/journal/Journal'
import type { TaskRecord } from '../src/main/services/journal/taskRecord'
import { BudgetGate } from '../src/main/services/spending/BudgetGate'
import { NO_BUDGETS } from '../src/shared/spending/types'
import type { SubmitTaskInput } from '../src/shared/tasks/submit'
import { median, pct, runBench } from './support/stats'

const ROWS = 200_000
const TX = 1_000
const LOOKUPS = 2_000
const BATCH = 1_000
const SCANS = 20
const LOOKUP_GOAL_MS = 2
const SCAN_GOAL_MS = 50
const QUEUED = 1_000
const REORDERS = 20
const REORDER_GOAL_MS = 20

const input = (i: number): SubmitTaskInput => ({
  kind: 'image',
  request: {
    model: i % 3 ? 'std-image-2' : 'std-image-3',
    prompt: `a lighthouse, study ${i}`,
    size: '1024x1024',
  },
})

const time = (work: () => void): number => {
  const t = performance.now()
  work()
  return performance.now() - t
}

const r3 = (n: number): number => Math.round(n * 1000) / 1000

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-bench-dedupe-'))
  const path = join(dir, 'tasks.sqlite')
  const journal = new Journal(path)
  try {
    const fillStart = performance.now()
    const hashes: string[] = []
    const started = Date.now() - 30 * 86_400_000
    for (let from = 0; from < ROWS; from += TX) {
      const rows: Array<{ record: TaskRecord; hash: string }> = []
      for (let i = from; i < Math.min(ROWS, from + TX); i++) {
        const hash = (await canonicalHashOf(input(i)))!
        hashes.push(hash)
        const record = recordOf(
          input(i),
          randomUUID(),
          { images: [] },
          false,
          { retryOf: null, batch: null },
          started + i,
        )
        rows.push({
          record: {
            ...record,
            state: 'saved' as const,
            startedAt: started + i,
            finishedAt: started + i + 9_000,
          },
          hash,
        })
      }
      journal.transaction(() => {
        for (const { record, hash } of rows) {
          journal.tasks.insert(record)
          journal.tasks.addResult(
            record.id,
            { index: 0, libraryId: `lib-${record.id}`, relPath: `2026/x/${record.id}.png` },
            record.finishedAt!,
          )
          journal.requests.record(record.id, hash)
        }
      })
    }
    const fillMs = performance.now() - fillStart
    const raw = new Database(path, { readonly: true })
    const bare = raw.prepare('SELECT task_id FROM task_requests WHERE canonical = ?')

    // One lookup: hits (a paid request) and misses (a new one), against the bare index read.
    const pick = (n: number) => hashes[(n * 7919) % ROWS]!
    const misses = Array.from({ length: LOOKUPS }, () =>
      createHash('sha256').update(randomUUID()).digest('hex'),
    )
    for (let i = 0; i < 200; i++) journal.requests.paid(pick(i))
    const hit: number[] = []
    const miss: number[] = []
    const control: number[] = []
    for (let i = 0; i < LOOKUPS; i++) {
      hit.push(time(() => journal.requests.paid(pick(i + 200))))
      miss.push(time(() => journal.requests.paid(misses[i]!)))
      control.push(time(() => bare.get(pick(i + 200))))
    }

    // A 1,000-request batch: half of it repeats paid requests.
    const intake: TaskIntake = {
      accept: async () => [],
      view: async () => {
        throw new Error('not used')
      },
    }
    const admission = new Admission({
      userDataDir: dir,
      tasks: journal.tasks,
      ledger: journal.ledger,
      batches: journal.batches,
      requests: journal.requests,
      transaction: journal.transaction,
      gate: new BudgetGate({ ledger: journal.ledger, budgets: async () => NO_BUDGETS }),
      intake,
      connection: async () => ({ demo: false }),
    })
    const batch = Array.from({ length: BATCH }, (_, i) =>
      i % 2 ? input((i * 131) % ROWS) : input(ROWS + i),
    )
    const found = (await admission.repeats(batch)).filter(Boolean).length
    const scan: number[] = []
    const scanControl: number[] = []
    const batchHashes = await Promise.all(batch.map((b) => canonicalHashOf(b)))
    for (let i = 0; i < SCANS; i++) {
      const t = performance.now()
      await admission.repeats(batch)
      scan.push(performance.now() - t)
      scanControl.push(time(() => batchHashes.forEach((h) => bare.get(h!))))
    }
    raw.close()

    // 1,000 queued, never-sent tasks in the same journal, put in a new order again and again.
    const queued: string[] = []
    journal.transaction(() => {
      for (let i = 0; i < QUEUED; i++) {
        const record = recordOf(
          input(ROWS * 2 + i),
          randomUUID(),
          { images: [] },
          false,
          { retryOf: null, batch: null },
          Date.now() + i,
        )
        journal.tasks.insert(record)
        queued.push(record.id)
      }
    })
    const writer = new Database(path)
    writer.pragma('synchronous = FULL')
    const touch = writer.prepare('UPDATE tasks SET queue_pos = ? WHERE id = ?')
    const floor = writer.transaction((ids: string[]) => ids.forEach((id, i) => touch.run(i, id)))
    const reorder: number[] = []
    const reorderControl: number[] = []
    for (let i = 0; i <= REORDERS; i++) {
      const order =
        i % 2 ? [...queued].reverse() : queued.map((_, k) => queued[(k * 7 + i) % QUEUED]!)
      const ms = time(() => {
        if (journal.tasks.setQueueOrder(order) !== QUEUED) throw new Error('not every task moved')
      })
      const control = time(() => floor(order))
      if (i > 0) reorder.push(ms)
      if (i > 0) reorderControl.push(control)
    }
    writer.close()

    const lookupP95 = pct(hit, 0.95)
    const scanP95 = pct(scan, 0.95)
    console.log(
      `dedupe: ${ROWS.toLocaleString('en')} paid requests journaled in ${(fillMs / 1000).toFixed(1)} s`,
    )
    console.log('figure                       p50 ms   p95 ms   control p95 ms   ratio')
    const line = (name: string, v: number[], c: number[]) =>
      console.log(
        `${name.padEnd(28)} ${median(v).toFixed(3).padStart(6)}   ${pct(v, 0.95).toFixed(3).padStart(6)}   ${pct(c, 0.95).toFixed(3).padStart(14)}   ${(pct(v, 0.95) / pct(c, 0.95)).toFixed(2)}`,
      )
    line('repeat lookup (hit)', hit, control)
    line('repeat lookup (miss)', miss, control)
    line(`repeat scan of ${BATCH} requests`, scan, scanControl)
    line(`reorder ${QUEUED} queued tasks`, reorder, reorderControl)
    console.log(`repeats found in the batch: ${found} of ${BATCH} (expected ${BATCH / 2})`)
    if (found !== BATCH / 2) throw new Error(`the scan found ${found} repeats, not ${BATCH / 2}`)
    console.log(
      JSON.stringify({
        bench: 'dedupe',
        rows: ROWS,
        lookup_p50_ms: r3(median(hit)),
        lookup_p95_ms: r3(lookupP95),
        lookup_miss_p95_ms: r3(pct(miss, 0.95)),
        lookup_control_p95_ms: r3(pct(control, 0.95)),
        lookup_ratio_vs_control: r3(lookupP95 / pct(control, 0.95)),
        batch_scan_p50_ms: r3(median(scan)),
        batch_scan_p95_ms: r3(scanP95),
        batch_scan_control_p95_ms: r3(pct(scanControl, 0.95)),
        batch_scan_ratio_vs_control: r3(scanP95 / pct(scanControl, 0.95)),
        reorder_p50_ms: r3(median(reorder)),
        reorder_p95_ms: r3(pct(reorder, 0.95)),
        reorder_control_p95_ms: r3(pct(reorderControl, 0.95)),
        reorder_ratio_vs_control: r3(pct(reorder, 0.95) / pct(reorderControl, 0.95)),
        meetsGoal:
          lookupP95 <= LOOKUP_GOAL_MS &&
          scanP95 <= SCAN_GOAL_MS &&
          pct(reorder, 0.95) <= REORDER_GOAL_MS,
      }),
    )
  } finally {
    journal.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)
