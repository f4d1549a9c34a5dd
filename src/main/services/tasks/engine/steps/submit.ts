import type { TaskRecord } from '../../../journal/TaskJournal'
import { toAppError } from '../classify'
import type { EngineContext, Memory } from '../context'
import { onStatus } from './poll'

/**
 * `submitting`: sends the request with its journaled key (through the request budget), then
 * records what came back: outputs to download, or the server task to follow.
 */
export async function stepSubmit(
  ctx: EngineContext,
  t: TaskRecord,
  signal: AbortSignal,
  m: Memory,
): Promise<void> {
  const account = await ctx.account(t, signal)
  if (!account) return
  if (t.kind === 'workbench' && !t.quote) {
    await requote(ctx, t, account, signal, m)
    return
  }
  await ctx.budget.acquire(account, signal)
  const sent = ctx.apply(t.id, { type: 'send' })
  try {
    const outcome = await ctx.gateway.submit(ctx.gatewayTask(sent), signal)
    m.failures = 0
    m.badAnswers = 0
    m.pendingWaits = 0
    if (outcome.type === 'outputs') {
      ctx.apply(t.id, { type: 'outputs', outputs: outcome.outputs })
      return
    }
    const st = outcome.status
    ctx.apply(t.id, {
      type: 'accepted',
      serverId: outcome.serverId,
      status: st?.raw ?? null,
      progress: st?.progress ?? null,
    })
    m.polls = 0
    m.pollStart = ctx.clock.now()
    // The moment of acceptance anchors the progress line (the task has done nothing yet).
    m.samples = [{ at: m.pollStart, progress: st?.progress ?? 0 }]
    if (st) onStatus(ctx, t.id, outcome.serverId, st)
  } catch (e) {
    const error = toAppError(e)
    if (error.code === 'quote_expired' && t.kind === 'workbench') {
      await requote(ctx, ctx.mustGet(t.id), account, signal, m)
      return
    }
    await ctx.onError(t.id, e, 'submit', account, signal, m)
  }
}

/**
 * Gets a quote for a workbench task. The first price is accepted only if it is not above the
 * estimate shown before submitting; a re-quote (after expiry) is accepted only at the same
 * price. A quote without a price (`null`: the service did not say) is never accepted silently,
 * since nothing bounds what it charges. Otherwise the task waits for the user
 * (`tasks:confirmQuote`). Never a higher or an unknown price silently.
 */
export async function requote(
  ctx: EngineContext,
  t: TaskRecord,
  account: string,
  signal: AbortSignal,
  m: Memory,
): Promise<void> {
  await ctx.budget.acquire(account, signal)
  let quote
  try {
    quote = await ctx.gateway.estimate(ctx.gatewayTask(t), signal)
  } catch (e) {
    await ctx.onError(t.id, e, 'quote', account, signal, m)
    return
  }
  const now = ctx.clock.now()
  const fresh = { quoteId: quote.quoteId, priceUsd: quote.priceUsd, quotedAt: now }
  const reference = t.quote ? t.quote.priceUsd : t.costUsd
  // A task that already has a quote is re-quoted (its quote expired): only the same price will do.
  const again = t.quote !== null
  const price = fresh.priceUsd
  const acceptable =
    price !== null &&
    reference !== null &&
    (again ? Math.abs(price - reference) < 1e-9 : price <= reference + 1e-9)
  if (acceptable) ctx.apply(t.id, { type: 'quoted', quote: fresh })
  else
    ctx.apply(t.id, {
      type: 'quote_changed',
      quote: fresh,
      reason: again || price === null ? 'quote_changed' : 'price_above_estimate',
    })
}
