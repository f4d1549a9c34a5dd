import type { LedgerBasis, LedgerEntryView, LedgerStatus, SpendKind } from '@shared/spending/types'

/** A ledger row as the listing queries select it (the Spending screen, the CSV, the invoice). */
export interface LedgerRow {
  id: string
  task_id: string | null
  batch_id: string | null
  kind: SpendKind
  model: string
  amount_usd: number | null
  basis: LedgerBasis
  status: LedgerStatus
  created_at: number
  day: string
  prompt: string
}

/** A row as both sides see it (its library items are filled in by the spending service). */
export function toEntry(r: LedgerRow): LedgerEntryView {
  return {
    id: r.id,
    taskId: r.task_id,
    batchId: r.batch_id,
    kind: r.kind,
    model: r.model,
    amountUsd: r.amount_usd,
    basis: r.basis,
    status: r.status,
    createdAt: r.created_at,
    day: r.day,
    prompt: r.prompt,
    libraryIds: [],
  }
}
