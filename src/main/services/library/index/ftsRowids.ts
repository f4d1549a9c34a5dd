import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'
import { IndexVersion } from './indexVersion'
import { firstAtOrBelow, type ListRead } from './rowidLists'

/**
 * Rowids kept for all cached matches together: 8 bytes each, so at most 16 MiB of main's memory
 * (a common word matches 200–670k rows of the 1M-item bench library).
 */
const MAX_ROWIDS = 2_000_000

/**
 * The rowids of FTS5 matches, newest first, read once per match and state of the index (issue
 * #33). FTS5 in this SQLite seeks a doclist to a rowid bound by stepping through it: at 1M items
 * a common word's `rowid <= ?` read cost 0.06 ms near the newest rows and 32 ms 900k rows deep,
 * `rowid >= ?` the mirror, `rowid = ?` 600 ms (load 3–4, bench/library-queries.ts). So a deep
 * page of "collection + word", and every jump of an intersection, paid a walk of the doclist.
 * One read from the top costs about what a single deep seek did; afterwards any bound is a
 * binary search here. Dropped whenever the index changes (IndexVersion), oldest match first when
 * over MAX_ROWIDS.
 */
export class FtsRowids {
  private readonly lists = new Map<string, Float64Array>()
  private held = 0
  private version = ''
  private readonly indexVersion: IndexVersion
  private readonly all: Statement

  constructor(db: Db) {
    this.indexVersion = new IndexVersion(db)
    this.all = db
      .prepare('SELECT rowid FROM items_fts WHERE items_fts MATCH ? ORDER BY rowid ASC')
      .pluck()
  }

  private sync(): void {
    const version = this.indexVersion.current()
    if (version === this.version) return
    this.lists.clear()
    this.held = 0
    this.version = version
  }

  /** Whether the match's rowids are in hand (a read through them then seeks nothing). */
  has(match: string): boolean {
    this.sync()
    return this.lists.has(match)
  }

  /** The match's rowids newest first, read now unless in hand. */
  rowids(match: string): Float64Array {
    this.sync()
    let list = this.lists.get(match)
    if (list) {
      // Most recently used last, so the oldest goes first.
      this.lists.delete(match)
      this.lists.set(match, list)
      return list
    }
    // Oldest first, copied newest first: FTS5 reads a doclist backwards more slowly (at 1M items
    // 121 against 136 ms for a 670k-row match, alternating, load 6).
    const rows = this.all.all(match) as number[]
    list = new Float64Array(rows.length)
    for (let i = 0, n = rows.length; i < n; i++) list[n - 1 - i] = rows[i]!
    for (const [old, rows] of this.lists) {
      if (this.held + list.length <= MAX_ROWIDS) break
      this.lists.delete(old)
      this.held -= rows.length
    }
    if (list.length <= MAX_ROWIDS) {
      this.lists.set(match, list)
      this.held += list.length
    }
    return list
  }
}

/** A ListRead over rowids held newest first (FtsRowids): a binary search, then a slice. */
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
