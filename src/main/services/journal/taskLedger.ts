import type { BatchCell } from '@shared/batch/types'
import type { TaskKind } from '@shared/tasks/states'

import { type LedgerOpen, SPEND_KIND, type SpendLedger } from './SpendLedger'

/** What the ledger needs of a task. */
export interface TaskLedgerTask {
  id: string
  kind: TaskKind
  state: string
  model: string
  prompt: string
  costUsd: number | null
  quote: { priceUsd: number | null } | null
  demo: boolean
  createdAt: number
  updatedAt: number
  batch: BatchCell | null
  /** The service's words at this point (the engine passes the whole record; the history keeps them). */
  error?: { code: string; message: string } | null
  notice?: { code: string; message: string } | null
  serverStatus?: string | null
  attempts?: number
}

/**
 * The spending ledger as the engine sees it (issue #15): a row is opened with the task by
 * admission (`ledgerRowOf`, in the task's own transaction, before anything is sent) and then
 * follows the task's state.
 */
export interface TaskLedgerHook {
  /** A task changed: settle, fail (server's word), void (never sent) or take a quoted price. */
  changed(task: TaskLedgerTask, event: string): void
}

/**
 * A new task's ledger row: its estimate, or the quote the user accepted, as pending, in the project
 * that was active when it was admitted. Written in
 * the same transaction as the task's journal row, so neither exists without the other.
 */
export function ledgerRowOf(t: TaskLedgerTask, project: string | null = null): LedgerOpen {
  const quoted = t.quote?.priceUsd ?? null
  return {
    project,
    id: t.id,
    taskId: t.id,
    batchId: t.batch?.batchId ?? null,
    kind: SPEND_KIND[t.kind],
    taskKind: t.kind,
    model: t.model,
    amountUsd: quoted ?? t.costUsd,
    basis: quoted !== null ? 'quote' : t.costUsd !== null ? 'estimate' : 'none',
    createdAt: t.createdAt,
    demo: t.demo,
    prompt: t.prompt,
  }
}

/**
 * Keeps a task's ledger row in step with the engine: settled when the result is saved, failed
 * only when the server said so (`failed` is reached only from the server's failure or a
 * definitive refusal), void when the task was stopped before it was ever sent. Needs attention,
 * timeouts and retries leave it pending: the request may have been charged.
 */
export function taskLedgerHook(ledger: SpendLedger): TaskLedgerHook {
  return {
    changed(t, event) {
      if ((event === 'quoted' || event === 'quote_confirmed') && t.quote?.priceUsd != null)
        ledger.setQuote(t.id, t.quote.priceUsd)
      if (t.state === 'saved') ledger.setStatus(t.id, 'settled', t.updatedAt)
      else if (t.state === 'failed') ledger.setStatus(t.id, 'failed', t.updatedAt)
      else if (t.state === 'cancelled') ledger.setStatus(t.id, 'void', t.updatedAt)
    },
  }
}
