import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'

/** How a file looked when indexed; reconcile re-reads only files whose stamp changed. */
export interface FileStamp {
  id: string
  fileMtime: number
  fileSize: number
  sidecarMtime: number
}

/** Below every rowid (keyOf keeps them ≥ 0): where a read of every stamp starts. */
export const FIRST_STAMP_PAGE = -1

/** Rows per page: ~30–50 ms of a thread at 1M items, under one message of the reader threads. */
export const STAMP_PAGE_ROWS = 10_000

/** A page's row as an array (`.raw()`), in the order the page selects it. */
type StampRow = [
  rowid: number,
  relPath: string,
  id: string,
  fileMtime: number,
  fileSize: number,
  sidecarMtime: number,
]

/**
 * How every indexed file looked when it was indexed, read a page at a time in rowid order: a
 * restart reads them in the writer process between the reader threads' messages, so the 4–5 s of
 * reading a 1M index's stamps overlaps the walk of the folder instead of following it. No
 * statement stays open between pages: each page seeks its rowid again. Rows come as arrays
 * (`.raw()`): keyed rows, which better-sqlite3 builds property by property, made the whole read
 * of the bench's 1M index 4.0–5.4 s against 2.5–3.2 (`all()`, one process, alternating, three
 * rounds each).
 */
export class StampPages {
  private readonly page: Statement

  constructor(db: Db) {
    this.page = db
      .prepare(
        `SELECT rowid, rel_path, id, file_mtime, file_size, sidecar_mtime
          FROM items WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      )
      .raw(true)
  }

  /**
   * Adds the stamps of up to `limit` rows after the rowid `after` to `into`, oldest first (the
   * order of a whole scan of the table); answers where the next page starts, or null once every
   * row was read.
   */
  after(after: number, into: Map<string, FileStamp>, limit = STAMP_PAGE_ROWS): number | null {
    const rows = this.page.all(after, limit) as StampRow[]
    for (const [, relPath, id, fileMtime, fileSize, sidecarMtime] of rows)
      into.set(relPath, { id, fileMtime, fileSize, sidecarMtime })
    return rows.length < limit ? null : rows[rows.length - 1]![0]
  }

  /** Every stamp, keyed by path. */
  all(): Map<string, FileStamp> {
    const out = new Map<string, FileStamp>()
    for (let next: number | null = FIRST_STAMP_PAGE; next !== null;) next = this.after(next, out)
    return out
  }
}
