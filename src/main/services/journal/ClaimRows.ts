import type { ClaimReason } from '@shared/spending/claims'
import type { LedgerBasis, LedgerStatus, SpendKind } from '@shared/spending/types'

import type { Db } from '../../adapters/sqlite/openDatabase'
import { UNUSABLE_EVENT } from './TaskEvents'

/** A request that may be claimed: its ledger row with what its task's journal row knows. */
export interface ClaimRow {
  id: string
  taskId: string | null
  reasons: ClaimReason[]
  kind: SpendKind
  taskKind: string
  model: string
  amountUsd: number | null
  basis: LedgerBasis
  status: LedgerStatus
  createdAt: number
  settledAt: number | null
  /** The task's Idempotency-Key / client_request_id (null: a chat reply, with no task row). */
  idempotencyKey: string | null
  sentAt: number | null
  finishedAt: number | null
  taskState: string | null
  serverId: string | null
  serverStatus: string | null
  error: { code: string; message: string } | null
  notice: { code: string; message: string } | null
  /** The whole prompt from the task (the ledger's copy for a chat reply). */
  prompt: string
}

interface Raw {
  id: string
  task_id: string | null
  kind: SpendKind
  task_kind: string
  model: string
  amount_usd: number | null
  basis: LedgerBasis
  status: LedgerStatus
  created_at: number
  settled_at: number | null
  prompt: string
  idem_key: string | null
  started_at: number | null
  finished_at: number | null
  state: string | null
  server_id: string | null
  server_status: string | null
  error_json: string | null
  notice_json: string | null
  task_prompt: string | null
  unusable: number
}

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T))

/**
 * The ledger rows of a range of days that a claim may be about (issue #29): failed charges (the
 * server's failure or refusal), charges still pending after `pendingBefore`, and tasks the user
 * reported unusable. Demo activity was never charged and is never listed.
 */
export class ClaimRows {
  private readonly stmt

  constructor(db: Db) {
    this.stmt = db.prepare(
      `SELECT l.id, l.task_id, l.kind, l.task_kind, l.model, l.amount_usd, l.basis, l.status,
              l.created_at, l.settled_at, l.prompt, t.idem_key, t.started_at, t.finished_at,
              t.state, t.server_id, t.server_status, t.error_json, t.notice_json,
              t.prompt AS task_prompt,
              EXISTS (SELECT 1 FROM task_events e
                       WHERE e.task_id = l.task_id AND e.event = '${UNUSABLE_EVENT}') AS unusable
         FROM ledger l LEFT JOIN tasks t ON t.id = l.task_id
        WHERE l.demo = 0 AND l.day >= @from AND l.day <= @to
          AND (l.status = 'failed' OR t.state = 'failed'
               OR (l.status = 'pending' AND l.created_at < @pendingBefore)
               OR unusable)
        ORDER BY l.created_at, l.id`,
    )
  }

  /** The candidates of days `from`..`to` (local day keys), oldest first. */
  inRange(from: string, to: string, pendingBefore: number): ClaimRow[] {
    return (this.stmt.all({ from, to, pendingBefore }) as Raw[]).map((r) => {
      const reasons: ClaimReason[] = []
      if (r.status === 'failed' || r.state === 'failed') reasons.push('failed')
      if (r.status === 'pending' && r.created_at < pendingBefore) reasons.push('pending')
      if (r.unusable) reasons.push('unusable')
      return {
        id: r.id,
        taskId: r.task_id,
        reasons,
        kind: r.kind,
        taskKind: r.task_kind,
        model: r.model,
        amountUsd: r.amount_usd,
        basis: r.basis,
        status: r.status,
        createdAt: r.created_at,
        settledAt: r.settled_at,
        idempotencyKey: r.idem_key,
        sentAt: r.started_at,
        finishedAt: r.finished_at ?? r.settled_at,
        taskState: r.state,
        serverId: r.server_id,
        serverStatus: r.server_status,
        error: json(r.error_json),
        notice: json(r.notice_json),
        prompt: r.task_prompt ?? r.prompt,
      }
    })
  }
}
