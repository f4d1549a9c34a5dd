import { t as tr } from '../../../../i18n'
import type { TaskRecord } from '../../../journal/TaskJournal'
import type { WorkbenchEvent } from '../../ports'
import { dispositionOf, toAppError } from '../classify'
import type { EngineContext, Memory } from '../context'
import { backoff } from '../policy'
import { onStatus } from './poll'

/** The largest preview image kept in memory for the Tasks screen (a Base64 data URL). */
const KEEP_PREVIEW_CHARS = 2_000_000

/**
 * `running` (workbench): follows the task's event stream. A stream that goes quiet (no
 * keepalive) or ends without a result is followed by a GET of the task, then a reconnect after
 * a backoff: never a new submission.
 */
export async function stepStream(
  ctx: EngineContext,
  t: TaskRecord,
  signal: AbortSignal,
  m: Memory,
): Promise<void> {
  const account = await ctx.account(t, signal)
  if (!account) return
  await ctx.budget.acquire(account, signal)
  const conn = new AbortController()
  const stopConn = () => conn.abort()
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, an AbortSignal dispatches 'abort' at most once and the listener is removed below
  signal.addEventListener('abort', stopConn, { once: true })
  const iterator = ctx.gateway.events(ctx.gatewayTask(t), conn.signal)[Symbol.asyncIterator]()
  // Stryker disable next-line StringLiteral: equivalent, outcome is only ever compared with 'left'
  let outcome: 'left' | 'dropped' = 'dropped'
  try {
    for (;;) {
      const next = await withIdleLimit(ctx, iterator.next())
      if (next === 'idle') {
        ctx.notice(t.id, {
          code: 'network',
          message: tr('streamQuiet'),
        })
        break
      }
      if (next.done) break
      m.sseFailures = 0
      if (onEvent(ctx, t.id, next.value)) {
        outcome = 'left'
        break
      }
      if (next.value.type === 'error') break
    }
  } catch (e) {
    if (signal.aborted) throw e
    const error = toAppError(e)
    if (error.code === 'rate_limited') ctx.budget.rateLimited(account, error.retryAfterMs ?? null)
    ctx.notice(t.id, error)
  } finally {
    signal.removeEventListener('abort', stopConn)
    conn.abort()
    // Stryker disable next-line OptionalChaining: equivalent for the second `?.`, the port's return() always returns a Promise
    void iterator.return?.(undefined)?.catch(() => {})
  }
  if (outcome === 'left' || signal.aborted) return
  // The stream ended without a result: ask the task itself, then reconnect after a backoff.
  m.sseFailures++
  await ctx.budget.acquire(account, signal)
  try {
    const st = await ctx.gateway.status(ctx.gatewayTask(ctx.mustGet(t.id)), signal)
    // Stryker disable next-line LogicalOperator,StringLiteral: equivalent, onStatus uses the server id only to name a video output, and a stream is only a workbench task's
    if (onStatus(ctx, t.id, t.serverId ?? '', st)) return
  } catch (e) {
    const error = toAppError(e)
    const d = dispositionOf(error)
    if (d === 'refused' || d === 'not_found' || d === 'storage') {
      // Stryker disable next-line StringLiteral: equivalent, onError tells only 'submit' and 'quote' apart
      await ctx.onError(t.id, e, 'stream', account, signal, m)
      return
    }
    if (d === 'rate_limited') ctx.budget.rateLimited(account, error.retryAfterMs ?? null)
    ctx.notice(t.id, error)
  }
  await ctx.sleep(
    backoff(
      ctx.policy.sseReconnectBaseMs,
      ctx.policy.sseReconnectMaxMs,
      m.sseFailures,
      ctx.clock.random(),
    ),
    signal,
  )
}

/**
 * Races the next event against the idle watchdog. The caller closes the connection on 'idle' and
 * on cancel (its `conn`), so the pending `next` then rejects; Promise.race has already attached
 * a handler to it, so that rejection is never unhandled.
 */
async function withIdleLimit<T>(ctx: EngineContext, next: Promise<T>): Promise<T | 'idle'> {
  const timer = new AbortController()
  const idle = ctx.clock.sleep(ctx.policy.sseIdleMs, timer.signal).then(
    () => 'idle' as const,
    // Stryker disable next-line ArrowFunction: equivalent, the watchdog is stopped only after the race is decided, so this value is never read
    () => 'idle' as const,
  )
  try {
    return await Promise.race([next, idle])
  } finally {
    // One watchdog per event: stop it, or every keepalive would leave a timer behind.
    timer.abort()
  }
}

/** Applies one workbench event; true when the task left `running`. */
function onEvent(ctx: EngineContext, id: string, e: WorkbenchEvent): boolean {
  switch (e.type) {
    // Stryker disable ConditionalExpression,StringLiteral: equivalent, an event no case matches returns undefined (falsy, like false) and does nothing
    case 'keepalive':
    case 'other':
      // Stryker restore ConditionalExpression,StringLiteral
      return false
    case 'queued':
      ctx.apply(id, { type: 'progress', status: 'queued', progress: null }, true)
      return false
    case 'preview':
      if (e.image && e.image.length <= KEEP_PREVIEW_CHARS) ctx.previews.set(id, e.image)
      ctx.apply(id, { type: 'progress', status: 'generating', progress: e.progress }, true)
      return false
    case 'done':
      if (e.outputs.length === 0) return false
      ctx.apply(id, { type: 'outputs', outputs: e.outputs })
      return true
    case 'error':
      // Confirmed by GET of the task after the stream (an error event may be the stream's).
      ctx.notice(id, {
        code: 'server',
        message: e.error.message
          ? tr('streamErrorSaid', { detail: e.error.message })
          : tr('streamError'),
      })
      return false
  }
}
