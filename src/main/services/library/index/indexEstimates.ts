import type { LibraryFilter } from '@shared/library/types'
import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'
import { IndexVersion } from './indexVersion'
import type { FilterEstimates, SideFilter } from './organiseFilter'

/** Distinct counts kept between two writes (filters a user tries in a row). */
const MAX_CACHED = 500

/** The (value, month) count table of each side table (schema 7, indexSummaries.ts). */
const SIDE_COUNTS: Record<SideFilter['table'], string> = {
  item_tags: 'tag_months',
  item_collections: 'collection_months',
  item_ratings: 'rating_months',
}

/**
 * Counts behind organiseFilter.ts's choice of what drives a read: items per side condition and
 * per indexed `items` condition. Side conditions, kinds, media and favourites are sums over the
 * count tables (a few dozen rows; counting a common tag's index range cost 10–250 ms at 1M
 * items, issue #33), model and batch one index range count each. Cached until the index is
 * written again, by this connection (`total_changes()`) or another (`PRAGMA data_version`, as
 * when the writes run in another process), so the grid's pages, months and ids for one filter
 * count once.
 */
export class IndexEstimates implements FilterEstimates {
  private readonly cache = new Map<string, number>()
  private version = ''
  private readonly indexVersion: IndexVersion

  constructor(
    db: Db,
    private readonly stmt: (sql: string) => Statement,
  ) {
    this.indexVersion = new IndexVersion(db)
  }

  private count(sql: string, params: unknown[]): number {
    const version = this.indexVersion.current()
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
    return this.count(
      `SELECT coalesce(sum(n), 0) FROM ${SIDE_COUNTS[s.table]} WHERE ${s.column} = ?`,
      [s.value],
    )
  }

  items(filter: LibraryFilter): number | null {
    const counts: number[] = []
    const items = (where: string, params: unknown[]) =>
      counts.push(this.count(`SELECT count(*) FROM items WHERE ${where}`, params))
    if (filter.batchId !== undefined) items('batch_id = ?', [filter.batchId])
    if (filter.model) items('model = ?', [filter.model])
    // Kinds, media and favourites together: one sum over month_counts, exact for all three.
    const sums: string[] = []
    const params: unknown[] = []
    if (filter.kinds?.length) {
      sums.push(`kind IN (${filter.kinds.map(() => '?').join(',')})`)
      params.push(...filter.kinds)
    }
    if (filter.media) {
      sums.push('media = ?')
      params.push(filter.media)
    }
    if (filter.favourites) sums.push('favourite = 1')
    if (sums.length)
      counts.push(
        this.count(
          `SELECT coalesce(sum(n), 0) FROM month_counts WHERE ${sums.join(' AND ')}`,
          params,
        ),
      )
    return counts.length ? Math.min(...counts) : null
  }
}
