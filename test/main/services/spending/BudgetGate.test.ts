/**
 * The budget gate's own decisions (spending/BudgetGate.ts), over a real ledger: unreadable caps
 * or project mean none (never a crash in the path of every request), the demo and a chosen
 * override pass, and an edit of a queued request weighs only what it adds beyond its old amount.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import { Journal } from '@main/services/journal/Journal'
import { BudgetGate } from '@main/services/spending/BudgetGate'
import { AppFailure } from '@shared/result'
import { type Budgets, NO_BUDGETS } from '@shared/spending/types'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const NOW = new Date(2025, 2, 12, 12, 0).getTime()

let dir: string
let journal: Journal

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-gate-'))
  journal = new Journal(join(dir, 'tasks.sqlite'))
})
afterEach(() => {
  journal.close()
  rmSync(dir, { recursive: true, force: true })
})

const gateWith = (o: {
  budgets?: () => Promise<Budgets>
  project?: () => Promise<string | null>
}) =>
  new BudgetGate({
    ledger: journal.ledger,
    budgets: o.budgets ?? (async () => NO_BUDGETS),
    ...(o.project ? { project: o.project } : {}),
    clock: new ManualClock(NOW),
  })

/** $0.01 (std-image-2 at its defaults) and $0.9072 (motion-2.0 at 720p). */
const image = { kind: 'image', request: { model: 'std-image-2', prompt: 'a' } } as SubmitTaskInput
const video = {
  kind: 'video',
  request: { model: 'motion-2.0', prompt: 'c', resolution: '720p' },
} as SubmitTaskInput

/** A day cap of $1 with $0.50 committed today. */
const dayCap: Budgets = { ...NO_BUDGETS, dailyUsd: 1 }
function commit(amountUsd: number, kind: 'image' | 'video' = 'image') {
  journal.ledger.open({
    id: `row-${amountUsd}-${kind}`,
    taskId: null,
    batchId: null,
    kind,
    taskKind: kind,
    model: kind === 'image' ? 'std-image-2' : 'motion-2.0',
    amountUsd,
    basis: 'estimate',
    createdAt: NOW - 60_000,
    demo: false,
    prompt: 'p',
  })
}

const ctx = { demo: false, override: false, what: 'request' as const }

const refused = (run: () => void) => {
  try {
    run()
  } catch (e) {
    if (e instanceof AppFailure) return e.error
    throw e
  }
  return null
}

describe('BudgetGate', () => {
  it('treats caps it cannot read as none, and a project it cannot read as none', async () => {
    const gate = gateWith({
      budgets: () => Promise.reject(new Error('settings unreadable')),
      project: () => Promise.reject(new Error('settings unreadable')),
    })
    expect(await gate.budgets()).toEqual(NO_BUDGETS)
    const state = await gate.state()
    expect(state.budgets).toEqual(NO_BUDGETS)
    expect(state.uses).toEqual([])
  })

  it('reads the active project for the state when it can', async () => {
    const gate = gateWith({
      budgets: async () => ({
        ...NO_BUDGETS,
        perProject: { P: { dailyUsd: 2, monthlyUsd: null } },
      }),
      project: async () => 'P',
    })
    expect((await gate.state()).uses.map((u) => [u.project, u.capUsd])).toEqual([['P', 2]])
    const without = gateWith({
      budgets: async () => ({
        ...NO_BUDGETS,
        perProject: { P: { dailyUsd: 2, monthlyUsd: null } },
      }),
    })
    expect((await without.state()).uses).toEqual([])
  })

  it('refuses what would cross a cap, but never the demo, and not when the user chose to go over', () => {
    commit(0.5)
    const gate = gateWith({})
    expect(gate.refusal(dayCap, [video], false)).toMatchObject({ period: 'day', capUsd: 1 })
    expect(gate.refusal(dayCap, [video], true)).toBeNull()
    expect(gate.refusal(dayCap, [image], false)).toBeNull()
    expect(refused(() => gate.check(dayCap, [video], ctx))).toMatchObject({ code: 'over_budget' })
    expect(refused(() => gate.check(dayCap, [video], { ...ctx, demo: true }))).toBeNull()
    expect(refused(() => gate.check(dayCap, [video], { ...ctx, override: true }))).toBeNull()
    expect(refused(() => gate.check(dayCap, [image], ctx))).toBeNull()
    const batch = refused(() => gate.check(dayCap, [video], { ...ctx, what: 'batch' }))
    expect(batch?.message).toMatch(/^This batch /)
  })

  describe('an edit of a queued request', () => {
    it('weighs only what it adds beyond its old amount', () => {
      commit(0.5, 'video')
      const gate = gateWith({})
      // $0.9072 replacing $0.50 adds $0.4072: $0.9072 committed, under $1.
      expect(refused(() => gate.checkReplacing(dayCap, video, 0.5, ctx))).toBeNull()
      // Replacing $0.30: adds $0.6072, over the $1 with $0.50 committed.
      expect(refused(() => gate.checkReplacing(dayCap, video, 0.3, ctx))).toMatchObject({
        code: 'over_budget',
      })
      // No old amount (an unpriced row): the whole price is weighed.
      expect(refused(() => gate.checkReplacing(dayCap, video, null, ctx))).toMatchObject({
        code: 'over_budget',
      })
    })

    it('always passes when it costs the same or less, even over a cap', () => {
      commit(2, 'video')
      const gate = gateWith({})
      expect(refused(() => gate.checkReplacing(dayCap, video, 0.9072, ctx))).toBeNull()
      expect(refused(() => gate.checkReplacing(dayCap, image, 0.9072, ctx))).toBeNull()
    })

    it('passes in the demo and when the user chose to go over', () => {
      commit(2, 'video')
      const gate = gateWith({})
      expect(
        refused(() => gate.checkReplacing(dayCap, video, 0, { ...ctx, demo: true })),
      ).toBeNull()
      expect(
        refused(() => gate.checkReplacing(dayCap, video, 0, { ...ctx, override: true })),
      ).toBeNull()
      expect(refused(() => gate.checkReplacing(dayCap, video, 0, ctx))).toMatchObject({
        code: 'over_budget',
      })
    })
  })
})
