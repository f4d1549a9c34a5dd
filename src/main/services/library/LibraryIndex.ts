import type {
  LibraryCursor,
  LibraryFilter,
  LibraryItem,
  LibraryKind,
  LibraryMedia,
  LibraryMonth,
  LibraryPage,
  LibrarySidecar,
  LibraryTile,
  MediaExt,
} from '@shared/library/types'
import type { Statement } from 'better-sqlite3'

import {
  type Db,
  type Migration,
  openDatabase,
  type SqliteOpener,
} from '../../adapters/sqlite/openDatabase'

/** What the index stores per file: the sidecar plus where it is and how it looked when read. */
export interface IndexRow {
  sidecar: LibrarySidecar
  relPath: string
  media: LibraryMedia
  ext: MediaExt
  fileMtime: number
  fileSize: number
  /** -1 when the file has no readable sidecar. */
  sidecarMtime: number
  problem: string | null
  /** A video whose poster frame is in the thumbnail cache (images always have a thumbnail). */
  poster?: boolean
}

/** How a file looked when indexed; reconcile re-reads only files whose stamp changed. */
export interface FileStamp {
  id: string
  fileMtime: number
  fileSize: number
  sidecarMtime: number
}

const MIGRATIONS: Migration[] = [
  (db) =>
    db.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE items (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        rel_path TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        media TEXT NOT NULL,
        ext TEXT NOT NULL,
        model TEXT NOT NULL,
        prompt TEXT NOT NULL,
        negative TEXT NOT NULL,
        params TEXT NOT NULL,
        seed INTEGER,
        cost REAL,
        source_task TEXT,
        width INTEGER,
        height INTEGER,
        duration REAL,
        bytes INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        created INTEGER NOT NULL,
        month INTEGER NOT NULL,
        favourite INTEGER NOT NULL DEFAULT 0,
        demo INTEGER NOT NULL DEFAULT 0,
        original_name TEXT,
        problem TEXT,
        file_mtime INTEGER NOT NULL,
        file_size INTEGER NOT NULL,
        sidecar_mtime INTEGER NOT NULL,
        poster INTEGER NOT NULL DEFAULT 0
      );
      -- The rowid is the sort key (see keyOf): every index below ends in it implicitly, so each
      -- filter walks its index newest first and stops after one page.
      CREATE INDEX items_kind ON items(kind);
      CREATE INDEX items_media ON items(media);
      CREATE INDEX items_model ON items(model);
      CREATE INDEX items_favourite ON items(favourite) WHERE favourite = 1;
      CREATE INDEX items_month ON items(month);
      CREATE INDEX items_sha ON items(sha256);
      CREATE INDEX items_task ON items(source_task) WHERE source_task IS NOT NULL;
      CREATE VIRTUAL TABLE items_fts USING fts5(
        prompt, negative, content='items', content_rowid='rowid',
        tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
      );
      CREATE TRIGGER items_ai AFTER INSERT ON items BEGIN
        INSERT INTO items_fts(rowid, prompt, negative) VALUES (new.rowid, new.prompt, new.negative);
      END;
      CREATE TRIGGER items_ad AFTER DELETE ON items BEGIN
        INSERT INTO items_fts(items_fts, rowid, prompt, negative) VALUES ('delete', old.rowid, old.prompt, old.negative);
      END;
      CREATE TRIGGER items_au AFTER UPDATE OF prompt, negative ON items BEGIN
        INSERT INTO items_fts(items_fts, rowid, prompt, negative) VALUES ('delete', old.rowid, old.prompt, old.negative);
        INSERT INTO items_fts(rowid, prompt, negative) VALUES (new.rowid, new.prompt, new.negative);
      END;
    `),
]

/**
 * Rows are keyed by time: rowid = created ms × 2^10 + a tie counter (a safe integer until 2248). Newest first is then simply
 * `ORDER BY rowid DESC`, which the primary key, every secondary index (rowid is their last
 * column) and FTS5 (doclists are in rowid order) all deliver without sorting, so a page or a
 * search stops after 200 rows even when a common word matches half the library.
 */
export const KEY_SHIFT = 2 ** 10
export const keyOf = (createdMs: number): number => Math.max(0, Math.floor(createdMs)) * KEY_SHIFT

/** yyyymm in local time: months on the scrubber are the user's calendar months. */
export const monthKeyOf = (ms: number): number => {
  const d = new Date(ms)
  return d.getFullYear() * 100 + d.getMonth() + 1
}

/**
 * Turns what the user typed into a safe FTS5 query: every word must occur (prefix match), and
 * nothing the user types can be FTS syntax. Null when there are no words.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .slice(0, 16)
  if (!words.length) return null
  return words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' ')
}

const TILE_COLUMNS = `items.id, items.kind, items.media, items.model,
  substr(items.prompt, 1, 200) AS prompt_preview, items.created, items.favourite, items.width,
  items.height, items.duration, items.sha256, items.rel_path, items.problem, items.poster`

interface TileRow {
  id: string
  kind: string
  media: string
  model: string
  prompt_preview: string
  created: number
  favourite: number
  width: number | null
  height: number | null
  duration: number | null
  sha256: string
  rel_path: string
  problem: string | null
  poster: number
}

interface FullRow extends TileRow {
  prompt: string
  negative: string
  params: string
  seed: number | null
  cost: number | null
  source_task: string | null
  bytes: number
  demo: number
  ext: string
  original_name: string | null
}

const toTile = (r: TileRow): LibraryTile => ({
  id: r.id,
  kind: r.kind as LibraryKind,
  media: r.media as LibraryMedia,
  model: r.model,
  promptPreview: r.prompt_preview,
  createdAt: r.created,
  favourite: r.favourite === 1,
  width: r.width,
  height: r.height,
  durationSec: r.duration,
  sha256: r.sha256,
  fileName: r.rel_path.slice(r.rel_path.lastIndexOf('/') + 1),
  problem: r.problem,
  hasThumb: r.media === 'image' || r.poster === 1,
})

function parseParams(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/**
 * The SQLite index of the library (in userData, never in the library folder): a rebuildable
 * cache of the sidecars for fast newest-first keyset pages, filters, month counts and FTS5 search
 * over prompts. All methods are synchronous (better-sqlite3) and cheap at 100k items.
 */
export class LibraryIndex {
  readonly db: Db
  private readonly stmts

  constructor(path: string, open: SqliteOpener = openDatabase) {
    this.db = open({
      path,
      migrations: MIGRATIONS,
      synchronous: 'NORMAL',
      onCorrupt: 'recreate',
    })
    const db = this.db
    this.stmts = {
      upsert: db.prepare(`
        INSERT INTO items (rowid, id, rel_path, kind, media, ext, model, prompt, negative, params, seed, cost,
          source_task, width, height, duration, bytes, sha256, created, month, favourite, demo,
          original_name, problem, file_mtime, file_size, sidecar_mtime, poster)
        VALUES (@rowid, @id, @rel_path, @kind, @media, @ext, @model, @prompt, @negative, @params, @seed, @cost,
          @source_task, @width, @height, @duration, @bytes, @sha256, @created, @month, @favourite, @demo,
          @original_name, @problem, @file_mtime, @file_size, @sidecar_mtime, @poster)
`),
      atPath: db.prepare('SELECT rowid FROM items WHERE rel_path = ?').pluck(),
      deleteRow: db.prepare('DELETE FROM items WHERE rowid = ?'),
      maxKey: db.prepare('SELECT max(rowid) FROM items WHERE rowid >= ? AND rowid < ?').pluck(),
      keyOfId: db.prepare('SELECT rowid FROM items WHERE id = ?').pluck(),
      hasKey: db.prepare('SELECT 1 FROM items WHERE rowid = ?').pluck(),
      idAt: db.prepare('SELECT rel_path FROM items WHERE id = ?').pluck(),
      deleteByPath: db.prepare('DELETE FROM items WHERE rel_path = ? RETURNING id').pluck(),
      deleteUnder: db
        .prepare('DELETE FROM items WHERE rel_path >= ? AND rel_path < ? RETURNING id')
        .pluck(),
      byId: db.prepare('SELECT * FROM items WHERE id = ?'),
      bySha: db.prepare('SELECT id FROM items WHERE sha256 = ? LIMIT 1').pluck(),
      byTask: db
        .prepare('SELECT id FROM items WHERE source_task = ? AND sha256 = ? LIMIT 1')
        .pluck(),
      stamps: db.prepare('SELECT rel_path, id, file_mtime, file_size, sidecar_mtime FROM items'),
      count: db.prepare('SELECT count(*) FROM items').pluck(),
      problems: db.prepare(
        'SELECT rel_path, problem FROM items WHERE problem IS NOT NULL LIMIT 100',
      ),
      setFavourite: db.prepare('UPDATE items SET favourite = ?, sidecar_mtime = ? WHERE id = ?'),
      setPoster: db.prepare('UPDATE items SET poster = 1 WHERE id = ?'),
      getMeta: db.prepare('SELECT value FROM meta WHERE key = ?').pluck(),
      setMeta: db.prepare(
        'INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
      models: db.prepare(
        'SELECT model, count(*) AS n FROM items GROUP BY model ORDER BY n DESC LIMIT 200',
      ),
    }
  }

  close(): void {
    if (this.db.open) this.db.close()
  }

  getMeta(key: string): string | null {
    return (this.stmts.getMeta.get(key) as string | undefined) ?? null
  }

  setMeta(key: string, value: string): void {
    this.stmts.setMeta.run(key, value)
  }

  /** Empties the index (the library folder changed); the files are untouched. */
  clear(): void {
    this.db.exec("DELETE FROM items; INSERT INTO items_fts(items_fts) VALUES ('rebuild');")
  }

  count(): number {
    return this.stmts.count.get() as number
  }

  /** Inserts or replaces rows in one transaction; an ID already used by another path gets a suffix. */
  upsert(rows: IndexRow[]): void {
    const run = this.db.transaction((batch: IndexRow[]) => {
      for (const row of batch) {
        const s = row.sidecar
        const created = Date.parse(s.created)
        const base = keyOf(created)
        const existing = this.stmts.atPath.get(row.relPath) as number | undefined
        if (existing !== undefined) this.stmts.deleteRow.run(existing)
        let rowid: number
        if (existing !== undefined && existing >= base && existing < base + KEY_SHIFT)
          rowid = existing
        else {
          const max = this.stmts.maxKey.get(base, base + KEY_SHIFT) as number | null
          rowid = max === null ? base : max + 1
          // More than 1024 items in one millisecond spill into the next ones, in order.
          while (this.stmts.hasKey.get(rowid) !== undefined) rowid++
        }
        let id = s.id
        if (this.stmts.idAt.get(id) !== undefined) id = `${s.id}~${shortHash(row.relPath)}`
        this.stmts.upsert.run({
          rowid,
          id,
          rel_path: row.relPath,
          kind: s.kind,
          media: row.media,
          ext: row.ext,
          model: s.model,
          prompt: s.prompt,
          negative: s.negativePrompt,
          params: JSON.stringify(s.params),
          seed: s.seed,
          cost: s.costEstimate,
          source_task: s.sourceTaskId,
          width: s.width,
          height: s.height,
          duration: s.durationSec,
          bytes: s.bytes,
          sha256: s.sha256,
          created,
          month: monthKeyOf(created),
          favourite: s.favourite ? 1 : 0,
          demo: s.demo ? 1 : 0,
          original_name: s.originalName ?? null,
          problem: row.problem,
          file_mtime: row.fileMtime,
          file_size: row.fileSize,
          sidecar_mtime: row.sidecarMtime,
          poster: row.poster ? 1 : 0,
        })
      }
    })
    run(rows)
  }

  /** Removes the rows of these paths (and of everything under them when they are folders). */
  removePaths(relPaths: string[]): string[] {
    const run = this.db.transaction((paths: string[]) => {
      const ids: string[] = []
      for (const p of paths) {
        ids.push(...(this.stmts.deleteByPath.all(p) as string[]))
        // Everything under "p/": '/' + 1 is '0', so [p/, p0) is exactly that subtree.
        ids.push(...(this.stmts.deleteUnder.all(`${p}/`, `${p}0`) as string[]))
      }
      return ids
    })
    return run(relPaths)
  }

  stamps(): Map<string, FileStamp> {
    const out = new Map<string, FileStamp>()
    for (const r of this.stmts.stamps.iterate() as Iterable<{
      rel_path: string
      id: string
      file_mtime: number
      file_size: number
      sidecar_mtime: number
    }>) {
      out.set(r.rel_path, {
        id: r.id,
        fileMtime: r.file_mtime,
        fileSize: r.file_size,
        sidecarMtime: r.sidecar_mtime,
      })
    }
    return out
  }

  problems(): Array<{ relPath: string; message: string }> {
    return (this.stmts.problems.all() as Array<{ rel_path: string; problem: string }>).map((r) => ({
      relPath: r.rel_path,
      message: r.problem,
    }))
  }

  get(id: string): LibraryItem | null {
    const r = this.stmts.byId.get(id) as FullRow | undefined
    if (!r) return null
    return {
      ...toTile(r as TileRow & { prompt_preview: string }),
      promptPreview: r.prompt.slice(0, 200),
      prompt: r.prompt,
      negativePrompt: r.negative,
      params: parseParams(r.params),
      seed: r.seed,
      costEstimate: r.cost,
      sourceTaskId: r.source_task,
      bytes: r.bytes,
      demo: r.demo === 1,
      relPath: r.rel_path,
      ext: r.ext as MediaExt,
      originalName: r.original_name,
    }
  }

  findBySha(sha256: string): string | null {
    return (this.stmts.bySha.get(sha256) as string | undefined) ?? null
  }

  findByTask(sourceTaskId: string, sha256: string): string | null {
    return (this.stmts.byTask.get(sourceTaskId, sha256) as string | undefined) ?? null
  }

  setFavourite(id: string, favourite: boolean, sidecarMtime: number): void {
    this.stmts.setFavourite.run(favourite ? 1 : 0, sidecarMtime, id)
  }

  markPoster(id: string): void {
    this.stmts.setPoster.run(id)
  }

  /** Distinct models with their counts, for the model filter. */
  models(): Array<{ model: string; count: number }> {
    return (this.stmts.models.all() as Array<{ model: string; n: number }>).map((r) => ({
      model: r.model,
      count: r.n,
    }))
  }

  private readonly cache = new Map<string, Statement>()
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
    const key = after.id ? (this.stmts.keyOfId.get(after.id) as number | undefined) : undefined
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

function shortHash(s: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(36)
}
