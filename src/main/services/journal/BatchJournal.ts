import type { AxisField, BatchState } from '@shared/batch/types'
import type { TaskKind } from '@shared/tasks/states'

import type { Db } from '../../adapters/sqlite/openDatabase'

/** A batch as it is stored (its tasks carry their own cells). */
export interface BatchRecord {
  id: string
  requestId: string | null
  title: string
  kind: TaskKind
  model: string
  /** As the user set it; `done` is derived from the tasks when the batch is shown. */
  state: Exclude<BatchState, 'done'>
  createdAt: number
  updatedAt: number
  total: number
  estimateUsd: number
  axes: {
    xField: AxisField | null
    yField: AxisField | null
    xValues: string[]
    yValues: string[]
  }
  demo: boolean
}

interface Row {
  id: string
  request_id: string | null
  title: string
  kind: TaskKind
  model: string
  state: BatchRecord['state']
  created_at: number
  updated_at: number
  total: number
  estimate_usd: number
  axes_json: string
  demo: number
}

const fromRow = (r: Row): BatchRecord => ({
  id: r.id,
  requestId: r.request_id,
  title: r.title,
  kind: r.kind,
  model: r.model,
  state: r.state,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  total: r.total,
  estimateUsd: r.estimate_usd,
  axes: JSON.parse(r.axes_json) as BatchRecord['axes'],
  demo: r.demo === 1,
})

/**
 * Batches in the task journal's database: one row per batch, written in the same transaction as
 * its tasks, so a restart finds each batch whole (and a paused one still paused).
 */
export class BatchJournal {
  constructor(private readonly db: Db) {}

  insert(b: BatchRecord): void {
    this.db
      .prepare(
        `INSERT INTO batches (id, request_id, title, kind, model, state, created_at, updated_at,
           total, estimate_usd, axes_json, demo)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        b.id,
        b.requestId,
        b.title,
        b.kind,
        b.model,
        b.state,
        b.createdAt,
        b.updatedAt,
        b.total,
        b.estimateUsd,
        JSON.stringify(b.axes),
        b.demo ? 1 : 0,
      )
  }

  get(id: string): BatchRecord | null {
    const row = this.db.prepare('SELECT * FROM batches WHERE id = ?').get(id) as Row | undefined
    return row ? fromRow(row) : null
  }

  byRequestId(requestId: string): BatchRecord | null {
    const row = this.db.prepare('SELECT * FROM batches WHERE request_id = ?').get(requestId) as
      Row | undefined
    return row ? fromRow(row) : null
  }

  list(limit = 500): BatchRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM batches WHERE dismissed = 0 ORDER BY created_at DESC LIMIT ?')
        .all(limit) as Row[]
    ).map(fromRow)
  }

  setState(id: string, state: BatchRecord['state'], now: number): void {
    this.db.prepare('UPDATE batches SET state = ?, updated_at = ? WHERE id = ?').run(state, now, id)
  }

  /** Whether the batch's queued tasks must wait (asked by the engine before each send). */
  isPaused(id: string): boolean {
    const row = this.db.prepare('SELECT state FROM batches WHERE id = ?').get(id) as
      { state: string } | undefined
    return row?.state === 'paused'
  }

  /**
   * Gives the batch priority ("Run first": its queued tasks go before every other batch's and
   * every single task; the batch given it last goes first) or takes it back (0). False if unknown.
   */
  setPriority(id: string, first: boolean, now: number): boolean {
    return (
      this.db
        .prepare(
          `UPDATE batches SET updated_at = ?, priority = CASE WHEN ? THEN
             (SELECT COALESCE(MAX(priority), 0) + 1 FROM batches) ELSE 0 END WHERE id = ?`,
        )
        .run(now, first ? 1 : 0, id).changes > 0
    )
  }

  /** The batch's priority (0: none; higher runs first). */
  priority(id: string): number {
    return (
      (this.db.prepare('SELECT priority FROM batches WHERE id = ?').pluck().get(id) as
        number | undefined) ?? 0
    )
  }

  /** How many of the batch's tasks are in each state. */
  counts(id: string): Record<string, number> {
    const rows = this.db
      .prepare('SELECT state, COUNT(*) AS n FROM tasks WHERE batch_id = ? GROUP BY state')
      .all(id) as Array<{ state: string; n: number }>
    return Object.fromEntries(rows.map((r) => [r.state, r.n]))
  }
}
