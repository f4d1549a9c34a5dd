import type { LibraryFilter } from '@shared/library/types'

import { keyOf } from './indexSchema'
import { firstAtOrBelow } from './rowidLists'

/** The rowid range of one month's items: every item of `month` has lo ≤ rowid ≤ hi. */
export interface MonthRange {
  month: number
  lo: number
  hi: number
}

/**
 * Each month of the index with its smallest and largest rowid: two seeks of `items_month` per
 * month (the months come from the count table `month_counts`, schema 7, which holds exactly the
 * months of the rows), oldest first.
 */
export const MONTH_RANGES_SQL = `
  SELECT c.month AS month,
    (SELECT min(rowid) FROM items WHERE month = c.month) AS lo,
    (SELECT max(rowid) FROM items WHERE month = c.month) AS hi
  FROM (SELECT DISTINCT month FROM month_counts) c ORDER BY c.month`

/**
 * The month ranges when they prove that an item's month follows from its rowid alone, else null.
 * Rowids are keyed by time (keyOf) and `month` is the local month of the same time, so the ranges
 * are normally disjoint and in month order; they are not when months were written under another
 * time zone, or when more than 1024 items in the last millisecond of a month spilled their keys
 * into the next one. When each range ends before the next begins, an item whose rowid lies in
 * month M's range has month M (its own month's range holds it too, and ranges do not overlap),
 * so counting the filtered rows per range equals the GROUP BY over their `month` column.
 */
export function disjointRanges(rows: Array<Partial<MonthRange>>): MonthRange[] | null {
  const out: MonthRange[] = []
  for (const r of rows) {
    if (typeof r.month !== 'number' || typeof r.lo !== 'number' || typeof r.hi !== 'number')
      return null
    const prev = out[out.length - 1]
    if (prev && (r.month <= prev.month || r.lo <= prev.hi)) return null
    out.push({ month: r.month, lo: r.lo, hi: r.hi })
  }
  return out
}

/**
 * The month of `key` (a rowid column) as a balanced CASE over disjoint ranges in month order
 * (disjointRanges): the first range whose end is at or above the key holds it, found in about
 * log2(months) comparisons a row. Every key of an indexed item lies in its own month's range,
 * so the last month needs no test.
 */
export function monthOfKey(ranges: MonthRange[], key: string): { sql: string; params: unknown[] } {
  const params: unknown[] = []
  const pick = (from: number, to: number): string => {
    if (from === to) {
      params.push(ranges[from]!.month)
      return '?'
    }
    const mid = (from + to) >> 1
    params.push(ranges[mid]!.hi)
    const head = `CASE WHEN ${key} <= ? THEN `
    const low = pick(from, mid)
    return `${head}${low} ELSE ${pick(mid + 1, to)} END`
  }
  return { sql: pick(0, ranges.length - 1), params }
}

/**
 * The filter's `items` conditions as probes of `items`' own indexes against `key` (a side
 * table's item column): a month count over a side table then never reads an `items` row, whose
 * random reads cost the old GROUP BY most of its time at 1M items (a rating filter's 150k rows:
 * 0.6–1 s under load, issue #33). Dates bound `key` itself. Cost bounds have no index that
 * answers "this row, this cost", so they read the row.
 */
export function itemProbes(
  filter: LibraryFilter,
  key: string,
): { clauses: string[]; params: unknown[] } {
  const clauses: string[] = []
  const params: unknown[] = []
  const probe = (index: string, condition: string, values: unknown[]) => {
    clauses.push(
      `EXISTS (SELECT 1 FROM items p INDEXED BY ${index} WHERE ${condition} AND p.rowid = ${key})`,
    )
    params.push(...values)
  }
  if (filter.kinds?.length)
    probe('items_kind', `p.kind IN (${filter.kinds.map(() => '?').join(',')})`, filter.kinds)
  if (filter.media) probe('items_media', 'p.media = ?', [filter.media])
  if (filter.model) probe('items_model', 'p.model = ?', [filter.model])
  if (filter.favourites) probe('items_favourite', 'p.favourite = 1', [])
  // The index is partial (batch_id IS NOT NULL), which `batch_id = ?` implies.
  if (filter.batchId !== undefined) probe('items_batch', 'p.batch_id = ?', [filter.batchId])
  if (filter.from !== undefined) {
    clauses.push(`${key} >= ?`)
    params.push(keyOf(filter.from))
  }
  if (filter.to !== undefined) {
    clauses.push(`${key} < ?`)
    params.push(keyOf(filter.to))
  }
  const cost: string[] = []
  if (filter.minCost !== undefined) {
    cost.push('p.cost >= ?')
    params.push(filter.minCost)
  }
  if (filter.maxCost !== undefined) {
    cost.push('p.cost <= ?')
    params.push(filter.maxCost)
  }
  if (cost.length)
    clauses.push(`EXISTS (SELECT 1 FROM items p WHERE p.rowid = ${key} AND ${cost.join(' AND ')})`)
  return { clauses, params }
}

/**
 * Counts of `keys` (sorted newest first) per month of `ranges` (oldest first, disjoint), newest
 * first, months without a key left out. A key counts in the newest range whose start is at or
 * below it: its own month's, since every indexed item's key lies in its month's range.
 */
export function countByMonth(
  keys: ArrayLike<number>,
  ranges: MonthRange[],
): Array<{ month: number; n: number }> {
  const out: Array<{ month: number; n: number }> = []
  let end = 0
  for (let r = ranges.length - 1; r >= 0; r--) {
    const start = end
    end = firstAtOrBelow(keys, ranges[r]!.lo - 1, start)
    if (end > start) out.push({ month: ranges[r]!.month, n: end - start })
  }
  return out
}

/**
 * `FROM` clause (without the keyword) that walks `from` one month's rowid range at a time, on
 * `bound`, with the ranges as a CTE of constant rows; `with` goes before the SELECT. Used where
 * a side table drives a month count or a held result: SQLite walks the driver's key range of
 * each month in turn, and was measured faster so than in one walk (heldResults.ts).
 */
export function rangesJoin(
  ranges: MonthRange[],
  from: string,
  bound: string,
): { with: string; from: string; params: unknown[] } {
  return {
    with: `WITH m(month, lo, hi) AS (VALUES ${ranges.map(() => '(?, ?, ?)').join(', ')})`,
    from: `m CROSS JOIN ${from} ON ${bound} BETWEEN m.lo AND m.hi`,
    params: ranges.flatMap((r) => [r.month, r.lo, r.hi]),
  }
}
