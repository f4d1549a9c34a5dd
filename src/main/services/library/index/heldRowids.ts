import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'
import { COLLECT_ROWIDS, type RowidCollector, rowidCollector } from './collectRowids'
import { FtsVersion, IndexVersion } from './indexVersion'
import { firstAtOrBelow, type ListRead } from './rowidLists'

/**
 * Rowids kept for all held lists together: 8 bytes each, so at most 16 MiB of main's memory
 * (a common word matches 200–670k rows of the 1M-item bench library, a big collection 100k).
 */
const MAX_ROWIDS = 2_000_000

/**
 * Whole sorted rowid lists, newest first, read once per list and state of the index (issue #33):
 * FTS5 matches, the items of one value of a side table (a collection, a tag, a rating) or of an
 * `items` index (a model, favourites, a batch), and a filter's whole result (heldResults.ts).
 *
 * FTS5 in this SQLite seeks a doclist to a rowid bound by stepping through it: at 1M items a
 * common word's `rowid <= ?` read cost 0.06 ms near the newest rows and 32 ms 900k rows deep,
 * `rowid >= ?` the mirror, `rowid = ?` 600 ms (load 3–4, bench/library-queries.ts). So a deep
 * page of "collection + word", and every jump of an intersection, paid a walk of the doclist.
 * One read from the top costs about what a single deep seek did; afterwards any bound is a
 * binary search here. A side list is held once month counts read it whole, so the counts of the
 * same filter again, and its pages, read nothing from SQLite but the tiles. Lists are read
 * through an aggregate (collectRowids.ts). Dropped whenever the index changes (IndexVersion),
 * except FTS5 matches, dropped only when the full-text index changes (FtsVersion); the least
 * recently used list first when over the cap (MAX_ROWIDS unless told).
 */
export class HeldRowids {
  private readonly lists = new Map<string, Float64Array>()
  private held = 0
  private version = ''
  /** items_fts's state when the index last changed (FtsVersion); null when it cannot be told. */
  private ftsVersion: string | null = null
  private readonly indexVersion: IndexVersion
  private readonly fts: FtsVersion
  private readonly collector: RowidCollector
  private readonly matches: Statement

  constructor(
    db: Db,
    /** Prepared statements, cached by their SQL. */
    private readonly stmt: (sql: string) => Statement,
    /** Rowids kept for all lists together (a cap on main's memory). */
    private readonly maxRowids = MAX_ROWIDS,
  ) {
    this.indexVersion = new IndexVersion(db)
    this.fts = new FtsVersion(db)
    this.collector = rowidCollector(db)
    this.matches = db.prepare(
      `SELECT ${COLLECT_ROWIDS}(rowid) FROM items_fts WHERE items_fts MATCH ?`,
    )
  }

  /**
   * Drops what the index's last writes may have changed: every list, but FTS5's matches only
   * when the full-text index changed too (a rating or a tag leaves them right).
   */
  private sync(): void {
    const version = this.indexVersion.current()
    if (version === this.version) return
    this.version = version
    const fts = this.fts.current()
    const matchesStay = fts !== null && fts === this.ftsVersion
    this.ftsVersion = fts
    for (const [key, rows] of this.lists) {
      if (matchesStay && isMatchKey(key)) continue
      this.lists.delete(key)
      this.held -= rows.length
    }
  }

  /** Whether the match's rowids are in hand (a read through them then seeks nothing). */
  has(match: string): boolean {
    return this.peek(matchKey(match)) !== undefined
  }

  /** The match's rowids newest first, read now unless in hand. */
  rowids(match: string): Float64Array {
    return this.get(matchKey(match), () => this.collector.collect(this.matches, [match]))
  }

  /**
   * One query's rowids, newest first, read now unless in hand: `sql` selects COLLECT_ROWIDS over
   * a side table's or an `items` index's rows for one value.
   */
  list(sql: string, params: unknown[]): Float64Array {
    return this.get(listKey(sql, params), () => this.collector.collect(this.stmt(sql), params))
  }

  /** The query's rowids when in hand, else undefined (nothing is read). */
  heldList(sql: string, params: unknown[]): Float64Array | undefined {
    return this.peek(listKey(sql, params))
  }

  /**
   * A list kept under the caller's own key (a filter's whole result, heldResults.ts), read by
   * `sql` (COLLECT_ROWIDS over it, with `params`) unless in hand: a result's SQL changes with
   * the month ranges, its key does not.
   */
  keep(key: string, sql: string, params: unknown[]): Float64Array {
    return this.get(`own\u0000${key}`, () => this.collector.collect(this.stmt(sql), params))
  }

  /** The list kept under `key` when in hand, else undefined (nothing is read). */
  kept(key: string): Float64Array | undefined {
    return this.peek(`own\u0000${key}`)
  }

  private peek(key: string): Float64Array | undefined {
    this.sync()
    return this.lists.get(key)
  }

  private get(key: string, read: () => Float64Array): Float64Array {
    let list = this.peek(key)
    if (list) {
      // Most recently used last, so the oldest goes first.
      this.lists.delete(key)
      this.lists.set(key, list)
      return list
    }
    list = read()
    // Longer than the cap: answered, not kept, and what is held stays.
    if (list.length > this.maxRowids) return list
    for (const [old, rows] of this.lists) {
      if (this.held + list.length <= this.maxRowids) break
      this.lists.delete(old)
      this.held -= rows.length
    }
    this.lists.set(key, list)
    this.held += list.length
    return list
  }
}

const MATCH = 'match\u0000'
const matchKey = (match: string) => `${MATCH}${match}`
const isMatchKey = (key: string) => key.startsWith(MATCH)
const listKey = (sql: string, params: unknown[]) =>
  `list\u0000${sql}\u0000${JSON.stringify(params)}`

/** A ListRead over rowids held newest first (HeldRowids): a binary search, then a slice. */
export function heldRead(rowids: Float64Array): ListRead {
  return (top, floor, limit) => {
    const out: number[] = []
    for (
      let i = firstAtOrBelow(rowids, top);
      i < rowids.length && out.length < limit && rowids[i]! >= floor;
      i++
    )
      out.push(rowids[i]!)
    return out
  }
}
