/**
 * index/: the SQLite index in userData, a rebuildable cache of the sidecars: schema and
 * migrations, rows, keyset pages and cost order, filters and their estimates, FTS5 search, the
 * organise tables. Synchronous SQL only: it never touches the library folder, never emits
 * events, and imports no other part of the library.
 */
import type {
  LibraryCursor,
  LibraryFilter,
  LibraryItem,
  LibraryMonth,
  LibraryPage,
  MediaExt,
} from '@shared/library/types'

import { type Db, openDatabase, type SqliteOpener } from '../../../adapters/sqlite/openDatabase'
import { BULK_COMMIT_ROWS } from './bulkCommits'
import type { RowPlace } from './costOrder'
import { freeKey } from './freeKey'
import { FtsTerms } from './ftsTerms'
import { HeldPrompts } from './heldPrompts'
import { LineageIndex } from './indexLineage'
import { OrganiseIndex } from './indexOrganise'
import { IndexQueries } from './indexQueries'
import {
  batchOf,
  type FullRow,
  type IndexRow,
  inKeyOrder,
  parseParams,
  rowValues,
  type TileRow,
  toTile,
} from './indexRows'
import { KEY_SHIFT, keyOf, MIGRATIONS, monthKeyOf } from './indexSchema'
import { type FileStamp, StampPages } from './stampPages'

export type { IndexRow } from './indexRows'
export { ftsQuery } from './indexRows'
export { KEY_SHIFT, keyOf, monthKeyOf } from './indexSchema'
export type { FileStamp } from './stampPages'

/**
 * The SQLite index of the library (in userData, never in the library folder): a rebuildable
 * cache of the sidecars for fast newest-first keyset pages, filters, month counts and FTS5 search
 * over prompts. All methods are synchronous (better-sqlite3) and cheap at 100k items.
 */
export class LibraryIndex {
  readonly db: Db
  /** Ratings, tags and collections (indexOrganise.ts). */
  readonly organise: OrganiseIndex
  /** Made-from links of derived items (indexLineage.ts). */
  readonly lineage: LineageIndex
  /** The terms of items_fts (ftsTerms.ts): upsert adds each chunk's, searches expand words. */
  readonly terms: FtsTerms
  /** The files' stamps a page at a time (stampPages.ts): a restart reads them beside its walk. */
  readonly stampPages: StampPages
  private readonly stmts
  /** Rows written by `upsertBulk` since its transaction began. */
  private bulkRows = 0
  /** The prompts of the bulk's rows, written to items_fts at its commit (heldPrompts.ts). */
  private readonly held: HeldPrompts

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
          original_name, problem, file_mtime, file_size, sidecar_mtime, poster,
          batch_id, batch_x, batch_y, batch_index, batch_repeat, batch_picks, rating)
        VALUES (@rowid, @id, @rel_path, @kind, @media, @ext, @model, @prompt, @negative, @params, @seed, @cost,
          @source_task, @width, @height, @duration, @bytes, @sha256, @created, @month, @favourite, @demo,
          @original_name, @problem, @file_mtime, @file_size, @sidecar_mtime, @poster,
          @batch_id, @batch_x, @batch_y, @batch_index, @batch_repeat, @batch_picks, @rating)
`),
      // Migration 5: every new row's prompt is indexed by upsert itself, not by a trigger.
      ftsInsert: db.prepare('INSERT INTO items_fts (rowid, prompt, negative) VALUES (?, ?, ?)'),
      atPath: db.prepare('SELECT rowid FROM items WHERE rel_path = ?').pluck(),
      deleteRow: db.prepare('DELETE FROM items WHERE rowid = ?'),
      maxKey: db.prepare('SELECT max(rowid) FROM items WHERE rowid >= ? AND rowid < ?').pluck(),
      placeOf: db.prepare('SELECT rowid AS key, cost FROM items WHERE id = ?'),
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
      // The month counts (schema 7) hold every row once: a sum over a few hundred rows, where
      // count(*) walks a whole index (20-40 ms of main's thread at 1M items, at every status).
      count: db.prepare('SELECT coalesce(sum(n), 0) FROM month_counts').pluck(),
      countUpTo: db.prepare('SELECT count(*) FROM (SELECT 1 FROM items LIMIT ?)').pluck(),
      problems: db.prepare(
        'SELECT rel_path, problem FROM items WHERE problem IS NOT NULL LIMIT 100',
      ),
      setFavourite: db.prepare('UPDATE items SET favourite = ?, sidecar_mtime = ? WHERE id = ?'),
      setPoster: db.prepare('UPDATE items SET poster = 1 WHERE id = ?'),
      setSha: db.prepare("UPDATE items SET sha256 = ? WHERE id = ? AND sha256 = ''"),
      getMeta: db.prepare('SELECT value FROM meta WHERE key = ?').pluck(),
      setMeta: db.prepare(
        'INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
      models: db.prepare(
        'SELECT model, count(*) AS n FROM items GROUP BY model ORDER BY n DESC LIMIT 200',
      ),
    }
    this.held = new HeldPrompts(this.stmts.ftsInsert)
    this.organise = new OrganiseIndex(db)
    this.lineage = new LineageIndex(db)
    this.terms = new FtsTerms(db)
    this.stampPages = new StampPages(db)
    const placeOf = this.stmts.placeOf
    this.queries = new IndexQueries(db, (id) => placeOf.get(id) as RowPlace | undefined, this.terms)
  }

  /** Commits a bulk in progress and closes the database (again: nothing, as better-sqlite3 does). */
  close(): void {
    this.endBulk()
    this.db.close()
  }

  /**
   * `upsert` for a first index, whose rows come in many chunks, one per tick of main's thread:
   * the chunks share one transaction, committed every `commitRows` rows (the writer process scales
   * it with the index, `bulkCommitRows`) and by `endBulk()`.
   * Each chunk still holds main's thread only as long as before, but a commit writes every page
   * the transaction dirtied, and the id, sha256 and task indexes take rows at random places: with
   * a commit per 500-row chunk most of their pages were written again at every commit
   * (bench/library-index.ts, `control: index writes alone`). Rows not committed when the app
   * dies are missing from the index, not damaged, and the next start's reconcile reads them.
   * Their prompts reach items_fts at the commit (heldPrompts.ts): a search finds a bulk's rows
   * from its commit on, as every other connection sees them.
   */
  upsertBulk(rows: IndexRow[], commitRows = BULK_COMMIT_ROWS): void {
    // Nothing else keeps a transaction open between ticks: an open one is this bulk's.
    if (!this.db.inTransaction) {
      // IMMEDIATE: the write lock from the start. A deferred BEGIN reads first, and a commit from
      // another connection before its first write (main storing hashes) fails it with
      // SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out.
      this.db.exec('BEGIN IMMEDIATE')
      this.terms.settle(false)
      this.held.settle(false)
      this.bulkRows = 0
    }
    // Straight into the bulk's transaction, without `upsert`'s statement savepoint, whose journal
    // copied every page a chunk touched first: 0.87× the CPU a row (library/writer/README.md). So
    // a chunk that fails rolls back the whole uncommitted bulk: its rows are missing from the
    // index, not half written, and are read again (main's fallback reads what is not indexed).
    try {
      this.writeBatch(inKeyOrder(rows), this.held)
    } catch (e) {
      this.rollBackBulk()
      throw e
    }
    this.bulkRows += rows.length
    if (this.bulkRows >= commitRows) this.endBulk()
  }

  /** Commits what `upsertBulk` wrote so far (nothing once the index is closed: close commits). */
  endBulk(): void {
    if (!this.db.open || !this.db.inTransaction) return
    try {
      this.held.flush()
      this.db.exec('COMMIT')
      this.terms.settle(true)
    } catch (e) {
      this.rollBackBulk()
      throw e
    }
  }

  /** Drops the bulk's uncommitted rows, counts and terms (a chunk or its commit failed). */
  private rollBackBulk(): void {
    this.organise.counts.discard()
    this.terms.settle(false)
    this.held.discard()
    if (this.db.inTransaction) this.db.exec('ROLLBACK')
  }

  getMeta(key: string): string | null {
    return (this.stmts.getMeta.get(key) as string | undefined) ?? null
  }

  setMeta(key: string, value: string): void {
    this.stmts.setMeta.run(key, value)
  }

  /** Empties the index (the library folder changed); the files are untouched. */
  clear(): void {
    this.held.settle(this.db.inTransaction)
    this.db.exec("DELETE FROM items; INSERT INTO items_fts(items_fts) VALUES ('rebuild');")
  }

  count(): number {
    return this.stmts.count.get() as number
  }

  /** count(), but counting no further than `cap`: what a decision by size needs, cheap at 1M. */
  countUpTo(cap: number): number {
    return this.stmts.countUpTo.get(cap) as number
  }

  /** Inserts or replaces rows in one transaction; an ID already used by another path gets a suffix. */
  upsert(rows: IndexRow[]): void {
    // Alone (not inside upsertBulk's transaction), this call's transaction is the terms' one.
    // A committed settle only lets later chunks skip inserting terms the table already has (a
    // cache of it): without it they are inserted again (OR IGNORE), so its mutants here and in
    // endBulk are equivalent. Dropping a rolled-back transaction's terms is what keeps searches
    // right (LibraryIndex.items.test.ts).
    const alone = !this.db.inTransaction
    if (alone) this.terms.settle(false)
    this.held.settle(!alone)
    try {
      this.db.transaction((batch: IndexRow[]) => this.writeBatch(batch)).immediate(inKeyOrder(rows))
      if (alone) this.terms.settle(true)
    } catch (e) {
      this.organise.counts.discard()
      this.terms.settle(false)
      throw e
    }
  }

  /**
   * Writes rows, their side rows, their prompts' terms and their share of the count tables
   * (`organise.counts`) in the open transaction; a caller whose transaction rolls back discards
   * the counts. With `held`, the prompts wait there for the bulk's commit.
   */
  private writeBatch(batch: IndexRow[], held?: HeldPrompts): void {
    for (const row of batch) {
      const s = row.sidecar
      const created = Date.parse(s.created)
      const month = monthKeyOf(created)
      const base = keyOf(created)
      const existing = this.stmts.atPath.get(row.relPath) as number | undefined
      if (existing !== undefined) {
        // The row there may be one this bulk holds the prompt of: FTS5 must have it to delete it.
        held?.flush()
        this.stmts.deleteRow.run(existing)
      }
      let rowid: number
      if (existing !== undefined && existing >= base && existing < base + KEY_SHIFT)
        rowid = existing
      else rowid = freeKey(this.stmts.maxKey, base)
      let id = s.id
      if (this.stmts.idAt.get(id) !== undefined) id = `${s.id}~${shortHash(row.relPath)}`
      this.stmts.upsert.run(rowValues(row, { rowid, id, created, month }))
      if (held) held.hold(rowid, s.prompt, s.negativePrompt)
      else this.stmts.ftsInsert.run(rowid, s.prompt, s.negativePrompt)
      const facets = { month, kind: s.kind, media: row.media, favourite: s.favourite ? 1 : 0 }
      this.organise.counts.item(month, facets.kind, facets.media, facets.favourite)
      this.organise.writeRows(rowid, facets, s)
      this.lineage.writeRow(rowid, s.derivedFrom)
    }
    this.terms.add(batch.flatMap((row) => [row.sidecar.prompt, row.sidecar.negativePrompt]))
    this.organise.counts.flush()
  }

  /** Removes the rows of these paths (and of everything under them when they are folders). */
  removePaths(relPaths: string[]): string[] {
    this.held.settle(this.db.inTransaction)
    const run = this.db.transaction((paths: string[]) => {
      const ids: string[] = []
      for (const p of paths) {
        ids.push(...(this.stmts.deleteByPath.all(p) as string[]))
        // Everything under "p/": '/' + 1 is '0', so [p/, p0) is exactly that subtree.
        ids.push(...(this.stmts.deleteUnder.all(`${p}/`, `${p}0`) as string[]))
      }
      return ids
    })
    return run.immediate(relPaths)
  }

  stamps(): Map<string, FileStamp> {
    return this.stampPages.all()
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
      sourceTaskId: r.source_task,
      bytes: r.bytes,
      demo: r.demo === 1,
      relPath: r.rel_path,
      ext: r.ext as MediaExt,
      originalName: r.original_name,
      batch: batchOf(r),
      ...this.organise.fieldsOf(r.rowid),
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

  /** Records the content hash of an item whose sidecar had none (filesOut.thumbPath). */
  setSha(id: string, sha256: string): void {
    this.stmts.setSha.run(sha256, id)
  }

  /** Distinct models with their counts, for the model filter. */
  models(): Array<{ model: string; count: number }> {
    return (this.stmts.models.all() as Array<{ model: string; n: number }>).map((r) => ({
      model: r.model,
      count: r.n,
    }))
  }

  private readonly queries: IndexQueries

  /** One page in the filter's order, strictly after `after` (see IndexQueries.page). */
  page(filter: LibraryFilter, after: LibraryCursor | null, limit: number, skip = 0): LibraryPage {
    return this.queries.page(filter, after, limit, skip)
  }

  /** Counts per month for the same filter, newest first. */
  months(filter: LibraryFilter): LibraryMonth[] {
    return this.queries.months(filter)
  }

  /** IDs in grid order (the filter's sort) for a filter (select all), capped. */
  ids(filter: LibraryFilter, cap: number): string[] {
    return this.queries.ids(filter, cap)
  }
}

function shortHash(s: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(36)
}
