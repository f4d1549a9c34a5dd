import { type OrganiseFields, type TagCount, tagKey } from '@shared/library/organise'
import type { LibrarySidecar } from '@shared/library/types'

import type { Db } from '../../../adapters/sqlite/openDatabase'
import type { ItemFacets } from './sideFacets'
import { SummaryCounts } from './summaryCounts'

/** The `[from, to)` key range of every tag key starting with `prefix`. */
export const prefixRange = (prefix: string): [string, string] => [prefix, `${prefix}\u{10FFFF}`]

/**
 * The index's side of organising (issue #16): the `rating` column and the side tables of tags,
 * collections and rating thresholds (schema 3 in indexSchema.ts). Kept apart from LibraryIndex so
 * the rows, the edits and the reads of these fields live in one place; LibraryIndex calls
 * `writeRows` from its upsert, inside its transaction.
 */
export class OrganiseIndex {
  private readonly st
  /** The count tables' share of the rows written (schema 7); LibraryIndex counts its rows too. */
  readonly counts: SummaryCounts

  constructor(private readonly db: Db) {
    this.counts = new SummaryCounts(db)
    this.st = {
      tag: db.prepare(
        'INSERT OR IGNORE INTO item_tags (tag, item, label, pos) VALUES (?, ?, ?, ?)',
      ),
      collection: db.prepare(
        'INSERT OR IGNORE INTO item_collections (collection, item) VALUES (?, ?)',
      ),
      rating: db.prepare('INSERT OR IGNORE INTO item_ratings (atleast, item) VALUES (?, ?)'),
      clearTags: db.prepare('DELETE FROM item_tags WHERE item = ?'),
      clearCollections: db.prepare('DELETE FROM item_collections WHERE item = ?'),
      clearRatings: db.prepare('DELETE FROM item_ratings WHERE item = ?'),
      placeOf: db.prepare('SELECT rowid AS key, month, kind, media FROM items WHERE id = ?'),
      update: db.prepare(
        'UPDATE items SET rating = ?, favourite = ?, sidecar_mtime = ? WHERE rowid = ?',
      ),
      tagsOf: db.prepare('SELECT label FROM item_tags WHERE item = ? ORDER BY pos').pluck(),
      collectionsOf: db
        .prepare('SELECT collection FROM item_collections WHERE item = ? ORDER BY collection')
        .pluck(),
      suggest: db.prepare(`
        SELECT tag, max(label) AS label, sum(n) AS n FROM tag_labels
        WHERE tag >= ? AND tag < ? GROUP BY tag ORDER BY n DESC, tag LIMIT ?`),
      counts: db.prepare(
        'SELECT collection, count(*) AS n FROM item_collections GROUP BY collection',
      ),
      members: db
        .prepare(
          `SELECT items.id FROM item_collections c JOIN items ON items.rowid = c.item
           WHERE c.collection = ? ORDER BY c.item DESC`,
        )
        .pluck(),
    }
  }

  /**
   * Inserts an item's side rows (its `items` row, with `rating`, was just written as `key`, with
   * these month, kind, media and favourite) and counts them in `counts`; the caller flushes the
   * counts in its transaction.
   */
  writeRows(
    key: number,
    item: ItemFacets,
    s: Pick<LibrarySidecar, 'rating' | 'tags' | 'collections'>,
  ): void {
    const tags = s.tags ?? []
    const c = this.counts
    for (let i = 0; i < tags.length; i++) {
      const tag = tagKey(tags[i]!)
      if (this.st.tag.run(tag, key, tags[i]!, i).changes === 0) continue
      c.side('item_tags', tag, item)
      c.label(tag, tags[i]!)
    }
    for (const id of s.collections ?? [])
      if (this.st.collection.run(id, key).changes) c.side('item_collections', id, item)
    for (let r = 1; r <= (s.rating ?? 0); r++)
      if (this.st.rating.run(r, key).changes) c.side('item_ratings', r, item)
  }

  /**
   * Puts an item's organising fields into the index after its sidecar was rewritten (with the
   * sidecar's new mtime, so reconcile does not read it again). False when the item is gone.
   */
  update(id: string, f: OrganiseFields, sidecarMtime: number): boolean {
    const place = this.st.placeOf.get(id) as
      { key: number; month: number; kind: string; media: string } | undefined
    if (place === undefined) return false
    const { key, month, kind, media } = place
    try {
      this.transaction(() => {
        this.st.update.run(f.rating, f.favourite ? 1 : 0, sidecarMtime, key)
        this.st.clearTags.run(key)
        this.st.clearCollections.run(key)
        this.st.clearRatings.run(key)
        this.writeRows(key, { month, kind, media, favourite: f.favourite ? 1 : 0 }, f)
        this.counts.flush()
      })
    } catch (e) {
      this.counts.discard()
      throw e
    }
    return true
  }

  /** Runs `work` in one transaction (a chunk of `update`s commits once). */
  transaction<T>(work: () => T): T {
    // IMMEDIATE, as every write of the index (LibraryIndex.upsertBulk says why).
    return this.db.transaction(work).immediate()
  }

  /** An item's tags (in the order they were added) and collection ids. */
  fieldsOf(key: number): { tags: string[]; collections: string[] } {
    return {
      tags: this.st.tagsOf.all(key) as string[],
      collections: this.st.collectionsOf.all(key) as string[],
    }
  }

  /**
   * Tags starting with `prefix` (case-insensitive), most used first: a range of the tag counts
   * (schema 7: one row per tag and label, not per use), grouped. Shown under the tag editor and the tag filter as the user types.
   */
  suggestions(prefix: string, limit: number): TagCount[] {
    const [from, to] = prefixRange(tagKey(prefix.trim().replace(/^#+/u, '')))
    return (this.st.suggest.all(from, to, limit) as Array<{ label: string; n: number }>).map(
      (r) => ({ tag: r.label, count: r.n }),
    )
  }

  /** Items per collection id (including ids whose definition is missing). */
  collectionCounts(): Map<string, number> {
    const rows = this.st.counts.all() as Array<{ collection: string; n: number }>
    return new Map(rows.map((r) => [r.collection, r.n]))
  }

  /** The ids of the items in a collection, newest first. */
  members(collectionId: string): string[] {
    return this.st.members.all(collectionId) as string[]
  }
}
