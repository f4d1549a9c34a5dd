import type { LibraryFilter } from '@shared/library/types'

import { COLLECT_ROWIDS } from './collectRowids'
import { itemProbes, type MonthRange, rangesJoin } from './monthRanges'
import type { FilterSource } from './organiseFilter'
import { firstAtOrBelow } from './rowidLists'

/** How to collect a filter's whole result, and the key it is held under. */
export interface ResultQuery {
  /** The plain query's SQL and parameters: one per filter whatever the month ranges. */
  key: string
  /** The driver (a side table `org`, or items_fts) and the column its rowids are in. */
  from: string
  bound: string
  where: string[]
  params: unknown[]
}

/**
 * The query collecting every rowid of a filter a side table or FTS5 drives, or null when
 * `items` does (no side condition, no prompt words). Its month counts read this once and hold
 * it (HeldRowids), and the pages and ID lists after them are binary searches of the held rows
 * (issue #33): the same driver walk and probes the month counts by ranges made, so the months
 * cost about what they did, while every page had walked the driver again down to its 200th hit.
 * At 1M items "collection, tag, rating ≥ 2" keeps ~1 of ~50 driver rows, so a page at any
 * depth probed ~10,000 of them (8 ms at p50); held, a page reads only its 200 tiles. With prompt
 * words it serves what intersectReads.ts leaves (words with several kinds or a cost bound: the
 * months had run FTS5's matches through a CASE, and each deep page walked the doclist, 20–40
 * ms) and words whose lists cost more to read than their matches to probe (probesCheaper).
 */
export function resultQuery(filter: LibraryFilter, source: FilterSource): ResultQuery | null {
  const from = source.driver ?? (source.bound === 'items_fts.rowid' ? 'items_fts' : null)
  if (!from) return null
  const probes = itemProbes(filter, source.bound)
  const where = [...source.clauses, ...probes.clauses]
  const params = [...source.params, ...probes.params]
  // Any separator keeps one filter's key apart from another's (a mutant of it is equivalent).
  const key = `${from} WHERE ${where.join(' AND ')}\u0000${JSON.stringify(params)}`
  return { key, from, bound: source.bound, where, params }
}

/**
 * The SQL collecting a result through COLLECT_ROWIDS: FTS5's matches in one walk; a side table
 * month range by month range, grouped as the month counts by ranges are (rangesJoin). One walk
 * of the driver cost more at 1M items: "collection, common tag, rating ≥ 2" 58 ms at p50
 * against 52 by ranges (alternating, 30 reads each), SQLite then probing the tag before the
 * rating; other shapes the same either way.
 */
export function resultSql(
  q: ResultQuery,
  ranges: MonthRange[],
): { sql: string; params: unknown[] } {
  const where = q.where.join(' AND ')
  if (q.from === 'items_fts')
    return {
      sql: `SELECT ${COLLECT_ROWIDS}(${q.bound}) FROM items_fts WHERE ${where}`,
      params: q.params,
    }
  const join = rangesJoin(ranges, q.from, q.bound)
  return {
    sql: `${join.with} SELECT ${COLLECT_ROWIDS}(${q.bound}) FROM ${join.from} WHERE ${where} GROUP BY m.month`,
    params: [...join.params, ...q.params],
  }
}

/**
 * Up to `limit` rowids of a held result (newest first) strictly below `below` when given, after
 * skipping `skip` of them: a binary search and a slice.
 */
export function resultPage(
  rowids: Float64Array,
  below: number | undefined,
  skip: number,
  limit: number,
): number[] {
  const start = (below === undefined ? 0 : firstAtOrBelow(rowids, below - 1)) + skip
  return Array.from(rowids.subarray(start, start + limit))
}
