import { isAppFailure } from '@shared/result'

import type { TextTurn } from './TextGateway'

/**
 * Chat requests in the spending ledger (issue #15): text models have no published rate, so a
 * request is counted, never priced. Opened before the request is sent; settled when the reply
 * arrived; failed only on a definitive refusal; a stop or a lost connection leaves it pending
 * (the service may have charged for what it generated).
 */
export interface TextSpend {
  opened(request: { id: string; model: string; prompt: string }): void
  ended(id: string, status: 'settled' | 'failed'): void
}

/** A definitive answer about the request (it was not generated, so not charged). */
const REFUSALS = ['validation', 'auth', 'forbidden', 'model_unavailable', 'unsupported']

/**
 * Opens the ledger row of one reply request and answers what to call when it ends: `done` when
 * the reply arrived, `failedWith(e)` when it did not (only a refusal fails the row).
 */
export function spendOnReply(
  spend: TextSpend | undefined,
  reply: { id: string; model: string; history: readonly TextTurn[] },
): { done(): void; failedWith(e: unknown): void } {
  const asked = [...reply.history].reverse().find((t) => t.role === 'user')
  spend?.opened({
    id: reply.id,
    model: reply.model,
    prompt: typeof asked?.content === 'string' ? asked.content : '',
  })
  return {
    done: () => spend?.ended(reply.id, 'settled'),
    failedWith: (e) => {
      if (isAppFailure(e) && REFUSALS.includes(e.error.code)) spend?.ended(reply.id, 'failed')
    },
  }
}
