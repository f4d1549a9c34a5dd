import type { BudgetKind, BudgetUse, SpendKind, SpendTotals } from '@shared/spending/types'

import { formatMoneyUsd } from '../i18n/format'

/** "$0.04", "$0.042": the app's one money format, in the interface language (i18n/format.ts). */
export const usd = (v: number): string => formatMoneyUsd(Math.round(v * 1_000_000) / 1_000_000)

/** What the UI calls each kind the ledger groups by. */
export const SPEND_KIND_LABELS: Readonly<Record<SpendKind, string>> = {
  image: 'Images',
  video: 'Video',
  art: 'Art',
  text: 'Text',
}

/** Shown instead of a figure for a model without a published rate: it is counted, never priced. */
export const NO_RATE = 'no published rate'

/**
 * A group's money: USD when anything in it has a rate; "no published rate" when nothing has (text
 * models), never "$0.00", which would claim the replies were free.
 */
export function totalsLabel(t: SpendTotals): string {
  if (t.count > 0 && t.unpriced === t.count) return NO_RATE
  const unpriced = t.unpriced > 0 ? ` + ${t.unpriced} with ${NO_RATE}` : ''
  return `${usd(t.usd)}${unpriced}`
}

const CAP_KIND_WORDS: Readonly<Record<BudgetKind, string>> = {
  image: 'image',
  video: 'video',
  art: 'art',
}

/**
 * "today's cap", "this month's video cap", "today's cap for project “Client X”": how a cap is
 * named in badges and refusals (the same words main uses in its over_budget message).
 */
export function capName(
  period: BudgetUse['period'],
  kind: BudgetKind | null,
  project?: string,
): string {
  const when = period === 'day' ? "today's" : "this month's"
  if (project !== undefined) return `${when} cap for project “${project}”`
  return kind ? `${when} ${CAP_KIND_WORDS[kind]} cap` : `${when} cap`
}

/** "today", "this month": the period a cap's meter talks about. */
export const periodWords = (period: BudgetUse['period']): string =>
  period === 'day' ? 'today' : 'this month'

/**
 * How far a cap's committed spend is past the cap (after "go over once"), 0 when it is not: a cap
 * used up is shown as over, in the danger colour, not as a warning.
 */
export const overBy = (u: Pick<BudgetUse, 'spentUsd' | 'capUsd'>): number =>
  u.spentUsd - u.capUsd > 1e-9 ? u.spentUsd - u.capUsd : 0

/** "$1.20 over today's cap": a cap whose committed spend went past it. */
export const overLine = (u: BudgetUse): string =>
  `${usd(overBy(u))} over ${capName(u.period, u.kind)}`

/**
 * "$0.04 of $0.05 today, $0.01 left": one cap's use, as the budget panel's meters read it; past
 * the cap, "$1.20 over today's cap ($2.20 of $1.00)".
 */
export const capLine = (u: BudgetUse): string =>
  overBy(u) > 0
    ? `${overLine(u)} (${usd(u.spentUsd)} of ${usd(u.capUsd)})`
    : `${usd(u.spentUsd)} of ${usd(u.capUsd)} ${periodWords(u.period)}, ${usd(u.remainingUsd)} left`

/** "3 Mar 2025" from a local day key, in the user's locale. */
export function dayLabel(day: string, style: 'short' | 'long' = 'short'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(style === 'long' ? { year: 'numeric', weekday: 'short' } : {}),
  })
}

/** "1 request", "3 requests". */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`
