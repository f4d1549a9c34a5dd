import type { Migration } from '../../../adapters/sqlite/openDatabase'
import type { SideFilter } from './organiseFilter'

/** An item's place in the count tables: its month and the `items` columns month counts filter by. */
export interface ItemFacets {
  month: number
  kind: string
  media: string
  favourite: number
}

/** The `side` value of each side table in `side_month_facets`. */
export const SIDE_NAMES: Record<SideFilter['table'], string> = {
  item_tags: 'tag',
  item_collections: 'collection',
  item_ratings: 'rating',
}

/** Each side table's value column. */
const SIDES: Array<[SideFilter['table'], string]> = [
  ['item_tags', 'tag'],
  ['item_collections', 'collection'],
  ['item_ratings', 'atleast'],
]

/**
 * Schema 8 (issue #33): side rows counted per (side, value, month, kind, media, favourite), so
 * the month counts of one organising condition with kinds, media or favourites ("rated ≥ 3,
 * images", "#cat in art", "favourites rated ≥ 4") are a sum over a few dozen rows instead of a
 * probe of `items` per side row: at 1M items a rating's 150k rows cost 0.1–0.3 s even as index
 * probes (monthRanges.ts), 0.6–1 s as the GROUP BY. The schema-7 tables stay as they are.
 *
 * Kept as schema 7's: new side rows are counted by their writer (SummaryCounts), deletes by
 * triggers that read the item's facets from `items` (side rows go before their item, schema 7's
 * BEFORE DELETE trigger), and a change of an item's facets moves the counts of all its side rows
 * (only when one of them changed, so a rating edit does not rewrite them). `value` has no
 * declared type, so ratings stay integers and tags and collections text.
 */
export const SIDE_FACETS_MIGRATION: Migration = (db) =>
  db.exec(`
    CREATE TABLE side_month_facets (
      side TEXT NOT NULL, value NOT NULL, month INTEGER NOT NULL, kind TEXT NOT NULL,
      media TEXT NOT NULL, favourite INTEGER NOT NULL, n INTEGER NOT NULL,
      PRIMARY KEY (side, value, month, kind, media, favourite)
    ) WITHOUT ROWID;
    ${SIDES.map(
      ([table, column]) => `
    INSERT INTO side_month_facets
      SELECT '${sideOf(table)}', s.${column}, i.month, i.kind, i.media, i.favourite, count(*)
      FROM ${table} s JOIN items i ON i.rowid = s.item
      GROUP BY s.${column}, i.month, i.kind, i.media, i.favourite;
    CREATE TRIGGER ${table}_facets_ad AFTER DELETE ON ${table} BEGIN
      UPDATE side_month_facets SET n = n - 1
        WHERE side = '${sideOf(table)}' AND value = old.${column}
        AND (month, kind, media, favourite) =
          (SELECT month, kind, media, favourite FROM items WHERE rowid = old.item);
      DELETE FROM side_month_facets WHERE side = '${sideOf(table)}' AND value = old.${column} AND n = 0;
    END;`,
    ).join('')}
    CREATE TRIGGER items_facets_au AFTER UPDATE OF month, kind, media, favourite ON items
    WHEN old.month IS NOT new.month OR old.kind IS NOT new.kind OR old.media IS NOT new.media
      OR old.favourite IS NOT new.favourite
    BEGIN
      ${SIDES.map(
        ([table, column]) => `
      UPDATE side_month_facets SET n = n - 1
        WHERE side = '${sideOf(table)}' AND month = old.month AND kind = old.kind
        AND media = old.media AND favourite = old.favourite
        AND value IN (SELECT ${column} FROM ${table} WHERE item = old.rowid);
      DELETE FROM side_month_facets WHERE side = '${sideOf(table)}' AND n = 0
        AND value IN (SELECT ${column} FROM ${table} WHERE item = old.rowid);
      INSERT INTO side_month_facets
        SELECT '${sideOf(table)}', ${column}, new.month, new.kind, new.media, new.favourite, 1
        FROM ${table} WHERE item = new.rowid AND true
        ON CONFLICT DO UPDATE SET n = n + 1;`,
      ).join('')}
    END;
  `)

function sideOf(table: SideFilter['table']): string {
  return SIDE_NAMES[table]
}
