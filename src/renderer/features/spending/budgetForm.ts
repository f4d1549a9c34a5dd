import {
  BUDGET_KINDS,
  type BudgetKind,
  type Budgets,
  type BudgetUse,
  type PeriodCaps,
} from '@shared/spending/types'

import { formatMoneyUsd } from '../../i18n/format'
import { translate } from '../../i18n/translate'

/** One cap field of the budget panel: the whole account's or one kind's, per day or month. */
export interface CapField {
  key: string
  kind: BudgetKind | null
  period: BudgetUse['period']
}

const PERIOD_KEY = { day: 'dailyUsd', month: 'monthlyUsd' } as const

/** The panel's cap fields, row by row: all kinds first, then Images, Video, Art. */
export const CAP_FIELDS: readonly CapField[] = [null, ...BUDGET_KINDS].flatMap((kind) =>
  (['day', 'month'] as const).map((period) => ({
    key: `${kind ?? 'all'}.${period}`,
    kind,
    period,
  })),
)

/** "Daily cap (USD)", "Images monthly cap (USD)": a cap field's label in the language. */
export const capLabel = (f: CapField): string =>
  translate('spending', 'capLabel', { kind: f.kind ?? 'all', period: f.period })

/** What the inputs hold: text as typed ('' = no cap), and the warning threshold in percent. */
export interface BudgetDraft {
  caps: Record<string, string>
  warnAt: string
}

const capOf = (b: Budgets, f: CapField): number | null =>
  f.kind ? (b.perKind[f.kind]?.[PERIOD_KEY[f.period]] ?? null) : b[PERIOD_KEY[f.period]]

/** The inputs for the caps main holds (amounts as plain numbers, no currency sign). */
export function draftFrom(b: Budgets): BudgetDraft {
  const caps: Record<string, string> = {}
  for (const f of CAP_FIELDS) {
    const v = capOf(b, f)
    caps[f.key] = v === null ? '' : String(v)
  }
  return { caps, warnAt: String(Math.round(b.warnAt * 100)) }
}

/** "5", "$5", "0.50", " 12.5 " → the number, or a message saying what is wrong. */
export function parseCap(text: string): { value: number | null; error: string | null } {
  const t = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '')
  if (t === '') return { value: null, error: null }
  const fail = (error: string) => ({ value: null, error })
  if (/^-/.test(t)) return fail(translate('spending', 'capNegative'))
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return fail(translate('spending', 'capNotAmount'))
  const n = Number(t)
  if (n < 0.01) return fail(translate('spending', 'capTooSmall', { min: formatMoneyUsd(0.01) }))
  if (n > 1_000_000)
    return fail(translate('spending', 'capTooLarge', { max: formatMoneyUsd(1_000_000) }))
  return { value: n, error: null }
}

/**
 * Checks every field before anything is sent (main checks again with the same limits):
 * a cap is empty (no cap) or $0.01 to $1,000,000; the warning is 50 to 100 %.
 */
export function parseBudgetDraft(d: BudgetDraft):
  | { ok: true; budgets: Budgets; errors: Record<string, never> }
  | {
      ok: false
      errors: Record<string, string>
    } {
  const errors: Record<string, string> = {}
  const budgets: Budgets = { dailyUsd: null, monthlyUsd: null, perKind: {}, warnAt: 0.8 }
  for (const f of CAP_FIELDS) {
    const { value, error } = parseCap(d.caps[f.key] ?? '')
    if (error) errors[f.key] = error
    if (f.kind) {
      const caps: PeriodCaps = budgets.perKind[f.kind] ?? { dailyUsd: null, monthlyUsd: null }
      caps[PERIOD_KEY[f.period]] = value
      budgets.perKind[f.kind] = caps
    } else budgets[PERIOD_KEY[f.period]] = value
  }
  const warn = d.warnAt.trim().replace(/\s*%$/, '')
  const pct = /^\d+(\.\d+)?$/.test(warn) ? Number(warn) : NaN
  if (!(pct >= 50 && pct <= 100)) errors.warnAt = translate('spending', 'warnAtRange')
  else budgets.warnAt = pct / 100
  for (const kind of BUDGET_KINDS) {
    const caps = budgets.perKind[kind]
    if (caps && caps.dailyUsd === null && caps.monthlyUsd === null) delete budgets.perKind[kind]
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, budgets, errors: {} }
}
