import type { AttentionReason, TaskKind, TaskState } from '@shared/tasks/states'

import type { TaskPatch, TaskRecord } from './taskRecord'

/**
 * How a task record is stored: the `tasks` row, read back into a TaskRecord, and the column
 * (with its encoding) each patchable field is written to. TaskJournal's queries share it.
 */
export interface Row {
  id: string
  request_id: string | null
  kind: string
  state: string
  idem_key: string
  model: string
  prompt: string
  request_json: string
  files_json: string
  cost_usd: number | null
  cost_label: string
  created_at: number
  updated_at: number
  started_at: number | null
  finished_at: number | null
  attempts: number
  server_id: string | null
  server_status: string | null
  progress: number | null
  quote_json: string | null
  pending_quote_json: string | null
  outputs_json: string | null
  error_json: string | null
  notice_json: string | null
  attention: string | null
  retry_of: string | null
  demo: number
  dismissed: number
  batch_cell_json: string | null
}

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T))
export const text = (v: unknown): string | null =>
  v === null || v === undefined ? null : JSON.stringify(v)

export function fromRow(r: Row): TaskRecord {
  return {
    id: r.id,
    requestId: r.request_id,
    kind: r.kind as TaskKind,
    state: r.state as TaskState,
    idempotencyKey: r.idem_key,
    model: r.model,
    prompt: r.prompt,
    request: JSON.parse(r.request_json) as Record<string, unknown>,
    files: JSON.parse(r.files_json) as TaskRecord['files'],
    costUsd: r.cost_usd,
    costLabel: r.cost_label,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    attempts: r.attempts,
    serverId: r.server_id,
    serverStatus: r.server_status,
    progress: r.progress,
    quote: json(r.quote_json),
    pendingQuote: json(r.pending_quote_json),
    outputs: json(r.outputs_json),
    error: json(r.error_json),
    notice: json(r.notice_json),
    attention: r.attention as AttentionReason | null,
    retryOf: r.retry_of,
    demo: r.demo === 1,
    dismissed: r.dismissed === 1,
    batch: json(r.batch_cell_json),
  }
}

export const COLUMN: Record<keyof TaskPatch, [string, (v: never) => unknown]> = {
  state: ['state', (v) => v],
  startedAt: ['started_at', (v) => v],
  finishedAt: ['finished_at', (v) => v],
  attempts: ['attempts', (v) => v],
  serverId: ['server_id', (v) => v],
  serverStatus: ['server_status', (v) => v],
  progress: ['progress', (v) => v],
  quote: ['quote_json', text],
  pendingQuote: ['pending_quote_json', text],
  outputs: ['outputs_json', text],
  error: ['error_json', text],
  notice: ['notice_json', text],
  attention: ['attention', (v) => v],
  dismissed: ['dismissed', (v: boolean) => (v ? 1 : 0)],
}
