import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'
import type { SideFilter } from './organiseFilter'
import { type ItemFacets, SIDE_NAMES } from './sideFacets'

/** The (value, month) count table of each side table (schema 7, indexSummaries.ts). */
const SIDE_COUNTS: Record<SideFilter['table'], string> = {
  item_tags: 'tag_months',
  item_collections: 'collection_months',
  item_ratings: 'rating_months',
}

/**
 * The count tables' share of new rows (schema 7): summed in memory while a transaction writes
 * rows and side rows, then added with one statement per distinct key at `flush()`, a few dozen
 * per 500-row chunk. Insert triggers would cost a statement savepoint per row, and FTS5 writes
 * out its pending terms at each (indexSummaries.ts). Deletes are counted by triggers.
 */
export class SummaryCounts {
  private readonly items = new Map<string, [number, string, string, number, number]>()
  private readonly sides = new Map<string, [SideFilter['table'], string | number, number, number]>()
  private readonly labels = new Map<string, [string, string, number]>()
  /** side_month_facets (schema 8): side, value, month, kind, media, favourite, n. */
  private readonly facets = new Map<
    string,
    [string, string | number, number, string, string, number, number]
  >()
  private readonly st: {
    item: Statement
    label: Statement
    facet: Statement
    side: Record<string, Statement>
  }

  constructor(db: Db) {
    const add = (table: string, columns: number) =>
      db.prepare(
        `INSERT INTO ${table} VALUES (${Array(columns).fill('?').join(', ')})
         ON CONFLICT DO UPDATE SET n = n + excluded.n`,
      )
    this.st = {
      item: add('month_counts', 5),
      label: add('tag_labels', 3),
      facet: add('side_month_facets', 7),
      side: Object.fromEntries(Object.entries(SIDE_COUNTS).map(([t, c]) => [t, add(c, 3)])),
    }
  }

  /** An `items` row was inserted. */
  item(month: number, kind: string, media: string, favourite: number): void {
    const key = `${month}\u0000${kind}\u0000${media}\u0000${favourite}`
    const e = this.items.get(key)
    if (e) e[4]++
    else this.items.set(key, [month, kind, media, favourite, 1])
  }

  /** A side row was inserted for an item with these facets (month, kind, media, favourite). */
  side(table: SideFilter['table'], value: string | number, item: ItemFacets): void {
    const { month, kind, media, favourite } = item
    const key = `${table}\u0000${value}\u0000${month}`
    const e = this.sides.get(key)
    if (e) e[3]++
    else this.sides.set(key, [table, value, month, 1])
    const fkey = `${key}\u0000${kind}\u0000${media}\u0000${favourite}`
    const f = this.facets.get(fkey)
    if (f) f[6]++
    else this.facets.set(fkey, [SIDE_NAMES[table], value, month, kind, media, favourite, 1])
  }

  /** A tag row with this key and label was inserted. */
  label(tag: string, label: string): void {
    const key = `${tag}\u0000${label}`
    const e = this.labels.get(key)
    if (e) e[2]++
    else this.labels.set(key, [tag, label, 1])
  }

  /** Adds what was counted to the tables; call inside the transaction that wrote the rows. */
  flush(): void {
    for (const v of this.items.values()) this.st.item.run(...v)
    for (const [table, value, month, n] of this.sides.values())
      this.st.side[table]!.run(value, month, n)
    for (const v of this.labels.values()) this.st.label.run(...v)
    for (const v of this.facets.values()) this.st.facet.run(...v)
    this.discard()
  }

  /** Forgets what was counted (the transaction that wrote the rows rolled back). */
  discard(): void {
    this.items.clear()
    this.sides.clear()
    this.labels.clear()
    this.facets.clear()
  }
}
