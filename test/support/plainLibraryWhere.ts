import { ftsQuery } from '@main/services/library/index/indexRows'
import { splitSearch, tagKey } from '@shared/library/organise'
import type { LibraryFilter } from '@shared/library/types'

/**
 * The plain reading of a library filter (issue #33): `WHERE` conditions on `items` columns, with
 * `IN` lists for the side tables and FTS5, written independently of the index's query planning
 * (organiseFilter.ts, monthRanges.ts), so the index's reads can be compared with it.
 */
export function plainLibraryWhere(f: LibraryFilter): { sql: string; params: unknown[] } {
  const c: string[] = []
  const p: unknown[] = []
  if (f.kinds?.length) {
    c.push(`kind IN (${f.kinds.map(() => '?').join(',')})`)
    p.push(...f.kinds)
  }
  const eq = (col: string, v: unknown) => {
    c.push(`${col} = ?`)
    p.push(v)
  }
  if (f.media) eq('media', f.media)
  if (f.model) eq('model', f.model)
  if (f.favourites) c.push('favourite = 1')
  if (f.batchId !== undefined) eq('batch_id', f.batchId)
  if (f.from !== undefined) {
    c.push('created >= ?')
    p.push(f.from)
  }
  if (f.to !== undefined) {
    c.push('created < ?')
    p.push(f.to)
  }
  if (f.minCost !== undefined) {
    c.push('cost >= ?')
    p.push(f.minCost)
  }
  if (f.maxCost !== undefined) {
    c.push('cost <= ?')
    p.push(f.maxCost)
  }
  if (f.minRating) {
    c.push('rating >= ?')
    p.push(f.minRating)
  }
  const search = splitSearch(f.text ?? '')
  for (const t of [...(f.tags ?? []), ...search.tags]) {
    c.push('rowid IN (SELECT item FROM item_tags WHERE tag = ?)')
    p.push(tagKey(t))
  }
  if (f.collectionId) {
    c.push('rowid IN (SELECT item FROM item_collections WHERE collection = ?)')
    p.push(f.collectionId)
  }
  const match = search.words ? ftsQuery(search.words) : null
  if (match) {
    c.push('rowid IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)')
    p.push(match)
  }
  return { sql: c.length ? c.join(' AND ') : '1', params: p }
}
