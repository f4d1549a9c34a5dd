import { formatUsdMicros } from '@shared/pricing'
import { type BudgetRefusal, fail } from '@shared/result'
import { dayKeyOf, monthKeyOf } from '@shared/spending/days'
import {
  BUDGET_KINDS,
  type BudgetKind,
  type Budgets,
  type BudgetState,
  type BudgetUse,
} from '@shared/spending/types'
import { costOf } from '@shared/tasks/estimate'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import { t } from '../../i18n'
import { SPEND_KIND, type SpendLedger } from '../journal/SpendLedger'

/** What a request or a whole batch would add, per budget kind, in USD. */
export type SpendByKind = Record<BudgetKind, number>

/** What requests add to each budget kind: their estimates, as their tasks will journal them. */
export function spendOfInputs(inputs: readonly SubmitTaskInput[]): SpendByKind {
  const adding: SpendByKind = { image: 0, video: 0, art: 0 }
  for (const input of inputs) {
    const { costUsd } = costOf(input)
    // Stryker disable next-line ConditionalExpression: equivalent, adding null adds 0 (0 + null is 0)
    if (costUsd !== null) adding[SPEND_KIND[input.kind]] += costUsd
  }
  return adding
}

const micros = (usd: number): number => Math.round(usd * 1_000_000)
const usd = (m: number): string => formatUsdMicros(m)

/**
 * Every cap that is set, with how far it is used (committed pending + settled, real activity).
 * `project` is the one new requests are admitted into: its own caps, if it has any, come last.
 */
export function budgetState(
  budgets: Budgets,
  ledger: SpendLedger,
  now: number,
  project: string | null = null,
): BudgetState {
  const day = ledger.committed('day', now)
  // Stryker disable next-line StringLiteral: equivalent, committed() reads the month for any period but 'day'
  const month = ledger.committed('month', now)
  const uses: BudgetUse[] = []
  const use = (
    period: 'day' | 'month',
    kind: BudgetKind | null,
    cap: number | null,
    inProject?: string,
  ) => {
    if (cap === null) return
    const c = period === 'day' ? day : month
    const spent =
      inProject !== undefined
        ? ledger.projects.committed(inProject, period, now)
        : kind
          ? c.byKind[kind]
          : c.total
    uses.push({
      period,
      kind,
      // Stryker disable next-line ConditionalExpression: equivalent, every reader tests `project !== undefined`, so an undefined key reads as none
      ...(inProject !== undefined ? { project: inProject } : {}),
      capUsd: cap,
      spentUsd: spent,
      remainingUsd: Math.max(0, (micros(cap) - micros(spent)) / 1_000_000),
      fraction: spent / cap,
    })
  }
  use('day', null, budgets.dailyUsd)
  use('month', null, budgets.monthlyUsd)
  for (const kind of BUDGET_KINDS) {
    use('day', kind, budgets.perKind[kind]?.dailyUsd ?? null)
    use('month', kind, budgets.perKind[kind]?.monthlyUsd ?? null)
  }
  const own = project !== null ? budgets.perProject?.[project] : undefined
  if (own) {
    use('day', null, own.dailyUsd, project as string)
    use('month', null, own.monthlyUsd, project as string)
  }
  return {
    budgets,
    day: dayKeyOf(now),
    month: monthKeyOf(now),
    spentTodayUsd: day.total,
    spentMonthUsd: month.total,
    uses,
  }
}

/**
 * The first cap that `adding` would cross, or null when it fits every cap. The overall caps are
 * checked before the per-kind ones, then the project's own, the day before the month (the one the
 * user meets first). A project's cap weighs everything the request adds (every kind).
 */
export function crossedCap(state: BudgetState, adding: SpendByKind): BudgetRefusal | null {
  const total = BUDGET_KINDS.reduce((s, k) => s + micros(adding[k]), 0)
  for (const u of state.uses) {
    const add = u.kind ? micros(adding[u.kind]) : total
    if (add === 0) continue
    if (micros(u.spentUsd) + add > micros(u.capUsd)) {
      return {
        period: u.period,
        kind: u.kind,
        // Stryker disable next-line ConditionalExpression: equivalent, as in budgetState: an undefined project reads as none
        ...(u.project !== undefined ? { project: u.project } : {}),
        capUsd: u.capUsd,
        spentUsd: u.spentUsd,
        requestUsd: add / 1_000_000,
        remainingUsd: u.remainingUsd,
      }
    }
  }
  return null
}

/**
 * The ICU arguments that name a cap in main's messages ("today's cap", "this month's video cap",
 * "today's cap for project “Client X”"): each message selects on them, so the whole sentence is
 * one message in every language.
 */
export function capParams(r: Pick<BudgetRefusal, 'period' | 'kind' | 'project'>) {
  return {
    period: r.period,
    scope: r.project !== undefined ? 'project' : (r.kind ?? 'all'),
    project: r.project ?? '',
  }
}

/** Throws `over_budget` with the amount, the cap and what is left; nothing has been sent. */
export function refuseOverBudget(r: BudgetRefusal, what: 'request' | 'batch'): never {
  return fail(
    'over_budget',
    t('budgetRefused', {
      what,
      ...capParams(r),
      request: usd(micros(r.requestUsd)),
      cap: usd(micros(r.capUsd)),
      spent: usd(micros(r.spentUsd)),
      left: usd(micros(r.remainingUsd)),
    }),
    { budget: r, action: t('budgetRefusedAction', { what }) },
  )
}
