import type { Migration } from '../../../adapters/sqlite/openDatabase'
import { FTS_TERMS_MIGRATION } from './ftsTerms'
import { SUMMARY_MIGRATION } from './indexSummaries'
import { SIDE_FACETS_MIGRATION } from './sideFacets'

/**
 * A sidecar stamp no file has (real ones are mtimes ≥ 0, -1 is "no sidecar"): a row stamped so
 * is re-read by the next reconcile. Migrations use it to refill new columns from the sidecars.
 */
export const STALE_STAMP = -2

export const MIGRATIONS: Migration[] = [
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
  // 2 (issue #15): batch columns and a cost index. Rows indexed before this version have no batch
  // values, and reconcile re-reads only files whose stamp changed (disk/scan.ts stampChanged), so
  // the stamp of every row that has a sidecar is set to -2, a value no sidecar has: the first
  // reconcile after the upgrade re-reads every sidecar (the source of truth) and fills the new
  // columns, while the grid keeps showing the old rows meanwhile (a cleared index would go blank).
  // Rows without a sidecar (-1) have no batch to recover and keep their stamp.
  (db) =>
    db.exec(`
      ALTER TABLE items ADD COLUMN batch_id TEXT;
      ALTER TABLE items ADD COLUMN batch_x TEXT;
      ALTER TABLE items ADD COLUMN batch_y TEXT;
      ALTER TABLE items ADD COLUMN batch_index INTEGER;
      ALTER TABLE items ADD COLUMN batch_repeat INTEGER;
      ALTER TABLE items ADD COLUMN batch_picks TEXT;
      -- Partial: most items are not from a batch; 'batch_id = ?' implies the index's condition.
      CREATE INDEX items_batch ON items(batch_id) WHERE batch_id IS NOT NULL;
      -- Cost orders walk this index (cost, then rowid): (cost, rowid) keysets without a sort step;
      -- items without a cost are its NULL range, read newest first for the tail of either order.
      CREATE INDEX items_cost ON items(cost);
      UPDATE items SET sidecar_mtime = ${STALE_STAMP} WHERE sidecar_mtime >= 0;
    `),
  // 3 (issue #16): ratings, tags and collections, all read from the sidecars (so the rows are
  // stamped stale as in 2). `rating` is shown on tiles; the filters walk side tables keyed
  // (value, item), whose primary keys list the items of one value newest first (item is the
  // rowid), so "rated ≥ 4", "#tag" and "in collection" pages stop after 200 rows like the other
  // filters: see organiseFilter.ts. item_ratings holds one row per star up to the rating (a
  // 3-star item is in atleast 1, 2 and 3), which turns "at least N stars" into one key too.
  // Side rows go with their item (trigger), including on the delete-then-insert of an upsert.
  (db) =>
    db.exec(`
      ALTER TABLE items ADD COLUMN rating INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE item_tags (
        tag TEXT NOT NULL, item INTEGER NOT NULL, label TEXT NOT NULL, pos INTEGER NOT NULL,
        PRIMARY KEY (tag, item)
      ) WITHOUT ROWID;
      CREATE INDEX item_tags_item ON item_tags(item);
      CREATE TABLE item_collections (
        collection TEXT NOT NULL, item INTEGER NOT NULL, PRIMARY KEY (collection, item)
      ) WITHOUT ROWID;
      CREATE INDEX item_collections_item ON item_collections(item);
      CREATE TABLE item_ratings (
        atleast INTEGER NOT NULL, item INTEGER NOT NULL, PRIMARY KEY (atleast, item)
      ) WITHOUT ROWID;
      CREATE INDEX item_ratings_item ON item_ratings(item);
      CREATE TRIGGER items_organise_ad AFTER DELETE ON items BEGIN
        DELETE FROM item_tags WHERE item = old.rowid;
        DELETE FROM item_collections WHERE item = old.rowid;
        DELETE FROM item_ratings WHERE item = old.rowid;
      END;
      UPDATE items SET sidecar_mtime = ${STALE_STAMP} WHERE sidecar_mtime >= 0;
    `),
  // 4 (issue #16, find similar): perceptual hashes, keyed by the file's sha256 rather than a
  // column of items: a hash belongs to the content, so it survives the delete-then-insert of an
  // upsert, a re-read sidecar, an index cleared for another folder and an undone delete, and
  // copies with the same bytes share one. Two unsigned 32-bit halves (0..2^32-1) as INTEGERs; -1/-1
  // marks a file that cannot be decoded (never retried). Nothing to refill: missing hashes are
  // made in the background from the thumbnails (LibrarySimilar), so no stamp is touched.
  (db) =>
    db.exec(`
      CREATE TABLE phashes (
        sha256 TEXT PRIMARY KEY, hi INTEGER NOT NULL, lo INTEGER NOT NULL
      ) WITHOUT ROWID;
    `),
  // 5 (issue #17): a new row's prompt goes into items_fts from LibraryIndex.upsert, in the same
  // transaction, instead of from an AFTER INSERT trigger. Same FTS content. A trigger runs its
  // INSERT under a statement savepoint, and FTS5's xSavepoint writes the terms it holds in memory
  // out as a new segment (fts5SavepointMethod in SQLite's fts5 source): one tiny segment, and the
  // merging that follows, per row. Measured on 10k rows in 500-row transactions: ~35 µs a row of
  // FTS work through the trigger, ~8 µs inserted directly. Deletes and prompt updates keep their
  // triggers (rare, and issued by several statements).
  (db) => db.exec('DROP TRIGGER items_ai;'),
  // 6 (issue #31): lineage of derived items (crop, upscale, expand…), one row per derived item,
  // written by upsert from the sidecar's `derivedFrom` (indexLineage.ts). `parent` is the parent's
  // id (text, not its rowid: the parent may be deleted, or indexed after its child on a first
  // read). Nothing to refill: items made before this version have no lineage.
  (db) =>
    db.exec(`
      CREATE TABLE item_lineage (
        item INTEGER PRIMARY KEY, parent TEXT NOT NULL, operation TEXT NOT NULL,
        params TEXT NOT NULL, model TEXT NOT NULL
      );
      CREATE INDEX item_lineage_parent ON item_lineage(parent);
      CREATE TRIGGER items_lineage_ad AFTER DELETE ON items BEGIN
        DELETE FROM item_lineage WHERE item = old.rowid;
      END;
    `),
  // 7 (issue #33): month and tag count tables kept by triggers (indexSummaries.ts).
  SUMMARY_MIGRATION,
  // 8 (issue #33): side rows counted per month, kind, media and favourite (sideFacets.ts).
  SIDE_FACETS_MIGRATION,
  // 9 (issue #33): the terms of items_fts, so longer typed words need no prefix scan (ftsTerms.ts).
  FTS_TERMS_MIGRATION,
  // 10 (issue #33): the rows with a problem, for every status the library sends. Without an index
  // `problem IS NOT NULL LIMIT 100` reads all of `items` when few rows have one (the usual case):
  // tens of ms of main's thread at 1M items. Partial, so rows without a problem (nearly all) cost
  // no index write.
  (db) => db.exec('CREATE INDEX items_problem ON items(problem) WHERE problem IS NOT NULL;'),
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
