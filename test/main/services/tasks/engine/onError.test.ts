/**
 * The engine's answer to a failed call (engine/onError.ts), on a recording context: which
 * failures wait (and how long), which stop the task for the user, and which end it as refused.
 * A refusal ends a task only when nothing can have been charged; everything else keeps its key.
 */
import type { EngineContext, Memory, Phase } from '@main/services/tasks/engine/context'
import { newMemory } from '@main/services/tasks/engine/context'
import { onError } from '@main/services/tasks/engine/onError'
import { backoff, DEFAULT_ENGINE_POLICY } from '@main/services/tasks/engine/policy'
import type { TaskEvent } from '@main/services/tasks/engine/transitions'
import { type AppError, AppFailure } from '@shared/result'
import { describe, expect, it } from 'vitest'

const POLICY = {
  ...DEFAULT_ENGINE_POLICY,
  retryBaseMs: 1_000,
  retryMaxMs: 16_000,
  pendingBaseMs: 3_000,
  pendingMaxMs: 20_000,
  offlineWaitMs: 7_000,
  maxBadAnswers: 3,
}
const RANDOM = 0.25

interface Recorded {
  ctx: EngineContext
  applied: TaskEvent[]
  notices: AppError[]
  sleeps: number[]
  pauses: Array<[string, number | null]>
}

/** A context that records what onError does to a task with this server id and attempt count. */
function recording(task: { serverId: string | null; attempts: number }): Recorded {
  const r: Recorded = { applied: [], notices: [], sleeps: [], pauses: [] } as unknown as Recorded
  r.ctx = {
    policy: POLICY,
    clock: { random: () => RANDOM },
    budget: { rateLimited: (a: string, ms: number | null) => r.pauses.push([a, ms]) },
    mustGet: () => task,
    apply: (_id: string, event: TaskEvent) => r.applied.push(event),
    notice: (_id: string, n: AppError) => r.notices.push(n),
    sleep: async (ms: number) => {
      r.sleeps.push(ms)
    },
  } as unknown as EngineContext
  return r
}

const fail = (code: AppError['code'], extra: Partial<AppError> = {}) =>
  new AppFailure({ code, message: `said ${code}`, ...extra })

async function answer(
  e: unknown,
  o: { phase?: Phase; serverId?: string | null; attempts?: number; m?: Memory } = {},
): Promise<Recorded & { m: Memory }> {
  const r = recording({ serverId: o.serverId ?? null, attempts: o.attempts ?? 1 })
  const m = o.m ?? newMemory(0)
  await onError(r.ctx, 't1', e, o.phase ?? 'submit', 'acct', new AbortController().signal, m)
  return { ...r, m }
}

describe('onError', () => {
  it('rethrows when the task’s driver was stopped: nothing is decided for a stopped task', async () => {
    const r = recording({ serverId: null, attempts: 1 })
    const e = fail('validation')
    await expect(
      onError(r.ctx, 't1', e, 'submit', 'acct', AbortSignal.abort(), newMemory(0)),
    ).rejects.toBe(e)
    expect(r.applied).toEqual([])
  })

  it('a 429 pauses the account for the Retry-After (or the budget’s default) and notes it', async () => {
    const a = await answer(fail('rate_limited', { retryAfterMs: 9_000 }))
    expect(a.pauses).toEqual([['acct', 9_000]])
    expect(a.notices.map((n) => n.code)).toEqual(['rate_limited'])
    expect(a.sleeps).toEqual([])
    const b = await answer(fail('rate_limited'))
    expect(b.pauses).toEqual([['acct', null]])
  })

  it('generation pending waits as long as the server says, else a growing backoff', async () => {
    const said = await answer(fail('pending', { retryAfterMs: 4_000 }))
    expect(said.sleeps).toEqual([4_000])
    expect(said.notices.map((n) => n.code)).toEqual(['pending'])
    const m = newMemory(0)
    await answer(fail('pending'), { m })
    const second = await answer(fail('pending'), { m })
    expect(m.pendingWaits).toBe(2)
    expect(second.sleeps).toEqual([backoff(3_000, 20_000, 2, RANDOM)])
    expect(second.sleeps[0]).toBeGreaterThan(backoff(3_000, 20_000, 1, RANDOM))
  })

  it('offline (no address or key) waits the offline interval; nothing moves', async () => {
    const a = await answer(fail('not_connected'))
    expect(a.sleeps).toEqual([7_000])
    expect(a.notices).toHaveLength(1)
    expect(a.applied).toEqual([])
  })

  it('a library folder that cannot take the file stops the task for the user', async () => {
    const a = await answer(fail('storage'), { phase: 'download', serverId: 's1' })
    expect(a.applied).toEqual([
      { type: 'blocked', error: expect.objectContaining({ code: 'storage' }) },
    ])
  })

  it('a library folder that fails while a first send’s result is staged stops the task: it was charged, never refused', async () => {
    const a = await answer(fail('storage'), { phase: 'submit', attempts: 1, serverId: null })
    expect(a.applied.map((e) => e.type)).toEqual(['blocked'])
  })

  it.each(['submit', 'quote'] as const)(
    'a refusal of the first %s, before any server task, ends the task as refused',
    async (phase) => {
      for (const code of ['auth', 'forbidden', 'not_found'] as const) {
        const a = await answer(fail(code), { phase, attempts: 1 })
        expect(a.applied.map((e) => e.type)).toEqual(['refused'])
      }
    },
  )

  it('a validation refusal ends the task whatever was sent before: a replay would have answered', async () => {
    const a = await answer(fail('validation'), { phase: 'submit', attempts: 3 })
    expect(a.applied.map((e) => e.type)).toEqual(['refused'])
  })

  it('a 401/403/404 after an earlier send, or once a server task exists, or while polling, may hide a charge: blocked', async () => {
    const cases = [
      { phase: 'submit' as const, attempts: 2, serverId: null },
      { phase: 'submit' as const, attempts: 1, serverId: 's1' },
      { phase: 'poll' as const, attempts: 1, serverId: null },
      { phase: 'stream' as const, attempts: 1, serverId: 's1' },
      { phase: 'download' as const, attempts: 1, serverId: null },
    ]
    for (const c of cases) {
      const a = await answer(fail('forbidden'), c)
      expect(
        a.applied.map((e) => e.type),
        JSON.stringify(c),
      ).toEqual(['blocked'])
    }
    const validationWhilePolling = await answer(fail('validation'), { phase: 'poll' })
    expect(validationWhilePolling.applied.map((e) => e.type)).toEqual(['blocked'])
  })

  it('an unusable answer is retried with backoff until the limit, then the task waits for the user', async () => {
    const m = newMemory(0)
    const first = await answer(fail('bad_response'), { m })
    const second = await answer(fail('bad_response'), { m })
    expect(first.applied).toEqual([])
    expect(first.sleeps).toEqual([backoff(1_000, 16_000, 1, RANDOM)])
    expect(second.sleeps).toEqual([backoff(1_000, 16_000, 2, RANDOM)])
    const third = await answer(fail('bad_response'), { m })
    expect(m.badAnswers).toBe(3)
    expect(third.sleeps).toEqual([])
    expect(third.applied).toHaveLength(1)
    const blocked = third.applied[0] as Extract<TaskEvent, { type: 'blocked' }>
    expect(blocked.type).toBe('blocked')
    expect(blocked.error.code).toBe('bad_response')
    // The message counts the answers and keeps the service's words; an action says what to do.
    expect(blocked.error.message).toContain('3')
    expect(blocked.error.message).toContain('said bad_response')
    expect(blocked.error.action).toBeTruthy()
  })

  it('an unexpected exception counts as an unusable answer', async () => {
    const m = newMemory(0)
    for (let i = 0; i < 2; i++) await answer(new Error('boom'), { m })
    const last = await answer(new Error('boom'), { m })
    expect(last.applied.map((e) => e.type)).toEqual(['blocked'])
  })

  it.each(['network', 'timeout', 'server', 'quote_expired', 'cancelled'] as const)(
    '%s: a passing problem, noted, then the same call after a growing wait',
    async (code) => {
      const m = newMemory(0)
      const first = await answer(fail(code), { m })
      const second = await answer(fail(code), { m })
      expect(first.notices.map((n) => n.code)).toEqual([code])
      expect(first.sleeps).toEqual([backoff(1_000, 16_000, 1, RANDOM)])
      expect(second.sleeps).toEqual([backoff(1_000, 16_000, 2, RANDOM)])
      expect(m.failures).toBe(2)
      expect(first.applied).toEqual([])
    },
  )
})
