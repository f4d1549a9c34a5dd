/**
 * Local calendar days (shared/spending/days.ts): the keys budgets reset on and the Spending
 * screen's ranges are built from. A `*.zone.test.ts` file, so it runs in Pacific/Auckland
 * (vitest.config.mts): a day or month taken in UTC instead of local time is off by one here.
 */
import { addDays, dayKeyOf, daysIn, monthKeyOf, namedRange } from '@shared/spending/days'
import { describe, expect, it } from 'vitest'

/** A local time: `at(2025, 4, 1, 0, 30)` is 00:30 on 1 April 2025 in the process's zone. */
const at = (y: number, month: number, d: number, h = 12, min = 0): number =>
  new Date(y, month - 1, d, h, min).getTime()

describe('local days', () => {
  it('runs where the local and the UTC day differ (else these tests prove less)', () => {
    expect(new Date(at(2025, 4, 1, 0, 30)).toISOString().slice(0, 10)).toBe('2025-03-31')
  })

  it.each([
    [at(2025, 4, 1, 0, 30), '2025-04-01', '2025-04'],
    [at(2025, 3, 31, 23, 59), '2025-03-31', '2025-03'],
    [at(2025, 12, 31, 23, 59), '2025-12-31', '2025-12'],
    [at(2026, 1, 9, 0, 0), '2026-01-09', '2026-01'],
  ])('%d is day %s of month %s, with zero-padded fields', (ms, day, month) => {
    expect(dayKeyOf(ms)).toBe(day)
    expect(monthKeyOf(ms)).toBe(month)
  })

  it.each([
    ['2025-03-31', 1, '2025-04-01'],
    ['2025-04-01', -1, '2025-03-31'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2025-04-06', 0, '2025-04-06'],
    // Daylight saving ends in Auckland on 6 April 2025 (a 25-hour day) and starts on 28 September.
    ['2025-04-05', 2, '2025-04-07'],
    ['2025-09-27', 2, '2025-09-29'],
    ['2025-01-10', -40, '2024-12-01'],
  ])('%s moved by %d days is %s', (day, delta, expected) => {
    expect(addDays(day, delta)).toBe(expected)
  })

  it('lists every day of a range inclusive, oldest first; none when it ends before it starts', () => {
    expect(daysIn('2025-03-30', '2025-04-02')).toEqual([
      '2025-03-30',
      '2025-03-31',
      '2025-04-01',
      '2025-04-02',
    ])
    expect(daysIn('2025-04-02', '2025-04-02')).toEqual(['2025-04-02'])
    expect(daysIn('2025-04-03', '2025-04-02')).toEqual([])
  })

  it('stops a range at 4,000 days, so a hostile range cannot run away', () => {
    const days = daysIn('2000-01-01', '2099-12-31')
    expect(days).toHaveLength(4000)
    expect(days[3999]).toBe(addDays('2000-01-01', 3999))
  })

  it.each([
    ['today', '2025-04-09', '2025-04-09'],
    ['month', '2025-04-09', '2025-04-01'],
    // 9 April 2025 is a Wednesday: the week began on Monday 7 April.
    ['week', '2025-04-09', '2025-04-07'],
    ['week', '2025-04-07', '2025-04-07'],
    // A Sunday is the last day of its week, not the first of the next.
    ['week', '2025-04-13', '2025-04-07'],
    ['week', '2025-04-02', '2025-03-31'],
  ] as const)('the %s of %s starts on %s and ends that day', (name, today, from) => {
    expect(namedRange(name, today)).toEqual({ from, to: today })
  })
})
