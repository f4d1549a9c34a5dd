import { intlLocaleOf, SOURCE_LOCALE, type UiLanguage } from '@shared/i18n/locales'
import { getI18n } from 'react-i18next'

/**
 * Numbers, money, dates and relative times in the interface language (issue #34), the one place
 * the renderer calls Intl. Money is always US dollars, written as the language writes dollars
 * ("$0.042", "US$0.042"). Components that show these also call useTranslation, so they render
 * again when the language changes.
 */

/** The locale Intl formats in now: the interface language (English before i18n starts). */
export const formatLocale = (): string =>
  intlLocaleOf((getI18n()?.resolvedLanguage as UiLanguage | undefined) ?? SOURCE_LOCALE)

/** Formatters are costly to build: one per locale and options. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => T,
): T {
  const locale = formatLocale()
  const id = `${kind}|${locale}|${JSON.stringify(options)}`
  let f = cache.get(id) as T | undefined
  if (!f) {
    f = make(locale)
    cache.set(id, f)
  }
  return f
}

/**
 * US dollars with at least two decimals and as many more as a price needs, up to six
 * (micro-dollars, the ledger's unit): "$0.04", "$0.042", "$1.3878".
 */
export function formatMoneyUsd(usd: number): string {
  const options = {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  } as const
  return cached('usd', options, (l) => new Intl.NumberFormat(l, options)).format(usd)
}

/** A ledger amount in micro-dollars, as formatMoneyUsd writes dollars. */
export const formatMoneyMicros = (micros: number): string =>
  formatMoneyUsd(Math.round(micros) / 1_000_000)

/** A count or measure with the language's grouping and decimal signs ("1,234", "1.5"). */
export const formatNumber = (n: number, options: Intl.NumberFormatOptions = {}): string =>
  cached('number', options, (l) => new Intl.NumberFormat(l, options)).format(n)

/** A moment (ms since the epoch or a Date) as a date and time: "Nov 26, 2026, 1:05 PM". */
export const formatDateTime = (
  at: number | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string => cached('date', options, (l) => new Intl.DateTimeFormat(l, options)).format(at)

const RELATIVE_STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
]

/** How long ago or ahead `at` is from `now`, in the largest unit that fits: "3 minutes ago", "in 2 days". */
export function formatRelativeTime(at: number | Date, now: number = Date.now()): string {
  let value = ((at instanceof Date ? at.getTime() : at) - now) / 1000
  const options = { numeric: 'auto' } as const
  const format = cached('relative', options, (l) => new Intl.RelativeTimeFormat(l, options))
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit)
    value /= size
  }
  return format.format(Math.round(value), 'year')
}
