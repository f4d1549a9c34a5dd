import { t as tr } from '../../../../i18n'
import type { TaskRecord } from '../../../journal/TaskJournal'
import type { OutputRef, ServerStatus } from '../../ports'
import { nextPollDelay } from '../../scheduler/pollPlan'
import type { EngineContext, Memory } from '../context'

/** Applies a server status; returns true when the task left `running`. */
export function onStatus(
  ctx: EngineContext,
  id: string,
  serverId: string,
  st: ServerStatus,
): boolean {
  if (st.phase === 'completed') {
    const outputs: OutputRef[] =
      st.outputs && st.outputs.length > 0 ? st.outputs : [{ type: 'video', serverId }]
    const t = ctx.mustGet(id)
    if (t.kind === 'workbench' && (!st.outputs || st.outputs.length === 0)) {
      // A finished workbench task without images listed: keep asking (unknown shape).
      ctx.apply(id, { type: 'progress', status: st.raw, progress: 1 }, true)
      return false
    }
    ctx.apply(id, { type: 'outputs', outputs })
    return true
  }
  if (st.phase === 'failed') {
    const said = st.error?.message
    ctx.apply(id, {
      type: 'server_failed',
      error: {
        code: 'server',
        message: said ? tr('svcSaid', { message: tr('genFailed'), said }) : tr('genFailed'),
        action: tr('genFailedAction'),
        ...(st.error?.code ? { serverCode: st.error.code } : {}),
      },
    })
    return true
  }
  ctx.apply(id, { type: 'progress', status: st.raw, progress: st.progress }, true)
  return false
}

/**
 * `running` (video, and the workbench's fallback): one poll after the delay the poll plan gives
 * (5 s first, backing off, following the progress line), through the request budget.
 */
export async function stepPoll(
  ctx: EngineContext,
  t: TaskRecord,
  signal: AbortSignal,
  m: Memory,
): Promise<void> {
  if (m.samples.length === 0) {
    // Resumed after a restart: the first send is the best guess of when the server started.
    m.pollStart = t.startedAt ?? ctx.clock.now()
    m.samples.push({ at: m.pollStart, progress: 0 })
  }
  const now = ctx.clock.now()
  const delay = nextPollDelay(
    ctx.policy.poll,
    { startedAt: m.pollStart, polls: m.polls, samples: m.samples },
    now,
    ctx.clock.random(),
  )
  await ctx.sleep(delay, signal)
  const account = await ctx.account(t, signal)
  if (!account) return
  await ctx.budget.acquire(account, signal)
  m.polls++
  try {
    const st = await ctx.gateway.status(ctx.gatewayTask(t), signal)
    m.failures = 0
    m.badAnswers = 0
    m.samples.push({ at: ctx.clock.now(), progress: st.progress })
    if (m.samples.length > 20) m.samples.splice(1, 1)
    // Stryker disable next-line StringLiteral: equivalent, a running task always has its server id (set by 'accepted')
    onStatus(ctx, t.id, t.serverId ?? '', st)
  } catch (e) {
    // Stryker disable next-line StringLiteral: equivalent, onError tells only 'submit' and 'quote' apart
    await ctx.onError(t.id, e, 'poll', account, signal, m)
  }
}
