import type { BatchCell } from '@shared/batch/types'
import { MICROS_PER_USD } from '@shared/pricing'

import { formatDateTime as formatMoment, formatMoneyMicros, formatNumber } from '../../i18n/format'

/** A moment as date and time, in the interface language (i18n/format.ts). */
export const formatDateTime = (ms: number) => formatMoment(ms)
export const formatCount = (n: number) => formatNumber(n)

/** `2026-11` → "Nov 2026" in the interface language. */
export const formatMonth = (key: string) => {
  const [y, m] = key.split('-').map(Number)
  return formatMoment(new Date(y!, m! - 1, 1), { month: 'short', year: 'numeric' })
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`
  return `${(n / 1024 ** 3).toFixed(2)} GB`
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
  usd === null ? 'No published rate' : formatMoneyMicros(Math.round(usd * MICROS_PER_USD))

/** "X: steps 20 · Y: guidance 5 · repeat 2" — a result's place in its batch, as labelled there. */
export function describeBatchCell(cell: BatchCell): string {
  const parts: string[] = []
  if (cell.x !== null) parts.push(`X: ${cell.x}`)
  if (cell.y !== null) parts.push(`Y: ${cell.y}`)
  if (cell.repeat > 1) parts.push(`repeat ${cell.repeat}`)
  if (cell.picks.length) parts.push(`wildcards: ${cell.picks.join(', ')}`)
  return parts.length ? parts.join(' · ') : `request ${cell.index + 1}`
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
