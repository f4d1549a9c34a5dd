import type { Db } from '@main/adapters/sqlite/openDatabase'
import { ftsQuery } from '@main/services/library/index/indexRows'
import { splitSearch, tagKey } from '@shared/library/organise'
import type { LibraryFilter } from '@shared/library/types'

/**
 * The plain reading of a library filter (issue #33): `WHERE` conditions on `items` columns, with
 * `IN` lists for the side tables and FTS5, written independently of the index's query planning
 * (organiseFilter.ts, monthRanges.ts), so the index's reads can be compared with it.
 */
export function plainLibraryWhere(f: LibraryFilter): { sql: string; params: unknown[] } {
  const c: string[] = []
  const p: unknown[] = []
  /** One condition and the values of its `?`s. */
  const cond = (sql: string, ...values: unknown[]) => {
    c.push(sql)
    p.push(...values)
  }
  if (f.kinds?.length) cond(`kind IN (${f.kinds.map(() => '?').join(',')})`, ...f.kinds)
  if (f.media) cond('media = ?', f.media)
  if (f.model) cond('model = ?', f.model)
  if (f.favourites) cond('favourite = 1')
  if (f.batchId !== undefined) cond('batch_id = ?', f.batchId)
  if (f.from !== undefined) cond('created >= ?', f.from)
  if (f.to !== undefined) cond('created < ?', f.to)
  if (f.minCost !== undefined) cond('cost >= ?', f.minCost)
  if (f.maxCost !== undefined) cond('cost <= ?', f.maxCost)
  if (f.minRating) cond('rating >= ?', f.minRating)
  const search = splitSearch(f.text ?? '')
  for (const t of [...(f.tags ?? []), ...search.tags]) {
    cond('rowid IN (SELECT item FROM item_tags WHERE tag = ?)', tagKey(t))
  }
  if (f.collectionId)
    cond('rowid IN (SELECT item FROM item_collections WHERE collection = ?)', f.collectionId)
  const match = search.words ? ftsQuery(search.words) : null
  if (match) cond('rowid IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)', match)
  return { sql: c.length ? c.join(' AND ') : '1', params: p }
}

/** The ids the plain reading gives, newest first, below the rowid `belowKey` when given. */
export function plainLibraryIds(db: Db, f: LibraryFilter, belowKey?: number): string[] {
  const w = plainLibraryWhere(f)
  const below = belowKey === undefined ? [] : [belowKey]
  return db
    .prepare(
      `SELECT id FROM items WHERE ${below.length ? 'rowid < ? AND ' : ''}${w.sql} ORDER BY rowid DESC`,
    )
    .pluck()
    .all(...below, ...w.params) as string[]
}

/** The month counts the plain reading gives: a GROUP BY over `month`, newest first. */
export function plainLibraryMonths(
  db: Db,
  f: LibraryFilter,
): Array<{ month: string; count: number }> {
  const w = plainLibraryWhere(f)
  return (
    db
      .prepare(
        `SELECT month, count(*) AS n FROM items WHERE ${w.sql} GROUP BY month ORDER BY month DESC`,
      )
      .all(...w.params) as Array<{ month: number; n: number }>
  ).map((m) => ({
    month: `${Math.floor(m.month / 100)}-${String(m.month % 100).padStart(2, '0')}`,
    count: m.n,
  }))
}
