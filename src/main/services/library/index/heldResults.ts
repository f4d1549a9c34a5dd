import type { LibraryFilter } from '@shared/library/types'

import { COLLECT_ROWIDS } from './collectRowids'
import { itemProbes } from './monthRanges'
import type { FilterSource } from './organiseFilter'
import { firstAtOrBelow } from './rowidLists'

/** The SQL that collects a filter's whole result through COLLECT_ROWIDS, and its parameters. */
export interface ResultQuery {
  sql: string
  params: unknown[]
}

/**
 * The query collecting every rowid of a filter a side table drives (a collection, tags, a rating,
 * two or more of them, or one with `items` conditions the count tables cannot answer), or null
 * when none drives (prompt words, `items` alone). Its month counts read this once and hold it
 * (HeldRowids), and the pages and ID lists after them are binary searches of the held rows
 * (issue #33): the same driver walk and probes the month counts by ranges made, so the months
 * cost about what they did, while every page had walked the driver again down to its 200th hit.
 * At 1M items "collection, tag, rating ≥ 2" keeps ~1 of ~50 driver rows, so a page at any
 * depth probed ~10,000 of them (8 ms at p50); held, a page reads only its 200 tiles.
 */
export function resultQuery(filter: LibraryFilter, source: FilterSource): ResultQuery | null {
  if (!source.driver) return null
  const probes = itemProbes(filter, source.bound)
  const where = [...source.clauses, ...probes.clauses]
  return {
    sql: `SELECT ${COLLECT_ROWIDS}(${source.bound}) FROM ${source.driver} WHERE ${where.join(' AND ')}`,
    params: [...source.params, ...probes.params],
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
