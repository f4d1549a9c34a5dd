import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'

/**
 * Which state of the index a cache was filled from: it changes whenever the index is written,
 * by this connection (`total_changes()`) or another one (`PRAGMA data_version`, as when the
 * writes run in the index writer process). Caches of reads compare it before each use.
 */
export class IndexVersion {
  private readonly changes: Statement
  private readonly dataVersion: Statement

  constructor(db: Db) {
    this.changes = db.prepare('SELECT total_changes()').pluck()
    this.dataVersion = db.prepare('PRAGMA data_version').pluck()
  }

  current(): string {
    return `${this.changes.get() as number}:${this.dataVersion.get() as number}`
  }
}
