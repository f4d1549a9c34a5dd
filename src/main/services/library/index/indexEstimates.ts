import type { LibraryFilter } from '@shared/library/types'
import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'
import type { FilterEstimates, SideFilter } from './organiseFilter'

/** Distinct counts kept between two writes (filters a user tries in a row). */
const MAX_CACHED = 500

/**
 * Counts behind organiseFilter.ts's choice of what drives a read: items per side condition and
 * per indexed `items` condition. Each is one index range count,
 * cached until the index is written again (SQLite's `total_changes()` for this connection, the
 * only writer), so the grid's pages, months and ids for one filter count once.
 */
export class IndexEstimates implements FilterEstimates {
  private readonly cache = new Map<string, number>()
  private version = -1
  private readonly changes: Statement

  constructor(
    db: Db,
    private readonly stmt: (sql: string) => Statement,
  ) {
    this.changes = db.prepare('SELECT total_changes()').pluck()
  }

  private count(sql: string, params: unknown[]): number {
    const version = this.changes.get() as number
    if (version !== this.version || this.cache.size > MAX_CACHED) {
      this.cache.clear()
      this.version = version
    }
    const key = `${sql}\u0000${JSON.stringify(params)}`
    let n = this.cache.get(key)
    if (n === undefined) {
      n = this.stmt(sql)
        .pluck()
        .get(...params) as number
      this.cache.set(key, n)
    }
    return n
  }

  side(s: SideFilter): number {
    return this.count(`SELECT count(*) FROM ${s.table} WHERE ${s.column} = ?`, [s.value])
  }

  items(filter: LibraryFilter): number | null {
    const counts: number[] = []
    const items = (where: string, params: unknown[]) =>
      counts.push(this.count(`SELECT count(*) FROM items WHERE ${where}`, params))
    if (filter.favourites) items('favourite = 1', [])
    if (filter.batchId !== undefined) items('batch_id = ?', [filter.batchId])
    if (filter.model) items('model = ?', [filter.model])
    if (filter.media) items('media = ?', [filter.media])
    if (filter.kinds?.length)
      items(`kind IN (${filter.kinds.map(() => '?').join(',')})`, [...filter.kinds])
    return counts.length ? Math.min(...counts) : null
  }
}
