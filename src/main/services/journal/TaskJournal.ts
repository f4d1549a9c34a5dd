import type { TaskKind } from '@shared/tasks/states'
import type { TaskResultView } from '@shared/tasks/views'

import type { Db } from '../../adapters/sqlite/openDatabase'
import type { TaskPatch, TaskRecord } from './taskRecord'
import { COLUMN, fromRow, type Row, text } from './taskRow'
import { typicalSeconds } from './typicalSeconds'

export type { TaskPatch, TaskRecord } from './taskRecord'

/** A queued task's place: the one the user gave it, else its submission time. */
const POSITION = 'COALESCE(queue_pos, created_at)'

/**
 * The run order of queued tasks (the engine grants slots in it; the Tasks screen shows it):
 * tasks of a batch given priority first (the batch given it last first), then by position (the
 * user's order; a task never moved keeps its submission time, so it runs after every moved one),
 * then in insertion order (a batch's plan order; two submissions in the same millisecond).
 */
const RUN_ORDER = `LEFT JOIN batches b ON b.id = t.batch_id
  WHERE t.state = 'queued' AND t.dismissed = 0
  ORDER BY COALESCE(b.priority, 0) DESC, COALESCE(t.queue_pos, t.created_at), t.rowid`

/** What an edit of a queued task replaces (journal/TaskJournal.replaceQueuedRequest). */
export interface QueuedRequest {
  request: Record<string, unknown>
  prompt: string
  model: string
  costUsd: number | null
  costLabel: string
  idempotencyKey: string
}

/**
 * The durable record of every generation (SQLite, WAL). Commits that concern money (a new task
 * with its key, a state change, a server id, a saved result) run with `synchronous=FULL`, so they
 * survive a power cut, not only a crash; progress and passing notices use NORMAL, which is
 * durable across an app crash and costs no fsync.
 */
export class TaskJournal {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction: a task, its ledger row and its batch commit together. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)()
  }

  /** Runs `work` with synchronous=NORMAL (progress and notices), then restores FULL. */
  private soft<T>(work: () => T): T {
    this.db.pragma('synchronous = NORMAL')
    try {
      return work()
    } finally {
      this.db.pragma('synchronous = FULL')
    }
  }

  /** Writes a new task (with its key) durably; this must happen before its request is sent. */
  insert(t: TaskRecord): void {
    this.db
      .prepare(
        `INSERT INTO tasks (id, request_id, kind, state, idem_key, model, prompt, request_json,
          files_json, cost_usd, cost_label, created_at, updated_at, started_at, finished_at,
          attempts, server_id, server_status, progress, quote_json, pending_quote_json,
          outputs_json, error_json, notice_json, attention, retry_of, demo, dismissed,
          batch_id, batch_cell_json)
         VALUES (@id, @request_id, @kind, @state, @idem_key, @model, @prompt, @request_json,
          @files_json, @cost_usd, @cost_label, @created_at, @updated_at, @started_at, @finished_at,
          @attempts, @server_id, @server_status, @progress, @quote_json, @pending_quote_json,
          @outputs_json, @error_json, @notice_json, @attention, @retry_of, @demo, @dismissed,
          @batch_id, @batch_cell_json)`,
      )
      .run({
        id: t.id,
        request_id: t.requestId,
        kind: t.kind,
        state: t.state,
        idem_key: t.idempotencyKey,
        model: t.model,
        prompt: t.prompt,
        request_json: JSON.stringify(t.request),
        files_json: JSON.stringify(t.files),
        cost_usd: t.costUsd,
        cost_label: t.costLabel,
        created_at: t.createdAt,
        updated_at: t.updatedAt,
        started_at: t.startedAt,
        finished_at: t.finishedAt,
        attempts: t.attempts,
        server_id: t.serverId,
        server_status: t.serverStatus,
        progress: t.progress,
        quote_json: text(t.quote),
        pending_quote_json: text(t.pendingQuote),
        outputs_json: text(t.outputs),
        error_json: text(t.error),
        notice_json: text(t.notice),
        attention: t.attention,
        retry_of: t.retryOf,
        demo: t.demo ? 1 : 0,
        dismissed: t.dismissed ? 1 : 0,
        batch_id: t.batch?.batchId ?? null,
        batch_cell_json: text(t.batch),
      })
  }

  private write(id: string, patch: TaskPatch, now: number): void {
    const sets: string[] = ['updated_at = @updated_at']
    const values: Record<string, unknown> = { id, updated_at: now }
    for (const [key, value] of Object.entries(patch)) {
      const column = COLUMN[key as keyof TaskPatch]
      if (!column || value === undefined) continue
      sets.push(`${column[0]} = @${column[0]}`)
      values[column[0]] = column[1](value as never)
    }
    this.db.prepare(`UPDATE tasks SET ${sets.join(', ')} WHERE id = @id`).run(values)
  }

  /** A durable change (state, key use, server id, quote, outputs): fsynced before returning. */
  update(id: string, patch: TaskPatch, now: number): void {
    this.write(id, patch, now)
  }

  /** A change that may be lost in a power cut without harm (progress, server status text). */
  updateSoft(
    id: string,
    patch: Pick<TaskPatch, 'progress' | 'serverStatus' | 'notice'>,
    now: number,
  ): void {
    this.soft(() => this.write(id, patch, now))
  }

  get(id: string): TaskRecord | null {
    const row = this.db.prepare('SELECT * FROM tasks WHERE id = ?').get(id) as Row | undefined
    return row ? fromRow(row) : null
  }

  byRequestId(requestId: string): TaskRecord | null {
    const row = this.db.prepare('SELECT * FROM tasks WHERE request_id = ?').get(requestId) as
      Row | undefined
    return row ? fromRow(row) : null
  }

  byKey(key: string): TaskRecord | null {
    const row = this.db.prepare('SELECT * FROM tasks WHERE idem_key = ?').get(key) as
      Row | undefined
    return row ? fromRow(row) : null
  }

  /** Tasks not dismissed, newest first. */
  list(limit = 5000): TaskRecord[] {
    const rows = this.db
      .prepare('SELECT * FROM tasks WHERE dismissed = 0 ORDER BY created_at DESC, id DESC LIMIT ?')
      .all(limit) as Row[]
    return rows.map(fromRow)
  }

  /**
   * Every task the engine must drive (recovery at start-up): those past the queue oldest first,
   * then the queued ones in run order (see `runOrder`), so a restart keeps the user's order.
   */
  active(): TaskRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM tasks WHERE dismissed = 0
           AND state IN ('submitting', 'running', 'downloading')
         ORDER BY created_at, rowid`,
      )
      .all() as Row[]
    const queued = this.db.prepare(`SELECT t.* FROM tasks t ${RUN_ORDER}`).all() as Row[]
    return [...rows, ...queued].map(fromRow)
  }

  /**
   * Paid requests between sent and saved: tasks the engine is sending, that run on the service, or
   * whose result is being fetched. An update waits for these (services/updates).
   */
  inFlight(): number {
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM tasks WHERE dismissed = 0
           AND state IN ('submitting', 'running', 'downloading')`,
      )
      .get() as { n: number }
    return row.n
  }

  /**
   * The ids of every queued task in the order they take slots (queue.ts explains the rule).
   * One indexed query: ~1 ms for 1,000 queued tasks.
   */
  runOrder(): string[] {
    return this.queue().map((q) => q.id)
  }

  /** The queued tasks in run order with their batch's priority (0: none). */
  queue(): Array<{ id: string; priority: number }> {
    return this.db
      .prepare(`SELECT t.id, COALESCE(b.priority, 0) AS priority FROM tasks t ${RUN_ORDER}`)
      .all() as Array<{ id: string; priority: number }>
  }

  /**
   * Puts the listed queued, never-sent tasks in this order (positions 0..n-1, so ahead of every
   * task not listed, which keeps its submission order behind them). One transaction, one prepared
   * UPDATE by primary key per id: O(n); 1,000 ids take ~7 ms median here, the fsynced commit
   * included (2 shared cores; test/main/services/journal/TaskJournal.queue.test.ts holds it under
   * 20 ms). Tasks already sent, or unknown ids, are skipped; answers how many moved.
   */
  setQueueOrder(ids: readonly string[]): number {
    const stmt = this.db.prepare(
      `UPDATE tasks SET queue_pos = ? WHERE id = ? AND state = 'queued' AND attempts = 0
         AND dismissed = 0`,
    )
    return this.transaction(() => {
      let moved = 0
      for (const [i, id] of ids.entries()) moved += stmt.run(i, id).changes
      return moved
    })
  }

  /**
   * Moves a queued, never-sent task ahead of every other queued task of its tier ("Run next"):
   * its position becomes one less than the lowest. False if it is no longer queued.
   */
  moveToFront(id: string): boolean {
    return (
      this.db
        .prepare(
          `UPDATE tasks SET queue_pos = (
             SELECT COALESCE(MIN(${POSITION}), 0) - 1 FROM tasks WHERE state = 'queued'
               AND dismissed = 0)
           WHERE id = ? AND state = 'queued' AND attempts = 0 AND dismissed = 0`,
        )
        .run(id).changes > 0
    )
  }

  /** A task's place in the queue (its position, or its submission time); null if unknown. */
  queuePosition(id: string): number | null {
    return (
      (this.db.prepare(`SELECT ${POSITION} FROM tasks WHERE id = ?`).pluck().get(id) as
        number | undefined) ?? null
    )
  }

  /** Sets a queued task's place (an undone removal goes back where it was). */
  placeAt(id: string, position: number): void {
    this.db.prepare('UPDATE tasks SET queue_pos = ? WHERE id = ?').run(position, id)
  }

  /**
   * Replaces the request of a task that is still queued and was never sent (an edit), with its new
   * estimate and key; call inside the transaction that re-prices its ledger row. False (nothing
   * written) when the task has left the queue meanwhile.
   */
  replaceQueuedRequest(id: string, r: QueuedRequest, now: number): boolean {
    return (
      this.db
        .prepare(
          `UPDATE tasks SET request_json = ?, prompt = ?, model = ?, cost_usd = ?, cost_label = ?,
             idem_key = ?, updated_at = ?
           WHERE id = ? AND state = 'queued' AND attempts = 0 AND dismissed = 0`,
        )
        .run(
          JSON.stringify(r.request),
          r.prompt,
          r.model,
          r.costUsd,
          r.costLabel,
          r.idempotencyKey,
          now,
          id,
        ).changes > 0
    )
  }

  /** A batch's tasks in plan order. */
  byBatch(batchId: string): TaskRecord[] {
    const rows = this.db
      .prepare('SELECT * FROM tasks WHERE batch_id = ? ORDER BY created_at, id')
      .all(batchId) as Row[]
    // Stryker disable next-line OptionalChaining: equivalent, the rows of a batch_id each hold their batch cell (insert writes both from t.batch)
    return rows.map(fromRow).sort((a, b) => (a.batch?.index ?? 0) - (b.batch?.index ?? 0))
  }

  /** Records an output that reached the library (durable; a resumed download skips it). */
  addResult(taskId: string, r: TaskResultView, now: number): void {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO results (task_id, idx, library_id, rel_path, saved_at)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(taskId, r.index, r.libraryId, r.relPath, now)
  }

  results(taskId: string): TaskResultView[] {
    return (
      this.db
        .prepare('SELECT idx, library_id, rel_path FROM results WHERE task_id = ? ORDER BY idx')
        .all(taskId) as Array<{ idx: number; library_id: string; rel_path: string }>
    ).map((r) => ({ index: r.idx, libraryId: r.library_id, relPath: r.rel_path }))
  }

  /**
   * How long one task of `kind` takes from its send to its saved result (a batch's expected time).
   */
  typicalSeconds(kind: TaskKind): number {
    return typicalSeconds(this.db, kind)
  }

  /** The current synchronous level (tests check money rows are written with FULL). */
  synchronousLevel(): number {
    return this.db.pragma('synchronous', { simple: true }) as number
  }
}
