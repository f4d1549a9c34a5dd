import type { TaskLedgerHook } from '../tasks/ports'
import { SPEND_KIND, type SpendLedger } from './SpendLedger'

/**
 * Keeps the ledger in step with the task engine: a row per task, opened in the task's own
 * transaction with its estimate (or the quote the user accepted), then settled when the result is
 * saved, failed only when the server said so (`failed` is reached only from the server's failure
 * or a definitive refusal), void when the task was stopped before it was ever sent. Needs
 * attention, timeouts and retries leave it pending: the request may have been charged.
 */
export function taskLedgerHook(ledger: SpendLedger): TaskLedgerHook {
  return {
    opened(t) {
      const quoted = t.quote?.priceUsd ?? null
      ledger.open({
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
      })
    },
    changed(t, event) {
      if ((event === 'quoted' || event === 'quote_confirmed') && t.quote?.priceUsd != null)
        ledger.setQuote(t.id, t.quote.priceUsd)
      if (t.state === 'saved') ledger.setStatus(t.id, 'settled', t.updatedAt)
      else if (t.state === 'failed') ledger.setStatus(t.id, 'failed', t.updatedAt)
      else if (t.state === 'cancelled') ledger.setStatus(t.id, 'void', t.updatedAt)
    },
  }
}
