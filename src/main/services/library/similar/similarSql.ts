import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'
import { TILE_COLUMNS } from '../index/indexRows'

/** An item with its stored hash (null halves: not hashed yet; -1: cannot be decoded). */
export interface ItemHash {
  sha256: string
  rel_path: string
  media: string
  hi: number | null
  lo: number | null
}

/** The statements LibrarySimilar runs, with the database they belong to. */
export type SimilarSql = { db: Db } & Record<
  'floorOf' | 'hashesIn' | 'missingIn' | 'byId' | 'idsBySha' | 'hasHash' | 'upsert' | 'tile',
  Statement
>

/**
 * LibrarySimilar's statements over the index (items, and phashes from index/indexSchema.ts
 * migration 4), prepared once per database. Chunks are rowid ranges: `floorOf` finds the rowid n
 * rows below a bound through the primary key, so every step reads a bounded number of rows however
 * many of them match.
 */
export function prepareSimilarSql(db: Db): SimilarSql {
  return {
    db,
    floorOf: db
      .prepare('SELECT rowid FROM items WHERE rowid < ? ORDER BY rowid DESC LIMIT 1 OFFSET ?')
      .pluck(),
    hashesIn: db.prepare(`SELECT i.id, p.hi, p.lo FROM items i JOIN phashes p ON p.sha256 = i.sha256
      WHERE i.rowid < ? AND i.rowid >= ? AND i.media = 'image' AND p.hi >= 0 ORDER BY i.rowid DESC`),
    missingIn: db.prepare(`SELECT i.sha256, i.rel_path FROM items i
      WHERE i.rowid < ? AND i.rowid >= ? AND i.media = 'image' AND i.sha256 != ''
        AND NOT EXISTS (SELECT 1 FROM phashes p WHERE p.sha256 = i.sha256) ORDER BY i.rowid DESC`),
    byId: db.prepare(`SELECT i.sha256, i.rel_path, i.media, p.hi, p.lo FROM items i
      LEFT JOIN phashes p ON p.sha256 = i.sha256 WHERE i.id = ?`),
    idsBySha: db.prepare("SELECT id FROM items WHERE sha256 = ? AND media = 'image'").pluck(),
    hasHash: db.prepare('SELECT 1 FROM phashes WHERE sha256 = ?').pluck(),
    upsert: db.prepare(`INSERT INTO phashes (sha256, hi, lo) VALUES (?, ?, ?)
      ON CONFLICT (sha256) DO UPDATE SET hi = excluded.hi, lo = excluded.lo`),
    tile: db.prepare(`SELECT ${TILE_COLUMNS} FROM items WHERE id = ?`),
  }
}
