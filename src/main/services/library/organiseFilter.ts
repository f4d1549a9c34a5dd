import { normalizeTags, splitSearch, tagKey } from '@shared/library/organise'
import type { LibraryFilter } from '@shared/library/types'

import { ftsQuery } from './indexRows'

/** One condition on a side table keyed (value, item): schema 3 in indexSchema.ts. */
interface SideFilter {
  table: 'item_collections' | 'item_tags' | 'item_ratings'
  column: 'collection' | 'tag' | 'atleast'
  value: string | number
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
  /** Whether FTS5 drives the read (a prompt search). */
  fts: boolean
}

/** The side-table conditions of a filter: collection, tags (the filter's and `#tag` words), rating. */
function sideFilters(filter: LibraryFilter, searchTags: string[]): SideFilter[] {
  const sides: SideFilter[] = []
  if (filter.collectionId)
    sides.push({ table: 'item_collections', column: 'collection', value: filter.collectionId })
  for (const t of normalizeTags([...(filter.tags ?? []), ...searchTags]))
    sides.push({ table: 'item_tags', column: 'tag', value: tagKey(t) })
  if (filter.minRating && filter.minRating > 0)
    sides.push({ table: 'item_ratings', column: 'atleast', value: filter.minRating })
  return sides
}

const probe = (s: SideFilter) =>
  `EXISTS (SELECT 1 FROM ${s.table} WHERE ${s.column} = ? AND item = items.rowid)`

/**
 * Chooses how to read a filter (issue #16). A prompt search is driven by FTS5, as before, and any
 * collection, tag or rating condition is a primary-key probe per row. Otherwise the first side
 * condition drives (a collection, else a tag, else the rating: the narrowest first as a rule of
 * thumb): its side table's primary key (value, item) lists the matching items newest first, so a
 * page stops after 200 rows at 100k items however rare or common the value is, and the other side
 * conditions are probes. `CROSS JOIN` keeps SQLite from reordering the loops. Without any, `items`
 * is read alone.
 */
export function filterSource(filter: LibraryFilter): FilterSource {
  const search = splitSearch(filter.text ?? '')
  const match = search.words ? ftsQuery(search.words) : null
  const sides = sideFilters(filter, search.tags)
  if (match) {
    return {
      from: 'items_fts JOIN items ON items.rowid = items_fts.rowid',
      clauses: ['items_fts MATCH ?', ...sides.map(probe)],
      params: [match, ...sides.map((s) => s.value)],
      order: 'items_fts.rowid',
      bound: 'items.rowid',
      fts: true,
    }
  }
  const [first, ...rest] = sides
  if (first) {
    return {
      from: `${first.table} org CROSS JOIN items ON items.rowid = org.item`,
      clauses: [`org.${first.column} = ?`, ...rest.map(probe)],
      params: [first.value, ...rest.map((s) => s.value)],
      order: 'org.item',
      bound: 'org.item',
      fts: false,
    }
  }
  return {
    from: 'items',
    clauses: [],
    params: [],
    order: 'items.rowid',
    bound: 'items.rowid',
    fts: false,
  }
}
