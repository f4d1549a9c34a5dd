import { normalizeTags, splitSearch, tagKey } from '@shared/library/organise'
import type { LibraryFilter } from '@shared/library/types'

import type { PrefixTerms } from './ftsTerms'
import { ftsQuery } from './indexRows'

/** One condition on a side table keyed (value, item): schema 3 in indexSchema.ts. */
export interface SideFilter {
  table: 'item_collections' | 'item_tags' | 'item_ratings'
  column: 'collection' | 'tag' | 'atleast'
  value: string | number
}

/**
 * How many items conditions match, for choosing what drives a read (indexEstimates.ts answers
 * from counts cached until the index changes). Without one, the first side condition drives.
 */
export interface FilterEstimates {
  /** Items matching one side condition. */
  side(s: SideFilter): number
  /**
   * Items left by the filter's conditions that have an `items` index (favourites, batch, model,
   * kinds, media): the smallest of their counts; null when it has none.
   */
  items(filter: LibraryFilter): number | null
}

/**
 * Where a filtered read starts: the tables it reads, the conditions that belong to them, and
 * which column gives newest-first order without a sort step (and takes the rowid bounds of dates
 * and keysets, so they narrow the walk instead of filtering after it).
 */
export interface FilterSource {
  /** `FROM …` without the keyword. */
  from: string
  /** Conditions of the source (bound before the filter's other clauses). */
  clauses: string[]
  params: unknown[]
  /** The column `ORDER BY … DESC` walks newest first. */
  order: string
  /** The column the rowid bounds (from/to dates, keyset cursors) apply to. */
  bound: string
  /**
   * The side table that drives the read, without the join to `items` (null when `items` or FTS5
   * drives): month counts walk it alone and probe `items` through its indexes (monthRanges.ts).
   */
  driver: string | null
}

/**
 * Under a cost order the rows are sorted, not walked in key order: a side table drives only
 * when its rows are this few (sorting them is cheap); otherwise `items_cost` is walked and the
 * side conditions are probes.
 */
const SORTED_SIDE_MAX = 5000

/** The side-table conditions of a filter: collection, tags (the filter's and `#tag` words), rating. */
export function sideFilters(filter: LibraryFilter, searchTags: string[]): SideFilter[] {
  const sides: SideFilter[] = []
  if (filter.collectionId)
    sides.push({ table: 'item_collections', column: 'collection', value: filter.collectionId })
  for (const t of normalizeTags([...(filter.tags ?? []), ...searchTags]))
    sides.push({ table: 'item_tags', column: 'tag', value: tagKey(t) })
  if (filter.minRating && filter.minRating > 0)
    sides.push({ table: 'item_ratings', column: 'atleast', value: filter.minRating })
  return sides
}

/**
 * A probe of a side condition against `key`: the driving table's own key column, so SQLite tests
 * it before it looks up the `items` row (most rows fail it and never cost that).
 *
 * When a side table drives (`inKeyOrder`), the probe names the primary key (value, item) (a
 * WITHOUT ROWID table's key is the index `sqlite_autoindex_<table>_1`): the driver walks its
 * items in order, so successive probes land in neighbouring leaves of one value's range. Left to
 * itself SQLite picks the (item, value) index: at 1M items under load 7–9, "two tags" counted its
 * months in 13–20 ms through the key against 26–50 ms through that index, and "collection, tag,
 * rating ≥ 2" in 20–24 against 23–41 ms (same run, alternating). With FTS5 or `items` driving,
 * same-run comparisons were inconclusive (the order of the reads moved them more than the index
 * did), so SQLite keeps its choice there (issue #33).
 */
const probe = (key: string, inKeyOrder: boolean) => (s: SideFilter) =>
  `EXISTS (SELECT 1 FROM ${s.table}${inKeyOrder ? ` INDEXED BY sqlite_autoindex_${s.table}_1` : ''}
    WHERE ${s.column} = ? AND item = ${key})`

/** Clauses and parameters probing every side condition against `key`. */
const probed = (key: string, sides: SideFilter[], inKeyOrder = false) => ({
  clauses: sides.map(probe(key, inKeyOrder)),
  params: sides.map((s) => s.value),
})

/**
 * Chooses how to read a filter (issue #16). Under independence the rows a read examines are
 * proportional to the count of what drives it, so the narrowest condition drives:
 *
 * - only `items` conditions (or none): `items` alone, SQLite picks its index, as before;
 * - a side condition (collection, tag, rating ≥ N) narrower than the `items` ones drives through
 *   its primary key (value, item), which lists its items newest first, so a page stops after 200
 *   rows; the other side conditions are primary-key probes (`CROSS JOIN` keeps the loop order);
 * - with prompt words FTS5 drives, as before, and side conditions are probes on its rowid: any
 *   other driver would first read the whole FTS result, which FTS driving never costs more than;
 * - under a cost order a side drives only when small (SORTED_SIDE_MAX), else `items_cost` does.
 *
 * Counts come from `estimates` (cached until the next write); without it the first side drives.
 * Prompt words longer than FTS5's prefix indexes become their exact terms with `prefixTerms`.
 */
export function filterSource(
  filter: LibraryFilter,
  estimates?: FilterEstimates,
  prefixTerms?: PrefixTerms,
): FilterSource {
  const search = splitSearch(filter.text ?? '')
  const match = search.words ? ftsQuery(search.words, prefixTerms) : null
  const sides = sideFilters(filter, search.tags)
  if (match) {
    const p = probed('items_fts.rowid', sides)
    return {
      from: 'items_fts JOIN items ON items.rowid = items_fts.rowid',
      clauses: ['items_fts MATCH ?', ...p.clauses],
      params: [match, ...p.params],
      order: 'items_fts.rowid',
      // On FTS5's own rowid, so a deep page or a date range seeks its doclists to the bound
      // (FTS5 takes rowid ranges as constraints) instead of reading every newer match first:
      // a common word's deep page read ~185k matches at 1M items (issue #33).
      bound: 'items_fts.rowid',
      driver: null,
    }
  }
  const plain = { from: 'items', order: 'items.rowid', bound: 'items.rowid', driver: null }
  if (!sides.length) return { ...plain, clauses: [], params: [] }
  const sorted = filter.sort !== undefined && filter.sort !== 'newest'
  const itemCount = estimates?.items(filter) ?? null
  // Counted only when there is a choice to make (one side, nothing else indexed: it drives).
  const choose = estimates && (sides.length > 1 || itemCount !== null || sorted)
  const counts = new Map(sides.map((s) => [s, choose ? estimates.side(s) : 0]))
  sides.sort((a, b) => counts.get(a)! - counts.get(b)!)
  const [first, ...rest] = sides as [SideFilter, ...SideFilter[]]
  const best = counts.get(first)!
  if ((itemCount !== null && itemCount < best) || (sorted && best > SORTED_SIDE_MAX))
    return { ...plain, ...probed('items.rowid', sides) }
  const p = probed('org.item', rest, true)
  return {
    from: `${first.table} org CROSS JOIN items ON items.rowid = org.item`,
    clauses: [`org.${first.column} = ?`, ...p.clauses],
    params: [first.value, ...p.params],
    order: 'org.item',
    bound: 'org.item',
    driver: `${first.table} org`,
  }
}
