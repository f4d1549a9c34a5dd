import type { LibraryCursor, LibraryFilter, LibraryMonth, LibraryPage } from '@shared/library/types'
import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'
import { type BaseQuery, costSegments, type CostSortedQuery, type RowPlace } from './costOrder'
import type { PrefixTerms } from './ftsTerms'
import { resultPage, type ResultQuery, resultQuery, resultSql } from './heldResults'
import { HeldRowids } from './heldRowids'
import { IndexEstimates } from './indexEstimates'
import { rawTile, TILE_COLUMNS } from './indexRows'
import { keyOf } from './indexSchema'
import {
  intersectPlan,
  planMonths,
  type PlanReads,
  planRowids,
  probesCheaper,
} from './intersectReads'
import {
  countByMonth,
  disjointRanges,
  itemProbes,
  MONTH_RANGES_SQL,
  monthOfKey,
  type MonthRange,
  rangesJoin,
} from './monthRanges'
import { summaryMonths } from './monthSummaries'
import { filterSource } from './organiseFilter'

/** Tiles of the rowids in a JSON array, newest first (an intersection's page: intersectReads.ts). */
const TILES_BY_KEYS = `SELECT ${TILE_COLUMNS} FROM items
  WHERE items.rowid IN (SELECT value FROM json_each(?)) ORDER BY items.rowid DESC`

/** IDs of the rowids in a JSON array, newest first. */
const IDS_BY_KEYS = `SELECT items.id FROM items
  WHERE items.rowid IN (SELECT value FROM json_each(?)) ORDER BY items.rowid DESC`

/** A SELECT without its ORDER BY, and the column its newest-first ORDER BY walks. */
interface FilterQuery extends BaseQuery {
  order: string
}

/**
 * The grid's reads of the index: keyset pages (newest first, or by cost: see costOrder.ts),
 * month counts and ID lists, for any filter (kinds, media, model, dates, favourites, batch, cost
 * bounds, prompt words through FTS5; rating, tags and collection through their side tables, see
 * organiseFilter.ts). Statements are prepared once per distinct filter shape.
 */
export class IndexQueries implements CostSortedQuery {
  private readonly cache = new Map<string, Statement>()
  /** Counts for choosing what drives a read with organising filters (organiseFilter.ts). */
  private readonly estimates: IndexEstimates
  /** Statements and FTS5 matches' rowids for intersections (intersectReads.ts). */
  private readonly reads: PlanReads

  constructor(
    private readonly db: Db,
    /** The key and cost of an item, for a cursor whose row still exists. */
    readonly placeOf: (id: string) => RowPlace | undefined,
    /** The terms of items_fts, for searches without a prefix scan (ftsTerms.ts). */
    private readonly prefixTerms?: PrefixTerms,
  ) {
    this.estimates = new IndexEstimates(db, (sql) => this.stmt(sql))
    const stmt = (sql: string) => this.stmt(sql)
    this.reads = { stmt, held: new HeldRowids(db, stmt) }
  }

  stmt(sql: string): Statement {
    let st = this.cache.get(sql)
    if (!st) {
      st = this.db.prepare(sql)
      this.cache.set(sql, st)
    }
    return st
  }

  /**
   * `sql`'s statement (cached as `stmt`'s) answering rows as arrays (`.raw()`): pages read their
   * tiles so (indexRows.rawTile), at half the cost of keyed rows. A SQL read raw is only read raw.
   */
  raw(sql: string): Statement {
    return this.stmt(sql).raw(true)
  }

  /** Clauses on `items` for a filter; rowid bounds go on `bound` (the driving table's key). */
  private where(
    filter: LibraryFilter,
    bound: string,
  ): {
    clauses: string[]
    params: unknown[]
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
      clauses.push(`${bound} >= ?`)
      params.push(keyOf(filter.from))
    }
    if (filter.to !== undefined) {
      clauses.push(`${bound} < ?`)
      params.push(keyOf(filter.to))
    }
    if (filter.favourites) clauses.push('items.favourite = 1')
    if (filter.batchId !== undefined) {
      clauses.push('items.batch_id = ?')
      params.push(filter.batchId)
    }
    // A comparison with NULL is never true: items without a cost drop out, as the filter says.
    if (filter.minCost !== undefined) {
      clauses.push('items.cost >= ?')
      params.push(filter.minCost)
    }
    if (filter.maxCost !== undefined) {
      clauses.push('items.cost <= ?')
      params.push(filter.maxCost)
    }
    return { clauses, params }
  }

  /**
   * SELECT `columns` FROM the right tables for a filter and extra clauses, without ORDER BY.
   * When a side table drives, the filter's `items` conditions are probes of `items`' own small
   * indexes on the side row's item (monthRanges.ts itemProbes), tested before the wide `items`
   * row is read: "#tag in art" read the rows of every tagged item to keep the art ones, and at
   * 1M items those rows are random reads of a table far larger than the page cache (issue #33).
   */
  base(
    columns: string,
    filter: LibraryFilter,
    extra: string[],
    extraParams: unknown[],
  ): FilterQuery {
    const source = filterSource(filter, this.estimates, this.prefixTerms)
    const { clauses, params } = source.driver
      ? itemProbes(filter, source.bound)
      : this.where(filter, source.bound)
    const all = [...source.clauses, ...clauses, ...extra]
    const where = all.length ? all.join(' AND ') : '1'
    return {
      sql: `SELECT ${columns} FROM ${source.from} WHERE ${where}`,
      params: [...source.params, ...params, ...extraParams],
      order: source.order,
    }
  }

  /** The exclusive rowid bound for a cursor: its row's key, or its time when the row is gone. */
  private bound(after: LibraryCursor): number {
    const key = after.id ? this.placeOf(after.id)?.key : undefined
    return key ?? keyOf(after.createdAt)
  }

  private below(after: LibraryCursor | null): number | undefined {
    return after ? this.bound(after) : undefined
  }

  /** SELECT … newest first after `after` (rowid order, no sort step). */
  private newest(columns: string, filter: LibraryFilter, after: LibraryCursor | null) {
    const bound = filterSource(filter, this.estimates, this.prefixTerms).bound
    const q = after
      ? this.base(columns, filter, [`${bound} < ?`], [this.bound(after)])
      : this.base(columns, filter, [], [])
    // With FTS5 or a side table driving, its order is already the rowid's and it stops at the limit.
    return { sql: `${q.sql} ORDER BY ${q.order} DESC`, params: q.params }
  }

  /**
   * One page in the filter's order, strictly after `after` (keyset). `skip` jumps over that many
   * rows first: the grid uses it (small, bounded by a month or a gap) to land in the middle of
   * the list without walking all pages before it.
   */
  page(filter: LibraryFilter, after: LibraryCursor | null, limit: number, skip = 0): LibraryPage {
    const sort = filter.sort ?? 'newest'
    let rows: unknown[][]
    const plan = sort === 'newest' ? intersectPlan(filter, this.prefixTerms) : null
    // A held result first: a plan's month counts may have collected one instead of its lists.
    const held = sort === 'newest' ? this.heldResult(filter) : undefined
    if (held) {
      const keys = resultPage(held, this.below(after), skip, limit + 1)
      rows = this.raw(TILES_BY_KEYS).all(JSON.stringify(keys)) as unknown[][]
    } else if (plan && this.reads.held.has(plan.match)) {
      // The lists only once the match's rowids are held (month counts read them, since the
      // full-text index last changed: heldRowids.ts), side lists leapfrogged until held: reading a
      // common word's for a page costs 35–65 ms at 1M items (collectRowids.ts), where the nested
      // probes' deep page walks the doclist to its bound in ~16 ms and a page from the top stops
      // after one page.
      const keys = planRowids(plan, this.reads, skip + limit + 1, this.below(after))
      rows = this.raw(TILES_BY_KEYS).all(JSON.stringify(keys.slice(skip))) as unknown[][]
    } else if (sort === 'newest') {
      const q = this.newest(TILE_COLUMNS, filter, after)
      rows = this.raw(`${q.sql} LIMIT ? OFFSET ?`).all(...q.params, limit + 1, skip) as unknown[][]
    } else {
      rows = costSegments(this, TILE_COLUMNS, filter, sort, after, limit + 1, skip)
    }
    const more = rows.length > limit
    const items = rows.slice(0, limit).map(rawTile)
    const last = items[items.length - 1]
    if (!more || !last) return { items, next: null }
    const next: LibraryCursor = { createdAt: last.createdAt, id: last.id }
    if (sort !== 'newest') next.cost = last.costEstimate
    return { items, next }
  }

  /** Counts per month for the same filter, newest first (the sort does not change them). */
  months(filter: LibraryFilter): LibraryMonth[] {
    return this.monthRows(filter).map(({ month, n }) => {
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

  /**
   * (month, n) newest first: from the count tables when they answer, else, when the month ranges
   * prove the months, from an intersection of sorted lists (intersectReads.ts), or from the
   * filter's whole result read and held (heldResults.ts) where no plan takes it or probing its
   * matches costs less than reading its lists (`probesCheaper`), else by SQL.
   */
  private monthRows(filter: LibraryFilter): Array<{ month: number; n: number }> {
    const summary = summaryMonths(filter)
    const plan = summary ? null : intersectPlan(filter, this.prefixTerms)
    const result = summary ? null : this.resultQuery(filter)
    const ranges = plan || result ? this.monthRanges() : null
    if (plan && ranges) {
      const matches = this.reads.held.rowids(plan.match).length
      if (!result || !probesCheaper(plan, matches, this.reads, this.estimates))
        return planMonths(plan, this.reads, ranges)
    }
    if (result && ranges) {
      const q = resultSql(result, ranges)
      return countByMonth(this.reads.held.keep(result.key, q.sql, q.params), ranges)
    }
    const q = summary ?? this.monthsByRanges(filter) ?? this.monthsFromRows(filter)
    return this.stmt(q.sql).all(...q.params) as Array<{ month: number; n: number }>
  }

  /** The query of the filter's whole result, whatever its sort (heldResults.ts), or null. */
  private resultQuery(filter: LibraryFilter): ResultQuery | null {
    const newest: LibraryFilter = { ...filter, sort: 'newest' }
    return resultQuery(newest, filterSource(newest, this.estimates, this.prefixTerms))
  }

  /** The filter's whole result newest first when its month counts hold it, else undefined. */
  private heldResult(filter: LibraryFilter): Float64Array | undefined {
    const q = this.resultQuery(filter)
    return q ? this.reads.held.kept(q.key) : undefined
  }

  /** The disjoint month ranges of the index, or null when they do not prove months. */
  private monthRanges(): MonthRange[] | null {
    const ranges = disjointRanges(this.stmt(MONTH_RANGES_SQL).all() as Array<Partial<MonthRange>>)
    return ranges?.length ? ranges : null
  }

  /**
   * Month counts of a filter the count tables cannot answer, counted per month's rowid range
   * (monthRanges.ts) over what drives the read, never reading an `items` row: a side table's
   * rows or an `items` index joined to the ranges, or FTS5's matches read once with each row's
   * month found from its rowid by a binary search over the ranges (FTS5 seeks badly to a range's
   * low end: a match run once a month cost 36 × the whole match). At 1M items under load 10 a
   * common word's 125k matches counted in ~70 ms this way against ~300 ms for the GROUP BY over
   * their rows (issue #33). Null when the ranges do not prove the months.
   */
  monthsByRanges(filter: LibraryFilter): { sql: string; params: unknown[] } | null {
    const source = filterSource(filter, this.estimates, this.prefixTerms)
    const ranges = this.monthRanges()
    if (!ranges) return null
    if (source.order === 'items_fts.rowid') {
      const month = monthOfKey(ranges, source.bound)
      const probes = itemProbes(filter, source.bound)
      return {
        sql: `SELECT ${month.sql} AS month, count(*) AS n FROM items_fts
          WHERE ${[...source.clauses, ...probes.clauses].join(' AND ')}
          GROUP BY 1 ORDER BY 1 DESC`,
        params: [...month.params, ...source.params, ...probes.params],
      }
    }
    const rest = source.driver ? itemProbes(filter, source.bound) : this.where(filter, source.bound)
    const join = rangesJoin(ranges, source.driver ?? 'items', source.bound)
    const where = [...source.clauses, ...rest.clauses]
    return {
      sql: `${join.with} SELECT m.month AS month, count(*) AS n FROM ${join.from}
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        GROUP BY m.month ORDER BY m.month DESC`,
      params: [...join.params, ...source.params, ...rest.params],
    }
  }

  /** Month counts by GROUP BY over the filtered rows (the plain reading every other one equals). */
  monthsFromRows(filter: LibraryFilter): { sql: string; params: unknown[] } {
    const q = this.base('items.month AS month, count(*) AS n', filter, [], [])
    return { sql: `${q.sql} GROUP BY items.month ORDER BY items.month DESC`, params: q.params }
  }

  /** IDs in grid order (the filter's sort) for a filter (select all), capped. */
  ids(filter: LibraryFilter, cap: number): string[] {
    const sort = filter.sort ?? 'newest'
    if (sort !== 'newest')
      return costSegments(this, 'items.id', filter, sort, null, cap, 0).map((r) => r[0] as string)
    const plan = intersectPlan(filter, this.prefixTerms)
    const held = this.heldResult(filter)
    const keys = held
      ? resultPage(held, undefined, 0, cap)
      : plan && this.reads.held.has(plan.match) && planRowids(plan, this.reads, cap)
    if (keys) return this.stmt(IDS_BY_KEYS).pluck().all(JSON.stringify(keys)) as string[]
    const q = this.newest('items.id', filter, null)
    return this.db
      .prepare(`${q.sql} LIMIT ?`)
      .pluck()
      .all(...q.params, cap) as string[]
  }
}
