import type { Migration } from '../../../adapters/sqlite/openDatabase'

/**
 * Schema 6 (issue #33): count tables kept by triggers in the index itself, so the scrubber's
 * month counts and the tag suggestions read a few hundred summary rows instead of every row of
 * `items` or `item_tags` (at 1M items: 167–250 ms and 128 ms, now well under a millisecond).
 * The index is a cache of the sidecars, so this is a schema version of the cache, not a data
 * migration: the tables are filled once from the rows already there, nothing is re-read.
 *
 * - `month_counts`: items per (month, kind, media, favourite): the months of a filter made of
 *   kinds, media and favourites only (or none) are a sum over it.
 * - `tag_months`, `collection_months`, `rating_months`: items per (value, month) of each side
 *   table: the months of a filter with exactly one organising condition and nothing else.
 * - `tag_labels`: uses per (tag key, label): the suggestions group its rows by tag key.
 *
 * New rows are counted by the code that writes them (SummaryCounts, summed per chunk), not by
 * AFTER INSERT triggers: a trigger's statement savepoint makes FTS5 write out the terms it holds
 * (schema 5's note), and such triggers made a first index 5× slower (20k rows: 10.9 s against
 * 2.1 s, bench/library-queries.ts). Deletes and changes (rare: edits, re-read sidecars, removals)
 * are counted by triggers, which every path that deletes rows fires. A side row's delete trigger
 * reads its item's month from `items`, so the side rows must go while the item row is still
 * there: the trigger that deletes them becomes BEFORE DELETE. A counter row is removed when it
 * reaches 0, so the tables hold what a GROUP BY over the rows would.
 */
export const SUMMARY_MIGRATION: Migration = (db) =>
  db.exec(`
    CREATE TABLE month_counts (
      month INTEGER NOT NULL, kind TEXT NOT NULL, media TEXT NOT NULL, favourite INTEGER NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (month, kind, media, favourite)
    ) WITHOUT ROWID;
    CREATE TABLE tag_months (
      tag TEXT NOT NULL, month INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (tag, month)
    ) WITHOUT ROWID;
    CREATE TABLE collection_months (
      collection TEXT NOT NULL, month INTEGER NOT NULL, n INTEGER NOT NULL,
      PRIMARY KEY (collection, month)
    ) WITHOUT ROWID;
    CREATE TABLE rating_months (
      atleast INTEGER NOT NULL, month INTEGER NOT NULL, n INTEGER NOT NULL,
      PRIMARY KEY (atleast, month)
    ) WITHOUT ROWID;
    CREATE TABLE tag_labels (
      tag TEXT NOT NULL, label TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (tag, label)
    ) WITHOUT ROWID;

    INSERT INTO month_counts SELECT month, kind, media, favourite, count(*) FROM items
      GROUP BY month, kind, media, favourite;
    INSERT INTO tag_months SELECT t.tag, i.month, count(*) FROM item_tags t
      JOIN items i ON i.rowid = t.item GROUP BY t.tag, i.month;
    INSERT INTO collection_months SELECT c.collection, i.month, count(*) FROM item_collections c
      JOIN items i ON i.rowid = c.item GROUP BY c.collection, i.month;
    INSERT INTO rating_months SELECT r.atleast, i.month, count(*) FROM item_ratings r
      JOIN items i ON i.rowid = r.item GROUP BY r.atleast, i.month;
    INSERT INTO tag_labels SELECT tag, label, count(*) FROM item_tags GROUP BY tag, label;

    DROP TRIGGER items_organise_ad;
    CREATE TRIGGER items_organise_bd BEFORE DELETE ON items BEGIN
      DELETE FROM item_tags WHERE item = old.rowid;
      DELETE FROM item_collections WHERE item = old.rowid;
      DELETE FROM item_ratings WHERE item = old.rowid;
    END;

    CREATE TRIGGER month_counts_ad AFTER DELETE ON items BEGIN
      UPDATE month_counts SET n = n - 1 WHERE month = old.month AND kind = old.kind
        AND media = old.media AND favourite = old.favourite;
      DELETE FROM month_counts WHERE month = old.month AND kind = old.kind
        AND media = old.media AND favourite = old.favourite AND n = 0;
    END;
    CREATE TRIGGER month_counts_au AFTER UPDATE OF month, kind, media, favourite ON items BEGIN
      UPDATE month_counts SET n = n - 1 WHERE month = old.month AND kind = old.kind
        AND media = old.media AND favourite = old.favourite;
      DELETE FROM month_counts WHERE month = old.month AND kind = old.kind
        AND media = old.media AND favourite = old.favourite AND n = 0;
      INSERT INTO month_counts VALUES (new.month, new.kind, new.media, new.favourite, 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
    END;
    ${sideTriggers('item_tags', 'tag', 'tag_months')}
    ${sideTriggers('item_collections', 'collection', 'collection_months')}
    ${sideTriggers('item_ratings', 'atleast', 'rating_months')}
    CREATE TRIGGER tag_labels_ad AFTER DELETE ON item_tags BEGIN
      UPDATE tag_labels SET n = n - 1 WHERE tag = old.tag AND label = old.label;
      DELETE FROM tag_labels WHERE tag = old.tag AND label = old.label AND n = 0;
    END;
  `)

/** The delete trigger of a side table's (value, month) counts. */
function sideTriggers(table: string, column: string, counts: string): string {
  const month = (row: string) => `(SELECT month FROM items WHERE rowid = ${row}.item)`
  return `
    CREATE TRIGGER ${counts}_ad AFTER DELETE ON ${table} BEGIN
      UPDATE ${counts} SET n = n - 1 WHERE ${column} = old.${column} AND month = ${month('old')};
      DELETE FROM ${counts} WHERE ${column} = old.${column} AND month = ${month('old')} AND n = 0;
    END;`
}
