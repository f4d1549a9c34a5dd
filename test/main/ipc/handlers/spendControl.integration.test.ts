/**
 * Spend control through the IPC handlers (issue #15), with the real container against the
 * simulator: budgets refuse before anything is sent, a batch is priced in full and the service's
 * own ledger agrees after the run, and a paused batch sends nothing new.
 */
import { join } from 'node:path'

import { dispatch } from '@main/ipc/dispatch'
import type { Handlers } from '@shared/ipc/contract'
import type { Channel, InputOf, OutputOf } from '@shared/ipc/contract'
import { MICROS_PER_USD } from '@shared/pricing'
import type { Result } from '@shared/result'
import { dayKeyOf } from '@shared/spending/days'
import { estimateFor } from '@shared/tasks/estimate'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { type Simulator, startSimulator } from '@simulator'
import { createTestApp } from '@test/support/testContainer'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function setup(sim: Simulator) {
  const app = createTestApp()
  cleanups.push(() => app.close())
  await app.container.settings.connect(sim.baseUrl, sim.accounts.full.key)
  const call = <C extends Channel>(channel: C, input: InputOf<C>) =>
    dispatch(app.handlers as Handlers, channel, input, { senderId: 1 }) as Promise<
      Result<OutputOf<C>>
    >
  const value = async <C extends Channel>(channel: C, input: InputOf<C>) => {
    const r = await call(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
    return r.value
  }
  return { app, call, value }
}

async function simulator(opts: Parameters<typeof startSimulator>[0] = {}) {
  const sim = await startSimulator({ timeScale: 0.01, ...opts })
  cleanups.push(() => sim.close())
  return sim
}

async function until(check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}

const image = (i: number): SubmitTaskInput => ({
  kind: 'image',
  requestId: `cap-test-${String(i).padStart(4, '0')}`,
  request: { model: 'std-image-2', prompt: `cap ${i}`, quality: 'low', size: '256x256' },
})

const generationsSent = (sim: Simulator) =>
  sim.requests().filter((r) => r.path === '/v1/images/generations').length

describe('budgets hold (tasks:submit)', () => {
  it('a $0.05 daily cap stops the sixth $0.01 image before any request reaches the service', async () => {
    const sim = await simulator()
    const { app, call, value } = await setup(sim)
    await value('budget:set', {
      budgets: { dailyUsd: 0.05, monthlyUsd: null, perKind: {}, warnAt: 0.8 },
    })
    for (let i = 0; i < 5; i++) await value('tasks:submit', image(i))
    await until(async () => (await value('tasks:list', {})).every((t) => t.state === 'saved'))
    const charges = sim.ledger.charges().length
    const sent = generationsSent(sim)
    expect(charges).toBe(5)

    const sixth = await call('tasks:submit', image(5))
    expect(sixth.ok).toBe(false)
    if (sixth.ok) return
    expect(sixth.error.code).toBe('over_budget')
    expect(sixth.error.budget).toEqual({
      period: 'day',
      kind: null,
      capUsd: 0.05,
      spentUsd: 0.05,
      requestUsd: 0.01,
      remainingUsd: 0,
    })
    expect(sixth.error.message).toBe(
      "This request ($0.01) would go over today's cap of $0.05: $0.05 already committed, $0.00 left. Nothing was sent.",
    )
    // Nothing reached the service, nothing was journaled.
    await new Promise((r) => setTimeout(r, 300))
    expect(generationsSent(sim)).toBe(sent)
    expect(sim.ledger.charges()).toHaveLength(charges)
    expect(await value('tasks:list', {})).toHaveLength(5)

    // The ledger says the same, and the 80 % warning went out once.
    const today = dayKeyOf(Date.now())
    const summary = await value('spending:summary', { from: today, to: today })
    expect(summary.total).toMatchObject({ usd: 0.05, count: 5, settledUsd: 0.05, pendingUsd: 0 })
    expect(summary.byModel).toEqual([
      { model: 'std-image-2', kind: 'image', usd: 0.05, count: 5, unpriced: 0 },
    ])
    // Each of the most expensive requests links to the image it saved.
    expect(summary.top).toHaveLength(5)
    expect(summary.top.map((e) => e.libraryIds.length)).toEqual([1, 1, 1, 1, 1])
    await until(() => app.notifications.length > 0, 5_000)
    // Five submissions in quick succession: one warning, once the threshold was passed.
    await new Promise((r) => setTimeout(r, 400))
    expect(app.notifications).toHaveLength(1)
    expect(app.notifications[0]!.title).toMatch(/^(8|9|10)0% of today's cap used$/)

    // Going over once is the user's explicit choice for that one request.
    const over = await value('tasks:submit', { ...image(6), overrideBudget: true })
    await until(async () => (await value('tasks:get', { id: over.id })).state === 'saved')
    expect(sim.ledger.charges()).toHaveLength(6)
    const state = await value('budget:get', {})
    expect(state.uses[0]).toMatchObject({ capUsd: 0.05, spentUsd: 0.06, remainingUsd: 0 })
    // The override is not remembered: the next one is refused again.
    expect(await call('tasks:submit', image(7))).toMatchObject({
      ok: false,
      error: { code: 'over_budget' },
    })
  }, 60_000)

  it('a per-kind cap refuses only its kind; demo activity is never refused and kept apart', async () => {
    const sim = await simulator()
    const { call, value } = await setup(sim)
    await value('budget:set', {
      budgets: {
        dailyUsd: null,
        monthlyUsd: null,
        perKind: { video: { dailyUsd: 0.1, monthlyUsd: null } },
        warnAt: 0.8,
      },
    })
    const video = await call('tasks:submit', {
      kind: 'video',
      request: { model: 'motion-2.0-fast', prompt: 'v', duration: 4, resolution: '480p' },
    })
    expect(video).toMatchObject({
      ok: false,
      error: { code: 'over_budget', budget: { kind: 'video', capUsd: 0.1, spentUsd: 0 } },
    })
    expect(sim.requests().filter((r) => r.path === '/v1/videos')).toHaveLength(0)
    expect((await call('tasks:submit', image(1))).ok).toBe(true)
  }, 30_000)
})

describe('chat requests in the ledger', () => {
  it('counts a chat reply (no published rate: a count, never a price)', async () => {
    const sim = await simulator()
    const { value } = await setup(sim)
    const sent = await value('chat:send', {
      text: 'hello there',
      model: 'std-6-sol',
      stream: false,
    })
    await until(async () => {
      const c = await value('chat:get', { id: sent.conversation.id })
      return c.messages.some((m) => m.role === 'assistant' && m.status === 'complete')
    })
    const today = dayKeyOf(Date.now())
    await until(
      async () => (await value('spending:summary', { from: today, to: today })).total.count === 1,
    )
    const summary = await value('spending:summary', { from: today, to: today })
    expect(summary.total).toMatchObject({ usd: 0, count: 1, unpriced: 1, settledUsd: 0 })
    expect(summary.byKind).toEqual([{ kind: 'text', usd: 0, count: 1, unpriced: 1 }])
    expect(summary.byModel).toEqual([
      { model: 'std-6-sol', kind: 'text', usd: 0, count: 1, unpriced: 1 },
    ])
  }, 30_000)
})

const xyBase: SubmitTaskInput = {
  kind: 'native',
  request: {
    input: 'a lighthouse at dusk',
    model: 'art-diffusion-4-5-full',
    action: 'generate',
    parameters: {
      width: 512,
      height: 512,
      steps: 20,
      n_samples: 1,
      scale: 5,
      seed: 7,
      sampler: 'k_euler',
      negative_prompt: '',
    },
  },
}

describe('batches (batch:plan, batch:submit)', () => {
  it('a 3 × 3 X/Y batch totals its nine estimates, and the service charges exactly that', async () => {
    const sim = await simulator()
    const { value } = await setup(sim)
    const spec = {
      repeat: 1,
      seedBase: null,
      x: { field: 'steps' as const, values: ['10', '20', '30'] },
      y: { field: 'guidance' as const, values: ['3', '5.5', '8'] },
      title: 'steps × guidance',
    }
    const plan = await value('batch:plan', { base: xyBase, spec })
    // The nine estimates, made here from the requests the user meant, one by one.
    let micros = 0
    for (const scale of [3, 5.5, 8]) {
      for (const steps of [10, 20, 30]) {
        const e = estimateFor({
          ...xyBase,
          request: {
            ...xyBase.request,
            parameters: { ...(xyBase.request.parameters as object), steps, scale },
          },
        } as SubmitTaskInput)
        if (e.kind !== 'usd') throw new Error('unpriced')
        micros += e.micros
      }
    }
    expect(plan.count).toBe(9)
    expect(Math.round(plan.totalUsd * MICROS_PER_USD)).toBe(micros)
    expect(plan.requests.map((r) => `${r.x}/${r.y}`)).toEqual([
      '10/3',
      '20/3',
      '30/3',
      '10/5.5',
      '20/5.5',
      '30/5.5',
      '10/8',
      '20/8',
      '30/8',
    ])
    expect(plan.budget).toEqual({ fits: true, refusal: null })
    expect(sim.ledger.charges()).toHaveLength(0)

    const batch = await value('batch:submit', { base: xyBase, spec, requestId: 'batch-xy-000001' })
    expect(batch).toMatchObject({ total: 9, xValues: ['10', '20', '30'] })
    await until(async () => (await value('batch:grid', { id: batch.id })).batch.state === 'done')
    const grid = await value('batch:grid', { id: batch.id })
    expect(grid.cells.map((c) => c.state)).toEqual(Array(9).fill('saved'))
    expect(grid.cells.every((c) => c.libraryIds.length === 1)).toBe(true)
    // The service's own ledger (its own price tables) agrees with the plan's total.
    expect(sim.ledger.charges()).toHaveLength(9)
    expect(sim.ledger.totalMicros()).toBe(micros)
    // Each request sent its own key, once.
    const keys = sim.ledger.charges().map((c) => c.idempotencyKey)
    expect(new Set(keys).size).toBe(9)
    // The same requestId again returns the batch instead of a second, paid one.
    const again = await value('batch:submit', {
      base: xyBase,
      spec,
      requestId: 'batch-xy-000001',
    })
    expect(again.id).toBe(batch.id)
    expect(sim.ledger.charges()).toHaveLength(9)
  }, 60_000)

  it('a batch over the budget is refused whole before its first request', async () => {
    const sim = await simulator()
    const { call, value } = await setup(sim)
    await value('budget:set', {
      budgets: { dailyUsd: 0.01, monthlyUsd: null, perKind: {}, warnAt: 0.8 },
    })
    const spec = {
      repeat: 5,
      seedBase: 100,
      x: null,
      y: null,
      title: '',
    }
    // Five standard images (1024 × 1024, 23 steps): 5 × $0.003 = $0.015 over a $0.01 cap.
    const base = {
      ...xyBase,
      request: {
        ...xyBase.request,
        parameters: {
          ...(xyBase.request.parameters as object),
          width: 1024,
          height: 1024,
          steps: 23,
        },
      },
    } as SubmitTaskInput
    const plan = await value('batch:plan', { base, spec })
    expect(plan.totalUsd).toBeCloseTo(0.015, 9)
    expect(plan.budget.fits).toBe(false)
    expect(plan.budget.refusal).toMatchObject({ period: 'day', capUsd: 0.01, spentUsd: 0 })
    expect(plan.budget.refusal!.requestUsd).toBeCloseTo(plan.totalUsd, 9)
    expect(plan.requests.map((r) => r.seed)).toEqual([100, 101, 102, 103, 104])
    const refused = await call('batch:submit', { base, spec, requestId: 'batch-over-01' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'over_budget' } })
    expect(await value('batch:list', {})).toEqual([])
    await new Promise((r) => setTimeout(r, 200))
    expect(sim.requests().filter((r) => r.path === '/ai/generate-image')).toHaveLength(0)
  }, 30_000)

  it('pausing mid-batch sends nothing new; resuming sends the rest', async () => {
    // Native answers take ~1.5 s, two at a time (the default art concurrency).
    const sim = await simulator({ timeScale: 1, timings: { nativeMs: 1_500 } })
    const { value } = await setup(sim)
    const spec = { repeat: 6, seedBase: 1, x: null, y: null, title: 'pause me' }
    const sentNative = () => sim.requests().filter((r) => r.path === '/ai/generate-image').length
    const batch = await value('batch:submit', { base: xyBase, spec, requestId: 'batch-pause-01' })
    await until(() => sentNative() >= 1)
    await value('batch:pause', { id: batch.id })
    const atPause = sentNative()
    expect(atPause).toBeLessThanOrEqual(2)
    // The requests in flight finish and are saved; nothing else is sent.
    await until(
      async () =>
        ((await value('batch:grid', { id: batch.id })).batch.counts.saved ?? 0) >= atPause,
    )
    await new Promise((r) => setTimeout(r, 2_000))
    expect(sentNative()).toBe(atPause)
    const paused = await value('batch:grid', { id: batch.id })
    expect(paused.batch.state).toBe('paused')
    expect(paused.batch.counts).toEqual({ saved: atPause, queued: 6 - atPause })

    await value('batch:resume', { id: batch.id })
    await until(
      async () => (await value('batch:grid', { id: batch.id })).batch.state === 'done',
      30_000,
    )
    expect(sentNative()).toBe(6)
    expect(sim.ledger.charges()).toHaveLength(6)
  }, 60_000)

  it('cancelling a batch cancels what was never sent; its ledger rows are void', async () => {
    const sim = await simulator({ timeScale: 1, timings: { nativeMs: 1_500 } })
    const { app, value } = await setup(sim)
    const spec = { repeat: 5, seedBase: 1, x: null, y: null, title: 'cancel me' }
    const batch = await value('batch:submit', { base: xyBase, spec, requestId: 'batch-cancel-1' })
    await until(() => sim.requests().some((r) => r.path === '/ai/generate-image'))
    await value('batch:cancel', { id: batch.id })
    await until(async () => {
      const c = (await value('batch:grid', { id: batch.id })).batch.counts
      return (c.saved ?? 0) + (c.cancelled ?? 0) === 5
    })
    const grid = await value('batch:grid', { id: batch.id })
    expect(grid.batch.state).toBe('cancelled')
    const sent = sim.requests().filter((r) => r.path === '/ai/generate-image').length
    expect(grid.batch.counts.saved).toBe(sent)
    // The ledger as any SQLite reader finds it in userData (the container hands it to no one).
    const raw = new Database(join(app.dir, 'userData', 'tasks.sqlite'), { readonly: true })
    const statusOf = raw.prepare('SELECT status FROM ledger WHERE task_id = ?')
    const statuses = grid.cells
      .map((c) => (statusOf.get(c.taskId) as { status: string }).status)
      .sort()
    raw.close()
    expect(statuses).toEqual(
      [...Array(5 - sent).fill('void'), ...Array(sent).fill('settled')].sort(),
    )
  }, 60_000)
})
