import { dayKeySchema } from '@shared/spending/schemas'
import type { DayKey } from '@shared/spending/types'

import { translate } from '../../i18n/translate'

/** The ranges the Spending screen offers; `custom` uses the two dates the user typed. */
export const RANGE_PRESETS = ['today', 'week', 'month', 'custom'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]

export interface DayRange {
  from: DayKey
  to: DayKey
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * A date's day in the user's local calendar, `YYYY-MM-DD`. Local, not UTC: the ledger groups by
 * the user's days, so "Today" at 00:30 must not name yesterday (as toISOString would east of UTC).
 */
export const dayKey = (d: Date): DayKey =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** True for a real calendar day written `YYYY-MM-DD` (what a date input gives, or ''). */
export const isDayKey = (v: string): boolean => dayKeySchema.safeParse(v).success

/**
 * The days a preset covers, ending today: Today; This week from Monday (ISO weeks, the same on
 * every locale so the figure is predictable); This month from the 1st.
 */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date): DayRange {
  const to = dayKey(now)
  if (preset === 'today') return { from: to, to }
  if (preset === 'month')
    return { from: dayKey(new Date(now.getFullYear(), now.getMonth(), 1)), to }
  const sinceMonday = (now.getDay() + 6) % 7
  return {
    from: dayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - sinceMonday)),
    to,
  }
}

/** A custom range's problem in words, or null when both days are real and in order. */
export function customRangeProblem(r: DayRange): string | null {
  if (!isDayKey(r.from)) return translate('common', 'rangeNeedsFirstDay')
  if (!isDayKey(r.to)) return translate('common', 'rangeNeedsLastDay')
  if (r.from > r.to) return translate('common', 'rangeBackwards')
  return null
}
