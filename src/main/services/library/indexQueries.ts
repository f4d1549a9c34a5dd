import type { LibraryCursor, LibraryFilter, LibraryMonth, LibraryPage } from '@shared/library/types'
import type { Statement } from 'better-sqlite3'

import type { Db } from '../../adapters/sqlite/openDatabase'
import { ftsQuery, TILE_COLUMNS, type TileRow, toTile } from './indexRows'
import { keyOf } from './indexSchema'

/**
 * The grid's reads of the index: keyset pages newest first, month counts and ID lists, for any
 * filter (kinds, media, model, dates, favourites, prompt words through FTS5). Statements are
 * prepared once per distinct filter shape.
 */
export class IndexQueries {
  private readonly cache = new Map<string, Statement>()

  constructor(
    private readonly db: Db,
    /** The rowid key of an item, for a cursor whose row still exists. */
    private readonly keyOfId: (id: string) => number | undefined,
  ) {}

  private stmt(sql: string): Statement {
    let st = this.cache.get(sql)
    if (!st) {
      st = this.db.prepare(sql)
      this.cache.set(sql, st)
    }
    return st
  }

  /** Clauses on `items` for a filter, and the FTS query (null when no text). */
  private where(filter: LibraryFilter): {
    clauses: string[]
    params: unknown[]
    match: string | null
  } {
    const clauses: string[] = []
    const params: unknown[] = []
    if (filter.kinds?.length) {
      clauses.push(`items.kind IN (${filter.kinds.map(() => '?').join(',')})`)
      params.push(...filter.kinds)
    }
    if (filter.media) {
      clauses.push('items.media = ?')
      params.push(filter.media)
    }
    if (filter.model) {
      clauses.push('items.model = ?')
      params.push(filter.model)
    }
    if (filter.from !== undefined) {
      clauses.push('items.rowid >= ?')
      params.push(keyOf(filter.from))
    }
    if (filter.to !== undefined) {
      clauses.push('items.rowid < ?')
      params.push(keyOf(filter.to))
    }
    if (filter.favourites) clauses.push('items.favourite = 1')
    return { clauses, params, match: filter.text ? ftsQuery(filter.text) : null }
  }

  /** The exclusive rowid bound for a cursor: its row's key, or its time when the row is gone. */
  private bound(after: LibraryCursor): number {
    const key = after.id ? this.keyOfId(after.id) : undefined
    return key ?? keyOf(after.createdAt)
  }

  /** SELECT … FROM the right tables for a filter, newest first (rowid order, no sort step). */
  private select(columns: string, filter: LibraryFilter, after: LibraryCursor | null) {
    const { clauses, params, match } = this.where(filter)
    if (after) {
      clauses.push('items.rowid < ?')
      params.push(this.bound(after))
    }
    if (match) {
      // Driven from FTS5, which yields matches in descending rowid order and stops at the limit.
      const where = ['items_fts MATCH ?', ...clauses].join(' AND ')
      return {
        sql: `SELECT ${columns} FROM items_fts JOIN items ON items.rowid = items_fts.rowid WHERE ${where} ORDER BY items_fts.rowid DESC`,
        params: [match, ...params],
      }
    }
    const where = clauses.length ? clauses.join(' AND ') : '1'
    return { sql: `SELECT ${columns} FROM items WHERE ${where} ORDER BY items.rowid DESC`, params }
  }

  /**
   * One page, newest first, strictly after `after` (keyset). `skip` jumps over that many rows
   * first: the grid uses it (small, bounded by a month) to land in the middle of a month without
   * walking all pages before it.
   */
  page(filter: LibraryFilter, after: LibraryCursor | null, limit: number, skip = 0): LibraryPage {
    const q = this.select(TILE_COLUMNS, filter, after)
    const rows = this.stmt(`${q.sql} LIMIT ? OFFSET ?`).all(
      ...q.params,
      limit + 1,
      skip,
    ) as TileRow[]
    const more = rows.length > limit
    const items = rows.slice(0, limit).map(toTile)
    const last = items[items.length - 1]
    return { items, next: more && last ? { createdAt: last.createdAt, id: last.id } : null }
  }

  /** Counts per month for the same filter, newest first. */
  months(filter: LibraryFilter): LibraryMonth[] {
    const { clauses, params, match } = this.where(filter)
    const where = clauses.length ? clauses.join(' AND ') : '1'
    const sql = match
      ? `SELECT items.month AS month, count(*) AS n FROM items_fts JOIN items ON items.rowid = items_fts.rowid
         WHERE items_fts MATCH ? AND ${where} GROUP BY items.month ORDER BY items.month DESC`
      : `SELECT month, count(*) AS n FROM items WHERE ${where} GROUP BY month ORDER BY month DESC`
    const rows = this.stmt(sql).all(...(match ? [match, ...params] : params)) as Array<{
      month: number
      n: number
    }>
    return rows.map(({ month, n }) => {
      const y = Math.floor(month / 100)
      const m = month % 100
      return {
        month: `${y}-${String(m).padStart(2, '0')}`,
        count: n,
        start: new Date(y, m - 1, 1).getTime(),
        end: new Date(y, m, 1).getTime(),
      }
    })
  }

  /** IDs in grid order for a filter (select all), capped. */
  ids(filter: LibraryFilter, cap: number): string[] {
    const q = this.select('items.id', filter, null)
    return this.db
      .prepare(`${q.sql} LIMIT ?`)
      .pluck()
      .all(...q.params, cap) as string[]
  }
}
