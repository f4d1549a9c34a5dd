import type { Db } from '../../adapters/sqlite/openDatabase'
import { redactText } from '../diagnostics/redact'

/** A message the service gave, as the history keeps it (bounded, scrubbed of credentials). */
export interface HistoryMessage {
  code: string
  message: string
}

/** What one history row says beyond its event and state: the service's words at that moment. */
export interface TaskEventDetail {
  error?: HistoryMessage | null
  notice?: HistoryMessage | null
  serverStatus?: string | null
  attempts?: number
  /** Why the user reported a saved result as unusable (event `unusable`). */
  reason?: string
}

/** One row of a task's history. */
export interface TaskEventRow {
  at: number
  event: string
  state: string
  detail: TaskEventDetail | null
}

/** The event a user's "this result could not be used" report is kept under. */
export const UNUSABLE_EVENT = 'unusable'

/**
 * Longest text kept from one message. A hostile or broken server can answer with megabytes; a
 * claim needs its first words, and history rows are written with every state change.
 */
export const MESSAGE_LIMIT = 2048

/**
 * A message as the history may keep it: key-shaped tokens, bearer headers, signed URL queries and
 * media blobs removed (the rules diagnostics use), then cut to MESSAGE_LIMIT. The key is never in
 * the journal, but a server may echo the Authorization header it was sent.
 */
export function boundedMessage(text: string): string {
  const clean = redactText(
    text.length > MESSAGE_LIMIT * 4 ? text.slice(0, MESSAGE_LIMIT * 4) : text,
  )
  return clean.length > MESSAGE_LIMIT ? `${clean.slice(0, MESSAGE_LIMIT - 1)}…` : clean
}

const messageOf = (m: { code: string; message: string } | null | undefined) =>
  m ? { code: m.code, message: boundedMessage(m.message) } : m

/**
 * Each task's history (issue #29, claims): one row per state change, written by the engine in
 * the same transaction as the change itself, plus the user's "unusable result" reports. Read
 * back only to prepare a claim, so rows are small and writes are one prepared INSERT.
 */
export class TaskEvents {
  private readonly insertStmt
  private readonly forTaskStmt
  private readonly latestStmt

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO task_events (task_id, at, event, state, detail_json) VALUES (?, ?, ?, ?, ?)',
    )
    this.forTaskStmt = db.prepare(
      'SELECT at, event, state, detail_json FROM task_events WHERE task_id = ? ORDER BY at, rowid',
    )
    this.latestStmt = db.prepare(
      `SELECT at, event, state, detail_json FROM task_events WHERE task_id = ? AND event = ?
        ORDER BY at DESC, rowid DESC LIMIT 1`,
    )
  }

  /** Appends one row; messages in `detail` are bounded and scrubbed here, whoever calls. */
  record(taskId: string, at: number, event: string, state: string, detail?: TaskEventDetail): void {
    const clean: TaskEventDetail | null = detail
      ? {
          ...detail,
          ...(detail.error !== undefined ? { error: messageOf(detail.error) } : {}),
          ...(detail.notice !== undefined ? { notice: messageOf(detail.notice) } : {}),
          ...(detail.serverStatus ? { serverStatus: boundedMessage(detail.serverStatus) } : {}),
          ...(detail.reason !== undefined ? { reason: boundedMessage(detail.reason) } : {}),
        }
      : null
    this.insertStmt.run(taskId, at, event, state, clean ? JSON.stringify(clean) : null)
  }

  /** A task's history, oldest first. */
  forTask(taskId: string): TaskEventRow[] {
    return (this.forTaskStmt.all(taskId) as RawRow[]).map(fromRow)
  }

  /** The latest row of one event for a task (e.g. its unusable report), or null. */
  latest(taskId: string, event: string): TaskEventRow | null {
    const row = this.latestStmt.get(taskId, event) as RawRow | undefined
    return row ? fromRow(row) : null
  }
}

interface RawRow {
  at: number
  event: string
  state: string
  detail_json: string | null
}

const fromRow = (r: RawRow): TaskEventRow => ({
  at: r.at,
  event: r.event,
  state: r.state,
  detail: r.detail_json === null ? null : (JSON.parse(r.detail_json) as TaskEventDetail),
})
