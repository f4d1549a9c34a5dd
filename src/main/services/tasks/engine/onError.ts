import type { AppError } from '@shared/result'

import { t as tr } from '../../../i18n'
import { dispositionOf, toAppError } from './classify'
import type { EngineContext, Memory, Phase } from './context'
import { backoff } from './policy'

/**
 * The common answer to a failed call. Returns after the wait the failure calls for; the caller
 * re-reads the journal and tries again with the same key, unless a transition ended the task.
 */
export async function onError(
  ctx: EngineContext,
  id: string,
  e: unknown,
  phase: Phase,
  account: string,
  signal: AbortSignal,
  m: Memory,
): Promise<void> {
  if (signal.aborted) throw e
  const error = toAppError(e)
  const t = ctx.mustGet(id)
  switch (dispositionOf(error)) {
    case 'rate_limited':
      ctx.budget.rateLimited(account, error.retryAfterMs ?? null)
      ctx.notice(id, error)
      return
    case 'pending': {
      m.pendingWaits++
      ctx.notice(id, error)
      const wait =
        error.retryAfterMs ??
        backoff(
          ctx.policy.pendingBaseMs,
          ctx.policy.pendingMaxMs,
          m.pendingWaits,
          ctx.clock.random(),
        )
      await ctx.sleep(wait, signal)
      return
    }
    case 'offline':
      ctx.notice(id, error)
      await ctx.sleep(ctx.policy.offlineWaitMs, signal)
      return
    case 'storage':
      ctx.apply(id, { type: 'blocked', error })
      return
    case 'refused':
    case 'not_found':
      // Refused before anything could have been charged: the request itself is wrong. A 400 is
      // about the request whatever happened before (a replayed key would have answered with the
      // result); a 401/403/404 after an earlier send may hide a charge, so the user decides.
      if (
        (phase === 'submit' || phase === 'quote') &&
        !t.serverId &&
        (error.code === 'validation' || t.attempts <= 1)
      ) {
        ctx.apply(id, { type: 'refused', error })
      } else {
        ctx.apply(id, { type: 'blocked', error })
      }
      return
    case 'malformed':
      m.badAnswers++
      if (m.badAnswers >= ctx.policy.maxBadAnswers) {
        // The same answer came back every time: stop here, free the slot, keep the key. The
        // request may have been charged, so the user decides (Try again with the same key, or
        // Dismiss); a restart leaves it waiting too.
        ctx.apply(id, {
          type: 'blocked',
          error: {
            ...error,
            message: tr('answerUnusable', { count: m.badAnswers, detail: error.message }),
            action: tr('answerUnusableAction'),
          },
        })
        return
      }
      return retryLater(ctx, id, error, signal, m)
    case 'quote_expired':
    case 'cancelled':
    case 'retry':
      return retryLater(ctx, id, error, signal, m)
  }
}

/** A passing problem: noted on the task, then the same call after a growing, jittered wait. */
async function retryLater(
  ctx: EngineContext,
  id: string,
  error: AppError,
  signal: AbortSignal,
  m: Memory,
): Promise<void> {
  m.failures++
  ctx.notice(id, error)
  await ctx.sleep(
    backoff(ctx.policy.retryBaseMs, ctx.policy.retryMaxMs, m.failures, ctx.clock.random()),
    signal,
  )
}
