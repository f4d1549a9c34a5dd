import { type OrganiseFields, type TagCount, tagKey } from '@shared/library/organise'
import type { LibrarySidecar } from '@shared/library/types'

import type { Db } from '../../../adapters/sqlite/openDatabase'

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

  constructor(private readonly db: Db) {
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
      keyOf: db.prepare('SELECT rowid FROM items WHERE id = ?').pluck(),
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

  /** Inserts an item's side rows (its `items` row, with `rating`, was just written as `key`). */
  writeRows(key: number, s: Pick<LibrarySidecar, 'rating' | 'tags' | 'collections'>): void {
    const tags = s.tags ?? []
    for (let i = 0; i < tags.length; i++) this.st.tag.run(tagKey(tags[i]!), key, tags[i]!, i)
    for (const c of s.collections ?? []) this.st.collection.run(c, key)
    for (let r = 1; r <= (s.rating ?? 0); r++) this.st.rating.run(r, key)
  }

  /**
   * Puts an item's organising fields into the index after its sidecar was rewritten (with the
   * sidecar's new mtime, so reconcile does not read it again). False when the item is gone.
   */
  update(id: string, f: OrganiseFields, sidecarMtime: number): boolean {
    const key = this.st.keyOf.get(id) as number | undefined
    if (key === undefined) return false
    this.st.update.run(f.rating, f.favourite ? 1 : 0, sidecarMtime, key)
    this.st.clearTags.run(key)
    this.st.clearCollections.run(key)
    this.st.clearRatings.run(key)
    this.writeRows(key, f)
    return true
  }

  /** Runs `work` in one transaction (a chunk of `update`s commits once). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)()
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
   * (schema 6: one row per tag and label, not per use), grouped. Shown under the tag editor and the tag filter as the user types.
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
