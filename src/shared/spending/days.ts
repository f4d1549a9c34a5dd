/**
 * Calendar days in the user's local time. Budgets reset at local midnight and on the first of the
 * local month, and the Spending screen's ranges are local days, so both sides compute day keys
 * the same way from a timestamp.
 */
import type { DayKey } from './types'

const pad = (n: number): string => String(n).padStart(2, '0')

/** `YYYY-MM-DD` of `ms` in local time. */
export function dayKeyOf(ms: number): DayKey {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** `YYYY-MM` of `ms` in local time. */
export function monthKeyOf(ms: number): string {
  return dayKeyOf(ms).slice(0, 7)
}

/** The local day before or after `day` by `delta` days. */
export function addDays(day: DayKey, delta: number): DayKey {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return dayKeyOf(new Date(y, m - 1, d + delta, 12).getTime())
}

/** Every day from `from` to `to` inclusive, oldest first (empty when `to` is before `from`). */
export function daysIn(from: DayKey, to: DayKey): DayKey[] {
  const out: DayKey[] = []
  for (let day = from; day <= to && out.length < 4000; day = addDays(day, 1)) out.push(day)
  return out
}

/** The named ranges of the Spending screen, for the day `today` (weeks start on Monday). */
export function namedRange(
  name: 'today' | 'week' | 'month',
  today: DayKey,
): { from: DayKey; to: DayKey } {
  if (name === 'today') return { from: today, to: today }
  if (name === 'month') return { from: `${today.slice(0, 8)}01`, to: today }
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  const weekday = (new Date(y, m - 1, d, 12).getDay() + 6) % 7
  return { from: addDays(today, -weekday), to: today }
}
