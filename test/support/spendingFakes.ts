import type { BudgetRefusal, Result } from '@shared/result'
import { daysBetween } from '@shared/spending/schemas'
import type { BudgetState, BudgetUse, LedgerEntryView, SpendSummary } from '@shared/spending/types'
import { NO_BUDGETS } from '@shared/spending/types'

/** Fixtures for the Spending screen and the budget badge: what main's spending channels answer. */

/** Every day from `from` to `to` (local calendar keys), as main lists them in `byDay`. */
export function daysOf(from: string, to: string): string[] {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number]
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => {
    const date = new Date(y, m - 1, d + i)
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  })
}

export const entry = (over: Partial<LedgerEntryView> = {}): LedgerEntryView => ({
  id: 'l1',
  taskId: 't1',
  batchId: null,
  kind: 'image',
  model: 'std-image-2',
  amountUsd: 0.04,
  basis: 'estimate',
  status: 'settled',
  createdAt: 1,
  day: '2025-03-12',
  prompt: 'a lighthouse at dusk',
  libraryIds: ['lib-1'],
  ...over,
})

/** A summary of a range with image, video and text activity (text: counted, never priced). */
export function summaryOf(
  from: string,
  to: string,
  over: Partial<SpendSummary> = {},
): SpendSummary {
  const days = daysOf(from, to)
  return {
    from,
    to,
    includeDemo: false,
    total: {
      usd: 0.3,
      count: 9,
      unpriced: 3,
      settledUsd: 0.25,
      pendingUsd: 0.05,
      failed: 1,
      quotedUsd: 0,
    },
    byDay: days.map((day, i) => ({
      day,
      usd: i === days.length - 1 ? 0.3 : 0,
      count: i === days.length - 1 ? 9 : 0,
      unpriced: i === days.length - 1 ? 3 : 0,
    })),
    byModel: [
      { model: 'std-image-2', kind: 'image', usd: 0.1, count: 5, unpriced: 0 },
      { model: 'motion-1', kind: 'video', usd: 0.2, count: 1, unpriced: 0 },
      { model: 'chat-large', kind: 'text', usd: 0, count: 3, unpriced: 3 },
    ],
    byKind: [
      { kind: 'image', usd: 0.1, count: 5, unpriced: 0 },
      { kind: 'video', usd: 0.2, count: 1, unpriced: 0 },
      { kind: 'text', usd: 0, count: 3, unpriced: 3 },
    ],
    byProject: [
      { project: 'Client X', usd: 0.2, count: 2, unpriced: 0 },
      { project: null, usd: 0.1, count: 7, unpriced: 3 },
    ],
    top: [
      entry({ id: 'l2', kind: 'video', model: 'motion-1', amountUsd: 0.2, libraryIds: ['lib-9'] }),
      entry(),
    ],
    kept: { images: 12, imageUsd: 0.504, perKeptUsd: 0.042 },
    ...over,
  }
}

/** main's `spending:summary` answer: `summaryOf` the asked range, with `over` on top. */
export const summaryAnswer =
  (over: Partial<SpendSummary> = {}) =>
  (payload: unknown): Result<SpendSummary> => {
    const r = payload as { from: string; to: string }
    return { ok: true, value: summaryOf(r.from, r.to, over) }
  }

/** An empty range: every day zero. */
export const emptySummary = (from: string, to: string): SpendSummary =>
  summaryOf(from, to, {
    total: { usd: 0, count: 0, unpriced: 0, settledUsd: 0, pendingUsd: 0, failed: 0, quotedUsd: 0 },
    byDay: daysOf(from, to).map((day) => ({ day, usd: 0, count: 0, unpriced: 0 })),
    byModel: [],
    byKind: [],
    byProject: [],
    top: [],
    kept: { images: 0, imageUsd: 0, perKeptUsd: null },
  })

export const use = (over: Partial<BudgetUse> = {}): BudgetUse => ({
  period: 'day',
  kind: null,
  capUsd: 0.05,
  spentUsd: 0.04,
  remainingUsd: 0.01,
  fraction: 0.8,
  ...over,
})

/** Budget state with a daily overall cap of $0.05, $0.04 used. */
export function budgetState(over: Partial<BudgetState> = {}): BudgetState {
  return {
    budgets: { ...NO_BUDGETS, dailyUsd: 0.05 },
    day: '2025-03-12',
    month: '2025-03',
    spentTodayUsd: 0.04,
    spentMonthUsd: 0.04,
    uses: [use()],
    ...over,
  }
}

/** A day cap of $0.05 already spent, refusing a $0.01 request: the refusal forms show. */
export const dayCapRefusal = (over: Partial<BudgetRefusal> = {}): BudgetRefusal => ({
  period: 'day',
  kind: null,
  capUsd: 0.05,
  spentUsd: 0.05,
  requestUsd: 0.01,
  remainingUsd: 0,
  ...over,
})
