const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const monthName = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' })
const count = new Intl.NumberFormat()

export const formatDateTime = (ms: number) => dateTime.format(ms)
export const formatCount = (n: number) => count.format(n)

/** `2026-11` → "Nov 2026" in the user's locale. */
export const formatMonth = (key: string) => {
  const [y, m] = key.split('-').map(Number)
  return monthName.format(new Date(y!, m! - 1, 1))
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

/** "$0.0150" style: estimates are small; null means no published rate. */
export const formatCost = (usd: number | null) =>
  usd === null ? 'No published rate' : `$${usd.toFixed(4)}`

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
