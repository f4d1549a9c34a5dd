import type { LibraryCursor, LibraryFilter, LibrarySort } from '@shared/library/types'
import type { Statement } from 'better-sqlite3'

import { keyOf } from './indexSchema'

/** Where an item is in the index: its rowid key and cost (what a keyset cursor continues from). */
export interface RowPlace {
  key: number
  cost: number | null
}

/** A SELECT without its ORDER BY: `sql` ends in its WHERE clause. */
export interface BaseQuery {
  sql: string
  params: unknown[]
}

/** What the cost orders need from IndexQueries (the filter's WHERE, prepared statements). */
export interface CostSortedQuery {
  stmt(sql: string): Statement
  /** `sql` prepared to answer rows as arrays (`.raw()`). */
  raw(sql: string): Statement
  /** SELECT `columns` for the filter with `extra` clauses ANDed in, without ORDER BY. */
  base(columns: string, filter: LibraryFilter, extra: string[], extraParams: unknown[]): BaseQuery
  placeOf(id: string): RowPlace | undefined
}

/** A cost-sorted position: after (cost, key) in the priced part, or after key among the unpriced. */
interface CostStart {
  cost: number | null
  key: number
}

/**
 * Where a cursor continues a cost order: its own `cost` (the value the page saw) and its row's
 * key (or its time when the row is gone). A cursor without `cost` (made for another order) takes
 * its row's current cost; when that row is gone too, the page starts at the beginning.
 */
function startOf(q: CostSortedQuery, after: LibraryCursor | null): CostStart | null {
  if (!after) return null
  const place = after.id ? q.placeOf(after.id) : undefined
  const cost = after.cost !== undefined ? after.cost : place?.cost
  if (cost === undefined) return null
  return { cost, key: place?.key ?? keyOf(after.createdAt) }
}

/**
 * Up to `limit` rows of `columns` (raw: arrays) in a cost order, strictly after `after`,
 * skipping `skip` first. The order is two segments, each an index walk without a sort step
 * (`items_cost` holds cost then rowid):
 *
 * 1. priced items by (cost, rowid): descending for `cost-desc` (ties newest first), ascending for
 *    `cost-asc` (its exact mirror: ties oldest first), continued with a (cost, rowid) row-value
 *    keyset;
 * 2. then items without a cost, newest first, in both orders (and none when a cost bound is set,
 *    since the bounds leave them out).
 *
 * A skip larger than what is left of segment 1 carries over into segment 2 (one indexed count).
 */
export function costSegments(
  q: CostSortedQuery,
  columns: string,
  filter: LibraryFilter,
  sort: Exclude<LibrarySort, 'newest'>,
  after: LibraryCursor | null,
  limit: number,
  skip: number,
): unknown[][] {
  const start = startOf(q, after)
  // 'ASC' is SQLite's default order, so an empty string there orders the same (an equivalent
  // mutant). The conditions below only spare queries that would answer nothing: the priced part
  // after an unpriced start (a row value compared with NULL is never true), the count when the
  // skip ended inside the priced part (it would leave `rest` at 0), the unpriced part under a
  // cost bound (NULL is never inside one) or with the page already full (LIMIT 0). Their
  // mutants give the same rows, only slower.
  const dir = sort === 'cost-desc' ? 'DESC' : 'ASC'
  const rows: unknown[][] = []
  let rest = skip
  if (start === null || start.cost !== null) {
    const extra = ['items.cost IS NOT NULL']
    const params: unknown[] = []
    if (start) {
      extra.push(`(items.cost, items.rowid) ${dir === 'DESC' ? '<' : '>'} (?, ?)`)
      params.push(start.cost, start.key)
    }
    const b = q.base(columns, filter, extra, params)
    const order = `ORDER BY items.cost ${dir}, items.rowid ${dir}`
    rows.push(
      ...(q.raw(`${b.sql} ${order} LIMIT ? OFFSET ?`).all(...b.params, limit, rest) as unknown[][]),
    )
    if (rows.length === 0 && rest > 0) {
      const c = q.base('count(*) AS n', filter, extra, params)
      rest = Math.max(0, rest - (q.stmt(c.sql).get(...c.params) as { n: number }).n)
    } else rest = 0
  }
  const unpriced = filter.minCost === undefined && filter.maxCost === undefined
  if (rows.length < limit && unpriced) {
    const extra = ['items.cost IS NULL']
    const params: unknown[] = []
    if (start?.cost === null) {
      extra.push('items.rowid < ?')
      params.push(start.key)
    }
    const b = q.base(columns, filter, extra, params)
    const sql = `${b.sql} ORDER BY items.rowid DESC LIMIT ? OFFSET ?`
    rows.push(...(q.raw(sql).all(...b.params, limit - rows.length, rest) as unknown[][]))
  }
  return rows
}
