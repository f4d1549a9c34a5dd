import { defineKeys } from '@shared/i18n/keys'
import type {
  BudgetKind,
  BudgetUse,
  LedgerBasis,
  LedgerStatus,
  SpendKind,
  SpendTotals,
} from '@shared/spending/types'

import { overBy, usd } from '../../components/spendFormat'
import { formatDateTime } from '../../i18n/format'
import { translate } from '../../i18n/translate'

/**
 * The Spending screen's words for ledger data, in the interface language (issue #34): kinds,
 * statuses, bases, days, money and a cap's use. Called while a component renders; every caller
 * also calls useTranslation('spending'), so a language change renders these again.
 */

/** What the screen calls each kind the ledger groups by. */
export const KIND_LABELS = defineKeys('spending', {
  image: 'kindImage',
  video: 'kindVideo',
  art: 'kindArt',
  text: 'kindText',
}) satisfies Record<SpendKind, string>

/** A ledger row's status as a person reads it (the enum never shows). */
export const STATUS_LABELS = defineKeys('spending', {
  pending: 'statusPending',
  settled: 'statusSettled',
  failed: 'statusFailed',
  void: 'statusVoid',
}) satisfies Record<LedgerStatus, string>

/** Where a row's amount came from (only shown when it has one). */
export const BASIS_LABELS = defineKeys('spending', {
  estimate: 'basisEstimate',
  quote: 'basisQuote',
  none: 'noRate',
}) satisfies Record<LedgerBasis, string>

export const kindLabel = (kind: SpendKind): string => translate('spending', KIND_LABELS[kind])

/** US dollars in the interface language ("$0.04", "US$0.04"): the app's one money format. */
export const money = usd

/** "3 Mar", or "Mon, 3 Mar 2025" (long), for a local day key "2025-03-03", in the language. */
export function dayText(day: string, style: 'short' | 'long' = 'short'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return formatDateTime(new Date(y, m - 1, d), style === 'long' ? LONG_DAY : SHORT_DAY)
}
/** "Mon, 3 Mar 2025": dayText's long form. */
export const longDay = (day: string): string => dayText(day, 'long')

const SHORT_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }
const LONG_DAY: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  weekday: 'short',
}

/**
 * A group's money: USD when anything in it has a rate; "no published rate" when nothing has
 * (text models), never "$0.00", which would claim the replies were free.
 */
export function totalsText(t: SpendTotals): string {
  if (t.count > 0 && t.unpriced === t.count) return translate('spending', 'noRate')
  if (t.unpriced > 0)
    return translate('spending', 'totalsWithUnpriced', { amount: money(t.usd), count: t.unpriced })
  return money(t.usd)
}

/** The cap's kind for a select in a message: `all` for the whole account's cap. */
const capKind = (kind: BudgetKind | null): string => kind ?? 'all'

/**
 * "$0.04 of $0.05 today, $0.01 left": one cap's use, as the meters read it; past the cap,
 * "$1.20 over today's cap ($2.20 of $1.00)".
 */
export function capLineText(u: BudgetUse): string {
  const figures = { spent: money(u.spentUsd), cap: money(u.capUsd), period: u.period }
  return overBy(u) > 0
    ? translate('spending', 'capOver', {
        ...figures,
        over: money(overBy(u)),
        kind: capKind(u.kind),
      })
    : translate('spending', 'capUse', { ...figures, left: money(u.remainingUsd) })
}
