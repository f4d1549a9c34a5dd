import type { TaskKind } from '@shared/tasks/states'

import type { Db } from '../../adapters/sqlite/openDatabase'

/** Seconds one task of a kind takes before the journal has seen any (send to saved). */
const DEFAULT_SECONDS: Record<TaskKind, number> = {
  image: 20,
  edit: 25,
  video: 120,
  native: 15,
  workbench: 20,
}

/**
 * How long one task of `kind` takes, from its send to its saved result: the median of the last
 * 20 this journal saw, or a default before there are any. A batch's expected time is this times
 * the number of rounds its concurrency allows.
 */
export function typicalSeconds(db: Db, kind: TaskKind): number {
  const rows = db
    .prepare(
      `SELECT finished_at - started_at AS ms FROM tasks
        WHERE kind = ? AND state = 'saved' AND started_at IS NOT NULL AND finished_at IS NOT NULL
        ORDER BY finished_at DESC LIMIT 20`,
    )
    .all(kind) as Array<{ ms: number }>
  if (rows.length === 0) return DEFAULT_SECONDS[kind]
  const sorted = rows.map((r) => Math.max(0, r.ms)).sort((a, b) => a - b)
  return Math.max(1, Math.round(sorted[Math.floor(sorted.length / 2)]! / 1000))
}
