import type { LedgerOpen, SpendLedger } from '@main/services/journal/SpendLedger'
import type { LedgerStatus } from '@shared/spending/types'

let opened = 0

/**
 * Opens a ledger row as Admission would (a pending image at $0.04, at local noon on 12 March
 * 2025, no project), with `over` on top, and moves it to `status` a second later when asked.
 * Returns its id (the task's id unless `over` names another). Ids never repeat within a worker.
 */
export function openLedgerRow(
  ledger: SpendLedger,
  over: Partial<LedgerOpen> & { status?: LedgerStatus } = {},
): string {
  opened++
  const { status, ...rest } = over
  const e: LedgerOpen = {
    id: `task-${opened}`,
    taskId: `task-${opened}`,
    batchId: null,
    kind: 'image',
    taskKind: 'image',
    model: 'std-image-2',
    amountUsd: 0.04,
    basis: 'estimate',
    createdAt: new Date(2025, 2, 12, 12).getTime(),
    demo: false,
    prompt: `prompt ${opened}`,
    ...rest,
  }
  ledger.open(e)
  if (status && status !== 'pending') ledger.setStatus(e.id, status, e.createdAt + 1_000)
  return e.id
}
