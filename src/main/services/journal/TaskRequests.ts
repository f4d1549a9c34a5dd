import type { PaidRepeat } from '@shared/result'

import type { Db } from '../../adapters/sqlite/openDatabase'

/** A paid request with its result in the library: what "You paid $X for this" points at. */
export type PaidRequest = PaidRepeat

/**
 * Each request's canonical form (issue #29), by its hash, beside its task: written by admission in
 * the task's own transaction, read before a request is sent to find the same request already
 * paid for. Demo requests were never paid for, and a task whose result was never saved gave the
 * user nothing, so neither counts.
 */
export class TaskRequests {
  private readonly insertStmt
  private readonly paidStmt

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT OR REPLACE INTO task_requests (task_id, canonical) VALUES (?, ?)',
    )
    this.paidStmt = db.prepare(
      `SELECT t.id, t.cost_usd, t.cost_label, t.quote_json, t.started_at, t.created_at,
              (SELECT json_group_array(library_id)
                 FROM (SELECT library_id FROM results WHERE task_id = t.id ORDER BY idx)) AS libs
         FROM task_requests r JOIN tasks t ON t.id = r.task_id
        WHERE r.canonical = ? AND t.state = 'saved' AND t.demo = 0
          AND EXISTS (SELECT 1 FROM results WHERE results.task_id = t.id)
        ORDER BY t.finished_at DESC LIMIT 1`,
    )
  }

  /** Keeps the canonical form (hash) of a task's request; call inside its journal transaction. */
  record(taskId: string, canonical: string): void {
    this.insertStmt.run(taskId, canonical)
  }

  /** The latest paid request of this canonical form whose result was saved, or null. */
  paid(canonical: string): PaidRequest | null {
    const row = this.paidStmt.get(canonical) as
      | {
          id: string
          cost_usd: number | null
          cost_label: string
          quote_json: string | null
          started_at: number | null
          created_at: number
          libs: string
        }
      | undefined
    if (!row) return null
    const quoted = row.quote_json
      ? ((JSON.parse(row.quote_json) as { priceUsd?: number | null }).priceUsd ?? null)
      : null
    return {
      taskId: row.id,
      amountUsd: quoted ?? row.cost_usd,
      costLabel: row.cost_label,
      paidAt: row.started_at ?? row.created_at,
      libraryIds: JSON.parse(row.libs) as string[],
    }
  }
}
