import { setMainLanguage } from '@main/i18n'
import type { SpendLedger } from '@main/services/journal/SpendLedger'
import {
  budgetState,
  capParams,
  crossedCap,
  refuseOverBudget,
  type SpendByKind,
  spendOfInputs,
} from '@main/services/spending/budgetCheck'
import { AppFailure, type BudgetRefusal } from '@shared/result'
import { type BudgetKind, type Budgets, type BudgetState, NO_BUDGETS } from '@shared/spending/types'
import { costOf } from '@shared/tasks/estimate'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { dayCapRefusal } from '@test/support/spendingFakes'
import { describe, expect, it } from 'vitest'

type Committed = { total: number; byKind: Record<BudgetKind, number> }
/** What a test states: the total, and the kinds that are not zero. */
type Given = { total?: number; byKind?: Partial<Record<BudgetKind, number>> }

const none = (): Record<BudgetKind, number> => ({ image: 0, video: 0, art: 0 })

/** A ledger that answers `committed` with fixed amounts for the day and the month. */
function fakeLedger(day: Given, month: Given = day): SpendLedger {
  const full = (c: Given): Committed => ({
    total: c.total ?? 0,
    byKind: { ...none(), ...c.byKind },
  })
  return {
    committed: (period: 'day' | 'month') => full(period === 'day' ? day : month),
  } as unknown as SpendLedger
}

const NOW = new Date(2025, 2, 12, 15, 30).getTime()

const budgets = (over: Partial<Budgets> = {}): Budgets => ({ ...NO_BUDGETS, ...over })

const adding = (over: Partial<SpendByKind>): SpendByKind => ({ ...none(), ...over })

function stateOf(b: Partial<Budgets>, day: Given, month: Given = day): BudgetState {
  return budgetState(budgets(b), fakeLedger(day, month), NOW)
}

describe('crossedCap: a daily cap of $0.05', () => {
  it.each([
    // committed, adding (image), refused?, remaining
    [0.05, 0, false],
    [0.04, 0.01, false],
    [0, 0.05, false],
    [0.05, 0.01, true, 0],
    [0.04, 0.010001, true, 0.01],
    [0.049999, 0.000001, false],
    [0.049999, 0.000002, true, 0.000001],
    [0.06, 0.01, true, 0],
    [0.06, 0, false],
  ] as const)('%d committed + %d → refused: %s', (spent, add, refused, remaining?) => {
    const state = stateOf({ dailyUsd: 0.05 }, { total: spent, byKind: { image: spent } })
    const r = crossedCap(state, adding({ image: add }))
    if (!refused) expect(r).toBeNull()
    else
      expect(r).toEqual({
        period: 'day',
        kind: null,
        capUsd: 0.05,
        spentUsd: spent,
        requestUsd: add,
        remainingUsd: remaining,
      })
  })
})

describe('crossedCap: float safety (amounts compared in micro-dollars)', () => {
  it.each([
    // cap, committed, adding by kind: 0.2 + 0.1 is 0.30000000000000004 in floating point.
    ['0.2 committed + 0.1 under a 0.3 cap', 0.3, 0.2, { image: 0.1 }],
    ['0.1 + 0.2 added over two kinds under a 0.3 cap', 0.3, 0, { image: 0.1, video: 0.2 }],
    ['0.1 + 0.2 committed (as the sum arrives) + 0 under 0.3', 0.3, 0.1 + 0.2, { image: 0 }],
    ['0.7 committed + 0.1 + 0.2 added under a 1.0 cap', 1, 0.7, { image: 0.1, art: 0.2 }],
    ['ten 0.1 images under a $1 cap', 1, 0, { image: 10 * 0.1 }],
  ])('%s fits', (_label, cap, spent, add) => {
    const state = stateOf({ dailyUsd: cap, monthlyUsd: cap }, { total: spent })
    expect(crossedCap(state, adding(add))).toBeNull()
  })

  it('one micro-dollar over is still refused', () => {
    const state = stateOf({ dailyUsd: 0.3 }, { total: 0.2 })
    expect(crossedCap(state, adding({ image: 0.1, video: 0.000001 }))).toMatchObject({
      period: 'day',
      requestUsd: 0.100001,
    })
  })
})

describe('crossedCap: which cap', () => {
  it('a per-kind cap refuses only its own kind', () => {
    const state = stateOf(
      { perKind: { video: { dailyUsd: 0.1, monthlyUsd: null } } },
      { total: 5, byKind: { image: 4.91, video: 0.09 } },
    )
    expect(crossedCap(state, adding({ image: 100, art: 100 }))).toBeNull()
    expect(crossedCap(state, adding({ video: 0.01 }))).toBeNull()
    expect(crossedCap(state, adding({ image: 1, video: 0.02 }))).toEqual({
      period: 'day',
      kind: 'video',
      capUsd: 0.1,
      spentUsd: 0.09,
      requestUsd: 0.02,
      remainingUsd: 0.01,
    })
  })

  it('a request that adds nothing to a capped kind passes even when that kind is over', () => {
    const state = stateOf(
      { perKind: { art: { dailyUsd: 0.01, monthlyUsd: 0.01 } } },
      { total: 1, byKind: { art: 1 } },
    )
    expect(crossedCap(state, adding({ image: 1 }))).toBeNull()
    expect(crossedCap(state, adding({ art: 0.000001 }))).toMatchObject({
      kind: 'art',
      period: 'day',
      remainingUsd: 0,
    })
  })

  it.each([
    [
      'both crossed: the day is named',
      { dailyUsd: 1, monthlyUsd: 2 },
      { total: 0.95 },
      { total: 1.95 },
      'day',
    ],
    [
      'only the month crossed',
      { dailyUsd: 1, monthlyUsd: 2 },
      { total: 0.5 },
      { total: 1.95 },
      'month',
    ],
    [
      'only the day crossed',
      { dailyUsd: 1, monthlyUsd: 2 },
      { total: 0.95 },
      { total: 0.95 },
      'day',
    ],
    ['neither', { dailyUsd: 1, monthlyUsd: 2 }, { total: 0.5 }, { total: 1.5 }, null],
  ] as const)('%s', (_label, caps, day, month, period) => {
    const r = crossedCap(stateOf(caps, day, month), adding({ image: 0.1 }))
    expect(r?.period ?? null).toBe(period)
  })

  it('the day is checked before the month for a kind’s own caps too', () => {
    const state = stateOf(
      { perKind: { image: { dailyUsd: 0.1, monthlyUsd: 0.2 } } },
      { total: 0.1, byKind: { image: 0.1 } },
      { total: 0.2, byKind: { image: 0.2 } },
    )
    expect(crossedCap(state, adding({ image: 0.01 }))).toMatchObject({
      period: 'day',
      kind: 'image',
    })
  })

  it('the overall caps are checked before a kind’s caps', () => {
    const state = stateOf(
      { dailyUsd: 1, perKind: { video: { dailyUsd: 0.1, monthlyUsd: null } } },
      { total: 1, byKind: { video: 0.1 } },
    )
    expect(crossedCap(state, adding({ video: 0.05 }))).toMatchObject({
      period: 'day',
      kind: null,
      requestUsd: 0.05,
    })
  })

  it('the overall cap counts what every kind adds', () => {
    const state = stateOf({ dailyUsd: 1 }, { total: 0.7 })
    expect(crossedCap(state, adding({ image: 0.1, video: 0.1, art: 0.1 }))).toBeNull()
    expect(crossedCap(state, adding({ image: 0.1, video: 0.1, art: 0.11 }))).toMatchObject({
      kind: null,
      requestUsd: 0.31,
      remainingUsd: 0.3,
    })
  })

  it('no caps set: nothing is refused', () => {
    const state = stateOf({}, { total: 1e6 })
    expect(state.uses).toEqual([])
    expect(crossedCap(state, adding({ image: 1e6, video: 1e6, art: 1e6 }))).toBeNull()
  })
})

describe('budgetState', () => {
  it('lists only the caps that are set, overall first, each with how far it is used', () => {
    const state = stateOf(
      {
        dailyUsd: 1,
        monthlyUsd: null,
        perKind: {
          video: { dailyUsd: null, monthlyUsd: 10 },
          art: { dailyUsd: 0.5, monthlyUsd: null },
        },
      },
      { total: 0.8, byKind: { image: 0.5, video: 0.2, art: 0.1 } },
      { total: 12, byKind: { image: 1, video: 11, art: 0 } },
    )
    expect(state.uses).toEqual([
      {
        period: 'day',
        kind: null,
        capUsd: 1,
        spentUsd: 0.8,
        remainingUsd: 0.2,
        fraction: 0.8,
      },
      { period: 'month', kind: 'video', capUsd: 10, spentUsd: 11, remainingUsd: 0, fraction: 1.1 },
      { period: 'day', kind: 'art', capUsd: 0.5, spentUsd: 0.1, remainingUsd: 0.4, fraction: 0.2 },
    ])
    expect(state).toMatchObject({
      day: '2025-03-12',
      month: '2025-03',
      spentTodayUsd: 0.8,
      spentMonthUsd: 12,
    })
    expect(state.budgets.perKind.video).toEqual({ dailyUsd: null, monthlyUsd: 10 })
  })

  it('a project’s own caps apply only while it is the active one, whatever its name', () => {
    const ledger = {
      ...fakeLedger({ total: 0 }),
      projects: { committed: (name: string) => (name === 'null' ? 3 : 0) },
    } as unknown as SpendLedger
    const caps = budgets({ perProject: { null: { dailyUsd: 1, monthlyUsd: null } } })
    // No active project: a project the user named "null" has no say.
    expect(budgetState(caps, ledger, NOW, null).uses).toEqual([])
    expect(budgetState(caps, ledger, NOW, 'null').uses).toEqual([
      {
        period: 'day',
        kind: null,
        project: 'null',
        capUsd: 1,
        spentUsd: 3,
        remainingUsd: 0,
        fraction: 3,
      },
    ])
    // An active project when no project has caps of its own: nothing to weigh.
    expect(budgetState(budgets({ dailyUsd: 2 }), ledger, NOW, 'P').uses).toHaveLength(1)
  })

  it('remaining is exact in micro-dollars (0.3 − 0.1 is 0.2)', () => {
    const state = stateOf({ dailyUsd: 0.3 }, { total: 0.1 })
    expect(state.uses[0]!.remainingUsd).toBe(0.2)
  })
})

describe('refuseOverBudget', () => {
  const refusal = dayCapRefusal

  const thrown = (r: BudgetRefusal, what: 'request' | 'batch'): AppFailure => {
    try {
      refuseOverBudget(r, what)
    } catch (e) {
      expect(e).toBeInstanceOf(AppFailure)
      return e as AppFailure
    }
    throw new Error('refuseOverBudget returned')
  }

  it.each([
    [
      refusal(),
      'request',
      "This request ($0.01) would go over today's cap of $0.05: $0.05 already committed, $0.00 left. Nothing was sent.",
    ],
    [
      refusal({
        period: 'month',
        kind: 'video',
        capUsd: 20,
        spentUsd: 18.5,
        requestUsd: 2.75,
        remainingUsd: 1.5,
      }),
      'batch',
      "This batch ($2.75) would go over this month's video cap of $20.00: $18.50 already committed, $1.50 left. Nothing was sent.",
    ],
    [
      refusal({
        kind: 'art',
        capUsd: 0.1,
        spentUsd: 0.0995,
        requestUsd: 0.003,
        remainingUsd: 0.0005,
      }),
      'request',
      "This request ($0.003) would go over today's art cap of $0.10: $0.0995 already committed, $0.0005 left. Nothing was sent.",
    ],
  ] as const)('%# says what, which cap, what is committed and left', (r, what, message) => {
    const e = thrown(r, what)
    expect(e.error).toEqual({
      code: 'over_budget',
      message,
      budget: r,
      action: `Raise the cap in Spending, or choose to go over it once for this ${what}.`,
    })
  })

  it.each([
    ['day', null, { period: 'day', scope: 'all', project: '' }],
    ['month', 'art', { period: 'month', scope: 'art', project: '' }],
  ] as const)('capParams(%s, %s) names the cap', (period, kind, params) => {
    expect(capParams({ period, kind })).toEqual(params)
  })

  it('speaks the language main speaks: the refusal and its action in Japanese', () => {
    setMainLanguage('ja')
    try {
      const e = thrown(refusal({ kind: 'image', project: 'Client X' }), 'batch')
      expect(e.error.message).toBe(
        'このバッチ（$0.01）は今日のプロジェクト「Client X」の上限（$0.05）を超えます。確定済み $0.05、残り $0.00 です。何も送信していません。',
      )
      expect(e.error.action).toBe(
        '「支出」で上限を引き上げるか、このバッチだけ一度上限を超えることを選んでください。',
      )
      expect(thrown(refusal(), 'request').error.message).toMatch(
        /^このリクエスト（\$0\.01）は今日の上限/,
      )
    } finally {
      setMainLanguage('en')
    }
  })
})

describe('spendOfInputs', () => {
  const input = (kind: SubmitTaskInput['kind'], request: Record<string, unknown>) =>
    ({ kind, request, ...(kind === 'edit' ? { images: ['/a.png'] } : {}) }) as SubmitTaskInput
  const image = input('image', { model: 'std-image-2', prompt: 'a' })
  const edit = input('edit', { model: 'std-image-2', prompt: 'b' })
  const video = input('video', { model: 'motion-2.0', prompt: 'c', resolution: '720p' })
  const native = input('native', {
    model: 'art-diffusion-4-5-full',
    input: 'd',
    parameters: { width: 832, height: 1216, steps: 23, n_samples: 1 },
  })
  const workbench = input('workbench', {
    model: 'art-v4.5',
    model_variant: 'art-diffusion-4-5-full',
    prompt: 'e',
  })
  const unpriced = input('image', { model: 'no-such-model', prompt: 'f' })
  const usd = (i: SubmitTaskInput) => costOf(i).costUsd!

  it('adds each request’s estimate (as its task will journal it) to its budget kind', () => {
    for (const i of [image, edit, video, native, workbench]) expect(usd(i)).toBeGreaterThan(0)
    expect(costOf(unpriced).costUsd).toBeNull()
    const total = spendOfInputs([image, edit, video, native, workbench, unpriced, image])
    expect(total.image).toBeCloseTo(2 * usd(image) + usd(edit), 12)
    expect(total.video).toBeCloseTo(usd(video), 12)
    expect(total.art).toBeCloseTo(usd(native) + usd(workbench), 12)
    expect(spendOfInputs([unpriced])).toEqual({ image: 0, video: 0, art: 0 })
    expect(spendOfInputs([])).toEqual({ image: 0, video: 0, art: 0 })
  })
})
