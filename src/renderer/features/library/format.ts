import type { BatchCell } from '@shared/batch/types'
import { MICROS_PER_USD } from '@shared/pricing'

import { formatDateTime as formatMoment, formatMoneyMicros, formatNumber } from '../../i18n/format'
import { translate } from '../../i18n/translate'

/** A moment as date and time, in the interface language (i18n/format.ts). */
export const formatDateTime = (ms: number) => formatMoment(ms)
export const formatCount = (n: number) => formatNumber(n)

/** `2026-11` → "Nov 2026" in the interface language. */
export const formatMonth = (key: string) => {
  const [y, m] = key.split('-').map(Number)
  return formatMoment(new Date(y!, m! - 1, 1), { month: 'short', year: 'numeric' })
}

/** A file size in the largest binary unit under 1024 of it, as the language writes units. */
export function formatBytes(n: number): string {
  const unit = (value: number, name: string, digits: number) =>
    formatNumber(value, { style: 'unit', unit: name, maximumFractionDigits: digits })
  if (n < 1024) return unit(n, 'byte', 0)
  if (n < 1024 * 1024) return unit(n / 1024, 'kilobyte', 1)
  if (n < 1024 ** 3) return unit(n / 1024 / 1024, 'megabyte', 1)
  return unit(n / 1024 ** 3, 'gigabyte', 2)
}

export function formatDuration(sec: number): string {
  const s = Math.round(sec)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/**
 * A stored estimate in the app's one money format ("$0.01", "$1.3878": i18n/format.ts); null
 * means no published rate. Callers label it an estimate: it is never what was charged.
 */
export const formatCost = (usd: number | null) =>
  usd === null
    ? translate('library', 'noPublishedRate')
    : formatMoneyMicros(Math.round(usd * MICROS_PER_USD))

/** Between the parts of a batch cell's description: a symbol, the same in every language. */
const PART_SEPARATOR = ' · '

/**
 * "X: steps 20 · Y: guidance 5 · repeat 2" — a result's place in its batch, as labelled there
 * (the axis values are the batch's own labels). Each part is one message; the parts are a list.
 */
export function describeBatchCell(cell: BatchCell): string {
  const parts: string[] = []
  if (cell.x !== null) parts.push(translate('library', 'batchCellX', { value: cell.x }))
  if (cell.y !== null) parts.push(translate('library', 'batchCellY', { value: cell.y }))
  if (cell.repeat > 1) parts.push(translate('library', 'batchCellRepeat', { n: cell.repeat }))
  if (cell.picks.length)
    parts.push(translate('library', 'batchCellWildcards', { picks: cell.picks.join(', ') }))
  return parts.length
    ? parts.join(PART_SEPARATOR)
    : translate('library', 'batchCellRequest', { n: cell.index + 1 })
}

/** The first characters of a batch id: enough to tell batches apart on a chip. */
export const shortBatchId = (id: string) => (id.length > 8 ? id.slice(0, 8) : id)

/** `YYYY-MM-DD` of a local date for <input type="date">, and back to ms (start of that day). */
export const toDateInput = (ms: number | undefined) => {
  if (ms === undefined) return ''
  const d = new Date(ms)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
export const fromDateInput = (value: string, endOfDay = false): number | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return undefined
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (endOfDay ? 1 : 0)).getTime()
}
