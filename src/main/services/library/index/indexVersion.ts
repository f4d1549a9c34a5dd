import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'

/**
 * Which state of the index a cache was filled from: it changes whenever the index is written,
 * by this connection (`total_changes()`) or another one (`PRAGMA data_version`, as when the
 * writes run in the index writer process). Caches of reads compare it before each use. Inside
 * an open transaction it is marked as such, so what was read there is not taken for the state
 * after it ends: a ROLLBACK leaves both counters as they were, and a cache filled with the
 * rolled-back rows would otherwise outlive them (main's own bulk build, when the writer process
 * failed, reads between the chunks of a transaction that a failed chunk rolls back).
 */
export class IndexVersion {
  private readonly changes: Statement
  private readonly dataVersion: Statement

  constructor(private readonly db: Db) {
    this.changes = db.prepare('SELECT total_changes()').pluck()
    this.dataVersion = db.prepare('PRAGMA data_version').pluck()
  }

  current(): string {
    const at = `${this.changes.get() as number}:${this.dataVersion.get() as number}`
    return this.db.inTransaction ? `${at}:open` : at
  }
}

/**
 * Which state of items_fts's content a match list was read from, or null when that cannot be
 * told: a write that leaves the prompts alone (a rating, a tag, a favourite) keeps it, so a
 * search's held matches survive the edits people make while looking at its results (issue #33:
 * reading a common word's 300k matches again cost 60–150 ms of main's thread after each one).
 *
 * It is FTS5's structure record (the row with id 10 of items_fts_data), which lists the index's
 * segments: every commit that changed the full-text index, on any connection, flushes what FTS5
 * held in memory as a new segment and rewrites it, where writes to other tables leave it as it
 * was (test/main/services/library/index/heldRowids.test.ts checks both). Inside an open
 * transaction FTS5 answers queries from what it holds in memory before any segment is written,
 * so there it is null: what is read then is dropped at the next write.
 */
export class FtsVersion {
  private readonly structure: Statement

  constructor(private readonly db: Db) {
    this.structure = db.prepare('SELECT block FROM items_fts_data WHERE id = 10').pluck()
  }

  current(): string | null {
    if (this.db.inTransaction) return null
    const block = this.structure.get() as Buffer | undefined
    return block ? block.toString('base64') : null
  }
}
